import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * The administrator's mapping list of the suppliers' values (issue 31 "The import job"): per vendor
 * and kind, the value as the supplier writes it and our row it stands for. Our row is one of four
 * columns, one per kind, each a real foreign key: a mapped row cannot point at nothing, and deleting
 * our city or handbook row leaves the value unmapped (SET NULL) rather than being refused. A value
 * is one row per vendor and kind whatever its case, so the job's INSERT … ON CONFLICT DO NOTHING
 * never adds it twice.
 */
export class SupplierMappings1765700000300 implements MigrationInterface {
  name = 'SupplierMappings1765700000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE supplier_mappings (
        id serial PRIMARY KEY,
        vendor_id integer NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
        kind varchar(16) NOT NULL CHECK (kind IN ('city', 'room_type', 'placement', 'accommodation')),
        value text NOT NULL CHECK (length(value) BETWEEN 1 AND 255),
        city_id integer REFERENCES cities (id) ON DELETE SET NULL,
        room_type_id integer REFERENCES room_types (id) ON DELETE SET NULL,
        place_id integer REFERENCES room_places (id) ON DELETE SET NULL,
        accommodation_id integer REFERENCES accommodations (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck__target_id CHECK (
          (city_id IS NULL OR kind = 'city') AND (room_type_id IS NULL OR kind = 'room_type')
          AND (place_id IS NULL OR kind = 'placement') AND (accommodation_id IS NULL OR kind = 'accommodation'))
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_supplier_mappings_value ON supplier_mappings (vendor_id, kind, lower(value))`);
    await db.query(`CREATE INDEX ix_supplier_mappings_search ON supplier_mappings USING gin (value gin_trgm_ops)`);
    // Our rows' deletes look their mappings up (SET NULL).
    for (const column of ['city_id', 'room_type_id', 'place_id', 'accommodation_id']) {
      await db.query(`CREATE INDEX ix_supplier_mappings_${column} ON supplier_mappings (${column}) WHERE ${column} IS NOT NULL`);
    }
    for (const sql of versionedTableSql('supplier_mappings')) await db.query(sql);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE supplier_mappings`);
  }
}
