import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An upload is written chunk by chunk, each chunk in its own short statement, so a client that stalls
 * mid-upload holds no database connection (ARCHITECTURE.md §7 "Connections"). Until its last byte
 * has come, its content sits under a staging key marked by `staged_at`; the final short transaction
 * gives it its SHA-256 and clears the mark. A staged content left by a server that died mid-upload is
 * removed by the next upload once it is a day old (the partial index keeps that look-up cheap).
 */
export class UploadStaging1765150000000 implements MigrationInterface {
  name = 'UploadStaging1765150000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE stored_files ADD COLUMN staged_at timestamptz`);
    await db.query(`CREATE INDEX ix_stored_files_staged_at ON stored_files (staged_at) WHERE staged_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ix_stored_files_staged_at`);
    await db.query(`ALTER TABLE stored_files DROP COLUMN staged_at`);
  }
}
