import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { IdName, Paged, SwitchReply } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Actor, AuthUser } from '../auth/decorators.js';
import { forbidden, notFound, parseInput, pgErrorOf, PG, ValidationFailed } from '../http/errors.js';
import { foreignKeysInto, referencedValues } from '../database/foreign-keys.js';
import { escapeLike, parseListQuery } from './list-query.js';
import { ALIAS, type ResourceContext, type ServerResource } from './server-resource.js';

/** A search with at most this many matches is sorted from its matches rather than by walking the sort index. */
export const SORT_MATCHES_UP_TO = 10_000;

/**
 * The behaviour every list resource shares: paged list, show, create, update, delete, list switches
 * and the short list for selects. Each save runs in one transaction, so nothing is half-saved.
 */
@Injectable()
export class ResourceService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(resource: ServerResource, raw: Record<string, unknown>, viewer: AuthUser): Promise<Paged<unknown>> {
    const { definition } = resource;
    const params = parseListQuery(raw, definition);
    const repository = this.db.getRepository(resource.entity);
    const matching = repository.createQueryBuilder(ALIAS);

    const searching = Boolean(params.query && resource.searchExpression);
    if (searching) {
      matching.andWhere(`${resource.searchExpression} ILIKE :search`, { search: `%${escapeLike(params.query)}%` });
    }
    for (const [filter, value] of Object.entries(params.filters)) {
      const expression = resource.filterExpressions?.[filter as keyof typeof params.filters] ?? `${ALIAS}.${filter}`;
      matching.andWhere(`${expression} = :filter_${filter}`, { [`filter_${filter}`]: value });
    }

    // COUNT(*) on its own connection, in parallel with the page unless searching (below); TypeORM's
    // getCount() would count DISTINCT ids.
    const counting = matching
      .clone()
      .select('count(*)::int', 'count')
      .getRawOne<{ count: number }>()
      .then((row) => row?.count ?? 0);

    let query = matching;
    if (searching) {
      // PostgreSQL assumes the matches of a search are spread evenly over the sort order, so for one
      // page it likes to walk the sort index (full_name, id) and filter. When the matches are few and
      // bunched together (a surname fragment, sorted by name) that walk reads most of the table:
      // 200 ms instead of 5 on 200 000 users. So the count comes first, and a search with few matches
      // finds them through its trigram index inside ARRAY(...), which PostgreSQL evaluates on its
      // own, and sorts just those; many matches are dense enough for the walk.
      const count = await counting;
      if (count <= (params.page - 1) * params.limit) return { data: [], count };
      if (count <= SORT_MATCHES_UP_TO) {
        const ids = matching.clone().select(`${ALIAS}.id`).getQuery();
        query = repository
          .createQueryBuilder(ALIAS)
          .where(`${ALIAS}.id = ANY(ARRAY(${ids}))`)
          .setParameters(matching.getParameters());
      }
    }

    const direction = params.ascending ? 'ASC' : 'DESC';
    const sortable = resource.sortExpressions as Record<string, string | undefined> | undefined;
    if (params.orderBy && params.orderBy !== 'id') {
      query.orderBy(sortable?.[params.orderBy] ?? `${ALIAS}.${params.orderBy}`, direction).addOrderBy(`${ALIAS}.id`, direction);
    } else {
      query.orderBy(`${ALIAS}.id`, direction);
    }
    // Relations are joined to the page only (one row each: many-to-one), after the matching.
    this.joinRelations(resource, query).offset((params.page - 1) * params.limit).limit(params.limit);

    const [entities, count] = await Promise.all([query.getMany(), counting]);
    return { data: await this.rows(resource, entities, viewer), count };
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

  /** GET /list: every row's id and name, by name, for selects. */
  async shortList(resource: ServerResource): Promise<{ data: IdName[] }> {
    const name = resource.nameColumn ?? 'name';
    const rows = await this.db
      .getRepository(resource.entity)
      .createQueryBuilder(ALIAS)
      .select(`${ALIAS}.id`, 'id')
      .addSelect(`${ALIAS}.${name}`, 'name')
      .orderBy(`${ALIAS}.${name}`, 'ASC')
      .getRawMany<IdName>();
    return { data: rows };
  }

  private joinRelations<Q extends SelectQueryBuilder<ObjectLiteral>>(resource: ServerResource, query: Q): Q {
    for (const relation of resource.listRelations ?? resource.relations ?? []) query.leftJoinAndSelect(`${ALIAS}.${relation}`, relation);
    return query;
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

  private async rows(resource: ServerResource, entities: ObjectLiteral[], viewer: AuthUser, manager = this.db.manager): Promise<unknown[]> {
    const rows = entities.map((entity) => (resource.toRow ? resource.toRow(entity, viewer) : entity) as Record<string, unknown>);
    if (!resource.canDeleteFlag || entities.length === 0) return rows;
    const inUse = await this.referencedIds(resource, manager, entities.map((entity) => entity.id as number));
    return rows.map((row, index) => ({ ...row, can_delete: !inUse.has(entities[index]!.id as number) }));
  }

  /** Which of these ids another table still points at through a foreign key that blocks delete. */
  private async referencedIds(resource: ServerResource, manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const keys = await foreignKeysInto(manager, this.db.getMetadata(resource.entity).tableName);
    return referencedValues(manager, ids, keys.filter((key) => key.blocksDelete && key.target === 'id'));
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
