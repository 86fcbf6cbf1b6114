/**
 * The version check (ARCHITECTURE.md §7): one mechanism for simple forms and aggregate editors.
 *
 * Every edited record carries an integer `version`, raised by the database itself on every change of
 * the record's data (the trigger of migrations/versioning.ts). A save sends back the version it
 * read; when someone saved in between, the save is refused with 409
 * `{message, data: <the current record>, saved_by, saved_at}` and nothing is written. A save that
 * sends no version (outside clients of the original system) is accepted as before.
 *
 * Inside a save's transaction:
 *   await actAs(manager, actor.user.id);                        // who the trigger records
 *   await assertCurrentVersion(manager, 'agencies', id, input.version, () => currentRecord());
 *   ... write ...
 * `assertCurrentVersion` locks the row (FOR NO KEY UPDATE; a version already stale is refused before the
 * lock), so two saves of one record run one after the
 * other — a lock that still lets other rows' foreign keys point at it (a save of user B that records
 * user A as its author must not wait for a save of user A: that was a deadlock).
 */
import { HttpException, HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { VersionConflictBody } from '../../shared/api.js';
import { MESSAGES } from '../../shared/messages.js';
import { notFound } from './http/errors.js';

/** 409 of a save with a stale version. */
export class VersionConflict extends HttpException {
  constructor(readonly body: VersionConflictBody) {
    super(body, HttpStatus.CONFLICT);
  }
}

/** Records `userId` as the author of this transaction's changes (read by the version trigger). */
export async function actAs(manager: EntityManager, userId: number | null | undefined): Promise<void> {
  await manager.query(`SELECT set_config('app.user_id', $1, true)`, [userId == null ? '' : String(userId)]);
}

interface StoredVersion {
  version: number;
  updated_at: Date;
  saved_by: string | null;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Locks the record and compares its version with the one the client read. `current` builds the
 * record as GET answers it, for the 409 body (called only on a conflict).
 */
export async function assertCurrentVersion(
  manager: EntityManager,
  table: string,
  id: number,
  sentVersion: number | null | undefined,
  current: () => Promise<unknown>,
): Promise<void> {
  if (!IDENTIFIER.test(table)) throw new Error(`Not a table name: ${table}`);
  const select = `SELECT t.version, t.updated_at, (SELECT u.full_name FROM users u WHERE u.id = t.updated_by_id) AS saved_by FROM ${table} t WHERE t.id = $1`;
  if (sentVersion == null) {
    const [stored] = (await manager.query(`${select} FOR NO KEY UPDATE OF t`, [id])) as StoredVersion[];
    if (!stored) throw notFound();
    return;
  }
  // The lock is taken only on the version the client read: a save whose version is already stale
  // is refused at once instead of queueing for the row behind the saves ahead of it (twenty stale
  // saves of one record would otherwise hold twenty connections waiting on one lock). One that waited
  // for a colleague's save finds the row changed (PostgreSQL re-checks the condition) and is stale too.
  const [locked] = (await manager.query(`${select} AND t.version = $2 FOR NO KEY UPDATE OF t`, [id, sentVersion])) as StoredVersion[];
  if (locked) return;
  const [stored] = (await manager.query(select, [id])) as StoredVersion[];
  if (!stored) throw notFound();
  const savedAt = new Date(stored.updated_at);
  throw new VersionConflict({
    message: MESSAGES.version.conflict(stored.saved_by, savedAt),
    data: await current(),
    saved_by: stored.saved_by,
    saved_at: savedAt.toISOString(),
  });
}
