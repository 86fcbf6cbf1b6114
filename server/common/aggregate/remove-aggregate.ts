/**
 * The removal of a whole aggregate (DELETE /{feature}/{id}): one transaction that locks the root,
 * deletes it (its children go by their `ON DELETE CASCADE`) and lets go of the uploads it held.
 * Whether it is in use is PostgreSQL's to say: a foreign key that does not cascade refuses the
 * delete, answered 403 with the spec's message — no check beforehand that could disagree with it.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { MESSAGES } from '../../../shared/messages.js';
import type { Actor } from '../auth/decorators.js';
import { forbidden, isStillReferenced, notFound } from '../http/errors.js';
import { actAs } from '../version.js';
import { heldUploads } from './aggregate-store.js';
import type { AggregateDeclaration } from './declaration.js';

export interface AggregateRemoval {
  declaration: AggregateDeclaration;
  id: number;
  actor: Actor;
  /** Runs in the transaction once the root is gone, with the uploads it held (the declaration's `uploads` columns). */
  releaseUploads?: (manager: EntityManager, paths: string[]) => Promise<void>;
}

/** Deletes the aggregate: 404 when there is none, 403 `{message: inUse}` when something still points at it. */
export async function removeAggregate(db: DataSource, removal: AggregateRemoval): Promise<{ message: string }> {
  const { declaration, id } = removal;
  try {
    await db.transaction(async (manager) => {
      await actAs(manager, removal.actor.user.id);
      // Locked first: a save running now ends before the uploads are read, so none it adds is missed.
      const [root] = await manager.query<{ id: number }[]>(`SELECT id FROM ${declaration.table} WHERE id = $1 FOR UPDATE`, [id]);
      if (!root) throw notFound();
      const uploads = removal.releaseUploads ? await heldUploads(manager, declaration, id) : [];
      await manager.query(`DELETE FROM ${declaration.table} WHERE id = $1`, [id]);
      if (uploads.length > 0) await removal.releaseUploads!(manager, uploads);
    });
  } catch (error) {
    if (isStillReferenced(error)) throw forbidden(MESSAGES.errors.inUse);
    throw error;
  }
  return { message: MESSAGES.success.deleted };
}
