/**
 * Every unique field of a record checked before it is written (issue 16): a save that collides on
 * the name and on the slug hears of both in one 422, not of one per try. The fields are the unique
 * indexes named `uq_<table>_<field>` (the convention that turns a refusal into the field's 422); each
 * is checked with its own key expressions and predicate as PostgreSQL holds them (`lower(slug)`, a
 * hotel's name within its city, a partial index), so the check says what the index would. It runs in
 * the save's transaction; the index itself still decides a race between two saves.
 */
import type { EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { ValidationFailed } from './http/errors.js';

interface UniqueIndex {
  field: string;
  /** The key columns or expressions, as pg_get_indexdef prints them. */
  keys: string[];
  predicate: string | null;
  /** The columns its keys and predicate read: only these of the record are given to PostgreSQL. */
  columns: string[];
}

const indexesOf = new Map<string, Promise<UniqueIndex[]>>();

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

function uniqueIndexes(manager: EntityManager, table: string): Promise<UniqueIndex[]> {
  let found = indexesOf.get(table);
  if (!found) {
    found = manager
      .query<{ name: string; keys: string[]; predicate: string | null; columns: string[] }[]>(
        `SELECT c.relname AS name,
                array(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) AS k ORDER BY k) AS keys,
                pg_get_expr(i.indpred, i.indrelid, true) AS predicate,
                array(SELECT a.attname::text FROM pg_attribute a
                       WHERE a.attrelid = i.indrelid AND a.attnum > 0 AND NOT a.attisdropped
                         AND (a.attnum = ANY (i.indkey) OR pg_get_indexdef(i.indexrelid) ~ ('\\m' || a.attname || '\\M'))) AS columns
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE i.indrelid = to_regclass($1) AND i.indisunique AND starts_with(c.relname, $2)
          ORDER BY c.relname`,
        [table, `uq_${table}_`],
      )
      .then((rows) => rows.map((row) => ({ field: row.name.slice(`uq_${table}_`.length), keys: row.keys, predicate: row.predicate, columns: row.columns })));
    // A failed read (a dropped connection) is asked again next time.
    found.catch(() => indexesOf.delete(table));
    indexesOf.set(table, found);
  }
  return found;
}

/**
 * The unique fields of `table` that a record with these column values (`id`: the record itself on
 * an update) would share with another row: `{field: ['Такое значение поля уже используется.']}`,
 * empty when none.
 */
export async function uniqueConflicts(manager: EntityManager, table: string, values: Record<string, unknown>, id?: number): Promise<Record<string, string[]>> {
  const conflicts: Record<string, string[]> = {};
  const alias = quoted(table);
  for (const index of await uniqueIndexes(manager, table)) {
    // Only what the index reads (a value of another column, such as a file, is no business of this check).
    const record = JSON.stringify({ ...Object.fromEntries(index.columns.filter((column) => column in values).map((column) => [column, values[column]])), id: id ?? 0 });
    const keys = index.keys.join(', ');
    // The candidate row is the populated record named as the table: the index's own expressions read it
    // in the inner query, and the stored rows in the outer one.
    const candidate = `json_populate_record(NULL::${alias}, $1::json) AS ${alias}`;
    const predicate = index.predicate ? ` AND (${index.predicate})` : '';
    const [row] = await manager.query<{ taken: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM ${candidate} WHERE TRUE${predicate})
          AND EXISTS (SELECT 1 FROM ${alias} WHERE id <> $2${predicate} AND ROW(${keys}) = (SELECT ${keys} FROM ${candidate})) AS taken`,
      [record, id ?? 0],
    );
    if (row?.taken) conflicts[index.field] = [MESSAGES.validation.unique];
  }
  return conflicts;
}

/** Refuses (422 on every field at once) a record that would share a unique field with another row. */
export async function assertUniqueFields(manager: EntityManager, table: string, values: Record<string, unknown>, id?: number): Promise<void> {
  const conflicts = await uniqueConflicts(manager, table, values, id);
  if (Object.keys(conflicts).length > 0) throw new ValidationFailed(conflicts);
}

