/**
 * Analytics (`/analytics`, spec 03 §2.12, §3 "Analytics row", §7 "Analytics"; issue 29): its filters,
 * the period they mean, and the replies of the totals, the paged table, the charts and the filter
 * dictionaries — one contract for the server (server/analytics/) and the screen. Definitions of every
 * sum: docs/analytics.md.
 */
import { z } from 'zod';
import type { IdName } from '../api.js';
import { APPLICATION_PAYMENT_METHODS, APPLICATION_STATUS_IDS, APPLICATION_TYPE_IDS, PAYMENT_STATUSES, SOURCE_PLATFORMS } from '../applications/constants.js';
import { PRODUCTS, type ProductKind } from '../applications/products.js';
import { SOURCE_FILTER_VALUES } from '../applications/list.js';
import { typedDate } from '../dates.js';
import { defineList, foldListFilterKeys, listFilter, listQuerySchema } from '../list.js';
import { MESSAGES } from '../messages.js';
import { officeToday } from '../calendar.js';

export const ANALYTICS_PATHS = {
  /** GET: the paged table (the list engine). */
  page: '/analytics',
  totals: '/analytics/totals',
  charts: '/analytics/charts',
  /** GET: the filters' dictionaries, and the rows the query's pickers chose. */
  data: '/analytics/data',
  /** GET: the table as xlsx, same filters. */
  export: '/analytics/export',
} as const;

/** Spec 03 §5/§9: the filters wait 700 ms after the last change. */
export const ANALYTICS_LIMITS = { filterDebounceMs: 700 } as const;

/** Status 7 (cancelled) is left out of everything unless the status filter names it. */
export const CANCELLED_STATUS = 7;

/** A product kind (`subject_id`): the kinds of the application types that have a product. */
export const ANALYTICS_SUBJECTS: readonly { id: ProductKind; name: string }[] = PRODUCTS.map(({ kind, name }) => ({ id: kind, name }));
const SUBJECT_IDS = ANALYTICS_SUBJECTS.map((subject) => subject.id) as [ProductKind, ...ProductKind[]];

const bounds = (values: readonly number[]) => [Math.min(...values), Math.max(...values)] as const;
const ids = (values: readonly number[]) => listFilter.integer(...bounds(values));

/** Every key of spec 03 §7 "Analytics", as the query string carries it (numbers as text, lists in every list form). */
export const ANALYTICS_FILTERS = z.object({
  statuses_ids: listFilter.integers(...bounds(APPLICATION_STATUS_IDS), { aliases: ['status_ids'] }),
  payment_status: ids(PAYMENT_STATUSES.map((status) => status.id)),
  payment_method: ids(APPLICATION_PAYMENT_METHODS.map((method) => method.id)),
  city_id: listFilter.integer(),
  client_id: listFilter.integer(),
  agency_id: listFilter.integer(),
  /** The vendor is in the application's breakdown (`application_vendor_nets`). */
  vendor_id: listFilter.integer(),
  /** The application's manager. */
  user_id: listFilter.integer(),
  /** A product kind (ANALYTICS_SUBJECTS). */
  subject_id: listFilter.oneOf(SUBJECT_IDS),
  agency_user_id: listFilter.integer(),
  /** An application type. */
  type: ids(APPLICATION_TYPE_IDS),
  /** One product of the chosen `subject_id`. */
  product_id: listFilter.integer(),
  start_date: listFilter.date(),
  /** The creation period, Moscow days; the default is this year. */
  date_from: listFilter.date(),
  date_to: listFilter.date(),
  source: listFilter.oneOf(SOURCE_FILTER_VALUES),
  platform: listFilter.oneOf(SOURCE_PLATFORMS),
  /** The application's city is in the direction. */
  direction_id: listFilter.integer(),
});
export type AnalyticsFilters = z.output<typeof ANALYTICS_FILTERS>;

/** The rules between filters: a product needs its kind; the period's end not before its start. */
function refineFilters(filters: Partial<AnalyticsFilters>, context: z.RefinementCtx, path: (key: string) => (string | number)[]) {
  if (filters.product_id !== undefined && filters.subject_id === undefined) {
    context.addIssue({ code: 'custom', path: path('product_id'), message: MESSAGES.analytics.productNeedsSubject });
  }
  if (filters.date_from && filters.date_to && filters.date_to < filters.date_from) {
    context.addIssue({ code: 'custom', path: path('date_to'), message: MESSAGES.dates.order });
  }
}

/** GET /api/analytics: the paged table, newest first. */
export const analyticsList = defineList({
  path: ANALYTICS_PATHS.page,
  sortable: ['id', 'created_at'],
  filters: ANALYTICS_FILTERS,
  defaultAscending: false,
});

/** The page's whole query (paging, order and filters), with the rules between filters. */
export const analyticsPageQuerySchema = listQuerySchema(analyticsList).superRefine((params, context) => refineFilters(params.filters, context, (key) => [key]));

/** The filters alone (totals, charts, export), read in every list form (`x[]=`, aliases) as the page reads them, with the rules between them. */
export const analyticsFiltersSchema = z.preprocess(
  (raw) => foldListFilterKeys(raw, ANALYTICS_FILTERS),
  ANALYTICS_FILTERS.superRefine((filters, context) => refineFilters(filters, context, (key) => [key])),
);

/** The creation period the filters mean, Moscow days (YYYY-MM-DD): this year by default; only a to date → from 1 January of its year; only a from date → to today (or itself when later). */
export function analyticsPeriod(filters: Pick<Partial<AnalyticsFilters>, 'date_from' | 'date_to'>, now = new Date()): { date_from: string; date_to: string } {
  const today = officeToday(now);
  if (!filters.date_from && !filters.date_to) return { date_from: `${today.slice(0, 4)}-01-01`, date_to: `${today.slice(0, 4)}-12-31` };
  const dateTo = filters.date_to ?? (filters.date_from! > today ? filters.date_from! : today);
  return { date_from: filters.date_from ?? `${dateTo.slice(0, 4)}-01-01`, date_to: dateTo };
}

/** `Аналитика 01.01.2026–31.12.2026.xlsx`: what it holds and its period. */
export const analyticsFileName = (period: { date_from: string; date_to: string }) => `${MESSAGES.analytics.sheet} ${typedDate(period.date_from)}–${typedDate(period.date_to)}.xlsx`;

/** The query string of the filters (empty values left out), for the totals, charts, table and export alike. */
export function analyticsQueryString(filters: Partial<Record<keyof AnalyticsFilters, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

/** Money on the wire: a JSON number with at most two decimals (ARCHITECTURE §3), summed exactly in SQL. */
type Money = number;

/** The vendor-payment columns (as the vendor summary maps the engine's categories). */
export type VendorColumns = Record<'total' | 'accommodations' | 'individual_services' | 'group_services' | 'transports', Money>;

export interface AnalyticsPeople {
  /** Tourists entered. */
  tourists: number;
  /** Adults + children of the application's counts. */
  total: number;
  adult_count: number;
  child_count: number;
}

/** GET /api/analytics/totals (docs/analytics.md "Definitions"). */
export interface AnalyticsTotals {
  applications_count: number;
  price_total: Money;
  /** price_total − agency_commission − net_total. */
  proceeds: Money;
  agency_commission: Money;
  vendors_payments: VendorColumns;
  vendors_paid: Money;
  /** Customers' payments less refunds. */
  payments_sum: Money;
  people: AnalyticsPeople;
  services_count: number;
}

/** A line of a row's stays, legs or services, with its vendor ('Не указан' when none) and its price after discount. */
export interface AnalyticsItem {
  name: string;
  vendor: string;
  /** As shown: a stay's dates (`DD.MM.YYYY–DD.MM.YYYY`), a leg's route and date (`Москва → Сочи, DD.MM.YYYY`), a service's count (`× 2`). */
  detail: string | null;
  price: Money;
}

/** A row of GET /api/analytics (spec 03 §3 "Analytics row"). */
export interface AnalyticsRow {
  id: number;
  number: string;
  /** ISO timestamp. */
  created_at: string;
  type: number;
  type_name: string;
  status: number;
  status_name: string;
  /** The client, or the agency. */
  requester: string;
  proceeds: Money;
  people: AnalyticsPeople;
  accommodations: AnalyticsItem[];
  transports: AnalyticsItem[];
  services: AnalyticsItem[];
  required_services: AnalyticsItem[];
  additional_services: AnalyticsItem[];
  price_total: Money;
  discount: Money;
  price_without_discount: Money;
  manual_price_without_discount: Money | null;
  agency_commission: { agency_name: string | null; total: Money; accommodations: Money; transports: Money; services: Money };
  vendors_payments: VendorColumns & { paid: Money };
  payments: { total_payable_sum: Money; paid: Money; data: { date: string; sum: Money }[] };
}

/** GET /api/analytics/charts. Months are `YYYY-MM` of the period (Moscow), last year's beside each. */
export interface AnalyticsCharts {
  by_month: { month: string; proceeds: Money; people: number; proceeds_last_year: Money; people_last_year: number }[];
  by_direction: { id: number; name: string; proceeds: Money }[];
  /** `none`: made in the office. */
  by_source: { source: string; proceeds: Money }[];
}

/**
 * GET /api/analytics/data: the dictionaries of the filter bar; the bounded pickers' dictionaries
 * (clients, agencies, agency_users, vendors, users) hold only the rows the query chose, the pickers
 * search the rest.
 */
export interface AnalyticsData {
  application_types: IdName[];
  statuses: IdName[];
  payment_statuses: IdName[];
  payment_methods: IdName[];
  subjects: { id: string; name: string }[];
  sources: { id: string; name: string }[];
  platforms: { id: string; name: string }[];
  cities: IdName[];
  directions: IdName[];
  clients: IdName[];
  agencies: IdName[];
  agency_users: IdName[];
  vendors: IdName[];
  users: IdName[];
  /** The product chosen by `subject_id` + `product_id`. */
  products: IdName[];
}
