/**
 * How an aggregate (ARCHITECTURE.md §7 "Aggregate editors": a root with child collections, e.g.
 * hotel → rooms → price periods) is laid out in tables, for the one writer and reader of
 * ./aggregate-store.ts. A feature declares its tables once; its service maps the validated payload
 * to an `AggregateNode` tree and the stored rows back to the editor's shape.
 *
 * Two kinds of children:
 * - a **collection** has ids of its own (rooms, price periods, premises): a save diffs it by id —
 *   inserts rows without an id, updates the kept ones, deletes the missing ones (refused with a 422
 *   on the row's path while another table still points at the row);
 * - a **link list** has no ids (a hotel's services with a sum, a room's photos): a save replaces it.
 */

/**
 * The SQL types a declaration may name, and what each reads back as (rows are read as JSON,
 * `row_to_json`: numerics as numbers, dates `YYYY-MM-DD`, times `HH:MM:SS`, jsonb as stored).
 */
export interface SqlValues {
  smallint: number;
  integer: number;
  numeric: number;
  boolean: boolean;
  varchar: string;
  text: string;
  date: string;
  time: string;
  timestamptz: string;
  jsonb: unknown;
  'smallint[]': number[];
  'integer[]': number[];
}
export type SqlType = keyof SqlValues;

/** A column's SQL type, with a trailing `?` when the column takes NULL (`'varchar?'`), as its migration says. */
export type ColumnType = SqlType | `${SqlType}?`;

declare const narrowedTo: unique symbol;
/** A column type whose values are narrower than its SQL type's (a jsonb's shape, a smallint's few values): see `narrow`. */
export type NarrowedColumn<Type extends ColumnType, Value> = Type & { readonly [narrowedTo]: { type: Type; value: Value } };

/**
 * A column whose stored values are narrower than its SQL type says, for the reader's type only
 * (`narrow<SeoContent>()('jsonb')`, `narrow<1 | 2>()('smallint')`): the SQL is the plain type's.
 * The save writes only what the schemas let through, so the stored values are the narrower ones.
 */
export const narrow =
  <Value>() =>
  <Type extends ColumnType>(type: Type) =>
    type as NarrowedColumn<Type, Value>;

/** Written columns and their SQL types (rows travel as one JSON array per statement: `jsonb_to_recordset`). */
export type ColumnTypes = Readonly<Record<string, ColumnType>>;

/** The SQL type of a column type (`'varchar?'` → `varchar`), for a statement. */
export const sqlType = (type: ColumnType): SqlType => (type.endsWith('?') ? type.slice(0, -1) : type) as SqlType;
/** Whether a column type takes NULL. */
export const isNullable = (type: ColumnType) => type.endsWith('?');

/** An object with a key per name, each value made from its name (a room's item lists, a family of columns). */
export function keyed<const Name extends string, Value>(names: readonly Name[], value: (name: Name) => Value): { [Key in Name]: Value } {
  return Object.fromEntries(names.map((name) => [name, value(name)])) as { [Key in Name]: Value };
}

/** The same type for each column of a family (a tour's texts, a category's commission pairs), keyed by their names. */
export const sameType = <const Name extends string, const Type extends ColumnType>(names: readonly Name[], type: Type): { readonly [Key in Name]: Type } => keyed(names, () => type);

/** The values of a family of columns (see `sameType`) from a row read back, typed as the row has them. */
export function valuesOf<Row, const Column extends keyof Row & string>(row: Row, columns: { readonly [Key in Column]: unknown }): Pick<Row, Column> {
  return Object.fromEntries(Object.keys(columns).map((column) => [column, row[column as Column]])) as Pick<Row, Column>;
}

/** What a column of this type reads back as. */
export type ColumnValue<Type> =
  Type extends { readonly [narrowedTo]: { type: infer Plain; value: infer Value } }
    ? Plain extends `${string}?`
      ? Value | null
      : Value
    : Type extends `${infer Plain extends SqlType}?`
      ? SqlValues[Plain] | null
      : Type extends SqlType
        ? SqlValues[Type]
        : never;

/** The values of a row with these columns, as read. */
export type ColumnValues<Columns extends ColumnTypes> = { -readonly [Key in keyof Columns]: ColumnValue<Columns[Key]> };

/**
 * A row another table holds, read beside a row of the aggregate (a route point's city, a hotel's
 * city, the transport's vehicle type): `key` → `{columns…}` of the `table` row whose id is in `via`
 * (null when `via` is null). Read only; the save never writes it.
 */
export interface ReadReference {
  table: string;
  via: string;
  columns: ColumnTypes;
}
export type ReadReferences = Readonly<Record<string, ReadReference>>;

/** A reference read as `{id, name}` (a city, a vendor, a transport), the most common kind. */
export const namedReference = <const Via extends string>(table: string, via: Via) => ({ table, via, columns: { id: 'integer', name: 'varchar' } }) as const;

/** What every level of an aggregate may say besides its written columns. */
interface LevelExtras {
  /**
   * Columns the reader reads but a save never writes (set by the database or by another writer:
   * `created_at`, a hotel room's `external_id`), typed as the written ones.
   */
  readOnly?: ColumnTypes;
  /** Read beside each row (see ReadReference). */
  references?: ReadReferences;
  /**
   * Columns holding upload paths (`stored_files.path`): what the aggregate holds, so a save that
   * drops one and a removal of the whole aggregate let the upload go (unless something else uses it).
   */
  uploads?: readonly string[];
}

export interface LinkListDeclaration extends LevelExtras {
  table: string;
  /** The column pointing at the owning row. */
  parentColumn: string;
  columns: ColumnTypes;
  /** Read back in this order; default the insertion order. */
  orderBy?: string;
}

export interface CollectionDeclaration extends LevelExtras {
  table: string;
  parentColumn: string;
  /** Written columns besides `id` and the parent column. */
  columns: ColumnTypes;
  /** Read back (and indexed for the in-use path) in this order, e.g. `position, id`. */
  orderBy: string;
  collections?: Readonly<Record<string, CollectionDeclaration>>;
  links?: Readonly<Record<string, LinkListDeclaration>>;
}

export interface AggregateDeclaration extends LevelExtras {
  /** The root table; versioned (migrations/versioning.ts): each save raises its version. */
  table: string;
  columns: ColumnTypes;
  collections: Readonly<Record<string, CollectionDeclaration>>;
  links: Readonly<Record<string, LinkListDeclaration>>;
}

/**
 * An aggregate's declaration as written, its literal column types kept (no `as const` needed), so
 * `readAggregates` gives rows typed from it (`StoredAggregate`).
 */
export const defineAggregate = <const Declaration extends AggregateDeclaration>(declaration: Declaration): Declaration => declaration;

/** One row to write: its id when it exists already, its columns, its children by payload key. */
export interface AggregateNode {
  id?: number | null;
  /** Dotted path of the row in the payload (`rooms.3`), for 422s; '' for the root. */
  path: string;
  values: Record<string, unknown>;
  collections?: Record<string, AggregateNode[]>;
  links?: Record<string, LinkRow[]>;
}

export interface LinkRow {
  /** Dotted path of the item in the payload (`rooms.3.services.0`). */
  path: string;
  values: Record<string, unknown>;
}

type Level = LevelExtras & { columns: ColumnTypes };
type Empty = Record<never, never>;

/** A reference read beside a row: null when its `via` column may be NULL. */
type ReferenceValue<Reference extends ReadReference, Values> = Reference['via'] extends keyof Values
  ? null extends Values[Reference['via']]
    ? ColumnValues<Reference['columns']> | null
    : ColumnValues<Reference['columns']>
  : ColumnValues<Reference['columns']> | null;

/** A level's row as read: its written and read-only columns and its references. */
export type LevelRow<Declaration extends Level> = ColumnValues<Declaration['columns']> &
  (Declaration['readOnly'] extends ColumnTypes ? ColumnValues<Declaration['readOnly']> : Empty) &
  (Declaration['references'] extends ReadReferences
    ? { -readonly [Key in keyof Declaration['references']]: ReferenceValue<Declaration['references'][Key], ColumnValues<Declaration['columns']>> }
    : Empty);

type ParentKey<Declaration extends { parentColumn: string }> = { [Key in Declaration['parentColumn']]: number };

/** A link list's item as read (its parent's id beside its columns). */
export type StoredLink<Declaration extends LinkListDeclaration> = LevelRow<Declaration> & ParentKey<Declaration>;

type StoredCollections<Collections> = { [Key in keyof Collections]: Collections[Key] extends CollectionDeclaration ? StoredChild<Collections[Key]>[] : never };
type StoredLinks<Links> = { [Key in keyof Links]: Links[Key] extends LinkListDeclaration ? StoredLink<Links[Key]>[] : never };

/** A collection's row read back, with its own children. */
export interface StoredChild<Declaration extends CollectionDeclaration = CollectionDeclaration> {
  row: LevelRow<Declaration> & ParentKey<Declaration> & { id: number };
  collections: StoredCollections<NonNullable<Declaration['collections']>>;
  links: StoredLinks<NonNullable<Declaration['links']>>;
}

/** An aggregate read back (`readAggregates`): the root's row typed from its declaration, its children by payload key. */
export interface StoredAggregate<Declaration extends AggregateDeclaration = AggregateDeclaration> {
  row: LevelRow<Declaration> & { id: number; version: number };
  collections: StoredCollections<Declaration['collections']>;
  links: StoredLinks<Declaration['links']>;
}

/** `base.key` or `key` when the base is the root. */
export const joinPath = (base: string, ...parts: (string | number)[]) => [base, ...parts.map(String)].filter((part) => part !== '').join('.');
