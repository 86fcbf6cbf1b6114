/**
 * Calendar dates as the API exchanges them (YYYY-MM-DD) and as people type them (DD.MM.YYYY,
 * spec 01 §9). Both sides use these: the renderer checks a typed date as the user leaves the field,
 * the server refuses the same things with the same messages (shared/validation.ts).
 */

/** Bounds of a date field unless it says otherwise: no office date falls outside them. */
export const DATE_BOUNDS = { min: '1900-01-01', max: '2100-12-31' } as const;
export interface DateBounds {
  /** Earliest allowed day, YYYY-MM-DD. */
  min?: string;
  /** Latest allowed day, YYYY-MM-DD. */
  max?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Whether `year-month-day` is a day of the calendar (no 31.04, no 29.02 outside leap years). */
function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return Boolean(match && isRealDay(Number(match[1]), Number(match[2]), Number(match[3])));
}

/**
 * A typed date: `31.12.2025` (also `31/12/2025`, `31-12-2025`, `1.2.2025`, `31122025`) → '2025-12-31';
 * blank → null; anything else (`99.99.9999`, `31.04.2025`, half a date) → undefined.
 */
export function parseTypedDate(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : undefined;
}

/** Whole days from one YYYY-MM-DD date to another (a stay's nights): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** '2025-12-31' → '31.12.2025' (what a date field shows). */
export function typedDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}
