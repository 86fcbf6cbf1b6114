import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { IdName, Paged } from '../../../shared/api.js';
import type { ListParams } from '../../../shared/list.js';
import type { AuthUser } from '../auth/decorators.js';
import { idsInUse } from '../database/foreign-keys.js';
import { digitConditions, digitMatchIdsSql, digitQuery, type DigitQuery } from './digit-search.js';
import { escapeLike, parseListQuery, parsePickerQuery } from './list-query.js';
import { countKey, foldWhenMany, keptCount, keptCountSql } from './row-counts.js';
import { ALIAS, type ServerList } from './server-list.js';
import { searchWords, wordMatchIdsSql, type WordMatch } from './word-search.js';

/** Any declared list, whatever its entity and definition (the engine reads them as plain objects). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServerList = ServerList<any, any>;

/** Route parameters that narrow a list to one parent, e.g. `{ agency_id: 7 }` for an agency's employees. */
export type ListScope = Readonly<Record<string, string | number | boolean>>;

/** A search this short has no trigram to look up, so PostgreSQL chooses its own way to find the matches. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * The list engine (ARCHITECTURE.md §7): a paged, sorted, searched and filtered page with its exact
 * count, and the picker (`/list`). How each part stays fast at a million rows:
 *
 * - The page is a deferred join: the ids of the page come from the sort index alone (an index-only
 *   scan of `(sort column, id)`, even on page 5000), and only those rows are read and joined to
 *   their relations. The table is never sorted.
 * - The count of an unsearched page is read from the counts the database keeps (`counted`), in
 *   parallel with the page; other filters count through their index.
 * - A search reads its matches once, through the trigram index: the same pass counts them
 *   (`count(*) OVER ()`) and keeps the top of the sort order, then the page's rows are read by id.
 *   PostgreSQL's alternative — walking the sort index and filtering — reads most of the table when
 *   the matches bunch together (a surname fragment sorted by name).
 * - A list with a digit or word search (`digitSearch`, `wordSearch`) finds its matches in btrees:
 *   unfiltered and in the order of ids, the page and its count come from those indexes alone.
 */
@Injectable()
export class ListService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** GET {path}: `{data, count}` of the page the query string asks for. */
  async page(list: AnyServerList, raw: Record<string, unknown>, viewer: AuthUser, scope: ListScope = {}): Promise<Paged<unknown>> {
    const params = parseListQuery(raw, list.definition);
    const query = new PagedQuery(this.db, list, params, scope);
    const { entities, count } = await query.run();
    return { data: await this.rows(list, entities, viewer), count };
  }

  /**
   * GET {path}/list → `{data: [{id, name, …pickerColumns, detail}]}` by name, narrowed by the list's own
   * filters (its shared `filters` schema: a bad value is a 422) and route scope. A `picker: 'search'`
   * list answers at most `limit` rows (default 50, max 200) matching `query`; the others every row.
   * `detail` (the list's `pickerDetail`) is read for the answered rows only.
   */
  async pick(list: AnyServerList, raw: Record<string, unknown>, scope: ListScope = {}): Promise<{ data: IdName[] }> {
    const name = `${ALIAS}.${list.nameColumn ?? 'name'}`;
    const columns = list.pickerColumns ?? [];
    const { query, limit, filters } = parsePickerQuery(raw, list.definition);
    const matching = this.db.getRepository(list.entity).createQueryBuilder(ALIAS).select(`${ALIAS}.id`, 'id').addSelect(name, 'name');
    for (const column of columns) matching.addSelect(`${ALIAS}.${column}`, column);
    const narrowing = { ...filters, ...scope };
    for (const [column, value] of Object.entries(narrowing)) applyFilter(list, matching, column, value, narrowing);
    const byName = () => matching.orderBy(name, 'ASC').addOrderBy(`${ALIAS}.id`, 'ASC');
    if (list.definition.picker !== 'search') return { data: await this.pickerRows(list, byName().getQueryAndParameters()) };
    const digits = query && list.digitSearch ? digitQuery(query, list.digitSearch) : null;
    let indexed = false;
    if (digits) {
      matching.andWhere(...orDigitConditions(list, digits));
      indexed = true;
    } else if (query && list.wordSearch) {
      const words = searchWords(query);
      if (words.length > 0) {
        const match = wordMatchIdsSql(list.wordSearch, words);
        matching.andWhere(`${ALIAS}.id IN (${match.sql})`, match.parameters);
        indexed = true;
      }
    } else if (query && list.searchExpression) {
      matching.andWhere(`${list.searchExpression} ILIKE :search`, { search: `%${escapeLike(query)}%` });
      indexed = query.length >= TRIGRAM_MIN_LENGTH;
    }
    if (indexed) {
      // The matches first (through the trigram or the digits' indexes), then the first `limit` of them by name.
      const [sql, parameters] = matching.getQueryAndParameters();
      const answered = ['id', 'name', ...columns].map((column) => `"${column}"`).join(', ');
      return { data: await this.pickerRows(list, [`WITH matches AS MATERIALIZED (${sql}) SELECT ${answered} FROM matches ORDER BY name, id LIMIT ${limit}`, parameters]) };
    }
    return { data: await this.pickerRows(list, byName().limit(limit!).getQueryAndParameters()) };
  }

  /**
   * The picker's rows of a statement that answers them in order, with their `detail` when the list
   * declares one: its columns read in an outer statement over the answered rows alone (joined to the
   * list's table by id), so a subquery per row costs at most `limit` lookups whatever the search.
   */
  private async pickerRows(list: AnyServerList, [sql, parameters]: [string, unknown[]]): Promise<IdName[]> {
    const detail = list.pickerDetail;
    if (!detail) return this.db.query<IdName[]>(sql, parameters);
    const keys = Object.keys(detail.columns);
    const read = keys.map((key, index) => `${detail.columns[key]} AS "detail_${index}"`).join(', ');
    const table = list.table ?? this.db.getMetadata(list.entity).tableName;
    const rows = await this.db.query<(IdName & Record<string, unknown>)[]>(
      `SELECT p.*, ${read} FROM (${sql}) p JOIN "${table}" ${ALIAS} ON ${ALIAS}.id = p.id ORDER BY p.name, p.id`,
      parameters,
    );
    return rows.map((row) => {
      const values: Record<string, unknown> = {};
      keys.forEach((key, index) => {
        values[key] = row[`detail_${index}`];
        delete row[`detail_${index}`];
      });
      return { ...row, detail: detail.text(values) || null };
    });
  }

  /**
   * The JSON rows of entities (the list's `toRow`), with `can_delete` when the list asks for it, and
   * the `version` of a versioned record (ARCHITECTURE.md §7), for its form to send back with a save.
   */
  async rows(list: AnyServerList, entities: ObjectLiteral[], viewer: AuthUser, manager: EntityManager = this.db.manager): Promise<unknown[]> {
    const rows = entities.map((entity) => {
      const row = (list.toRow ? list.toRow(entity, viewer) : entity) as Record<string, unknown>;
      return entity.version === undefined || row === entity ? row : { ...row, version: entity.version };
    });
    if (!list.canDeleteFlag || entities.length === 0) return rows;
    const table = list.table ?? this.db.getMetadata(list.entity).tableName;
    const inUse = await idsInUse(manager, table, entities.map((entity) => entity.id as number));
    return rows.map((row, index) => ({ ...row, can_delete: !inUse.has(entities[index]!.id as number) }));
  }
}

/** A digit search as one condition on the list's alias: its indexed ranges ORed (a BitmapOr of their indexes). */
function orDigitConditions(list: AnyServerList, query: DigitQuery): [string, Record<string, string>] {
  const { conditions, parameters } = digitConditions(list.digitSearch!, query, ALIAS);
  return [`(${conditions.join(' OR ')})`, parameters];
}

/** Whether a filter narrows the rows itself: false for one whose expression answers null (it qualifies another filter). */
function addsCondition(list: AnyServerList, column: string, filters: Readonly<Record<string, unknown>>): boolean {
  const expression = list.filterExpressions?.[column];
  return typeof expression !== 'function' || expression(`:filter_${column}`, filters) !== null;
}

/**
 * One filter's condition (see FilterExpression); `filters` are all the filters of the request. A list
 * filter's values (`listFilter.integers`) are one bound array: `= ANY($n)`, which a btree serves as `=` does.
 */
function applyFilter(list: AnyServerList, query: SelectQueryBuilder<ObjectLiteral>, column: string, value: unknown, filters: Readonly<Record<string, unknown>>): void {
  const expression = list.filterExpressions?.[column] ?? `${ALIAS}.${column}`;
  const parameter = `filter_${column}`;
  const condition = typeof expression === 'function' ? expression(`:${parameter}`, filters) : Array.isArray(value) ? `${expression} = ANY(:${parameter})` : `${expression} = :${parameter}`;
  if (condition !== null) query.andWhere(condition, { [parameter]: value });
}

/** One page request of one list: what matches, in which order, which slice, and how many in all. */
export class PagedQuery {
  private readonly filters: Record<string, unknown>;
  private readonly searching: boolean;
  /** The search read as digits (ServerList `digitSearch`); null when it goes to the word or trigram search. */
  private readonly digits: DigitQuery | null;
  /** The ids matching the search's words (ServerList `wordSearch`); null when it goes to another search. */
  private readonly words: WordMatch | null;

  constructor(
    private readonly db: DataSource,
    private readonly list: AnyServerList,
    private readonly params: ListParams,
    scope: ListScope = {},
  ) {
    this.filters = { ...params.filters, ...scope };
    this.digits = params.query && list.digitSearch ? digitQuery(params.query, list.digitSearch) : null;
    const words = params.query && !this.digits && list.wordSearch ? searchWords(params.query) : [];
    this.words = words.length > 0 ? wordMatchIdsSql(list.wordSearch!, words) : null;
    // With a word search declared, a text without letters or digits searches nothing.
    this.searching = Boolean(params.query && (this.digits || this.words || (list.searchExpression && !list.wordSearch)));
  }

  /**
   * One statement: the page's ids in a CTE (from the sort index, or for a search from one pass
   * over the matches that also counts them), joined to their rows and relations, with the count
   * beside each row. A page past the end has no row to carry the count, so it is counted apart.
   */
  async run(): Promise<{ entities: ObjectLiteral[]; count: number }> {
    const query = this.db.getRepository(this.list.entity).createQueryBuilder(ALIAS);
    const indexIds = this.idsOnly();
    if (indexIds) query.addCommonTableExpression(this.indexPageSql(indexIds), 'page').setParameters(indexIds.parameters);
    else query.addCommonTableExpression(this.pageIds(), 'page');
    query.innerJoin('page', 'page', `page.id = ${ALIAS}.id`);
    const key = this.keptCountKey();
    if (this.searching) query.addSelect('page.total', 'total');
    else if (key !== null) {
      const kept = keptCountSql(':count_table', ':count_key');
      query.addSelect(kept.count, 'total').addSelect(kept.parts, 'parts').setParameters({ count_table: this.table, count_key: key });
    } else {
      const counting = this.matching().select('count(*)');
      query.addSelect(`(${counting.getQuery()})`, 'total').setParameters(counting.getParameters());
    }
    for (const relation of this.list.listRelations ?? this.list.relations ?? []) query.leftJoinAndSelect(`${ALIAS}.${relation}`, relation);
    const { raw, entities } = await this.ordered(query).getRawAndEntities<{ total: string; parts?: string }>();
    if (entities.length === 0) return { entities, count: this.params.page > 1 ? await this.count() : 0 };
    if (key !== null) foldWhenMany(this.db, this.table, key, Number(raw[0]!.parts));
    return { entities, count: Number(raw[0]!.total) };
  }

  /** The rows that match the search and filters (no order, no slice). */
  private matching(): SelectQueryBuilder<ObjectLiteral> {
    const query = this.db.getRepository(this.list.entity).createQueryBuilder(ALIAS);
    if (this.digits) query.andWhere(...orDigitConditions(this.list, this.digits));
    else if (this.words) query.andWhere(`${ALIAS}.id IN (${this.words.sql})`, this.words.parameters);
    else if (this.searching) query.andWhere(`${this.list.searchExpression} ILIKE :search`, { search: `%${escapeLike(this.params.query)}%` });
    for (const [column, value] of Object.entries(this.filters)) applyFilter(this.list, query, column, value, this.filters);
    return query;
  }

  private ordered<Q extends SelectQueryBuilder<ObjectLiteral>>(query: Q): Q {
    const { orderBy, ascending } = this.params;
    const direction = ascending ? 'ASC' : 'DESC';
    const sortable = this.list.sortExpressions as Record<string, string | undefined> | undefined;
    if (orderBy && orderBy !== 'id') query.orderBy(sortable?.[orderBy] ?? `${ALIAS}.${orderBy}`, direction).addOrderBy(`${ALIAS}.id`, direction);
    else query.orderBy(`${ALIAS}.id`, direction);
    return query;
  }

  private get offset() {
    return (this.params.page - 1) * this.params.limit;
  }

  /** The ids of the page, in order (with `total`, the number of matches, when searching). */
  private pageIds(): SelectQueryBuilder<ObjectLiteral> {
    const ids = this.matching().select(`${ALIAS}.id`, 'id');
    if (this.searching) ids.addSelect('count(*) OVER ()', 'total');
    return this.ordered(ids).offset(this.offset).limit(this.params.limit);
  }

  /**
   * The page's ids and their count from the ids of `idsOnly`. A digit search's ids are a UNION ALL of
   * parts kept apart (`partsApart`, `digitMatchIdsSql`): nothing to make distinct, so the page is the top of them and the
   * count a second index-only pass that adds them up — cheaper than holding every match for a window
   * count. A word search's ids are made distinct once (a text may have two words with the prefix),
   * kept, and both read from there.
   */
  private indexPageSql(ids: { sql: string; partsApart: boolean }): string {
    const order = `ORDER BY m.id ${this.params.ascending ? 'ASC' : 'DESC'} LIMIT ${this.params.limit} OFFSET ${this.offset}`;
    if (ids.partsApart) return `SELECT p.id, n.total FROM (SELECT m.id FROM (${ids.sql}) m ${order}) p CROSS JOIN (SELECT count(*) AS total FROM (${ids.sql}) m) n`;
    return `WITH m AS MATERIALIZED (${ids.sql}) SELECT m.id, (SELECT count(*) FROM m) AS total FROM m ${order}`;
  }

  /**
   * The ids matching a digit or word search, from their indexes alone (a UNION ALL, a DISTINCT or an
   * INTERSECT of index-only scans), when nothing else decides the page: no filter and the order of ids. A filter
   * or another order needs the rows, and then `matching` reads them by the same indexes' ids.
   */
  private idsOnly(): { sql: string; parameters: Record<string, string>; partsApart: boolean } | null {
    if ((!this.digits && !this.words) || Object.keys(this.filters).length > 0 || (this.params.orderBy && this.params.orderBy !== 'id')) return null;
    if (this.words) return { ...this.words, partsApart: false };
    const conditions = digitConditions(this.list.digitSearch!, this.digits!, 'd');
    return { sql: digitMatchIdsSql(this.list.table ?? this.table, conditions, 'd'), parameters: conditions.parameters, partsApart: true };
  }


  /**
   * Whether an unsearched list's count is kept by the database: at most one filter, a counted key.
   * A filter that adds no condition of its own (it qualifies another, FilterExpression) is not counted as one.
   */
  private keptCountKey(): string | null {
    const filtered = Object.entries(this.filters).filter(([column]) => addsCondition(this.list, column, this.filters));
    const counted = this.list.counted;
    // A list filter's set of values has no count of its own: it is counted through its index.
    if (this.searching || !counted || filtered.length > 1 || !filtered.every(([column, value]) => counted.keys.includes(column) && !Array.isArray(value))) return null;
    const [column, value] = filtered[0] ?? [];
    return countKey(column === undefined ? undefined : (counted.columns?.[column] ?? column), value);
  }

  /** The table whose rows are counted: the list's `table` when its entity is a view over it. */
  private get table(): string {
    return this.list.table ?? this.db.getMetadata(this.list.entity).tableName;
  }

  /**
   * The exact count on its own: kept by the database for an unsearched list filtered by at most
   * one of its counted keys; otherwise counted, through the filter's index where there is one.
   */
  private async count(): Promise<number> {
    const key = this.keptCountKey();
    if (key !== null) return keptCount(this.db, this.table, key);
    const indexIds = this.idsOnly();
    if (indexIds) {
      const [sql, parameters] = this.db.driver.escapeQueryWithParameters(`SELECT count(*) AS count FROM (${indexIds.sql}) m`, indexIds.parameters);
      const [row] = await this.db.query<{ count: string }[]>(sql, parameters);
      return Number(row?.count ?? 0);
    }
    // COUNT(*), not TypeORM's getCount(), which would count DISTINCT ids.
    const row = await this.matching().select('count(*)', 'count').getRawOne<{ count: string }>();
    return Number(row?.count ?? 0);
  }
}
