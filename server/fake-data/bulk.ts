/**
 * Rows built in JavaScript and sent in bulk: ids reserved from the table's sequence first (so
 * children can point at their parents before anything is written), then one
 * `INSERT … SELECT FROM unnest(arrays)` per table and slice, whatever the row count.
 */
import type pg from 'pg';

/**
 * SQL types of a table's columns, as unnest's arrays are cast (`integer`, `text`, `date`, `numeric`, …);
 * an aggregate declaration's columns may stand here as they are (a trailing `?`, a nullable column's, is dropped).
 */
export type ColumnTypes = Readonly<Record<string, string>>;

export class BulkRows<Types extends ColumnTypes> {
  /** The values by column, in row order. */
  private readonly columns = new Map<string, unknown[]>();
  private readonly names: (keyof Types & string)[];
  private count = 0;

  constructor(
    readonly table: string,
    readonly types: Types,
  ) {
    this.names = Object.keys(types);
    for (const column of this.names) this.columns.set(column, []);
  }

  get length(): number {
    return this.count;
  }

  /**
   * One row: every column given (null where empty), no other key. Checked here too, since the types
   * of a declared table (declaredRows) are only as exact as its declaration's.
   */
  push(row: { [Column in keyof Types]: unknown }): void {
    const missing = this.names.filter((column) => !(column in row));
    if (missing.length > 0) throw new Error(`${this.table}: a row without ${missing.join(', ')} (give null where it is empty)`);
    if (Object.keys(row).length > this.names.length) throw new Error(`${this.table} has no column ${Object.keys(row).filter((key) => !(key in this.types)).join(', ')}`);
    for (const column of this.names) this.columns.get(column)!.push(row[column] ?? null);
    this.count++;
  }

  /**
   * Replaces the values of `column` — indices into `values`, given while the rows were built before
   * their ids (or numbers) were known — by those values (null stays null).
   */
  remap(column: keyof Types & string, values: readonly unknown[]): void {
    this.columns.set(column, this.columns.get(column)!.map((value) => (value === null ? null : values[value as number]!)));
  }

  /** Writes the rows, `slice` at a time. */
  async insert(sql: pg.Client, slice = 20_000): Promise<void> {
    const statement = `INSERT INTO ${this.table} (${this.names.join(', ')})
      SELECT * FROM unnest(${this.names.map((name, index) => `$${index + 1}::${this.types[name]!.replace(/\?$/, '')}[]`).join(', ')})`;
    for (let start = 0; start < this.count; start += slice) {
      await sql.query(statement, this.names.map((name) => this.columns.get(name)!.slice(start, start + slice)));
    }
  }
}

/** A table of a big editor as its aggregate declaration (server/common/aggregate/declaration.ts) lays it out. */
interface DeclaredTable<Columns extends ColumnTypes> {
  table: string;
  /** The columns a save writes, with their SQL types. */
  columns: Columns;
  /** A child table's column pointing at its parent row. */
  parentColumn?: string;
}

/**
 * Rows of a big editor's table with the column types its aggregate declaration gives — one list per
 * table, the declaration's, so a fake row is what the editor's save writes — plus `keys`, the columns
 * the store writes itself: the parent's column and `id` where the rows' ids are reserved first.
 */
export function declaredRows<Columns extends ColumnTypes, Keys extends ColumnTypes>(declared: DeclaredTable<Columns>, keys: Keys): BulkRows<Keys & Columns> {
  if (declared.parentColumn !== undefined && !(declared.parentColumn in keys)) throw new Error(`${declared.table}: the keys lack its parent column ${declared.parentColumn}`);
  return new BulkRows(declared.table, { ...keys, ...declared.columns });
}

/** `count` ids of `table`'s serial id, taken from its sequence now (rows inserted with them later). */
export async function reserveIds(sql: pg.Client, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`, [table, count]);
  return rows.map((row) => row.id);
}

/** YYYY-MM-DD `days` after an ISO date (calendar arithmetic in UTC, never an instant). */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one ISO date to another. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Rounds an integer number of roubles to a multiple of `step` (integers only: money never goes through fractions here). */
export const roundRoubles = (roubles: number, step = 50) => Math.max(step, Math.round(roubles / step) * step);

/** `roubles × percent / 100`, rounded to `step`: integer arithmetic on whole roubles. */
export const percentOf = (roubles: number, percent: number, step = 50) => roundRoubles(Math.round((roubles * percent) / 100), step);

/** A decimal with one or two digits after the point from an integer of tenths or hundredths, as text (numeric columns). */
export const decimal = (units: number, digits: 1 | 2) => {
  const scale = digits === 1 ? 10 : 100;
  return `${Math.trunc(units / scale)}.${String(units % scale).padStart(digits, '0')}`;
};
