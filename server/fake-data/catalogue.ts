/**
 * Rows that hotels and bus transports name and that may be there already (a handbook filled by hand,
 * a city of geography.ts): found by name, inserted only when missing, so a second fill or an office
 * with its own handbooks gets no duplicates.
 */
import type pg from 'pg';
import { slugOf } from '../../shared/slug.js';

/**
 * The ids of `rows` (each with a `name`) in `table`, inserting those whose name (case-insensitive)
 * is not there yet. `types` gives the SQL type of every column of the rows.
 */
export async function ensureNamed<Column extends string>(
  sql: pg.Client,
  table: string,
  types: Record<Column | 'name', string>,
  rows: readonly ({ name: string } & Record<NoInfer<Column>, unknown>)[],
): Promise<Map<string, number>> {
  const columns = Object.keys(types) as (Column | 'name')[];
  await sql.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT * FROM unnest(${columns.map((column, index) => `$${index + 1}::${types[column]}[]`).join(', ')}) AS row (${columns.join(', ')})
      WHERE NOT EXISTS (SELECT 1 FROM ${table} existing WHERE lower(existing.name) = lower(row.name))`,
    columns.map((column) => rows.map((row) => row[column] ?? null)),
  );
  const names = rows.map((row) => row.name);
  const { rows: found } = await sql.query<{ id: number; name: string }>(
    `SELECT DISTINCT ON (lower(name)) id, name FROM ${table} WHERE lower(name) = ANY($1::text[]) ORDER BY lower(name), id`,
    [names.map((name) => name.toLowerCase())],
  );
  const byName = new Map(found.map((row) => [row.name.toLowerCase(), row.id]));
  return new Map(names.map((name) => [name, byName.get(name.toLowerCase())!]));
}


/**
 * Cities of Russia by name (the catalogue's cities may already hold them: geography.ts takes the
 * locale's), inserted with a slug of their own when missing. Ids by name.
 */
export async function ensureCities(sql: pg.Client, names: readonly string[]): Promise<Map<string, number>> {
  await sql.query(`INSERT INTO countries (name) SELECT 'Россия' WHERE NOT EXISTS (SELECT 1 FROM countries WHERE lower(name) = 'россия')`);
  const [{ id: russia }] = (await sql.query<{ id: number }>(`SELECT id FROM countries WHERE lower(name) = 'россия' ORDER BY id LIMIT 1`)).rows as [{ id: number }];
  // A slug another city took already gets the first free number after it.
  await sql.query(
    `INSERT INTO cities (name, country_id, slug)
     SELECT c.name, $2,
            CASE WHEN NOT EXISTS (SELECT 1 FROM cities taken WHERE lower(taken.slug) = c.slug) THEN c.slug
                 ELSE c.slug || '-' || (SELECT min(n) FROM generate_series(2, 1000) n WHERE NOT EXISTS (SELECT 1 FROM cities taken WHERE lower(taken.slug) = c.slug || '-' || n)) END
       FROM unnest($1::text[], $3::text[]) AS c(name, slug)
      WHERE NOT EXISTS (SELECT 1 FROM cities existing WHERE lower(existing.name) = lower(c.name))`,
    [names, russia, names.map((name) => slugOf(name))],
  );
  const { rows } = await sql.query<{ id: number; name: string }>(
    `SELECT DISTINCT ON (lower(name)) id, name FROM cities WHERE lower(name) = ANY($1::text[]) ORDER BY lower(name), id`,
    [names.map((name) => name.toLowerCase())],
  );
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  return new Map(names.map((name) => [name, byName.get(name.toLowerCase())!]));
}

export interface FakeVendor {
  name: string;
  address: string;
  email: string;
  contact_name: string;
  contact_phone: string;
  inn: string;
  ogrn: string;
  contract_form: string;
  payment_method: 'cash' | 'bank_transfer' | 'card' | 'offset';
}

const VENDOR_TYPES = { name: 'varchar', address: 'varchar', email: 'varchar', contact_name: 'varchar', contact_phone: 'varchar', inn: 'varchar', ogrn: 'varchar', contract_form: 'varchar', payment_method: 'varchar' };

/** Vendors (suppliers) by name, inserted when missing. */
export const ensureVendors = (sql: pg.Client, vendors: readonly FakeVendor[]) => ensureNamed(sql, 'vendors', VENDOR_TYPES, vendors);
