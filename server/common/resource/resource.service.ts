import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import type { ActiveSwitchReply, IdName, Paged } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Actor } from '../auth/decorators.js';
import { forbidden, notFound, parseInput, pgErrorOf, PG, ValidationFailed } from '../http/errors.js';
import { escapeLike, parseListQuery } from './list-query.js';
import { ALIAS, type ResourceContext, type ServerResource } from './server-resource.js';

/** A search with at most this many matches is sorted from its matches rather than by walking the sort index. */
export const SORT_MATCHES_UP_TO = 10_000;

/**
 * The behaviour every list resource shares: paged list, show, create, update, delete, the active
 * switch and the short list for selects. Each save runs in one transaction, so nothing is half-saved.
 */
@Injectable()
export class ResourceService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(resource: ServerResource, raw: Record<string, unknown>): Promise<Paged<unknown>> {
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
    query.offset((params.page - 1) * params.limit).limit(params.limit);

    const [entities, count] = await Promise.all([query.getMany(), counting]);
    return { data: entities.map((entity) => this.row(resource, entity)), count };
  }

  async show(resource: ServerResource, id: number): Promise<{ data: unknown }> {
    const entity = await this.db.getRepository(resource.entity).findOneBy({ id });
    if (!entity) throw notFound();
    return { data: this.row(resource, entity) };
  }

  async create(resource: ServerResource, body: unknown, actor: Actor): Promise<{ data: unknown }> {
    const input = parseInput(resource.definition.createSchema, body);
    return this.saving(resource, async (context) => {
      const values = await this.values(resource, input, context);
      const inserted = await context.manager.getRepository(resource.entity).insert(values);
      const id = inserted.identifiers[0]?.id as number;
      const entity = await this.reload(resource, context.manager, id);
      await resource.afterSave?.(entity, values, context);
      return { data: this.row(resource, entity) };
    }, actor);
  }

  async update(resource: ServerResource, id: number, body: unknown, actor: Actor): Promise<{ data: unknown }> {
    const input = parseInput(resource.definition.updateSchema, body);
    return this.saving(resource, async (context) => {
      const repository = context.manager.getRepository(resource.entity);
      // Lock the row: two managers saving at once are applied one after the other.
      const current = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw notFound();
      const values = await this.values(resource, input, context);
      await resource.checks?.update?.(id, values, context);
      await repository.update({ id }, values);
      const entity = await this.reload(resource, context.manager, id);
      await resource.afterSave?.(entity, values, context);
      return { data: this.row(resource, entity) };
    }, actor);
  }

  async remove(resource: ServerResource, id: number, actor: Actor): Promise<{ message: string }> {
    try {
      await this.db.transaction(async (manager) => {
        await resource.checks?.delete?.(id, { ...actor, manager });
        const result = await manager.getRepository(resource.entity).delete({ id });
        if (!result.affected) throw notFound();
      });
    } catch (error) {
      // The database, not hope, decides whether the row is in use.
      if (pgErrorOf(error).code === PG.foreignKeyViolation) throw forbidden(MESSAGES.errors.inUse);
      throw error;
    }
    return { message: resource.definition.messages.deleted };
  }

  /** PUT /{id}/active: sets `is_active` from the body when given, otherwise flips it. */
  async switchActive(resource: ServerResource, id: number, body: unknown, actor: Actor): Promise<ActiveSwitchReply> {
    const requested = (body as { is_active?: unknown } | undefined)?.is_active;
    if (requested !== undefined && typeof requested !== 'boolean') {
      throw new ValidationFailed({ is_active: [MESSAGES.validation.invalid] });
    }
    if (!this.db.getMetadata(resource.entity).findColumnWithPropertyName('is_active')) throw notFound();
    return this.db.transaction(async (manager) => {
      const context = { ...actor, manager };
      const repository = manager.getRepository(resource.entity);
      const current = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw notFound();
      const isActive = typeof requested === 'boolean' ? requested : !current.is_active;
      await resource.checks?.active?.(id, isActive, context);
      await repository.update({ id }, { is_active: isActive });
      const entity = await this.reload(resource, manager, id);
      await resource.afterSave?.(entity, { is_active: isActive }, context);
      return { status: 'CHANGED', is_active: isActive, name: String(entity[resource.nameColumn ?? 'name'] ?? id) };
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

  private row(resource: ServerResource, entity: ObjectLiteral): unknown {
    return resource.toRow ? resource.toRow(entity) : entity;
  }

  private async values(resource: ServerResource, input: unknown, context: ResourceContext): Promise<ObjectLiteral> {
    return resource.toEntity ? resource.toEntity(input as never, context) : (input as ObjectLiteral);
  }

  private async reload(resource: ServerResource, manager: EntityManager, id: number): Promise<ObjectLiteral> {
    const entity = await manager.getRepository(resource.entity).findOneBy({ id });
    if (!entity) throw notFound();
    return entity;
  }

  /** One transaction per save; a unique index violated by the input is the field's 422, not a 500. */
  private async saving<T>(resource: ServerResource, work: (context: ResourceContext) => Promise<T>, actor: Actor): Promise<T> {
    try {
      return await this.db.transaction((manager) => work({ ...actor, manager }));
    } catch (error) {
      const { code, constraint } = pgErrorOf(error);
      if (code === PG.uniqueViolation && constraint) {
        const table = this.db.getMetadata(resource.entity).tableName;
        const field = constraint.startsWith(`uq_${table}_`) ? constraint.slice(`uq_${table}_`.length) : constraint;
        throw new ValidationFailed({ [field]: [MESSAGES.validation.unique] });
      }
      throw error;
    }
  }
}
