/**
 * The analytics' filters (shared/analytics/analytics.ts ANALYTICS_FILTERS) and the table's page live
 * in the query string, so a view is bookmarked and Back steps through it. What is shown follows the
 * address at once; what is asked of the server waits 700 ms after the last change (spec 03 §5, §9).
 * The address is checked with the server's own schema: a rule broken (a product without its kind, the
 * period's end before its start) is said under its field and the last good filters stay applied.
 */
import { ANALYTICS_FILTERS, ANALYTICS_LIMITS, analyticsFiltersSchema, analyticsPeriod, analyticsQueryString, type AnalyticsFilters } from '@shared/analytics/analytics';
import { toFieldErrors, type FieldErrors } from '@shared/validation';
import { useMemo, useRef } from 'react';
import { useDebouncedValue } from '../../common/useDebouncedValue';
import { useListParams } from '../../common/resource/useListParams';

export type AnalyticsFilterKey = keyof AnalyticsFilters;
export const ANALYTICS_FILTER_KEYS = Object.keys(ANALYTICS_FILTERS.shape) as AnalyticsFilterKey[];

export interface AppliedFilters {
  /** The filters the server is asked with, as its query string ('' for none). */
  query: string;
  /** The creation period they mean (this year by default). */
  period: { date_from: string; date_to: string };
}

export function useAnalyticsFilters() {
  const [params, update] = useListParams(ANALYTICS_FILTER_KEYS, false);
  const raw = params.filters as Partial<Record<AnalyticsFilterKey, string>>;
  const checked = useMemo(() => analyticsFiltersSchema.safeParse(raw), [raw]);
  const errors: FieldErrors = checked.success ? {} : toFieldErrors(checked.error);

  // The last filters the schema took: a broken rule leaves the screen showing what it showed.
  const lastGood = useRef<AppliedFilters>({ query: '', period: analyticsPeriod({}) });
  const good = checked.success ? analyticsQueryString(checked.data) : null;
  if (checked.success && good !== lastGood.current.query) lastGood.current = { query: good!, period: analyticsPeriod(checked.data) };
  const applied = useDebouncedValue(lastGood.current, ANALYTICS_LIMITS.filterDebounceMs);

  /** Sets some filters (null or '' clears one); the table goes back to its first page. */
  const set = (changes: Partial<Record<AnalyticsFilterKey, string | null>>) => update(changes);
  const reset = () => update(Object.fromEntries(ANALYTICS_FILTER_KEYS.map((key) => [key, null])));

  return {
    raw,
    errors,
    applied,
    /** A change not yet sent (the 700 ms still running). */
    waiting: applied.query !== lastGood.current.query,
    set,
    reset,
    page: params.page,
    limit: params.limit,
    update,
    /** How many filters the address sets. */
    count: Object.keys(raw).length,
  };
}
