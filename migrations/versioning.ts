/**
 * SQL of the version check (ARCHITECTURE.md §7 "Version check"), for migrations.
 *
 * A versioned table has `version integer` (raised by every change of the record's data),
 * `updated_by_id` (who made that change) and `updated_at`. A trigger raises the version, so every
 * write path — the generic save, a status transition in raw SQL, a switch — is counted, and columns
 * that are marks rather than data (`is_new` cleared when a colleague opens the record) can be left
 * out. The acting user is read from the transaction-local setting `app.user_id`
 * (server/common/version.ts `actAs`).
 *
 * Keep this file's output stable: migrations that ran already must produce the same schema.
 */

/**
 * The trigger function (migration 1764100000000-RecordVersions creates it; 1764300000000-StoredContent
 * replaces it on databases migrated before generated columns were left out). Generated columns
 * (`full_name`, `has_password`, …) are not compared: PostgreSQL computes them after BEFORE triggers,
 * so in NEW they are NULL, and every UPDATE — even one setting a column to the value it has — would
 * look like a change of the data.
 */
export const BUMP_RECORD_VERSION_FUNCTION = `
  CREATE OR REPLACE FUNCTION bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ignored text[] := TG_ARGV || ARRAY['version', 'updated_at', 'updated_by_id'] || ARRAY(
      SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = TG_RELID AND a.attgenerated <> '' AND NOT a.attisdropped
    );
    actor text := nullif(current_setting('app.user_id', true), '');
  BEGIN
    -- An aggregate whose children changed raises its root's version itself (SET version = version + 1).
    IF NEW.version IS DISTINCT FROM OLD.version THEN
      NEW.version := OLD.version + 1;
    ELSIF (to_jsonb(NEW) - ignored) IS DISTINCT FROM (to_jsonb(OLD) - ignored) THEN
      NEW.version := OLD.version + 1;
    ELSE
      RETURN NEW;
    END IF;
    NEW.updated_at := now();
    NEW.updated_by_id := actor::integer;
    RETURN NEW;
  END $$`;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Statements that make `table` versioned. `ignoredColumns` are marks whose change is not an edit
 * (e.g. `is_new`); generated columns follow their sources and need not be listed.
 */
export function versionedTableSql(table: string, ignoredColumns: readonly string[] = []): string[] {
  return [
    `ALTER TABLE ${table}
       ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1,
       ADD COLUMN IF NOT EXISTS updated_by_id integer REFERENCES users(id) ON DELETE SET NULL`,
    `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now()`,
    `CREATE TRIGGER trg_${table}_version BEFORE UPDATE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION bump_record_version(${ignoredColumns.map(literal).join(', ')})`,
  ];
}
