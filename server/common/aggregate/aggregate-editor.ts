/**
 * The server half every big editor shares (ARCHITECTURE.md §7 "Aggregate editors"): its list and
 * picker (the list engine, its `<feature>.list.ts`), show, create (and copy), update and delete of
 * one aggregate on the machinery of this folder. A feature's service extends it with its
 * declarations, how a validated form becomes rows (`build`, in the save's transaction: it may read
 * what is stored and refuse) and how the stored aggregate is read as the editor's record (`read`);
 * everything else — the transaction, the version check, the refusals as 422s, the uploads the
 * aggregate no longer holds let go (unless something else uses them), 404 and the in-use 403 —
 * happens here, once.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { IdName, Paged, SwitchReply } from '../../../shared/api.js';
import { flag, versionField } from '../../../shared/validation.js';
import { notFound, parseInput } from '../http/errors.js';
import { idsInUse } from '../database/foreign-keys.js';
import { actAs, assertCurrentVersion } from '../version.js';
import { removeUnreferencedUploads } from '../../files/files.service.js';
import type { Actor, AuthUser } from '../auth/decorators.js';
import type { AnyServerList, ListService } from '../list/list.service.js';
import type { AggregateDeclaration, AggregateNode } from './declaration.js';
import { removeAggregate } from './remove-aggregate.js';
import { saveAggregate, type SavedAggregate } from './save-aggregate.js';

/** The body of an active switch: the value wanted (absent: the other one) and the version read. */
const ACTIVE_SWITCH = z.object({ is_active: z.union([z.undefined(), flag()]), version: versionField() });

export interface EditorDeclarations {
  aggregate: AggregateDeclaration;
  /** The list (`GET /{feature}`) and its picker (`GET /{feature}/list`). */
  list: AnyServerList;
}

export abstract class AggregateEditor<Form extends { version?: number | null }, EditorRecord, PickerRow extends IdName = IdName> {
  private readonly declaration: AggregateDeclaration;
  private readonly serverList: AnyServerList;

  protected constructor(
    protected readonly db: DataSource,
    private readonly lists: ListService,
    declarations: EditorDeclarations,
  ) {
    this.declaration = declarations.aggregate;
    this.serverList = declarations.list;
  }

  /** GET /{feature}: the paged list with `can_delete` (the list engine). */
  list(query: Record<string, unknown>, viewer: AuthUser): Promise<Paged<unknown>> {
    return this.lists.page(this.serverList, query, viewer);
  }

  /** GET /{feature}/list: the list engine's picker, narrowed by the list's filters; rows with its `pickerColumns`. */
  async picker(query: Record<string, unknown>): Promise<{ data: PickerRow[] }> {
    const { data } = await this.lists.pick(this.serverList, query);
    return { data: data as PickerRow[] };
  }

  /** The rows of a validated form (`id` when it updates a stored aggregate). */
  protected abstract build(manager: EntityManager, form: Form, id: number | undefined): AggregateNode | Promise<AggregateNode>;

  /** What else a save keeps in line with the aggregate, in its transaction after the write (a tour's checklist points). */
  protected afterWrite?(manager: EntityManager, id: number): Promise<void>;

  /** The aggregate as the editor reads it (GET, a save's reply, a 409's current record); 404 when there is none. */
  abstract read(manager: EntityManager, id: number): Promise<EditorRecord>;

  /** The record's `can_delete`: nothing outside the aggregate points at it (what DELETE's 403 asks of PostgreSQL's keys). */
  protected async isDeletable(manager: EntityManager, id: number): Promise<boolean> {
    return !(await idsInUse(manager, this.declaration.table, [id])).has(id);
  }

  /** GET /{feature}/{id}. */
  async show(id: number): Promise<{ data: EditorRecord }> {
    return { data: await this.read(this.db.manager, id) };
  }

  /** POST /{feature} {payload}: create, and copy (a copy is a new aggregate). */
  create(form: Form, actor: Actor): Promise<{ data: SavedAggregate<EditorRecord> }> {
    return this.save(form, actor);
  }

  /** PUT /{feature}/{id} {payload}: 409 with the current record when the form's `version` is stale. */
  update(id: number, form: Form, actor: Actor): Promise<{ data: SavedAggregate<EditorRecord> }> {
    return this.save(form, actor, id);
  }

  /**
   * PUT /{feature}/{id}/active (the list's switch, spec 03 §7): sets `is_active` to the body's value,
   * or turns it over when the body names none; version-checked like a save when the body has one.
   * Answers `{status: 'CHANGED', is_active, name, version}` as the generic lists' switches do.
   */
  async switchActive(id: number, body: unknown, actor: Actor): Promise<SwitchReply> {
    const { is_active: requested, version } = parseInput(ACTIVE_SWITCH, body ?? {});
    const table = this.declaration.table;
    return this.db.transaction(async (manager) => {
      await actAs(manager, actor.user.id);
      await assertCurrentVersion(manager, table, id, version, () => this.read(manager, id));
      const [row] = await manager.query<{ is_active: boolean; name: string; version: number }[]>(
        `WITH changed AS (UPDATE ${table} SET is_active = coalesce($2, NOT is_active) WHERE id = $1 RETURNING is_active, name, version) SELECT * FROM changed`,
        [id, requested ?? null],
      );
      if (!row) throw notFound();
      const reply = { status: 'CHANGED', is_active: row.is_active, name: row.name } as SwitchReply;
      return { ...reply, version: row.version } as SwitchReply;
    });
  }

  /** DELETE /{feature}/{id}: 404, or 403 while something outside the aggregate uses it (PostgreSQL decides). */
  remove(id: number, actor: Actor): Promise<{ message: string }> {
    return removeAggregate(this.db, { declaration: this.declaration, id, actor, releaseUploads: removeUnreferencedUploads });
  }

  private async save(form: Form, actor: Actor, id?: number): Promise<{ data: SavedAggregate<EditorRecord> }> {
    const data = await saveAggregate(this.db, {
      declaration: this.declaration,
      actor,
      id,
      version: form.version,
      build: (manager) => this.build(manager, form, id),
      afterWrite: this.afterWrite?.bind(this),
      releaseUploads: removeUnreferencedUploads,
      read: (manager, savedId) => this.read(manager, savedId),
      input: form,
    });
    return { data };
  }
}
