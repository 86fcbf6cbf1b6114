import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37 «Money that never goes below zero»: the applications whose agency commission is above their
 * price (saved before the engine capped it) are found by the mend job at every start
 * (server/applications/commands/agency-commission-job.ts) through this partial index — it holds only
 * those rows, so once they are mended the start's look-up reads an empty index, however many
 * applications there are. The mend itself is the application's command, not SQL here: it writes the
 * history and the commission shares as the commands do.
 */
export class AgencyCommissionCap1765700000500 implements MigrationInterface {
  name = 'AgencyCommissionCap1765700000500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX ix_applications_agency_to_pay_negative ON applications (id) WHERE agency_to_pay < 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ix_applications_agency_to_pay_negative`);
  }
}
