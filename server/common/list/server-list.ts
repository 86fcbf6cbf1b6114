/**
 * The server half of a list (ARCHITECTURE.md §7 "List engine"): which entity backs it, how it is
 * searched, sorted and filtered, how its count is kept cheap and how rows are shaped. `ListService`
 * turns one of these into `GET {path}` (paged) and `GET {path}/list` (picker). A resource
 * declaration (server/common/resource) is a list plus the save hooks; an editor's list (hotels,
 * tours, applications) declares only this.
 */
import type { ObjectLiteral } from 'typeorm';
import type { ListDefinition } from '../../../shared/list.js';
import type { Role } from '../../../shared/roles.js';
import type { AuthUser } from '../auth/decorators.js';
import type { DigitSearch } from './digit-search.js';
import type { WordSearch } from './word-search.js';

/** Table alias used by every list query; SQL expressions in declarations use it. */
export const ALIAS = 't';

/**
 * How a filter (or route parameter) narrows the list: an SQL expression compared with `=` to the
 * value, or a function of the value's placeholder (`:filter_city_id`) and every filter given that
 * writes the condition itself — `null` when the filter adds none of its own (it qualifies another,
 * as a transport picker's `type` qualifies its `city_id`).
 */
export type FilterExpression = string | ((placeholder: string, filters: Readonly<Record<string, unknown>>) => string | null);

export interface ServerList<Entity extends ObjectLiteral = ObjectLiteral, Definition extends ListDefinition = ListDefinition> {
  definition: Definition;
  entity: new () => Entity;
  /** Who may call it; every signed-in role when absent. */
  roles?: readonly Role[];
  /** SQL expression searched with ILIKE '%query%'; give it a trigram index in its migration. */
  searchExpression?: string;
  /**
   * Phone and number columns a search of digits finds through btree indexes instead of
   * `searchExpression` (server/common/list/digit-search.ts): a phone by its digits after +7 / 8 as
   * a prefix or by its last digits, a number `YYYY-NNNNNN` whole or by the end of its sequence.
   * Other text (names, e-mails, a name with digits) still goes to `searchExpression`. Give the
   * columns their indexes in a migration (migrations/digit-search.ts `digitSearchIndexesSql`).
   */
  digitSearch?: DigitSearch;
  /**
   * A table of the searched text's words (server/common/list/word-search.ts): a search that is not
   * digits matches each of its words as the prefix of a word, through that table's btree, instead of
   * `searchExpression` — a fragment inside a word is not found. Make the table and its triggers in a
   * migration (migrations/word-search.ts `wordSearchTableSql`).
   */
  wordSearch?: WordSearch;
  /** SQL expressions for sortable columns that are not plain columns of the table. */
  sortExpressions?: Partial<Record<Definition['sortable'][number], string>>;
  /** SQL expressions for filters (and route parameters) that are not plain columns of the table. */
  filterExpressions?: Partial<Record<string, FilterExpression>>;
  /** Column shown as the name in `/list` and in switch replies; default `name`. */
  nameColumn?: string;
  /** Columns the picker (`/list`) answers besides `id` and `name` (a hotel's `city_id`, `is_excursion`). */
  pickerColumns?: readonly string[];
  /** What tells a picker row apart from its namesakes, answered as `detail` by every `/list` of the list (PickerDetail). */
  pickerDetail?: PickerDetail;
  /**
   * The table whose rows the list shows, when its entity is a view over it (a list row built of
   * several tables): `can_delete` asks about that table's rows. Default the entity's own table.
   */
  table?: string;
  /** Relations loaded with a record (show and save replies) and, unless `listRelations` says otherwise, with list rows. */
  relations?: string[];
  /** Relations joined to list rows when they differ from `relations` (many-to-many lists are best left out of lists). */
  listRelations?: string[];
  /**
   * The table's row count is kept by the database (migrations/row-counts.ts `countedTableSql`): an
   * unfiltered page reads it instead of counting. `keys` are filters whose per-value counts are
   * kept too (`is_active`), so a page filtered by one of them reads its count as well.
   */
  counted?: {
    keys: readonly string[];
    /** The counted column of a filter named otherwise (`unread_messages` → `has_unread_messages`). */
    columns?: Partial<Record<string, string>>;
  };
  /**
   * Rows carry `can_delete`: false while another table's foreign key (one that does not cascade)
   * points at the row. Read from PostgreSQL's own constraints, so it always matches what delete does.
   */
  canDeleteFlag?: boolean;
  /** The JSON row of an entity (with its relations); default the entity itself. `viewer` is the signed-in user. */
  toRow?: (entity: Entity, viewer: AuthUser) => unknown;
}

/**
 * The line under a picker row's name that tells it apart (issue 27: two «Санаторий «Аврора»», dozens
 * of «Смирнова …»): a hotel's city, a client's phone and e-mail. `columns` are SQL expressions over the
 * list's table (`list.table`, alias `t`; subqueries welcome), read only for the rows the picker
 * answers, after its LIMIT — the search stays on its index; `text` makes the line of their values
 * (dates come as `YYYY-MM-DD` text when cast `::text`), null when there is nothing to say.
 */
export interface PickerDetail<Column extends string = string> {
  columns: Readonly<Record<Column, string>>;
  text(values: Readonly<Record<Column, unknown>>): string | null;
}

/** The parts of a picker row's detail that have something to say, as one line; null when none has. */
export const detailLine = (...parts: (string | null | undefined | false)[]): string | null => parts.filter(Boolean).join(' · ') || null;

/** SQL: the name of the city `city` (an SQL expression of its id), for a picker detail. */
export const cityNameSql = (city: string) => `(SELECT c.name FROM cities c WHERE c.id = ${city})`;

/** A picker detail typed by its columns' names. */
export function definePickerDetail<Column extends string>(detail: PickerDetail<Column>): PickerDetail {
  // The engine reads exactly `columns`' keys into `values`, so they are this detail's columns.
  return { columns: detail.columns, text: (values) => detail.text(values as Readonly<Record<Column, unknown>>) };
}

export function defineServerList<Entity extends ObjectLiteral, Definition extends ListDefinition>(
  list: ServerList<Entity, Definition>,
): ServerList<Entity, Definition> {
  return list;
}

/** The detail of a list whose rows are in a city (`city_id`): the city's name. */
export const CITY_PICKER_DETAIL = definePickerDetail({ columns: { city: cityNameSql(`${ALIAS}.city_id`) }, text: ({ city }) => (city as string | null) ?? null });
