/**
 * The one loader of an editor's `/data` lookups (the small dictionaries its selects offer: cities,
 * meals, vehicle types…): every list in one statement, so the reply costs one round trip and one
 * pooled connection however many lists the editor needs. Tables that grow without bound (hotels,
 * transports, tours, clients, agencies, staff users) are never loaded here: their forms use pickers.
 */
import type { DataSource, EntityManager } from 'typeorm';

export interface Lookup {
  table: string;
  /** Columns answered besides `id` and `name`, each `column` or `column AS alias`. */
  columns?: readonly string[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const COLUMN = /^[a-z_][a-z0-9_]*(?: AS [a-z_][a-z0-9_]*)?$/;

/** A lookup's row: its id and name, and the columns it asked for. */
export type LookupRow = { id: number; name: string } & Record<string, unknown>;

/**
 * The rows `{id, name, …}` of each lookup, ordered by name. `Lists` names the reply's shape when the
 * caller's type says more of the columns (`{transportations: {id, name, seats, kind}[]}`).
 */
export async function readLookups<Lists extends Record<string, readonly unknown[]> = Record<string, LookupRow[]>>(
  db: DataSource | EntityManager,
  lookups: Record<keyof Lists & string, string | Lookup>,
): Promise<Lists> {
  const parts = Object.entries<string | Lookup>(lookups).map(([key, lookup]) => {
    const { table, columns = [] } = typeof lookup === 'string' ? { table: lookup } : lookup;
    if (!IDENTIFIER.test(key) || !IDENTIFIER.test(table) || !columns.every((column) => COLUMN.test(column))) throw new Error(`Not a lookup: ${key} → ${table}`);
    const select = ['id', 'name', ...columns].join(', ');
    return `'${key}', (SELECT coalesce(json_agg(row_to_json(r) ORDER BY r.name, r.id), '[]'::json) FROM (SELECT ${select} FROM ${table}) r)`;
  });
  const [row] = (await db.query(`SELECT json_build_object(${parts.join(', ')}) AS lists`)) as { lists: Lists }[];
  return row!.lists;
}
