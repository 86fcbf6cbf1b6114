import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import { z } from 'zod';
import type { IdName, Paged, SwitchReply } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import { versionField } from '../../../shared/validation.js';
import type { Actor, AuthUser } from '../auth/decorators.js';
import { forbidden, isStillReferenced, notFound, parseInput, pgErrorOf, PG, ValidationFailed } from '../http/errors.js';
import { ListService } from '../list/list.service.js';
import { assertUniqueFields } from '../unique-fields.js';
import { actAs, assertCurrentVersion } from '../version.js';
import type { AnyServerResource, ResourceContext } from './server-resource.js';

/**
 * The behaviour every list resource shares: paged list, show, create, update, delete, list switches
 * and the short list for selects. Each save runs in one transaction, so nothing is half-saved.
 * Lists and pickers are the list engine's (server/common/list); the resource adds the records.
 */
@Injectable()
export class ResourceService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ListService) private readonly lists: ListService,
  ) {}

  /** GET {path}: the paged list (the list engine's page). */
  list(resource: AnyServerResource, raw: Record<string, unknown>, viewer: AuthUser): Promise<Paged<unknown>> {
    return this.lists.page(resource, raw, viewer);
  }

  async show(resource: AnyServerResource, id: number, viewer: AuthUser, actor?: Actor): Promise<{ data: unknown }> {
    const entity = await this.find(resource, this.db.manager, id);
    if (!entity) throw notFound();
    const data = (await this.rows(resource, [entity], viewer))[0];
    if (resource.onShow && actor) await resource.onShow(entity, { ...actor, manager: this.db.manager, id });
    return { data };
  }

  async create(resource: AnyServerResource, body: unknown, actor: Actor): Promise<{ data: unknown }> {
    const input = parseInput(resource.definition.createSchema, bodyFields(body).fields);
    await resource.beforeTransaction?.(bodyFields(body).fields, { ...actor, manager: this.db.manager });
    return this.saving(resource, async (context) => {
      await actAs(context.manager, actor.user.id);
      const values = await this.values(resource, input, context);
      // Every unique field at once (name and slug in one 422), before anything is written.
      await assertUniqueFields(context.manager, this.tableOf(resource), this.columnValues(resource, values));
      // save(), not insert(): it also writes many-to-many lists (a direction's cities) in this transaction.
      const { id } = (await context.manager.getRepository(resource.entity).save({ ...values })) as { id: number };
      const entity = await this.reload(resource, context.manager, id);
      await resource.afterSave?.(entity, values, context);
      return { data: (await this.rows(resource, [entity], actor.user, context.manager))[0] };
    }, actor);
  }

  /**
   * PUT /{id}. The rule of every resource (issue 8): a key the body leaves out keeps the stored
   * value (a child list too); `null` or `""` clears it; a list that is sent is the whole list. So the
   * body is laid over the record as GET answers it, and the result is validated as a whole (limits
   * that tie fields together still hold). A `version` that is not the stored one answers 409 with the
   * current record (server/common/version.ts); a body without one is accepted (outside clients).
   */
  async update(resource: AnyServerResource, id: number, body: unknown, actor: Actor): Promise<{ data: unknown }> {
    const { fields, version } = bodyFields(body);
    await resource.beforeTransaction?.(fields, { ...actor, manager: this.db.manager, id });
    return this.saving(resource, async (context) => {
      const { manager } = context;
      // Locks the row: two saves of one record run one after the other.
      await this.assertVersion(resource, manager, id, version, actor);
      const before = await this.reload(resource, manager, id);
      const stored = await this.row(resource, manager, before, actor.user);
      const input = parseInput(resource.definition.updateSchema, { ...storedInput(resource, stored), ...fields });
      const values = await this.values(resource, input, { ...context, id });
      await resource.checks?.update?.(id, values, context);
      await assertUniqueFields(manager, this.tableOf(resource), this.columnValues(resource, values), id);
      await manager.getRepository(resource.entity).save({ ...values, id });
      let entity = await this.reload(resource, manager, id);
      await resource.afterSave?.(entity, values, context);
      let row = await this.row(resource, manager, entity, actor.user);
      // Lists kept in tables of their own (a direction's cities) do not touch the row: their change raises the version here.
      if (entity.version !== undefined && entity.version === before.version && !sameData(stored, row)) {
        await manager.query(`UPDATE ${this.tableOf(resource)} SET version = version + 1 WHERE id = $1`, [id]);
        entity = await this.reload(resource, manager, id);
        row = await this.row(resource, manager, entity, actor.user);
      }
      return { data: row };
    }, actor);
  }

  async remove(resource: AnyServerResource, id: number, actor: Actor): Promise<{ message: string }> {
    try {
      await this.db.transaction(async (manager) => {
        const context = { ...actor, manager };
        await resource.checks?.delete?.(id, context);
        const before = resource.afterDelete ? await this.lock(resource, manager, id) : null;
        const result = await manager.getRepository(resource.entity).delete({ id });
        if (!result.affected) throw notFound();
        if (before) await resource.afterDelete!(before, { ...context, id });
      });
    } catch (error) {
      // The database, not hope, decides whether the row is in use.
      if (isStillReferenced(error)) throw forbidden(MESSAGES.errors.inUse);
      throw error;
    }
    return { message: resource.definition.messages.deleted };
  }

  /** PUT /{id}/{segment}: sets the switch's column from the body when given, otherwise flips it (version-checked like a save). */
  async switchFlag(resource: AnyServerResource, id: number, segment: string, body: unknown, actor: Actor): Promise<SwitchReply> {
    const column = resource.definition.switches?.[segment];
    if (!column) throw notFound();
    const { fields, version } = bodyFields(body);
    const requested = fields[column];
    if (requested !== undefined && typeof requested !== 'boolean') throw new ValidationFailed({ [column]: [MESSAGES.validation.invalid] });
    return this.db.transaction(async (manager) => {
      const context = { ...actor, manager };
      await this.assertVersion(resource, manager, id, version, actor);
      const current = await this.reload(resource, manager, id);
      const value = typeof requested === 'boolean' ? requested : !current[column];
      await resource.checks?.switch?.(id, column, value, context);
      await manager.getRepository(resource.entity).update({ id }, { [column]: value });
      const entity = await this.reload(resource, manager, id);
      await resource.afterSave?.(entity, { [column]: value }, context);
      const reply = { status: 'CHANGED', [column]: value, name: String(entity[resource.nameColumn ?? 'name'] ?? id) } as SwitchReply;
      return entity.version === undefined ? reply : ({ ...reply, version: entity.version } as SwitchReply);
    });
  }

  /**
   * The version check of a change made outside the generic save (a status transition, a token):
   * records who acts (the version trigger reads it), locks the row, and answers 409 with the record
   * as GET answers it when `version` is not the stored one (an absent version passes). Call it in the
   * change's transaction before writing; `version` is the body's (`versionOf(body)`).
   */
  async assertVersion(resource: AnyServerResource, manager: EntityManager, id: number, version: number | undefined, actor: Pick<Actor, 'user'>): Promise<void> {
    await actAs(manager, actor.user.id);
    await assertCurrentVersion(manager, this.tableOf(resource), id, version, async () => this.row(resource, manager, await this.reload(resource, manager, id), actor.user));
  }

  /**
   * GET /list: `{data: [{id, name}]}` by name for selects — every row of a small dictionary, or for
   * a table that grows without bound (`picker: 'search'`) at most `limit` rows matching `query`.
   */
  shortList(resource: AnyServerResource, raw: Record<string, unknown> = {}): Promise<{ data: IdName[] }> {
    return this.lists.pick(resource, raw);
  }

  private find(resource: AnyServerResource, manager: EntityManager, id: number): Promise<ObjectLiteral | null> {
    const relations = Object.fromEntries((resource.relations ?? []).map((relation) => [relation, true]));
    return manager.getRepository(resource.entity).findOne({ where: { id }, relations });
  }

  private async reload(resource: AnyServerResource, manager: EntityManager, id: number): Promise<ObjectLiteral> {
    const entity = await this.find(resource, manager, id);
    if (!entity) throw notFound();
    return entity;
  }

  /** Locks the row for the rest of the transaction: two managers saving at once are applied one after the other. */
  private async lock(resource: AnyServerResource, manager: EntityManager, id: number): Promise<ObjectLiteral> {
    const current = await manager.getRepository(resource.entity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!current) throw notFound();
    return current;
  }

  /** The record as GET answers it. */
  private async row(resource: AnyServerResource, manager: EntityManager, entity: ObjectLiteral, viewer: AuthUser): Promise<Record<string, unknown>> {
    return (await this.rows(resource, [entity], viewer, manager))[0] as Record<string, unknown>;
  }

  private tableOf(resource: AnyServerResource): string {
    return this.db.getMetadata(resource.entity).tableName;
  }

  /** An entity's values by column name (what the unique indexes read); relations and unknown keys are left out. */
  private columnValues(resource: AnyServerResource, values: ObjectLiteral): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const column of this.db.getMetadata(resource.entity).columns) {
      if (column.relationMetadata) continue;
      const value = values[column.propertyName];
      if (value !== undefined) row[column.databaseName] = value;
    }
    return row;
  }

  private rows(resource: AnyServerResource, entities: ObjectLiteral[], viewer: AuthUser, manager = this.db.manager): Promise<unknown[]> {
    return this.lists.rows(resource, entities, viewer, manager);
  }

  private async values(resource: AnyServerResource, input: unknown, context: ResourceContext): Promise<ObjectLiteral> {
    return resource.toEntity ? resource.toEntity(input as never, context) : (input as ObjectLiteral);
  }

  /**
   * One transaction per save. What the database refuses becomes the field's 422, not a 500: a unique
   * index named `uq_<table>_<field>`, a foreign key named `fk__<field>` pointing at a missing row, a check named `ck__<field>`.
   */
  private async saving<T>(resource: AnyServerResource, work: (context: ResourceContext) => Promise<T>, actor: Actor): Promise<T> {
    try {
      return await this.db.transaction((manager) => work({ ...actor, manager }));
    } catch (error) {
      const { code, constraint } = pgErrorOf(error);
      if (code === PG.foreignKeyViolation && constraint?.startsWith('fk__')) {
        throw new ValidationFailed({ [constraint.slice('fk__'.length)]: [MESSAGES.validation.oneOf] });
      }
      // A check named `ck__<field>` (a catalogue image that is not a city photo): that field's 422.
      if (code === PG.checkViolation && constraint?.startsWith('ck__')) {
        throw new ValidationFailed({ [constraint.slice('ck__'.length)]: [MESSAGES.validation.invalid] });
      }
      if (code === PG.uniqueViolation && constraint) {
        const table = this.db.getMetadata(resource.entity).tableName;
        const field = constraint.startsWith(`uq_${table}_`) ? constraint.slice(`uq_${table}_`.length) : constraint;
        throw new ValidationFailed({ [field]: [MESSAGES.validation.unique] });
      }
      throw error;
    }
  }
}

/** The `version` a body carries (undefined when none); 422 when it is not a whole number. */
export const versionOf = (body: unknown): number | undefined => bodyFields(body).version;

/** The fields of a create or update body and the `version` it carries (422 when the body is no object or the version no number). */
export function bodyFields(body: unknown): { fields: Record<string, unknown>; version: number | undefined } {
  if (body === undefined || body === null) return { fields: {}, version: undefined };
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationFailed({ _: [MESSAGES.validation.jsonObject] });
  const { version, ...rest } = body as Record<string, unknown>;
  // A key sent as `undefined` (a multipart form without the file) is a key left out.
  const fields = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return { fields, version: parseInput(VERSION_INPUT, { version }).version };
}

const VERSION_INPUT = z.object({ version: versionField() });

/**
 * The stored record as a form would send it, for the keys a body leaves out: the GET row with its
 * lists of related records (`relations`) as lists of ids.
 */
function storedInput(resource: AnyServerResource, row: Record<string, unknown>): Record<string, unknown> {
  const input = { ...row };
  for (const relation of resource.relations ?? []) {
    const value = input[relation];
    if (Array.isArray(value)) input[relation] = value.map((item: { id?: unknown }) => item?.id);
  }
  return input;
}

/** Keys of a row that change with every save whatever the data. */
const BOOKKEEPING = ['version', 'updated_at', 'can_delete'];
const sameData = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const data = (row: Record<string, unknown>) => JSON.stringify(Object.entries(row).filter(([key]) => !BOOKKEEPING.includes(key)));
  return data(before) === data(after);
};
