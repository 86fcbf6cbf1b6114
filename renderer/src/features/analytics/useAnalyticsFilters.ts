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

/** Filters whose values are ids (numbers on the form, text in the address). */
const NUMERIC: readonly AnalyticsFilterKey[] = ['payment_status', 'payment_method', 'city_id', 'client_id', 'agency_id', 'vendor_id', 'user_id', 'agency_user_id', 'type', 'product_id', 'direction_id'];

/** The filter bar's values of the address's filters: ids as numbers, the statuses as a list, the rest as text. */
export function formValues(raw: Partial<Record<AnalyticsFilterKey, string>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(raw) as [AnalyticsFilterKey, string][]) {
    if (key === 'statuses_ids') values[key] = text.split(',').filter(Boolean).map(Number);
    else values[key] = NUMERIC.includes(key) ? Number(text) : text;
  }
  return values;
}

/**
 * What the address keeps of a filter set on the bar: a list joined by commas, nothing for an empty
 * value. A product belongs to its kind and an employee to their agency: another kind or agency forgets it.
 */
export function addressChanges(name: AnalyticsFilterKey, value: unknown): Partial<Record<AnalyticsFilterKey, string | null>> {
  const text = Array.isArray(value) ? (value.length > 0 ? value.join(',') : null) : value === null || value === undefined || value === '' ? null : String(value);
  const changes: Partial<Record<AnalyticsFilterKey, string | null>> = { [name]: text };
  if (name === 'subject_id') changes.product_id = null;
  if (name === 'agency_id') changes.agency_user_id = null;
  return changes;
}

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
