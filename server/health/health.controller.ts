import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../common/auth/decorators.js';
import { ProbeConnection } from '../database/probe-connection.js';

/**
 * GET /api/health: the desktop shell waits for this before it opens the window. It reflects the
 * database: 200 `{status: 'ok'}` when it answers, 503 `{status: 'unavailable', message}` while it is
 * down or restarting (common/http/database-unavailable.ts; a failed probe goes through the exception
 * filter's outage check). It asks on the probe's own connection, never the app's pool: requests that
 * take every pooled connection do not make health fail.
 */
@Controller('health')
export class HealthController {
  constructor(@Inject(ProbeConnection) private readonly probe: ProbeConnection) {}

  @Public('without-session')
  @Get()
  async health(): Promise<{ status: 'ok' }> {
    await this.probe.probe();
    return { status: 'ok' };
  }
}
