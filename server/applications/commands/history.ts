/**
 * The application's history (issue 28 "History"; shared/applications/history.ts): every change of an
 * audited field (the rule table's `audited`) recorded by the commands in the change's transaction —
 * who, when, the field's path, before and after. The commands call it under the application's row lock
 * (the save's version check, the cancel's, the delete's FOR UPDATE), so one chain per application is
 * appended one writer at a time; the table's triggers number, link and hash the rows
 * (migrations/1765600000900-ApplicationHistory.ts) and refuse UPDATE, DELETE and TRUNCATE.
 *
 * The audited state is read from the stored application in one statement built from the aggregate's
 * declaration: a root column by its name, a collection (payments, vendor payments) as its rows with
 * their declared columns — so auditing a field added later is its rule's `audited` flag, nothing here.
 */
import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager } from 'typeorm';
import { APPLICATION_HISTORY_LIST, AUDITED_FIELDS, HISTORY_EVENTS, type ApplicationHistoryRow } from '../../../shared/applications/history.js';
import { sameMoney } from '../../../shared/money.js';
import { notFound } from '../../common/http/errors.js';
import { parseListQuery } from '../../common/list/list-query.js';
import { APPLICATION_AGGREGATE } from '../aggregate/declaration.js';
import type { ApplicationActor } from './actor.js';

type ColumnTypes = Readonly<Record<string, string>>;
/** The audited fields' stored values: root columns as read, collections as rows (with `id`) ordered by id. */
export type AuditedState = Record<string, unknown>;

const ROOT_COLUMNS: ColumnTypes = APPLICATION_AGGREGATE.columns;
const COLLECTIONS: Readonly<Record<string, { table: string; parentColumn: string; columns: ColumnTypes }>> = APPLICATION_AGGREGATE.collections;

/** A column as the history keeps it: money and dates as text, exactly as stored. */
const columnSql = (alias: string, column: string, type: string) => (/^(numeric|date)/.test(type) ? `${alias}.${column}::text` : `${alias}.${column}`);

const isMoney = (type: string | undefined) => type !== undefined && type.startsWith('numeric');

/** One statement: the audited fields of the application, or no row. Built once, on first use. */
let auditedSql: string | null = null;
function auditedStateSql(): string {
  if (auditedSql) return auditedSql;
  const parts = AUDITED_FIELDS.map((field) => {
    const collection = COLLECTIONS[field];
    if (collection) {
      const columns = Object.entries(collection.columns).map(([column, type]) => `'${column}', ${columnSql('c', column, type)}`);
      return `'${field}', coalesce((SELECT json_agg(json_build_object('id', c.id, ${columns.join(', ')}) ORDER BY c.id) FROM ${collection.table} c WHERE c.${collection.parentColumn} = a.id), '[]')`;
    }
    const type = ROOT_COLUMNS[field];
    if (!type) throw new Error(`The audited field ${field} is neither a column nor a collection of the application`);
    return `'${field}', ${columnSql('a', field, type)}`;
  });
  return (auditedSql = `SELECT json_build_object(${parts.join(', ')}) AS state FROM applications a WHERE a.id = $1`);
}

/** The audited fields of the stored application (read under its row lock, before a change), or null when there is none. */
export async function readAudited(manager: EntityManager, id: number): Promise<AuditedState | null> {
  const [row] = await manager.query<{ state: AuditedState }[]>(auditedStateSql(), [id]);
  return row?.state ?? null;
}

interface Change {
  path: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown, type: string | undefined) => (isMoney(type) ? sameMoney(a as string | null, b as string | null) : isDeepStrictEqual(a, b));

/** The changes from `before` to `after`: a field's new value, a row added or removed (the row), a kept row's changed fields. */
export function auditedChanges(before: AuditedState, after: AuditedState): Change[] {
  const changes: Change[] = [];
  for (const field of AUDITED_FIELDS) {
    const collection = COLLECTIONS[field];
    if (!collection) {
      if (!same(before[field], after[field], ROOT_COLUMNS[field])) changes.push({ path: field, before: before[field] ?? null, after: after[field] ?? null });
      continue;
    }
    type Row = { id: number } & Record<string, unknown>;
    const rowsBefore = new Map(((before[field] ?? []) as Row[]).map((row) => [row.id, row]));
    const rowsAfter = new Map(((after[field] ?? []) as Row[]).map((row) => [row.id, row]));
    const content = ({ id: _id, ...rest }: Row) => rest;
    for (const [id, row] of rowsBefore) if (!rowsAfter.has(id)) changes.push({ path: `${field}.${id}`, before: content(row), after: null });
    for (const [id, row] of rowsAfter) {
      const old = rowsBefore.get(id);
      if (!old) {
        changes.push({ path: `${field}.${id}`, before: null, after: content(row) });
        continue;
      }
      for (const [column, type] of Object.entries(collection.columns)) {
        if (!same(old[column], row[column], type)) changes.push({ path: `${field}.${id}.${column}`, before: old[column] ?? null, after: row[column] ?? null });
      }
    }
  }
  return changes;
}

/** `staff`, `system` or `supplier:<vendor id>`; and the user whose id and name are copied. */
const actorOf = (actor: ApplicationActor): { name: string; userId: number | null } =>
  actor.kind === 'staff' ? { name: 'staff', userId: actor.user.id } : actor.kind === 'system' ? { name: 'system', userId: actor.userId } : { name: `supplier:${actor.vendorId}`, userId: null };

/**
 * Appends rows to the application's chain in the caller's transaction (which holds the application's
 * row lock, or made the row): one statement, in the order given. The documents' commands record
 * `documents.<id>` rows through it.
 */
export async function appendHistory(manager: EntityManager, applicationId: number, actor: ApplicationActor, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const { name, userId } = actorOf(actor);
  await manager.query(
    `INSERT INTO application_history (application_id, user_id, user_name, actor, path, before, after)
     SELECT $1, u.id, u.full_name, $3, c.change->>'path', nullif(c.change->'before', 'null'), nullif(c.change->'after', 'null')
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS c(change, n)
       LEFT JOIN users u ON u.id = $2::integer
      ORDER BY c.n`,
    [applicationId, userId, name, JSON.stringify(changes.map((change) => ({ path: change.path, before: change.before ?? null, after: change.after ?? null })))],
  );
}

/**
 * After a command's write: a new application (`before` null) records one `created` row; a stored one
 * its audited fields' changes against `before` (nothing when nothing changed).
 */
export async function recordChanges(manager: EntityManager, id: number, before: AuditedState | null, actor: ApplicationActor): Promise<void> {
  if (before === null) {
    const [row] = await manager.query<{ number: string }[]>(`SELECT number FROM applications WHERE id = $1`, [id]);
    return appendHistory(manager, id, actor, [{ path: HISTORY_EVENTS.created, before: null, after: row?.number ?? null }]);
  }
  const after = await readAudited(manager, id);
  if (after) await appendHistory(manager, id, actor, auditedChanges(before, after));
}

/** A command that changes a stored application in the caller's transaction, its audited changes recorded around it. */
export async function audited<T>(manager: EntityManager, id: number, actor: ApplicationActor, change: () => Promise<T>): Promise<T> {
  const before = await readAudited(manager, id);
  const result = await change();
  if (before) await recordChanges(manager, id, before, actor);
  return result;
}

/** Before the application's row is deleted (under its lock): the `deleted` row with its last audited state; the chain stays. */
export async function recordDeleted(manager: EntityManager, id: number, actor: ApplicationActor): Promise<void> {
  const [row] = await manager.query<{ number: string }[]>(`SELECT number FROM applications WHERE id = $1`, [id]);
  await appendHistory(manager, id, actor, [{ path: HISTORY_EVENTS.deleted, before: { number: row?.number ?? null, ...(await readAudited(manager, id)) }, after: null }]);
}

/** GET /api/applications/{id}/history: newest first, paged as every list; 404 when no application has or had this id. */
export async function historyPage(db: DataSource, id: number, query: Record<string, unknown>): Promise<{ data: ApplicationHistoryRow[]; count: number }> {
  const { page, limit } = parseListQuery(query, APPLICATION_HISTORY_LIST);
  const rows = await db.query<(Omit<ApplicationHistoryRow, 'user'> & { user_id: number | null; user_name: string | null; count: number })[]>(
    `SELECT id::int, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, user_id, user_name, actor, path, before, after, count(*) OVER ()::int AS count
       FROM application_history WHERE application_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
    [id, limit, (page - 1) * limit],
  );
  if (rows.length === 0) {
    const [known] = await db.query<{ count: number }[]>(
      `SELECT (SELECT count(*)::int FROM application_history WHERE application_id = $1) AS count WHERE EXISTS (SELECT 1 FROM applications WHERE id = $1) OR EXISTS (SELECT 1 FROM application_history WHERE application_id = $1)`,
      [id],
    );
    if (!known) throw notFound();
    return { data: [], count: known.count };
  }
  return {
    data: rows.map(({ user_id, user_name, count: _count, ...row }) => ({ ...row, user: user_id === null ? null : { id: user_id, name: user_name ?? '' } })),
    count: rows[0]!.count,
  };
}
