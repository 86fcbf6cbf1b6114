/**
 * One save of an aggregate (ARCHITECTURE.md §7): one transaction that records who acts, checks the
 * version the editor read (409 with the current aggregate, who saved and when), runs the feature's
 * own checks, writes root and children (./aggregate-store.ts) and answers the saved aggregate in the
 * editor's shape. What PostgreSQL refuses (unique name, overlapping periods, a missing reference)
 * becomes the 422 of the payload's field; a failure anywhere leaves the database as it was.
 *
 * A save whose commit succeeded is a success, whatever happens next: when the read after the commit
 * fails (the database went away that very moment), the reply is what the save knows — the id and the
 * payload's own fields — rather than a 503 that would make the client retry into a duplicate-name 422.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { actAs, assertCurrentVersion } from '../version.js';
import { aggregateRefusal, heldUploads, nodeUploads, writeAggregate } from './aggregate-store.js';
import type { AggregateDeclaration, AggregateNode } from './declaration.js';

export interface AggregateSave<T> {
  declaration: AggregateDeclaration;
  /** Who saves: a request's actor, or one without a user (an outside supplier's import). */
  actor: { user: { id: number | null } };
  /** The root to update; absent to create. */
  id?: number;
  /** The version the editor read; a stale one is refused with 409 (none: accepted, as outside clients send none). */
  version?: number | null;
  /** Built inside the transaction (it may read, e.g. the place layouts a room is capped by); throw to refuse. */
  build: (manager: EntityManager) => AggregateNode | Promise<AggregateNode>;
  /** Runs in the transaction after the write. */
  afterWrite?: (manager: EntityManager, id: number) => Promise<void>;
  /**
   * Runs in the transaction after an update's write with the uploads (the declaration's `uploads`
   * columns) the stored aggregate held and the saved one no longer names, to let them go.
   */
  releaseUploads?: (manager: EntityManager, paths: string[]) => Promise<void>;
  /** The aggregate as the editor reads it (the reply, and the 409's current record). */
  read: (manager: EntityManager, id: number) => Promise<T>;
  /**
   * The validated payload: its fields make the reply when the save is committed but the read after
   * the commit fails (see CommittedAggregate).
   */
  input: object;
}

/**
 * The reply of a committed save whose read after the commit failed: the root's id, its new version
 * (so a client that sends this reply back is still version-checked) and the payload's fields as sent —
 * without its lists of rows (their new ids only the read could tell). A later GET reads it whole.
 */
export type CommittedAggregate = Record<string, unknown> & { id: number };

/** What a save answers: the aggregate read back, or what it knows when that read failed after the commit. */
export type SavedAggregate<T> = T | CommittedAggregate;

function committedAggregate(written: { id: number; version: number }, input: object): CommittedAggregate {
  const known = Object.entries(input).filter(([key, value]) => key !== 'version' && key !== 'id' && !Array.isArray(value));
  return { ...Object.fromEntries(known), id: written.id, version: written.version };
}

/** Observes every SQL statement a save sends (the bench counts them); null when nobody listens. */
let statementObserver: ((sql: string) => void) | null = null;
export function observeAggregateStatements(observer: ((sql: string) => void) | null): void {
  statementObserver = observer;
}

/** The manager with its `query` observed, when an observer is set. */
function observed(manager: EntityManager): EntityManager {
  const observer = statementObserver;
  if (!observer) return manager;
  const proxy = Object.create(manager) as EntityManager;
  proxy.query = ((sql: string, parameters?: unknown[]) => {
    observer(sql);
    return manager.query(sql, parameters);
  }) as EntityManager['query'];
  return proxy;
}

/**
 * writeAggregate, then `releaseUploads` with the uploads the stored aggregate held and the written one
 * no longer names (a save's, and the import's write of a supplier hotel, server/imports/import-job.ts).
 */
export async function writeReleasingUploads(
  manager: EntityManager,
  declaration: AggregateDeclaration,
  root: AggregateNode,
  id: number | undefined,
  releaseUploads?: (manager: EntityManager, paths: string[]) => Promise<void>,
): Promise<{ id: number; version: number }> {
  const held = id !== undefined && releaseUploads ? await heldUploads(manager, declaration, id) : [];
  const written = await writeAggregate(manager, declaration, root, id);
  if (held.length > 0) {
    const kept = nodeUploads(declaration, root);
    await releaseUploads!(manager, held.filter((path) => !kept.has(path)));
  }
  return written;
}

export async function saveAggregate<T>(db: DataSource, save: AggregateSave<T>): Promise<SavedAggregate<T>> {
  let root: AggregateNode | undefined;
  let written: { id: number; version: number };
  try {
    written = await db.transaction(async (transaction) => {
      const manager = observed(transaction);
      await actAs(manager, save.actor.user.id);
      if (save.id !== undefined) await assertCurrentVersion(manager, save.declaration.table, save.id, save.version, () => save.read(manager, save.id!));
      root = await save.build(manager);
      const written = await writeReleasingUploads(manager, save.declaration, root, save.id, save.releaseUploads);
      await save.afterWrite?.(manager, written.id);
      return written;
    });
  } catch (error) {
    const refusal = root ? aggregateRefusal(error, save.declaration, root) : null;
    throw refusal ?? error;
  }
  // Read after the commit: deferred constraints (overlapping periods) are judged at the commit, so
  // only now is the save known to stand. From here on a failure changes nothing in the database.
  try {
    return await save.read(db.manager, written.id);
  } catch {
    return committedAggregate(written, save.input);
  }
}
