import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * Imports from supplier services (issue 31): the vendors' types and item catalogue as the last
 * «Обновить данные поставщиков» read them, the imports, and each import's log. Status, progress and
 * the last log's time are the import job's marks, not an edit: the version trigger ignores them, so
 * an open form does not hear of a running import as a colleague's change.
 */
export class Imports1765700000000 implements MigrationInterface {
  name = 'Imports1765700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE vendor_types (
        vendor_id integer NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
        id varchar(64) NOT NULL,
        name varchar(255) NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`
      CREATE TABLE vendor_items (
        vendor_id integer NOT NULL,
        type varchar(64) NOT NULL,
        id varchar(64) NOT NULL,
        name varchar(255) NOT NULL,
        PRIMARY KEY (vendor_id, type, id),
        FOREIGN KEY (vendor_id, type) REFERENCES vendor_types (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE imports (
        id serial PRIMARY KEY,
        vendor_id integer NOT NULL CONSTRAINT fk__vendor_id REFERENCES vendors (id),
        type varchar(64) NOT NULL,
        type_name varchar(255) NOT NULL,
        items jsonb NOT NULL DEFAULT '[]' CONSTRAINT ck__items CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) <= 500),
        is_active boolean NOT NULL DEFAULT true,
        status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        last_log_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_imports_vendor_id ON imports (vendor_id)`);
    for (const sql of versionedTableSql('imports', ['status', 'progress', 'last_log_at'])) await db.query(sql);
    await db.query(`
      CREATE TABLE import_logs (
        id bigserial PRIMARY KEY,
        import_id integer NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        message text NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('info', 'success', 'skipped', 'error'))
      )`);
    await db.query(`CREATE INDEX ix_import_logs_import_id ON import_logs (import_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE import_logs, imports, vendor_items, vendor_types`);
  }
}
