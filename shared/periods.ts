import { MESSAGES } from './messages.js';

/**
 * Dated price periods of any editor (a hotel room's prices, a tour service's price periods): whole
 * days, both ends included, as the tables' exclusion constraints (`daterange(from, to, '[]')`) judge them.
 */

/**
 * A period ending 10.06 and one starting 11.06 do not overlap; one starting 10.06 does. Returns, for
 * each period overlapping an earlier one, its index and the earlier one's.
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
 * A period dialog's errors (its schema's) with the overlap of `period` with the row's `others` under
 * `from`, unless `from` is already wrong.
 */
export function withOverlap<Period extends { from?: string | null; to?: string | null }>(errors: Record<string, string[]>, others: readonly Period[], period: Period): Record<string, string[]> {
  if (errors.from || !overlappingPeriods([...others, period]).some(({ index }) => index === others.length)) return errors;
  return { ...errors, from: [MESSAGES.editor.overlap] };
}
