/**
 * A list as both sides see it (ARCHITECTURE.md §7 "List engine"): its path, sortable columns, the
 * zod schema of its filters and whether its `/list` picker answers whole or by server search.
 * A resource definition (shared/resources/define.ts) is a list definition plus inputs and texts;
 * an editor's list (hotels, tours, applications) may declare just this.
 */
import { z } from 'zod';
import { LIST_DEFAULTS } from './api.js';
import { isCalendarDate, parseTypedDate } from './dates.js';
import { MESSAGES } from './messages.js';

const M = MESSAGES.validation;

/** A query-string value: the first one when repeated, undefined when blank. */
const queryText = (value: unknown) => {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === null || (typeof text === 'string' && text.trim() === '') ? undefined : text;
};

/**
 * Builders of a list's filters. Each reads the query-string text (`?is_active=1`) and gives the
 * typed value, or a 422 with the field's message. Absent or blank means "not filtered".
 */
/**
 * A whole number within bounds; a number out of bounds gets the bound's message only (a huge one such
 * as 99999999999999999999 is also not a safe integer, which would add a second, misleading message).
 */
const boundedInteger = (min: number, max: number) =>
  z.number({ error: M.integer }).min(min, M.min(min)).max(max, M.max(max)).pipe(z.number().int(M.integer));

/** The most values a list filter takes (`statuses_ids=1,3,…`): more is a 422, not a long `= ANY`. */
export const LIST_FILTER_MAX_VALUES = 100;

/** The other names each list filter's schema answers to (`status_ids` for `statuses_ids`), read by `foldListFilterKeys`. */
const listFilterAliases = new WeakMap<z.ZodType, readonly string[]>();

/**
 * The values of a list filter as the query string carries them, one flat list: repeated (`key[]=1&key[]=3`,
 * an array), comma-separated (`key=1,3`) or one (`key=1`); blanks dropped, numeric text read as numbers
 * (anything else is left for the check to refuse), repeats dropped. Undefined when nothing is left.
 */
const listValues =
  (readText: (text: string) => unknown = Number) =>
  (value: unknown) => {
    const texts = (Array.isArray(value) ? value : [value]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
    const values = texts.filter((item) => item !== undefined && item !== null && !(typeof item === 'string' && item.trim() === ''));
    const read = [...new Set(values.map((item) => (typeof item === 'string' ? readText(item) : item)))];
    return read.length > 0 ? read : undefined;
  };

/**
 * A list filter whose values `element` checks, read by `listValues(readText)` under its name, `name[]`
 * or an alias; at most LIST_FILTER_MAX_VALUES; a bad value is one 422 on the filter's name.
 */
function valueSet<Value>(element: z.ZodType, readText: (text: string) => unknown, aliases: readonly string[] = []) {
  const schema = z.preprocess(
    listValues(readText),
    z
      .array(z.unknown())
      .max(LIST_FILTER_MAX_VALUES, M.maxItems(LIST_FILTER_MAX_VALUES))
      .superRefine((values, context) => {
        // One message on the filter itself: an index would point into the folded, de-duplicated list, not at what was sent.
        const failed = values.map((value) => element.safeParse(value)).find((result) => !result.success);
        if (failed) context.addIssue({ code: 'custom', message: failed.error!.issues[0]!.message });
      })
      .transform((values) => values as Value[])
      .optional(),
  );
  listFilterAliases.set(schema, aliases);
  return schema;
}

export const listFilter = {
  /** 1/0 (true/false): a boolean column such as `is_active`. */
  flag: () =>
    z.preprocess(
      (value) => {
        const text = queryText(value);
        if (text === '1' || text === 'true' || text === true) return true;
        if (text === '0' || text === 'false' || text === false) return false;
        return text;
      },
      z.boolean({ error: M.oneOf }).optional(),
    ),
  /** A whole number in [min, max]: an id (`city_id`) or a code (`level`). */
  integer: (min = 1, max = 2_147_483_647) =>
    z.preprocess(
      (value) => {
        const text = queryText(value);
        return typeof text === 'string' ? Number(text) : text;
      },
      boundedInteger(min, max).optional(),
    ),
  /**
   * A set of whole numbers in [min, max] (`statuses_ids`, alias `status_ids`): read by `listValues`,
   * under its own name, `name[]` or an alias (`foldListFilterKeys`); at most LIST_FILTER_MAX_VALUES.
   * A bad value is a 422 on the filter's name. The list engine matches it with `column = ANY($n)`.
   */
  integers: (min = 1, max = 2_147_483_647, options: { aliases?: readonly string[] } = {}) => valueSet<number>(boundedInteger(min, max), Number, options.aliases),
  /** A set of a few words (`sources=web_site,none`, `sources[]=…`), each one of `values`: as `integers`, matched with `= ANY`. */
  words: <const Values extends readonly [string, ...string[]]>(values: Values, options: { aliases?: readonly string[] } = {}) =>
    valueSet<Values[number]>(z.enum(values, { error: M.oneOf }), (text) => text.trim(), options.aliases),
  /** One of a few words (`type=forth|back`). */
  oneOf: <const Values extends readonly [string, ...string[]]>(values: Values) =>
    z.preprocess((value) => queryText(value), z.enum(values, { error: M.oneOf }).optional()),
  /** A calendar day, YYYY-MM-DD (DD.MM.YYYY read too): `start_date=2026-05-01`. */
  date: () =>
    z.preprocess(
      (value) => {
        const text = queryText(value);
        return typeof text === 'string' ? (parseTypedDate(text) ?? text.trim()) : text;
      },
      z.string({ error: MESSAGES.dates.format }).refine(isCalendarDate, MESSAGES.dates.format).optional(),
    ),
};

/** The zod schema of a list's filters: one entry per query parameter. */
export type ListFilters = z.ZodObject<Record<string, z.ZodType>>;

/**
 * The query string with each list filter's values gathered under its own name: from `name`, `name[]`
 * (the simple query parser keeps the brackets) and its aliases, in that order. Other keys are kept as they are.
 */
export function foldListFilterKeys(raw: unknown, filters: ListFilters | undefined): unknown {
  if (!filters || raw === null || typeof raw !== 'object') return raw;
  let folded: Record<string, unknown> | null = null;
  for (const [name, schema] of Object.entries(filters.shape)) {
    const aliases = listFilterAliases.get(schema);
    if (!aliases) continue;
    const keys = [name, ...aliases].flatMap((key) => [key, `${key}[]`]).filter((key) => Object.hasOwn(raw, key));
    if (keys.length === 0 || (keys.length === 1 && keys[0] === name)) continue;
    folded ??= { ...(raw as Record<string, unknown>) };
    const values = keys.flatMap((key) => folded![key] as unknown);
    for (const key of keys) delete folded[key];
    folded[name] = values;
  }
  return folded ?? raw;
}

/** `/list` of a list that grows without bound: `query` and `limit` (default 50, max 200), searched on the server. */
export const PICKER_LIMITS = { default: 50, max: 200, debounceMs: 250 } as const;

/** The picker endpoint of a list: `/clients` → `/clients/list`. */
export const pickerPath = (listPath: string) => `${listPath}/list`;

export interface ListDefinition<Sortable extends string = string, Filters extends ListFilters = ListFilters> {
  /** Path under /api, e.g. `/clients`; it may hold route parameters (`/agencies/:agency_id/agency-users`). */
  path: string;
  /** Columns the list may be ordered by (`orderBy`); anything else is refused with 422. */
  sortable: readonly Sortable[];
  /** The list's filters (`listFilter.flag()`, …); none when absent. */
  filters?: Filters;
  /** Cap of `limit` when the spec asks for more than the default 100. */
  maxLimit?: number;
  /** The order when the request names no `ascending`: true (default) oldest / A first, false newest first (applications). */
  defaultAscending?: boolean;
  /**
   * How `GET {path}/list` answers: `'whole'` (default) every `{id, name}` — small dictionaries the
   * original's clients load once; `'search'` at most `limit` rows matching `query` — tables that
   * grow without bound (clients, staff, agencies, hotels, tours, applications).
   */
  picker?: 'whole' | 'search';
}

export function defineList<Sortable extends string, Filters extends ListFilters = ListFilters>(
  definition: ListDefinition<Sortable, Filters>,
): ListDefinition<Sortable, Filters> {
  return definition;
}

/** The parsed paging, sorting and search of a list request. */
export interface ListParams<Filters extends Record<string, unknown> = Record<string, unknown>> {
  query: string;
  page: number;
  limit: number;
  orderBy: string | null;
  ascending: boolean;
  filters: Partial<Filters>;
}

const integerParam = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (value) => {
      const text = queryText(value);
      return text === undefined ? fallback : typeof text === 'string' ? Number(text) : text;
    },
    boundedInteger(min, max),
  );

const searchParam = () =>
  z.preprocess(
    (value) => (queryText(value) === undefined ? '' : String(queryText(value)).trim()),
    z.string().max(LIST_DEFAULTS.searchMaxLength, M.maxLength(LIST_DEFAULTS.searchMaxLength)),
  );

/**
 * The query-string schema of a list page: `query, page, limit, orderBy, ascending` and the list's
 * filters. `orderBy` must be one of the sortable columns; `limit` is capped by `maxLimit`.
 */
export function listQuerySchema(definition: Pick<ListDefinition, 'sortable' | 'filters' | 'maxLimit' | 'defaultAscending'>) {
  const sortable = definition.sortable as readonly string[];
  const params = z
    .object({
      ...definition.filters?.shape,
      query: searchParam(),
      page: integerParam(LIST_DEFAULTS.page, 1, 1_000_000),
      limit: integerParam(LIST_DEFAULTS.limit, 1, definition.maxLimit ?? LIST_DEFAULTS.maxLimit),
      orderBy: z.preprocess(
        (value) => queryText(value) ?? null,
        z.string({ error: M.oneOf }).refine((column) => sortable.includes(column), M.oneOf).nullable(),
      ),
      ascending: z.preprocess((value) => {
        const text = queryText(value);
        if (text === undefined) return definition.defaultAscending ?? true;
        return !(text === '0' || text === 'false');
      }, z.boolean()),
    })
    .transform(({ query, page, limit, orderBy, ascending, ...given }): ListParams => {
      // Filters sit beside the paging parameters in the query string (`?page=2&is_active=1`).
      const filters = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
      return { query, page, limit, orderBy: orderBy ?? null, ascending, filters };
    });
  return z.preprocess((raw) => foldListFilterKeys(raw, definition.filters), params);
}

/** The query-string schema of a picker (`GET {path}/list?query=&limit=`). */
export const pickerQuerySchema = z.object({
  query: searchParam(),
  limit: integerParam(PICKER_LIMITS.default, 1, PICKER_LIMITS.max),
});
export type PickerParams = z.output<typeof pickerQuerySchema>;
