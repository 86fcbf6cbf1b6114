/** Display formats of spec 01 §9: dates DD.MM.YYYY, log time DD.MM.YYYY HH:mm. */
import { readDecimal } from './money.js';

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare YYYY-MM-DD is a calendar date: read it as local, not as UTC midnight.
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return date ? `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}` : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

/** The no-break space that keeps `1 234 567,89 ₽` on one line (and a sum together with its sign). */
const NBSP = '\u00a0';

/**
 * Money as the office reads it: `1 234 567,89 ₽` — groups of three, a decimal comma, two kopecks
 * always shown. Works on the decimal text (a JSON number of a numeric(12,2) column, or a string from
 * a decimal library), never through float arithmetic.
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const exact = readDecimal(value);
  const text = exact ? exact.toFixed(2) : String(value).trim();
  const match = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${grouped(whole!)},${fraction.padEnd(2, '0').slice(0, 2)}${NBSP}₽`;
}

/** Whole digits in groups of three joined by no-break spaces (`10 243`). */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/**
 * A count or any other number as the office reads it: `10 243`, `1 234,5` — groups of three joined by
 * no-break spaces, a decimal comma, the decimals as given. Text that is not a number stays as it is.
 */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const match = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(String(value).trim());
  if (!match) return String(value);
  const [, sign, whole, fraction] = match;
  return `${sign}${grouped(whole!)}${fraction ? `,${fraction}` : ''}`;
}

/** A percent as the lists show it: `12%`, `12,5%`. */
export function formatPercent(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `${String(value).replace('.', ',')}%`;
}


/**
 * Roubles on a chart's axis, where kopecks and long digits only crowd it: `950 ₽`, `12 тыс. ₽`,
 * `1,35 млн ₽`, `2 млрд ₽` — two decimals at most (an axis step of 450 тыс. reads 1,35 млн, not a rounded 1,4), a decimal comma, the sign kept.
 */
export function formatMoneyAxis(value: number): string {
  const size = Math.abs(value);
  const [divisor, unit] = size >= 1e9 ? [1e9, `${NBSP}млрд`] : size >= 1e6 ? [1e6, `${NBSP}млн`] : size >= 1e3 ? [1e3, `${NBSP}тыс.`] : [1, ''];
  const scaled = Math.round((value / divisor) * 100) / 100;
  return `${formatNumber(String(scaled))}${unit}${NBSP}₽`;
}
