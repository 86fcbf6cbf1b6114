/**
 * Reading the counts the database keeps (migrations/row-counts.ts). A count is the sum of its
 * key's deltas; when a key has gathered many delta rows, they are folded into one, off the
 * request's path. Folding is one statement (DELETE … RETURNING, INSERT of the sum), so a reader
 * sees either the old rows or the folded one, and a writer's uncommitted delta is left alone.
 */
import type { DataSource, EntityManager } from 'typeorm';

/** Fold a key's deltas once it has more rows than this (a sum over a few dozen index entries costs nothing). */
export const FOLD_DELTAS_OVER = 32;

/** The key of a count: '' for every row, `column=value` for the rows with that value. */
export const countKey = (column?: string, value?: unknown) => (column === undefined ? '' : `${column}=${String(value)}`);

/** The count of a key as SQL expressions (inside another statement): the sum, and how many delta rows it has. */
export const keptCountSql = (table: string, key: string) => ({
  count: `(SELECT coalesce(sum(delta), 0) FROM row_counts WHERE table_name = ${table} AND key = ${key})`,
  parts: `(SELECT count(*) FROM row_counts WHERE table_name = ${table} AND key = ${key})`,
});

/** Folds the key's deltas off the request's path when they have piled up. */
export function foldWhenMany(db: DataSource | EntityManager, table: string, key: string, parts: number): void {
  if (parts > FOLD_DELTAS_OVER) void foldDeltas(db, table, key).catch(() => undefined);
}

export async function keptCount(db: DataSource | EntityManager, table: string, key: string): Promise<number> {
  const [row] = await db.query<{ count: string; parts: number }[]>(
    'SELECT coalesce(sum(delta), 0) AS count, count(*)::int AS parts FROM row_counts WHERE table_name = $1 AND key = $2',
    [table, key],
  );
  foldWhenMany(db, table, key, row?.parts ?? 0);
  return Number(row?.count ?? 0);
}

/** Folds the committed deltas of a key into one row. Safe to run anywhere, any number of times at once. */
export async function foldDeltas(db: DataSource | EntityManager, table: string, key: string): Promise<void> {
  await db.query(
    `WITH folded AS (DELETE FROM row_counts WHERE table_name = $1 AND key = $2 RETURNING delta)
     INSERT INTO row_counts (table_name, key, delta) SELECT $1, $2, sum(delta) FROM folded HAVING count(*) > 0`,
    [table, key],
  );
}
