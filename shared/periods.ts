/**
 * Dated periods (hotel room prices, tour meal prices, tour service prices): whole days, both ends
 * included, checked the same way by every schema and dialog. The database's exclusion constraints
 * (`ex_<table>_from`) hold the same rule under concurrent saves.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.js';

/**
 * Price periods are whole days, both ends included (a period ending 10.06 and one starting 11.06
 * do not overlap; one starting 10.06 does). Returns, for each period overlapping an earlier one,
 * its index and the earlier one's.
 */
export function overlappingPeriods(periods: readonly { from?: string | null; to?: string | null }[]): { index: number; other: number }[] {
  const found: { index: number; other: number }[] = [];
  periods.forEach((period, index) => {
    if (!period.from || !period.to) return;
    const other = periods.findIndex((earlier, earlierIndex) => earlierIndex < index && !!earlier.from && !!earlier.to && earlier.from <= period.to! && period.from! <= earlier.to!);
    if (other !== -1) found.push({ index, other });
  });
  return found;
}

/**
 * The period rules of a list of rows in one place (use in superRefine of the parent): 'to' not
 * before 'from' is the row's own rule; an overlap stands on the later row's `from`.
 */
export function checkPeriodOverlaps(
  rows: readonly { from?: string | null; to?: string | null }[],
  context: z.RefinementCtx,
  message: string = MESSAGES.editor.overlap,
  path: (string | number)[] = ['dates'],
): void {
  for (const { index, other } of overlappingPeriods(rows)) {
    context.addIssue({ code: 'custom', path: [...path, index, 'from'], message, params: { other } });
  }
}

/**
 * A period dialog's errors (its schema's) with the overlap of `period` with the row's `others` under
 * `from`, unless `from` is already wrong.
 */
export function withOverlap<Period extends { from?: string | null; to?: string | null }>(errors: Record<string, string[]>, others: readonly Period[], period: Period): Record<string, string[]> {
  if (errors.from || !overlappingPeriods([...others, period]).some(({ index }) => index === others.length)) return errors;
  return { ...errors, from: [MESSAGES.editor.overlap] };
}
