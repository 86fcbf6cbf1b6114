/**
 * The one-time mend after the migrations (issue 37): every stored application whose agency commission
 * is above its price gets it capped by the command (./agency-commission-cap.ts), as the system, one
 * application per transaction. Queued at every start (the job queue's `atStart`); once none is left
 * the look-up reads an empty partial index (migrations/1765700000500-AgencyCommissionCap.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, JobQueue } from '../../jobs/job-queue.js';
import { OVER_COMMISSIONED_SQL } from './agency-commission-cap.js';
import { ApplicationCommands } from './application-commands.js';

export const CAP_AGENCY_COMMISSIONS = defineJob<Record<string, never>>('agency-commission-cap', { policy: 'short' });

@Injectable()
export class AgencyCommissionJob {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ApplicationCommands) private readonly commands: ApplicationCommands,
    @Inject(JobQueue) jobs: JobQueue,
  ) {
    jobs.register(CAP_AGENCY_COMMISSIONS, async () => void (await this.capAll()), { atStart: true });
  }

  /** Caps every over-commissioned application; answers how many were mended. */
  async capAll(): Promise<number> {
    const rows = await this.db.query<{ id: number }[]>(OVER_COMMISSIONED_SQL);
    let mended = 0;
    for (const { id } of rows) if (await this.commands.capAgencyCommission(id)) mended += 1;
    return mended;
  }
}
