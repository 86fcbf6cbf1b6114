import type { DataSource, EntityManager } from 'typeorm';

/** A single-column foreign key pointing into a table. */
export interface ForeignKeyInto {
  /** The referencing table and column. */
  table: string;
  column: string;
  /** The referenced column of the target table (`id`, `path`, …). */
  target: string;
  /** Whether deleting the referenced row is refused (NO ACTION / RESTRICT) rather than cascaded or set null. */
  blocksDelete: boolean;
  /** Whether deleting the referenced row deletes the referencing rows too (ON DELETE CASCADE). */
  cascades: boolean;
}

/** Read once per data source and table from pg_constraint: the schema changes only by migration. */
const cache = new WeakMap<DataSource, Map<string, Promise<ForeignKeyInto[]>>>();

/**
 * The foreign keys pointing into `table`, as PostgreSQL itself enforces them. Read on `manager`'s
 * own connection (inside a save, the transaction's: never a second pooled connection).
 */
export function foreignKeysInto(manager: EntityManager, table: string): Promise<ForeignKeyInto[]> {
  let byTable = cache.get(manager.connection);
  if (!byTable) cache.set(manager.connection, (byTable = new Map()));
  let found = byTable.get(table);
  if (!found) {
    found = manager.query<ForeignKeyInto[]>(
      `SELECT c.conrelid::regclass::text AS table, a.attname AS column, fa.attname AS target,
              c.confdeltype IN ('a', 'r') AS "blocksDelete", c.confdeltype = 'c' AS cascades
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND array_length(c.conkey, 1) = 1`,
      [table],
    );
    found.catch(() => byTable.delete(table));
    byTable.set(table, found);
  }
  return found;
}

const quote = (name: string) => name.split('.').map((part) => `"${part.replace(/"/g, '""')}"`).join('.');

/**
 * Which of `values` of a referenced column another table still points at, through `keys` (foreign
 * keys into that column, e.g. only those that block delete). One query for all the values.
 */
export async function referencedValues<T extends string | number>(manager: EntityManager, values: T[], keys: ForeignKeyInto[]): Promise<Set<T>> {
  if (keys.length === 0 || values.length === 0) return new Set();
  const type = typeof values[0] === 'number' ? 'int' : 'text';
  const exists = keys.map(({ table, column }) => `EXISTS (SELECT 1 FROM ${quote(table)} WHERE ${quote(column)} = v.value)`);
  const rows: { value: T }[] = await manager.query(`SELECT v.value FROM unnest($1::${type}[]) AS v(value) WHERE ${exists.join(' OR ')}`, [values]);
  return new Set(rows.map((row) => row.value));
}

/**
 * The SQL condition that the row `alias` of `table` is in use: a key that does not cascade points at
 * it, or at a row its delete cascades to (a hotel's room that an accommodation uses keeps the hotel).
 * Null when nothing can hold such a row.
 */
async function inUseCondition(manager: EntityManager, table: string, alias: string, path: readonly string[]): Promise<string | null> {
  const conditions: string[] = [];
  for (const key of await foreignKeysInto(manager, table)) {
    const target = `${alias}.${quote(key.target)}`;
    if (key.blocksDelete) conditions.push(`EXISTS (SELECT 1 FROM ${quote(key.table)} WHERE ${quote(key.column)} = ${target})`);
    else if (key.cascades && !path.includes(key.table)) {
      const child = `c${path.length}`;
      const held = await inUseCondition(manager, key.table, child, [...path, key.table]);
      if (held) conditions.push(`EXISTS (SELECT 1 FROM ${quote(key.table)} ${child} WHERE ${child}.${quote(key.column)} = ${target} AND (${held}))`);
    }
  }
  return conditions.length > 0 ? conditions.join(' OR ') : null;
}

/**
 * The one in-use check (ARCHITECTURE.md §7): which of these ids of `table` another table still
 * points at through a foreign key that does not cascade, directly or through rows the delete would
 * cascade to — exactly the rows PostgreSQL would refuse to delete. Lists' `can_delete`, records' `can_delete`, an aggregate's removed children and the
 * editors' own flags all ask here. Runs on `manager`'s connection (inside a transaction, its own).
 */
export async function idsInUse(manager: EntityManager, table: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const condition = await inUseCondition(manager, table, 't', [table]);
  if (condition === null) return new Set();
  const rows = await manager.query<{ id: number }[]>(`SELECT t.id FROM ${quote(table)} t WHERE t.id = ANY($1::int[]) AND (${condition})`, [ids]);
  return new Set(rows.map((row) => row.id));
}
