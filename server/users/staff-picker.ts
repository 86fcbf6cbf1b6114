/**
 * The staff picker (issue 38 "one home for every rule"): one query for every picker of staff users —
 * the application editor's manager (GET /applications/staff/list) and analytics' manager filter
 * (GET /analytics/users/list, and the chosen one's name in /analytics/data). Staff by full name,
 * searched in their search text; which of them a picker offers is its scope.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { staffPickerFilters, type StaffOption } from '../../shared/applications/editor-data.js';
import { escapeLike, parsePickerQuery } from '../common/list/list-query.js';

/** The pickers' queries: `query` and `limit`; the editor's also the assigned manager `user_id`. */
export const STAFF_PICKER_QUERIES = {
  assignable: { picker: 'search', filters: staffPickerFilters },
  everyone: { picker: 'search' },
} as const;

/**
 * Who a picker offers: `everyone` (switched off ones too), or the active ones — only `onlySelf` when
 * set (a manager is offered themself) — and `include` whatever its state (the assigned manager).
 */
export interface StaffScope {
  everyone: boolean;
  onlySelf?: number | null;
  include?: number | null;
}

/** The one statement: staff of the scope matching `query` (null: any), by full name, at most `limit`. */
export const STAFF_PICKER_SQL = `SELECT id, full_name AS name, full_name FROM users
  WHERE ($1::boolean OR (is_active AND ($2::int IS NULL OR id = $2)) OR id = $3::int) AND ($4::text IS NULL OR search_text ILIKE $4)
  ORDER BY full_name, id LIMIT $5`;

/** The staff a picker offers for its request `raw` (`query`, `limit`, and its filters). */
export async function pickStaff(db: DataSource | EntityManager, raw: Record<string, unknown>, kind: keyof typeof STAFF_PICKER_QUERIES, scope: (filters: Record<string, unknown>) => StaffScope): Promise<StaffOption[]> {
  const { query, limit, filters } = parsePickerQuery(raw, STAFF_PICKER_QUERIES[kind]);
  const { everyone, onlySelf = null, include = null } = scope(filters);
  return db.query<StaffOption[]>(STAFF_PICKER_SQL, [everyone, onlySelf, include, query ? `%${escapeLike(query)}%` : null, limit]);
}

/** The name of a chosen staff user (a filter's value shown before any search): `{id, name}` JSON rows, SQL over parameter `$n`. */
export const chosenStaffSql = (parameter: string) => `SELECT id, full_name AS name FROM users WHERE id = ${parameter}`;
