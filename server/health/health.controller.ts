import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../common/auth/decorators.js';
import { DatabaseAvailability } from '../database/database-availability.js';
import { ProbeConnection } from '../database/probe-connection.js';

/**
 * GET /api/health: the desktop shell waits for this before it opens the window. It reflects the
 * database: 200 `{status: 'ok'}` when it answers, 503 `{status: 'unavailable', message}` while it is
 * down or restarting (common/http/database-unavailable.ts; a failed probe goes through the exception
 * filter's outage check). It asks on the probe's own connection, never the app's pool: requests that
 * take every pooled connection do not make health fail. It answers 200 or 503, never 500: a probe
 * that failed once (its connection dropped, its answer late) is asked again on a new connection,
 * and a second failure is an outage (the recovery loop takes over).
 */
@Controller('health')
export class HealthController {
  constructor(
    // Only what health uses of each (a test hands plain objects of these shapes).
    @Inject(ProbeConnection) private readonly probe: Pick<ProbeConnection, 'probe'>,
    @Inject(DatabaseAvailability) private readonly availability: Pick<DatabaseAvailability, 'markUnavailable'>,
  ) {}

  @Public('without-session')
  @Get()
  async health(): Promise<{ status: 'ok' }> {
    try {
      await this.probe.probe();
    } catch {
      try {
        await this.probe.probe();
      } catch (error) {
        // Marked down first, so the exception filter answers the outage's 503 (with Retry-After), never a 500.
        this.availability.markUnavailable(error);
        throw error;
      }
    }
    return { status: 'ok' };
  }
}
