/**
 * The server half every big editor shares (ARCHITECTURE.md §7 "Aggregate editors"): show, create
 * (and copy), update and delete of one aggregate, on the machinery of this folder. A feature's
 * service extends it with its declaration, how a validated form becomes rows (`build`, in the
 * save's transaction: it may read what is stored and refuse) and how the stored aggregate is read
 * as the editor's record (`read`); everything else — the transaction, the version check, the
 * refusals as 422s, uploads let go, 404 and the in-use 403 — happens here, once.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Actor } from '../auth/decorators.js';
import type { AggregateDeclaration, AggregateNode } from './declaration.js';
import { removeAggregate } from './remove-aggregate.js';
import { saveAggregate, type SavedAggregate } from './save-aggregate.js';

export abstract class AggregateEditor<Form extends { version?: number | null }, Record> {
  protected abstract readonly declaration: AggregateDeclaration;

  /** Lets go of uploads the aggregate no longer holds (dropped by a save, or with the aggregate removed); none when absent. */
  protected readonly releaseUploads?: (manager: EntityManager, paths: string[]) => Promise<void>;

  protected constructor(protected readonly db: DataSource) {}

  /** The rows of a validated form (`id` when it updates a stored aggregate). */
  protected abstract build(manager: EntityManager, form: Form, id: number | undefined): AggregateNode | Promise<AggregateNode>;

  /** The aggregate as the editor reads it (GET, a save's reply, a 409's current record); 404 when there is none. */
  abstract read(manager: EntityManager, id: number): Promise<Record>;

  /** GET /{feature}/{id}. */
  async show(id: number): Promise<{ data: Record }> {
    return { data: await this.read(this.db.manager, id) };
  }

  /** POST /{feature} {payload}: create, and copy (a copy is a new aggregate). */
  create(form: Form, actor: Actor): Promise<{ data: SavedAggregate<Record> }> {
    return this.save(form, actor);
  }

  /** PUT /{feature}/{id} {payload}: 409 with the current record when the form's `version` is stale. */
  update(id: number, form: Form, actor: Actor): Promise<{ data: SavedAggregate<Record> }> {
    return this.save(form, actor, id);
  }

  /** DELETE /{feature}/{id}: 404, or 403 while something outside the aggregate uses it (PostgreSQL decides). */
  remove(id: number, actor: Actor): Promise<{ message: string }> {
    return removeAggregate(this.db, { declaration: this.declaration, id, actor, releaseUploads: this.releaseUploads });
  }

  private async save(form: Form, actor: Actor, id?: number): Promise<{ data: SavedAggregate<Record> }> {
    const data = await saveAggregate(this.db, {
      declaration: this.declaration,
      actor,
      id,
      version: form.version,
      build: (manager) => this.build(manager, form, id),
      releaseUploads: this.releaseUploads,
      read: (manager, savedId) => this.read(manager, savedId),
      input: form,
    });
    return { data };
  }
}
