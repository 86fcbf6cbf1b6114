import { Controller, Get, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../common/auth/decorators.js';

/**
 * GET /api/health: the desktop shell waits for this before it opens the window. It reflects the
 * database: 200 `{status: 'ok'}` when it answers, 503 `{status: 'unavailable', message}` while it is
 * down or restarting (common/http/database-unavailable.ts).
 */
@Controller('health')
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @Public()
  @Get()
  async health(): Promise<{ status: 'ok' }> {
    await this.db.query('SELECT 1');
    return { status: 'ok' };
  }
}
