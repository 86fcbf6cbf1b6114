import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The import job's lease (issue 31): the link of a run that may work on an import — its owner and
 * until when, renewed by every item — so two app instances never run one import at once and a run
 * whose instance died is taken over once its lease lapses (server/imports/import-job.ts). A row of
 * its own, not columns of `imports`: a renewal is not an edit of the import (no version, no row churn
 * of the list's table), and a deleted import takes its lease with it.
 */
export class ImportLeases1765700000400 implements MigrationInterface {
  name = 'ImportLeases1765700000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE import_leases (
      import_id integer PRIMARY KEY REFERENCES imports (id) ON DELETE CASCADE,
      owner text NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE import_leases`);
  }
}
