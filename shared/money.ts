/**
 * Money in exact decimals (ARCHITECTURE.md §7 "Pricing engine"): every money computation on the
 * server and in the renderer goes through these helpers, built on decimal.js, so no JavaScript float
 * ever holds an intermediate sum. PostgreSQL keeps `numeric(12,2)` (the `pg` driver reads it as
 * text), the wire keeps the contract's JSON numbers (§3): a value becomes a float only at the edge,
 * once, from its exact two-decimal text — which a float then prints back unchanged.
 */
import { Decimal } from 'decimal.js';

/**
 * Our own Decimal constructor: 40 significant digits (numeric(12,2) needs 12; products and quotients
 * of rates keep far more before rounding) and kopecks rounded half away from zero, as a cashier does.
 */
export const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type MoneyDecimal = InstanceType<typeof MoneyDecimal>;

/** Kopecks: the scale of `numeric(12,2)` and of every money field. */
export const MONEY_SCALE = 2;

/** What a money value may arrive as: a JSON number, the text of a numeric column or a form input, a decimal. */
export type MoneyLike = number | string | MoneyDecimal;

/** Decimal text as a person or a client writes it: `1200`, `-5`, `1200.5`, `1 200,50` (spaces grouping, comma or point). */
const DECIMAL_TEXT = /^-?\d+(?:[.,]\d+)?$/;

/**
 * The exact decimal a value stands for, or null when it is no decimal number (`'abc'`, `''`, `NaN`,
 * `Infinity`, `'1e3'`). A JSON number is read from its shortest text, the digits its sender wrote.
 */
export function readDecimal(value: unknown): MoneyDecimal | null {
  if (value instanceof Decimal) return value.isFinite() ? new MoneyDecimal(value) : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new MoneyDecimal(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/[\s\u00a0]/g, '');
  return DECIMAL_TEXT.test(text) ? new MoneyDecimal(text.replace(',', '.')) : null;
}

/** The exact decimal of a money value; throws on what is no number (use `readDecimal` for input). */
export function decimal(value: MoneyLike): MoneyDecimal {
  const read = readDecimal(value);
  if (read === null) throw new TypeError(`Not a decimal number: ${String(value)}`);
  return read;
}

/** Digits after the point the value is written with (`1200.505` → 3, `1200.50` → 1, `1200` → 0). */
export const decimalPlaces = (value: MoneyLike): number => decimal(value).decimalPlaces();

/** The exact sum of money values; null and undefined count as nothing. */
export function sumMoney(values: Iterable<MoneyLike | null | undefined>): MoneyDecimal {
  let total = new MoneyDecimal(0);
  for (const value of values) if (value !== null && value !== undefined) total = total.plus(decimal(value));
  return total;
}

/** Whether two money values are the same amount (`1200`, `'1200.00'`); empty (null, absent) equals only empty. */
export const sameMoney = (a: MoneyLike | null | undefined, b: MoneyLike | null | undefined): boolean =>
  a === null || a === undefined || b === null || b === undefined ? (a ?? null) === (b ?? null) : decimal(a).equals(decimal(b));

/** A value rounded to kopecks (half away from zero). */
export const roundMoney = (value: MoneyLike): MoneyDecimal => decimal(value).toDecimalPlaces(MONEY_SCALE);

/** `percent` % of `base`, rounded to kopecks: `percentOf(1999.99, 15)` is 300.00, not 299.9985. */
export const percentOf = (base: MoneyLike, percent: MoneyLike): MoneyDecimal => roundMoney(decimal(base).times(decimal(percent)).dividedBy(100));

/** Text for a `numeric(12,2)` parameter: exactly two decimals (`1200.50`). */
export const moneyText = (value: MoneyLike): string => roundMoney(value).toFixed(MONEY_SCALE);

/**
 * A money value for the wire (a JSON number, ARCHITECTURE.md §3): the kopeck-rounded decimal's own
 * text read as a number, so `0.1 + 0.2` never reaches a client. A stored `numeric` column's text
 * (`'1200.50'`) becomes `1200.5`; SQL NULL stays null.
 */
export function moneyNumber(value: MoneyLike): number;
export function moneyNumber(value: MoneyLike | null): number | null;
export function moneyNumber(value: MoneyLike | null): number | null {
  return value === null ? null : roundMoney(value).toNumber();
}
