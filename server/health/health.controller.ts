import { Controller, Get, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../common/auth/decorators.js';

/** GET /api/health: the desktop shell waits for this before it opens the window. */
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
