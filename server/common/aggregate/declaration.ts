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

/** A written column and its SQL type (rows travel as one JSON array per statement: `jsonb_to_recordset`). */
export type ColumnTypes = Readonly<Record<string, string>>;

/**
 * A row another table holds, read beside a row of the aggregate (a route point's city, a hotel's
 * city, the transport's vehicle type): `key` → `{columns…}` of the `table` row whose id is in `via`
 * (null when `via` is null). Read only; the save never writes it.
 */
export interface ReadReference {
  table: string;
  via: string;
  columns: readonly string[];
}
export type ReadReferences = Readonly<Record<string, ReadReference>>;

/** What every level of an aggregate may say besides its written columns. */
interface LevelExtras {
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

/** A stored row read back, with its children by payload key. */
export interface StoredNode {
  row: Record<string, unknown>;
  collections: Record<string, StoredNode[]>;
  links: Record<string, Record<string, unknown>[]>;
}

/** `base.key` or `key` when the base is the root. */
export const joinPath = (base: string, ...parts: (string | number)[]) => [base, ...parts.map(String)].filter((part) => part !== '').join('.');
