import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import type { IdName, Paged, SwitchReply } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Actor, AuthUser } from '../auth/decorators.js';
import { forbidden, notFound, parseInput, pgErrorOf, PG, ValidationFailed } from '../http/errors.js';
import { ListService } from '../list/list.service.js';
import type { ResourceContext, ServerResource } from './server-resource.js';

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
  list(resource: ServerResource, raw: Record<string, unknown>, viewer: AuthUser): Promise<Paged<unknown>> {
    return this.lists.page(resource, raw, viewer);
  }

  async show(resource: ServerResource, id: number, viewer: AuthUser, actor?: Actor): Promise<{ data: unknown }> {
    const entity = await this.find(resource, this.db.manager, id);
    if (!entity) throw notFound();
    const data = (await this.rows(resource, [entity], viewer))[0];
    if (resource.onShow && actor) await resource.onShow(entity, { ...actor, manager: this.db.manager, id });
    return { data };
  }

  async create(resource: ServerResource, body: unknown, actor: Actor): Promise<{ data: unknown }> {
    const input = parseInput(resource.definition.createSchema, body);
    return this.saving(resource, async (context) => {
      const values = await this.values(resource, input, context);
      // save(), not insert(): it also writes many-to-many lists (a direction's cities) in this transaction.
      const { id } = (await context.manager.getRepository(resource.entity).save({ ...values })) as { id: number };
      const entity = await this.reload(resource, context.manager, id);
      await resource.afterSave?.(entity, values, context);
      return { data: (await this.rows(resource, [entity], actor.user, context.manager))[0] };
    }, actor);
  }

  async update(resource: ServerResource, id: number, body: unknown, actor: Actor): Promise<{ data: unknown }> {
    const input = parseInput(resource.definition.updateSchema, body);
    return this.saving(resource, async (context) => {
      await this.lock(resource, context.manager, id);
      const values = await this.values(resource, input, { ...context, id });
      await resource.checks?.update?.(id, values, context);
      await context.manager.getRepository(resource.entity).save({ ...values, id });
      const entity = await this.reload(resource, context.manager, id);
      await resource.afterSave?.(entity, values, context);
      return { data: (await this.rows(resource, [entity], actor.user, context.manager))[0] };
    }, actor);
  }

  async remove(resource: ServerResource, id: number, actor: Actor): Promise<{ message: string }> {
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
      if (pgErrorOf(error).code === PG.foreignKeyViolation) throw forbidden(MESSAGES.errors.inUse);
      throw error;
    }
    return { message: resource.definition.messages.deleted };
  }

  /** PUT /{id}/{segment}: sets the switch's column from the body when given, otherwise flips it. */
  async switchFlag(resource: ServerResource, id: number, segment: string, body: unknown, actor: Actor): Promise<SwitchReply> {
    const column = resource.definition.switches?.[segment];
    if (!column) throw notFound();
    const requested = (body as Record<string, unknown> | undefined)?.[column];
    if (requested !== undefined && typeof requested !== 'boolean') throw new ValidationFailed({ [column]: [MESSAGES.validation.invalid] });
    return this.db.transaction(async (manager) => {
      const context = { ...actor, manager };
      const current = await this.lock(resource, manager, id);
      const value = typeof requested === 'boolean' ? requested : !current[column];
      await resource.checks?.switch?.(id, column, value, context);
      await manager.getRepository(resource.entity).update({ id }, { [column]: value });
      const entity = await this.reload(resource, manager, id);
      await resource.afterSave?.(entity, { [column]: value }, context);
      return { status: 'CHANGED', [column]: value, name: String(entity[resource.nameColumn ?? 'name'] ?? id) } as SwitchReply;
    });
  }

  /**
   * GET /list: `{data: [{id, name}]}` by name for selects — every row of a small dictionary, or for
   * a table that grows without bound (`picker: 'search'`) at most `limit` rows matching `query`.
   */
  shortList(resource: ServerResource, raw: Record<string, unknown> = {}): Promise<{ data: IdName[] }> {
    return this.lists.pick(resource, raw);
  }

  private find(resource: ServerResource, manager: EntityManager, id: number): Promise<ObjectLiteral | null> {
    const relations = Object.fromEntries((resource.relations ?? []).map((relation) => [relation, true]));
    return manager.getRepository(resource.entity).findOne({ where: { id }, relations });
  }

  private async reload(resource: ServerResource, manager: EntityManager, id: number): Promise<ObjectLiteral> {
    const entity = await this.find(resource, manager, id);
    if (!entity) throw notFound();
    return entity;
  }

  /** Locks the row for the rest of the transaction: two managers saving at once are applied one after the other. */
  private async lock(resource: ServerResource, manager: EntityManager, id: number): Promise<ObjectLiteral> {
    const current = await manager.getRepository(resource.entity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!current) throw notFound();
    return current;
  }

  private rows(resource: ServerResource, entities: ObjectLiteral[], viewer: AuthUser, manager = this.db.manager): Promise<unknown[]> {
    return this.lists.rows(resource, entities, viewer, manager);
  }

  private async values(resource: ServerResource, input: unknown, context: ResourceContext): Promise<ObjectLiteral> {
    return resource.toEntity ? resource.toEntity(input as never, context) : (input as ObjectLiteral);
  }

  /**
   * One transaction per save. What the database refuses becomes the field's 422, not a 500: a unique
   * index named `uq_<table>_<field>`, and a foreign key named `fk__<field>` pointing at a missing row.
   */
  private async saving<T>(resource: ServerResource, work: (context: ResourceContext) => Promise<T>, actor: Actor): Promise<T> {
    try {
      return await this.db.transaction((manager) => work({ ...actor, manager }));
    } catch (error) {
      const { code, constraint } = pgErrorOf(error);
      if (code === PG.foreignKeyViolation && constraint?.startsWith('fk__')) {
        throw new ValidationFailed({ [constraint.slice('fk__'.length)]: [MESSAGES.validation.oneOf] });
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
