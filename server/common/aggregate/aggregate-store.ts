/**
 * The one writer and reader of aggregates (ARCHITECTURE.md §7 "Aggregate editors").
 *
 * A save is a fixed number of SQL statements whatever the number of rows: each table is written
 * level by level with one statement per kind of change (the rows travel as one JSON array through
 * `jsonb_to_recordset`), never one statement per row. New rows get their ids first (one `nextval`
 * call per table), so their own children can point at them in the same pass. Reading is one query
 * per table. Everything runs on the caller's transaction: a refusal anywhere rolls all of it back.
 */
import type { EntityManager } from 'typeorm';
import { MESSAGES } from '../../../shared/messages.js';
import type { FieldErrors } from '../../../shared/validation.js';
import { idsInUse } from '../database/foreign-keys.js';
import { readAll } from '../database/reads.js';
import { PG, pgErrorOf, ValidationFailed } from '../http/errors.js';
import { assertUniqueFields } from '../unique-fields.js';
import {
  joinPath,
  type AggregateDeclaration,
  type AggregateNode,
  type CollectionDeclaration,
  type ColumnTypes,
  type LinkListDeclaration,
  type ReadReferences,
  type StoredAggregate,
  sqlType,
} from './declaration.js';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const name = (identifier: string) => {
  if (!IDENTIFIER.test(identifier)) throw new Error(`Not an SQL identifier: ${identifier}`);
  return identifier;
};

/** `v(id integer, name varchar, …)`: the record type of a JSON array of rows. */
const recordType = (columns: ColumnTypes) => Object.entries(columns).map(([column, type]) => `${name(column)} ${sqlType(type)}`).join(', ');

/** Keeps only the declared columns of a row (JSON keys must match the record type). */
const pick = (values: Record<string, unknown>, columns: ColumnTypes) => Object.fromEntries(Object.keys(columns).map((column) => [column, values[column] ?? null]));

interface Placed {
  id: number;
  node: AggregateNode;
}

/**
 * Writes the aggregate `root` (insert when `id` is absent, else update; raises the root's version)
 * and every child below it; returns the root's id. Refuses (422, nothing written) a child id that
 * is not the parent's own, and the removal of a child another table still points at.
 */
export async function writeAggregate(manager: EntityManager, declaration: AggregateDeclaration, root: AggregateNode, id?: number): Promise<{ id: number; version: number }> {
  const columns = declaration.columns;
  const table = name(declaration.table);
  // Every unique field of the root at once (a copy's name and slug in one 422), before anything is written.
  await assertUniqueFields(manager, declaration.table, pick(root.values, columns), id);
  const row = JSON.stringify([pick(root.values, columns)]);
  let rootId: number;
  let version: number;
  if (id === undefined) {
    const list = Object.keys(columns).join(', ');
    const [inserted] = await manager.query<{ id: number; version: number }[]>(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_to_recordset($1::jsonb) AS v(${recordType(columns)}) RETURNING id, version`,
      [row],
    );
    rootId = inserted!.id;
    version = inserted!.version;
  } else {
    // The version rises on every save of the aggregate, also when only its children changed.
    const assignments = Object.keys(columns).map((column) => `${column} = v.${column}`);
    const [updated] = await manager.query<{ version: number }[]>(
      `UPDATE ${table} t SET ${assignments.join(', ')}, version = t.version + 1 FROM jsonb_to_recordset($1::jsonb) AS v(${recordType(columns)}) WHERE t.id = $2 RETURNING t.version`,
      [row, id],
    );
    rootId = id;
    version = updated!.version;
  }
  const parents = [{ id: rootId, node: root }];
  await writeLevel(manager, declaration.collections, parents, id !== undefined);
  await writeLinks(manager, declaration.links, parents, id !== undefined);
  return { id: rootId, version };
}

/** One level of collections below `parents`: diffed by id, then their own children. */
async function writeLevel(manager: EntityManager, collections: Readonly<Record<string, CollectionDeclaration>> = {}, parents: Placed[], parentsExisted: boolean): Promise<void> {
  for (const [key, collection] of Object.entries(collections)) {
    const table = name(collection.table);
    const parentColumn = name(collection.parentColumn);
    const rows = parents.flatMap((parent) => (parent.node.collections?.[key] ?? []).map((node) => ({ parentId: parent.id, parent: parent.node, node })));

    // What is stored now, in the editor's order (the index of a removed row names it in a 422).
    const stored = parentsExisted
      ? await manager.query<{ id: number; parent_id: number }[]>(
          `SELECT id, ${parentColumn} AS parent_id FROM ${table} WHERE ${parentColumn} = ANY($1::int[]) ORDER BY ${collection.orderBy}`,
          [parents.map((parent) => parent.id)],
        )
      : [];
    const owner = new Map(stored.map((row) => [row.id, row.parent_id]));
    const errors: FieldErrors = {};
    const kept = new Set<number>();
    for (const { parentId, node } of rows) {
      if (node.id == null) continue;
      if (owner.get(node.id) !== parentId || kept.has(node.id)) errors[joinPath(node.path, 'id')] = [MESSAGES.validation.oneOf];
      kept.add(node.id);
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

    const removed = stored.filter((row) => !kept.has(row.id));
    if (removed.length > 0) {
      await refuseRemovingInUse(manager, table, stored, removed, parents, key);
      await manager.query(`DELETE FROM ${table} WHERE id = ANY($1::int[])`, [removed.map((row) => row.id)]);
    }

    const fresh = rows.filter(({ node }) => node.id == null);
    if (fresh.length > 0) {
      const ids = await manager.query<{ id: number }[]>(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`, [table, fresh.length]);
      fresh.forEach((row, index) => (row.node.id = ids[index]!.id));
    }
    const write = (subset: typeof rows) => JSON.stringify(subset.map(({ parentId, node }) => ({ ...pick(node.values, collection.columns), id: node.id, [parentColumn]: parentId })));
    const types = recordType({ id: 'integer', [parentColumn]: 'integer', ...collection.columns });
    const list = ['id', parentColumn, ...Object.keys(collection.columns)].join(', ');
    if (fresh.length > 0) {
      await manager.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_to_recordset($1::jsonb) AS v(${types})`, [write(fresh)]);
    }
    const freshNodes = new Set(fresh.map((row) => row.node));
    const updated = rows.filter(({ node }) => !freshNodes.has(node));
    if (updated.length > 0) {
      const columns = Object.keys(collection.columns);
      const assignments = columns.map((column) => `${column} = v.${column}`);
      // Rows the save did not change are not rewritten (no new row version, no index update).
      const changed = `(${columns.map((column) => `t.${column}`).join(', ')}) IS DISTINCT FROM (${columns.map((column) => `v.${column}`).join(', ')})`;
      await manager.query(`UPDATE ${table} t SET ${assignments.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS v(${types}) WHERE t.id = v.id AND ${changed}`, [write(updated)]);
    }

    const placed = rows.map(({ node }) => ({ id: node.id!, node }));
    // Rows of this level existed before only if some were kept; new rows have no children yet.
    await writeLevel(manager, collection.collections, placed, updated.length > 0);
    await writeLinks(manager, collection.links, placed, updated.length > 0);
  }
}

/**
 * 422 on the stored row's path (`rooms.2`: its index among the parent's rows as the editor loaded
 * them) when a removed row is still referenced from outside the aggregate (a foreign key that does
 * not cascade, e.g. an application's accommodation pointing at the room).
 */
async function refuseRemovingInUse(
  manager: EntityManager,
  table: string,
  stored: { id: number; parent_id: number }[],
  removed: { id: number; parent_id: number }[],
  parents: Placed[],
  key: string,
): Promise<void> {
  const inUse = await idsInUse(manager, table, removed.map((row) => row.id));
  if (inUse.size === 0) return;
  const storedIndex = new Map<number, number>();
  const counted = new Map<number, number>();
  for (const row of stored) {
    const index = counted.get(row.parent_id) ?? 0;
    storedIndex.set(row.id, index);
    counted.set(row.parent_id, index + 1);
  }
  const errors: FieldErrors = {};
  for (const row of removed) {
    if (!inUse.has(row.id)) continue;
    const parent = parents.find((candidate) => candidate.id === row.parent_id);
    errors[joinPath(parent?.node.path ?? '', key, storedIndex.get(row.id)!)] = [MESSAGES.editor.childInUse];
  }
  throw new ValidationFailed(errors);
}

/** Link lists below `parents`: replaced whole (one DELETE, one INSERT per table). */
async function writeLinks(manager: EntityManager, links: Readonly<Record<string, LinkListDeclaration>> = {}, parents: Placed[], parentsExisted: boolean): Promise<void> {
  if (parents.length === 0) return;
  for (const [key, link] of Object.entries(links)) {
    const table = name(link.table);
    const parentColumn = name(link.parentColumn);
    if (parentsExisted) await manager.query(`DELETE FROM ${table} WHERE ${parentColumn} = ANY($1::int[])`, [parents.map((parent) => parent.id)]);
    const rows = parents.flatMap((parent) => (parent.node.links?.[key] ?? []).map((item) => ({ ...pick(item.values, link.columns), [parentColumn]: parent.id })));
    if (rows.length === 0) continue;
    const list = [parentColumn, ...Object.keys(link.columns)].join(', ');
    await manager.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_to_recordset($1::jsonb) AS v(${recordType({ [parentColumn]: 'integer', ...link.columns })})`, [
      JSON.stringify(rows),
    ]);
  }
}

/** A row read back as JSON, with its children by payload key (typed by its declaration for the callers: StoredAggregate). */
interface ReadNode {
  row: Record<string, unknown>;
  collections: Record<string, ReadNode[]>;
  links: Record<string, Record<string, unknown>[]>;
}

/**
 * Reads aggregates by root id: one query per table, rows as JSON (dates `YYYY-MM-DD`, times
 * `HH:MM:SS`, numerics as numbers), each with its declared `references` (a point's city as
 * `{id, name}`), typed as the declaration says (StoredAggregate). Roots come back in the order of
 * `ids`; missing ones are absent.
 */
export async function readAggregates<Declaration extends AggregateDeclaration>(manager: EntityManager, declaration: Declaration, ids: number[]): Promise<StoredAggregate<Declaration>[]>;
export async function readAggregates(manager: EntityManager, declaration: AggregateDeclaration, ids: number[]): Promise<ReadNode[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows(manager, declaration.table, 'id', ids, 'id', declaration.references);
  const roots: ReadNode[] = rows.map((row) => ({ row, collections: {}, links: {} }));
  await readLevel(manager, declaration.collections, declaration.links, roots);
  const byId = new Map(roots.map((root) => [root.row.id, root]));
  return ids.map((id) => byId.get(id)).filter((root) => root !== undefined);
}

async function readLevel(
  manager: EntityManager,
  collections: Readonly<Record<string, CollectionDeclaration>> = {},
  links: Readonly<Record<string, LinkListDeclaration>> = {},
  parents: ReadNode[],
): Promise<void> {
  const parentIds = parents.map((parent) => parent.row.id as number);
  const byId = new Map(parents.map((parent) => [parent.row.id, parent]));
  // The tables of one level are read at once (on a pool, in parallel; in a transaction, one after another).
  await readAll(manager, [
    ...Object.entries(collections).map(([key, collection]) => async () => {
      for (const parent of parents) parent.collections[key] = [];
      const rows = parentIds.length === 0 ? [] : await selectRows(manager, collection.table, collection.parentColumn, parentIds, collection.orderBy, collection.references);
      const children = rows.map((row) => {
        const child: ReadNode = { row, collections: {}, links: {} };
        byId.get(row[collection.parentColumn])?.collections[key]!.push(child);
        return child;
      });
      await readLevel(manager, collection.collections, collection.links, children);
    }),
    ...Object.entries(links).map(([key, link]) => async () => {
      for (const parent of parents) parent.links[key] = [];
      const rows = parentIds.length === 0 ? [] : await selectRows(manager, link.table, link.parentColumn, parentIds, link.orderBy ?? 'ctid', link.references);
      for (const row of rows) byId.get(row[link.parentColumn])?.links[key]!.push(row);
    }),
  ]);
}

/** `(SELECT json_build_object('id', r.id, 'name', r.name) FROM cities r WHERE r.id = t.point_city_id) AS city`, one per reference. */
function referenceColumns(references: ReadReferences = {}): string {
  return Object.entries(references)
    .map(([key, reference]) => {
      const fields = Object.keys(reference.columns).map((column) => `'${name(column)}', r.${name(column)}`).join(', ');
      return `, (SELECT json_build_object(${fields}) FROM ${name(reference.table)} r WHERE r.id = t.${name(reference.via)}) AS ${name(key)}`;
    })
    .join('');
}

async function selectRows(manager: EntityManager, table: string, parentColumn: string, parentIds: number[], orderBy: string, references?: ReadReferences) {
  const rows = await manager.query<{ row: Record<string, unknown> }[]>(
    `SELECT row_to_json(s) AS row FROM (SELECT t.*${referenceColumns(references)} FROM ${name(table)} t WHERE t.${name(parentColumn)} = ANY($1::int[]) ORDER BY ${orderBy}) s`,
    [parentIds],
  );
  return rows.map(({ row }) => row);
}

/**
 * The uploads an aggregate holds (its declared `uploads` columns at every level), as stored: one
 * statement, each level's rows found through its parents' ids.
 */
export async function heldUploads(manager: EntityManager, declaration: AggregateDeclaration, id: number): Promise<string[]> {
  const selects: string[] = [];
  const add = (table: string, columns: readonly string[] = [], where: string) => {
    for (const column of columns) selects.push(`SELECT ${name(column)} AS path FROM ${name(table)} WHERE ${where} AND ${name(column)} IS NOT NULL`);
  };
  const visit = (collections: Readonly<Record<string, CollectionDeclaration>> = {}, links: Readonly<Record<string, LinkListDeclaration>> = {}, parentIds: string) => {
    for (const link of Object.values(links)) add(link.table, link.uploads, `${name(link.parentColumn)} IN (${parentIds})`);
    for (const collection of Object.values(collections)) {
      const where = `${name(collection.parentColumn)} IN (${parentIds})`;
      add(collection.table, collection.uploads, where);
      visit(collection.collections, collection.links, `SELECT id FROM ${name(collection.table)} WHERE ${where}`);
    }
  };
  add(declaration.table, declaration.uploads, 'id = $1');
  visit(declaration.collections, declaration.links, '$1::int');
  if (selects.length === 0) return [];
  const rows = await manager.query<{ path: string }[]>(selects.join(' UNION '), [id]);
  return rows.map((row) => row.path);
}

/** The upload paths a node tree names in its declared `uploads` columns (what a save keeps). */
export function nodeUploads(declaration: AggregateDeclaration, root: AggregateNode): Set<string> {
  const paths = new Set<string>();
  const take = (values: Record<string, unknown>, columns: readonly string[] = []) => {
    for (const column of columns) if (typeof values[column] === 'string' && values[column] !== '') paths.add(values[column]);
  };
  const visit = (node: AggregateNode, collections: Readonly<Record<string, CollectionDeclaration>> = {}, links: Readonly<Record<string, LinkListDeclaration>> = {}) => {
    for (const [key, link] of Object.entries(links)) for (const item of node.links?.[key] ?? []) take(item.values, link.uploads);
    for (const [key, collection] of Object.entries(collections)) {
      for (const child of node.collections?.[key] ?? []) {
        take(child.values, collection.uploads);
        visit(child, collection.collections, collection.links);
      }
    }
  };
  take(root.values, declaration.uploads);
  visit(root, declaration.collections, declaration.links);
  return paths;
}

/**
 * What PostgreSQL refused in a save, as the 422 of the payload's field: a unique index `uq_<table>_<field>`,
 * a foreign key `fk__<field>`, an exclusion constraint `ex_<table>_<field>` or a check `ck__<field>`
 * (a file field given another kind of upload). On a child table the row is found by the key's values
 * (`Key (room_id, …)=(5, …)`), or for a check by the failing row's values, so the message lands on
 * `rooms.3.dates.1.from` or `photos.2.path`; anything else is rethrown.
 */
export function aggregateRefusal(error: unknown, declaration: AggregateDeclaration, root: AggregateNode): ValidationFailed | null {
  const { code, constraint, table, detail } = pgErrorOf(error) as { code?: string; constraint?: string; table?: string; detail?: string };
  if (code === PG.checkViolation && constraint?.startsWith('ck__') && table) {
    const path = findRowPath(declaration, root, table, failingRowMatcher(detail));
    return new ValidationFailed({ [joinPath(path ?? '', constraint.slice('ck__'.length))]: [MESSAGES.validation.invalid] });
  }
  if (!constraint || !table || ![PG.uniqueViolation, PG.foreignKeyViolation, PG.exclusionViolation].includes(code as never)) return null;
  const field = constraint.startsWith('fk__')
    ? constraint.slice('fk__'.length)
    : constraint.startsWith(`uq_${table}_`) || constraint.startsWith(`ex_${table}_`)
      ? constraint.slice(`uq_${table}_`.length)
      : null;
  if (!field) return null;
  const message = code === PG.foreignKeyViolation ? MESSAGES.validation.oneOf : code === PG.exclusionViolation ? MESSAGES.editor.overlap : MESSAGES.validation.unique;
  const path = findRowPath(declaration, root, table, keyMatcher(parseKey(detail)));
  return new ValidationFailed({ [joinPath(path ?? '', field)]: [message] });
}

interface RowMatcher {
  /** Whether the written values can be the refused row's. */
  values: (values: Record<string, unknown>) => boolean;
  /** Whether a row under this parent id can be it. */
  parent: (parentColumn: string, parentId: number | null | undefined) => boolean;
}

/** Rows whose written values agree with a key's plain columns (`Key (room_id, date_from)=(…)`). */
function keyMatcher(key: Record<string, string>): RowMatcher {
  return {
    // A written null never collides (NULLs are distinct in a unique index, and overlap with NULL is not true).
    values: (values) => Object.entries(key).every(([column, value]) => !(column in values) || (values[column] !== null && values[column] !== undefined && String(values[column]) === value)),
    // The root's node carries no id (the save knows it): its rows are under the refused key's parent.
    parent: (parentColumn, parentId) => !(parentColumn in key) || parentId === undefined || String(parentId) === key[parentColumn],
  };
}

/**
 * Rows whose every written value stands in a check's `Failing row contains (…)`: the detail gives
 * values without their columns, so a row matches when each of its non-null written values is one of them.
 */
function failingRowMatcher(detail: string | undefined): RowMatcher {
  const match = /Failing row contains \((.*)\)\.?$/s.exec(detail ?? '');
  const failing = new Set(match ? recordFields(match[1]!) : []);
  const text = (value: unknown) => (typeof value === 'boolean' ? (value ? 't' : 'f') : String(value));
  return {
    values: (values) => failing.size > 0 && Object.values(values).every((value) => value === null || value === undefined || failing.has(text(value))),
    parent: () => true,
  };
}

/** The fields of a row as PostgreSQL prints it (`12, photo, "a, b.jpg", null`): quoted ones unquoted. */
function recordFields(text: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '\\') current += text[++index] ?? '';
      else if (char === '"' && text[index + 1] === '"') current += text[++index];
      else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(current.trim());
      current = '';
    } else current += char;
  }
  fields.push(current.trim());
  return fields;
}

/** `Key (room_id, date_from)=(5, 2026-06-01)` → {room_id: '5', date_from: '2026-06-01'}. */
function parseKey(detail: string | undefined): Record<string, string> {
  const match = /Key \((.+?)\)=\((.*?)\)(?: is not present| already exists| conflicts)/.exec(detail ?? '');
  if (!match) return {};
  // An exclusion constraint's key holds expressions (`daterange(date_from, date_to, '[]'::text)`): only plain columns are compared.
  const columns = splitTopLevel(match[1]!);
  const values = splitTopLevel(match[2]!);
  return Object.fromEntries(columns.map((column, index) => [column, values[index] ?? '']).filter(([column]) => /^[a-z_][a-z0-9_]*$/.test(column!)));
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if ('[('.includes(char)) depth++;
    if ('])'.includes(char)) depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

/** The path of the first row of `table` the matcher takes for the refused one. */
function findRowPath(declaration: AggregateDeclaration, root: AggregateNode, table: string, matcher: RowMatcher): string | null {
  if (table === declaration.table) return '';
  const matches = matcher.values;
  const visit = (node: AggregateNode, collections: Readonly<Record<string, CollectionDeclaration>> = {}, links: Readonly<Record<string, LinkListDeclaration>> = {}): string | null => {
    for (const [linkKey, link] of Object.entries(links)) {
      if (link.table !== table) continue;
      const parentMatches = matcher.parent(link.parentColumn, node.id);
      const item = parentMatches ? node.links?.[linkKey]?.find((candidate) => matches(candidate.values)) : undefined;
      if (item) return item.path;
    }
    for (const [collectionKey, collection] of Object.entries(collections)) {
      for (const child of node.collections?.[collectionKey] ?? []) {
        const parentMatches = matcher.parent(collection.parentColumn, node.id);
        if (collection.table === table && parentMatches && matches(child.values)) return child.path;
        const found = visit(child, collection.collections, collection.links);
        if (found !== null) return found;
      }
    }
    return null;
  };
  return visit(root, declaration.collections, declaration.links);
}
