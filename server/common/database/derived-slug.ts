/**
 * The slug of a record saved without one (ARCHITECTURE.md §7 "Liberal input, exact storage"): derived
 * from its name (shared/slug.ts, the same transliteration the renderer's form shows) and made unique
 * in its table with a suffix `-2`, `-3`, … inside the save's transaction. An advisory lock on the base
 * slug keeps two saves deriving the same one in step; the table's unique index stays the last word.
 */
import type { EntityManager } from 'typeorm';
import { slugOf, uniqueSlug } from '../../../shared/slug.js';
import { escapeLike } from '../list/list-query.js';

/** Tables whose records have a slug derived from their name. */
type SluggedTable = 'hotels' | 'cities' | 'sea_tours' | 'tours' | 'catalog_sections';

export async function derivedSlug(
  manager: EntityManager,
  table: SluggedTable,
  name: string,
  options: { max: number; fallback: string; exceptId?: number },
): Promise<string> {
  const base = slugOf(name, options.max) || options.fallback;
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [`${table}.slug`, base]);
  const rows = await manager.query<{ slug: string }[]>(
    `SELECT lower(slug) AS slug FROM ${table} WHERE (lower(slug) = $1 OR lower(slug) LIKE $2) AND id IS DISTINCT FROM $3::int`,
    [base, `${escapeLike(base)}-%`, options.exceptId ?? null],
  );
  return uniqueSlug(base, new Set(rows.map((row) => row.slug)), options.max);
}

/**
 * The slug of a big editor's save sent without one: an edit (`id`) keeps the record's own, a new
 * record gets one from its name, made unique with a suffix (`otel-more`, `otel-more-2`), as a site
 * editor would.
 */
export async function slugOfSave(manager: EntityManager, table: SluggedTable, name: string, id: number | undefined, options: { max: number; fallback: string }): Promise<string> {
  if (id !== undefined) {
    const [stored] = await manager.query<{ slug: string }[]>(`SELECT slug FROM ${table} WHERE id = $1`, [id]);
    if (stored) return stored.slug;
  }
  return derivedSlug(manager, table, name, { ...options, exceptId: id });
}
