/**
 * Analytics' filters as SQL (spec 03 §7 "Analytics", issue 29), written once: the paged table reads
 * them through the list engine (`ANALYTICS_LIST.filterExpressions`), the totals, charts and export
 * through `analyticsWhere` — the same conditions over `applications t`. Besides the query's filters,
 * every request carries its resolved creation period and, unless the statuses name some, «not
 * cancelled» (`analyticsScope`).
 */
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { analyticsList, analyticsPeriod, CANCELLED_STATUS, type AnalyticsFilters } from '../../shared/analytics/analytics.js';
import { PRODUCT_COLUMNS, type ProductKind } from '../../shared/applications/products.js';

import { ALIAS, defineServerList, type FilterExpression } from '../common/list/server-list.js';
import { OFFICE_TIME_ZONE } from '../../shared/calendar.js';

/** A row of the view `analytics_rows` (migrations/1765600001500-Analytics.ts): what the table's filters and order read. */
@Entity('analytics_rows')
export class AnalyticsRowEntity {
  @PrimaryColumn('integer')
  id: number;

  @Column('timestamptz')
  created_at: Date;
}

const t = ALIAS;
const productColumn = (filters: Readonly<Record<string, unknown>>) => PRODUCT_COLUMNS[filters.subject_id as ProductKind];
/** The first instant of a Moscow day, as the `created_at` index compares it. */
const moscowDayStart = (day: string) => `(${day})::timestamp AT TIME ZONE '${OFFICE_TIME_ZONE}'`;

/** The scope every analytics request adds to its filters: the creation period, and «not cancelled» unless statuses are named. */
export interface AnalyticsScope {
  period_from: string;
  period_to: string;
  not_cancelled?: true;
}

/** Every condition, by filter (and scope) key; `p` is the value's placeholder (`:filter_x` in the engine, `$n` in analyticsWhere). */
const CONDITIONS: Record<keyof AnalyticsFilters | keyof AnalyticsScope, Exclude<FilterExpression, string>> = {
  statuses_ids: (p) => `${t}.status = ANY(${p})`,
  payment_status: (p) => `${t}.payment_status = ${p}`,
  payment_method: (p) => `${t}.payment_method = ${p}`,
  city_id: (p) => `${t}.city_id = ${p}`,
  client_id: (p) => `${t}.client_id = ${p}`,
  agency_id: (p) => `${t}.agency_id = ${p}`,
  vendor_id: (p) => `EXISTS (SELECT 1 FROM application_vendor_nets n WHERE n.application_id = ${t}.id AND n.vendor_id = ${p})`,
  user_id: (p) => `${t}.user_id = ${p}`,
  agency_user_id: (p) => `${t}.agency_user_id = ${p}`,
  type: (p) => `${t}.type = ${p}`,
  // A kind without a product: every application of that kind (its product column set).
  subject_id: (_p, filters) => (filters.product_id === undefined ? `${t}.${productColumn(filters)} IS NOT NULL` : null),
  product_id: (p, filters) => `${t}.${productColumn(filters)} = ${p}`,
  start_date: (p) => `${t}.start_date = ${p}::date`,
  // The query's dates are resolved into the scope's period (analyticsPeriod): they add nothing themselves.
  date_from: () => null,
  date_to: () => null,
  source: (p) => `${t}.source_key = ${p}`,
  platform: (p) => `${t}.platform = ${p}`,
  direction_id: (p) => `EXISTS (SELECT 1 FROM direction_cities d WHERE d.city_id = ${t}.city_id AND d.direction_id = ${p})`,
  period_from: (p) => `${t}.created_at >= ${moscowDayStart(`${p}::date`)}`,
  period_to: (p) => `${t}.created_at < ${moscowDayStart(`${p}::date + 1`)}`,
  not_cancelled: () => `${t}.status <> ${CANCELLED_STATUS}`,
};

/** The scope of a request's filters: its period (this year by default) and «not cancelled» unless statuses are named. */
export function analyticsScope(filters: Partial<AnalyticsFilters>, now = new Date()): AnalyticsScope {
  const period = analyticsPeriod(filters, now);
  return { period_from: period.date_from, period_to: period.date_to, ...(filters.statuses_ids ? {} : { not_cancelled: true as const }) };
}

/**
 * The WHERE of the filters and scope over `applications t`, its parameters numbered from `$first`.
 * `shiftYears` moves the period back (last year's figures of the charts).
 */
export function analyticsWhere(filters: Partial<AnalyticsFilters>, scope: AnalyticsScope, first = 1): { sql: string; params: unknown[] } {
  const given: Record<string, unknown> = { ...filters, ...scope };
  const params: unknown[] = [];
  const conditions: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const condition = CONDITIONS[key as keyof typeof CONDITIONS](`$${first + params.length}`, given);
    if (condition === null) continue;
    if (condition.includes(`$${first + params.length}`)) params.push(value);
    conditions.push(condition);
  }
  return { sql: conditions.join(' AND ') || 'true', params };
}

/** GET /api/analytics: the ids of the page from the list engine (the content is read for them apart). */
export const ANALYTICS_LIST = defineServerList({
  definition: analyticsList,
  entity: AnalyticsRowEntity,
  table: 'applications',
  filterExpressions: CONDITIONS,
});
