import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an import last wrote into each field it writes (issue 31 "never overwriting a field a person
 * edited"): `imported` on hotels and rooms, e.g. `{"name": "…", "photos": [{"url": "…", "path": "…"}]}`.
 * A field whose value differs from it was edited since and the next import leaves it. The import's
 * own columns of a hotel (this, its supplier data) are no edit: the version trigger leaves them out.
 */
export class ImportedValues1765700000200 implements MigrationInterface {
  name = 'ImportedValues1765700000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE hotels ADD COLUMN imported jsonb CHECK (jsonb_typeof(imported) = 'object')`);
    await db.query(`ALTER TABLE hotel_rooms ADD COLUMN imported jsonb CHECK (jsonb_typeof(imported) = 'object')`);
    await db.query(`DROP TRIGGER trg_hotels_version ON hotels`);
    await db.query(`CREATE TRIGGER trg_hotels_version BEFORE UPDATE ON hotels
       FOR EACH ROW EXECUTE FUNCTION bump_record_version('external_id', 'payload', 'imported')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER trg_hotels_version ON hotels`);
    await db.query(`CREATE TRIGGER trg_hotels_version BEFORE UPDATE ON hotels FOR EACH ROW EXECUTE FUNCTION bump_record_version()`);
    await db.query(`ALTER TABLE hotel_rooms DROP COLUMN imported`);
    await db.query(`ALTER TABLE hotels DROP COLUMN imported`);
  }
}
