import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The import job (issue 31): hotels keep the supplier's id and raw data as rooms do, one hotel and one
 * room per supplier id (`(vendor_id, external_id)` on hotels; a room's within its hotel, which is the
 * vendor's); a room the supplier no longer offers is marked, never deleted. An import keeps the next
 * item of its run (`cursor`, advanced in each item's own transaction, so a restarted app resumes
 * there) and the run's failed or skipped items: marks of the job, not edits (the version trigger
 * leaves them out as it does status and progress).
 */
export class ImportJob1765700000100 implements MigrationInterface {
  name = 'ImportJob1765700000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE hotels ADD COLUMN external_id varchar(255), ADD COLUMN payload jsonb`);
    await db.query(`CREATE UNIQUE INDEX uq_hotels_external_id ON hotels (vendor_id, external_id)`);
    await db.query(`ALTER TABLE hotel_rooms ADD COLUMN removed_by_supplier_at timestamptz`);
    await db.query(`CREATE UNIQUE INDEX uq_hotel_rooms_external_id ON hotel_rooms (hotel_id, external_id)`);
    await db.query(`ALTER TABLE imports ADD COLUMN cursor integer NOT NULL DEFAULT 0, ADD COLUMN failed_items integer NOT NULL DEFAULT 0`);
    await db.query(`DROP TRIGGER trg_imports_version ON imports`);
    await db.query(`CREATE TRIGGER trg_imports_version BEFORE UPDATE ON imports
       FOR EACH ROW EXECUTE FUNCTION bump_record_version('status', 'progress', 'last_log_at', 'cursor', 'failed_items')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER trg_imports_version ON imports`);
    await db.query(`CREATE TRIGGER trg_imports_version BEFORE UPDATE ON imports
       FOR EACH ROW EXECUTE FUNCTION bump_record_version('status', 'progress', 'last_log_at')`);
    await db.query(`ALTER TABLE imports DROP COLUMN cursor, DROP COLUMN failed_items`);
    await db.query(`DROP INDEX uq_hotel_rooms_external_id`);
    await db.query(`ALTER TABLE hotel_rooms DROP COLUMN removed_by_supplier_at`);
    await db.query(`DROP INDEX uq_hotels_external_id`);
    await db.query(`ALTER TABLE hotels DROP COLUMN external_id, DROP COLUMN payload`);
  }
}
