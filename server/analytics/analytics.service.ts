/**
 * Analytics (spec 03 §2.12, §7 "Analytics"; issue 29): totals, the paged table, the charts, the filter
 * dictionaries, the managers' picker and the table's export — every sum in SQL over the stored
 * breakdown (analytics-sql.ts), every filter through analytics.list.ts. Definitions: docs/analytics.md.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import {
  ANALYTICS_SUBJECTS,
  analyticsFileName,
  analyticsFiltersSchema,
  analyticsPageQuerySchema,
  type AnalyticsCharts,
  type AnalyticsData,
  type AnalyticsFilters,
  type AnalyticsItem,
  type AnalyticsRow,
  type AnalyticsTotals,
} from '../../shared/analytics/analytics.js';
import type { IdName, Paged } from '../../shared/api.js';
import { APPLICATION_PAYMENT_METHODS, APPLICATION_SOURCES, APPLICATION_STATUSES, APPLICATION_TYPES, PAYMENT_STATUSES, SOURCE_PLATFORMS } from '../../shared/applications/constants.js';
import { PRODUCT_COLUMNS, PRODUCT_TABLES } from '../../shared/applications/products.js';
import { OFFICE_SOURCE } from '../../shared/applications/list.js';
import { MESSAGES } from '../../shared/messages.js';
import { moneyNumber } from '../../shared/money.js';
import { ROUBLE_FORMAT } from '../../shared/resources/agency-report.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { parseInput } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { chosenStaffSql, pickStaff } from '../users/staff-picker.js';
import { rowsInBatches, streamXlsx, XLSX_SUM, type XlsxColumn } from '../exports/xlsx.js';
import { ANALYTICS_LIST, analyticsScope, analyticsWhere, type AnalyticsScope } from './analytics.list.js';
import { APPLICATION_FIGURES_JOIN, PEOPLE_SQL, PROCEEDS_SQL, ROWS_SQL, TOTALS_SELECT, VENDOR_COLUMN_KEYS } from './analytics-sql.js';
import { OFFICE_TIME_ZONE } from '../../shared/calendar.js';

const M = MESSAGES.analytics;
const C = M.columns;
const idName = (items: readonly { id: number | string; name: string }[]) => items.map(({ id, name }) => ({ id, name }));

/** A line as SQL gives it: its price exact text. */
type RowItem = Omit<AnalyticsItem, 'price'> & { price: string };

type RowRecord = {
  id: number;
  number: string;
  created_at: Date;
  type: number;
  status: number;
  requester: string | null;
  agency_name: string | null;
  tourists: number;
  adult_count: number;
  child_count: number;
  payments: { date: string; sum: string }[];
  accommodations: RowItem[];
  transports: RowItem[];
  services: RowItem[];
  required_services: RowItem[];
  additional_services: RowItem[];
  manual_price_without_discount: string | null;
} & Record<
  | 'proceeds' | 'price_total' | 'discount' | 'price_without_discount' | 'agency_commission' | 'commission_accommodations' | 'commission_transports' | 'commission_services'
  | `vendors_${(typeof VENDOR_COLUMN_KEYS)[number]}` | 'vendors_paid' | 'payable' | 'paid',
  string
>;

/** A line of a row's stays, legs or services with its price as money on the wire (SQL gives exact text). */
const itemOf = (item: RowItem): AnalyticsItem => ({ ...item, price: moneyNumber(item.price) });

/** The row as the table answers it. Money on the wire is a JSON number with at most two decimals (ARCHITECTURE §3): the SQL's exact text becomes one here. */
function analyticsRow(row: RowRecord): AnalyticsRow {
  return {
    id: row.id,
    number: row.number,
    created_at: row.created_at.toISOString(),
    type: row.type,
    type_name: APPLICATION_TYPES.find((type) => type.id === row.type)?.name ?? '',
    status: row.status,
    status_name: APPLICATION_STATUSES.find((status) => status.id === row.status)?.name ?? '',
    requester: row.requester ?? '',
    proceeds: moneyNumber(row.proceeds),
    people: { tourists: row.tourists, total: row.adult_count + row.child_count, adult_count: row.adult_count, child_count: row.child_count },
    accommodations: row.accommodations.map(itemOf),
    transports: row.transports.map(itemOf),
    services: row.services.map(itemOf),
    required_services: row.required_services.map(itemOf),
    additional_services: row.additional_services.map(itemOf),
    price_total: moneyNumber(row.price_total),
    discount: moneyNumber(row.discount),
    price_without_discount: moneyNumber(row.price_without_discount),
    manual_price_without_discount: moneyNumber(row.manual_price_without_discount),
    agency_commission: {
      agency_name: row.agency_name,
      total: moneyNumber(row.agency_commission),
      accommodations: moneyNumber(row.commission_accommodations),
      transports: moneyNumber(row.commission_transports),
      services: moneyNumber(row.commission_services),
    },
    vendors_payments: {
      total: moneyNumber(row.vendors_total),
      accommodations: moneyNumber(row.vendors_accommodations),
      individual_services: moneyNumber(row.vendors_individual_services),
      group_services: moneyNumber(row.vendors_group_services),
      transports: moneyNumber(row.vendors_transports),
      paid: moneyNumber(row.vendors_paid),
    },
    payments: { total_payable_sum: moneyNumber(row.payable), paid: moneyNumber(row.paid), data: row.payments.map((payment) => ({ date: payment.date, sum: moneyNumber(payment.sum) })) },
  };
}

/** The period one year back (last year's figures of the charts); 29 February becomes the 28th. */
function yearBefore(scope: AnalyticsScope): AnalyticsScope {
  const back = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4) === '-02-29' ? '-02-28' : day.slice(4)}`;
  return { ...scope, period_from: back(scope.period_from), period_to: back(scope.period_to) };
}

const lines = (items: readonly AnalyticsItem[]) => items.map((item) => [item.name, item.detail, item.vendor].filter(Boolean).join(', ')).join('\n');

/** The export's columns: one per figure of the row, money in roubles, counts as numbers. */
const EXPORT_COLUMNS: XlsxColumn[] = [
  { header: C.number, key: 'number', width: 14 },
  { header: C.createdAt, key: 'created_at', type: 'date', width: 12 },
  { header: C.type, key: 'type', width: 16 },
  { header: C.status, key: 'status', width: 16 },
  { header: C.requester, key: 'requester', width: 30 },
  { header: M.totals.tourists, key: 'tourists', type: 'number', format: '0', width: 9 },
  { header: M.totals.adults, key: 'adults', type: 'number', format: '0', width: 9 },
  { header: M.totals.children, key: 'children', type: 'number', format: '0', width: 9 },
  { header: C.accommodations, key: 'accommodations', width: 36 },
  { header: C.transports, key: 'transports', width: 36 },
  { header: C.services, key: 'services', width: 30 },
  { header: C.requiredServices, key: 'required_services', width: 30 },
  { header: C.additionalServices, key: 'additional_services', width: 30 },
  ...(
    [
      ['price_without_discount', C.priceWithoutDiscount],
      ['manual_price_without_discount', C.manualPrice],
      ['discount', C.discount],
      ['price_total', C.priceTotal],
      ['agency_commission', C.agencyCommission],
      ['vendors_total', C.vendorsPayments],
      ...Object.entries(M.vendorColumns).map(([key, header]) => [`vendors_${key}`, `${C.vendorsPayments}: ${header.toLowerCase()}`]),
      ['vendors_paid', M.totals.vendorsPaid],
      ['payable', C.payable],
      ['paid', C.paid],
      ['proceeds', C.proceeds],
    ] as const
  ).map(([key, header]): XlsxColumn => ({ header, key, type: 'number', format: ROUBLE_FORMAT, width: 14 })),
];
const EXPORT_SUMMED = EXPORT_COLUMNS.filter((column) => column.type === 'number').map((column) => column.key);

@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ListService) private readonly lists: ListService,
  ) {}

  private filters(raw: Record<string, unknown>): { filters: Partial<AnalyticsFilters>; scope: AnalyticsScope } {
    const filters = parseInput(analyticsFiltersSchema, raw) as Partial<AnalyticsFilters>;
    return { filters, scope: analyticsScope(filters) };
  }

  /** The analytics rows of these applications, in this order. */
  private async rows(ids: number[]): Promise<AnalyticsRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<RowRecord[]>(ROWS_SQL, [ids]);
    return rows.map(analyticsRow);
  }

  /**
   * GET /analytics: the page's ids from the list engine, then their rows. Newest first by `created_at`
   * unless the query orders otherwise: `ix_applications_created_at` then gives the period and the order
   * at once (by id, PostgreSQL would walk every newer application to reach a month a year back).
   */
  async page(raw: Record<string, unknown>, viewer: AuthUser): Promise<Paged<AnalyticsRow>> {
    const query = { orderBy: 'created_at', ...raw };
    const { filters } = parseInput(analyticsPageQuerySchema, query);
    const page = await this.lists.page(ANALYTICS_LIST, query, viewer, { ...analyticsScope(filters as Partial<AnalyticsFilters>) });
    return { data: await this.rows((page.data as { id: number }[]).map((row) => row.id)), count: page.count };
  }

  /** GET /analytics/totals: one aggregate over the chosen applications. */
  async totals(raw: Record<string, unknown>): Promise<AnalyticsTotals> {
    const { filters, scope } = this.filters(raw);
    const where = analyticsWhere(filters, scope);
    const [row] = await this.db.query<Record<string, string | number>[]>(`SELECT ${TOTALS_SELECT} FROM applications t ${APPLICATION_FIGURES_JOIN} WHERE ${where.sql}`, where.params);
    const r = row!;
    const money = (key: string) => moneyNumber(String(r[key]));
    return {
      applications_count: Number(r.applications_count),
      price_total: money('price_total'),
      proceeds: money('proceeds'),
      agency_commission: money('agency_commission'),
      vendors_payments: {
        total: money('vendors_total'),
        accommodations: money('vendors_accommodations'),
        individual_services: money('vendors_individual_services'),
        group_services: money('vendors_group_services'),
        transports: money('vendors_transports'),
      },
      vendors_paid: money('vendors_paid'),
      payments_sum: money('payments_sum'),
      people: { tourists: Number(r.tourists), total: Number(r.adult_count) + Number(r.child_count), adult_count: Number(r.adult_count), child_count: Number(r.child_count) },
      services_count: Number(r.services_count),
    };
  }

  /** GET /analytics/charts: proceeds and people by Moscow month against the year before, proceeds by direction and by source. */
  async charts(raw: Record<string, unknown>): Promise<AnalyticsCharts> {
    const { filters, scope } = this.filters(raw);
    const current = analyticsWhere(filters, scope, 3);
    const before = analyticsWhere(filters, yearBefore(scope), 3 + current.params.length);
    const month = (shift: string) => `to_char((t.created_at AT TIME ZONE '${OFFICE_TIME_ZONE}')${shift}, 'YYYY-MM')`;
    const byMonth = this.db.query<(Omit<AnalyticsCharts['by_month'][number], 'proceeds' | 'proceeds_last_year'> & { proceeds: string; proceeds_last_year: string })[]>(
      `WITH months AS (SELECT to_char(m, 'YYYY-MM') AS month FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') m),
            this_year AS (SELECT ${month('')} AS month, sum(${PROCEEDS_SQL}) AS proceeds, sum(${PEOPLE_SQL}) AS people FROM applications t WHERE ${current.sql} GROUP BY 1),
            last_year AS (SELECT ${month(` + interval '1 year'`)} AS month, sum(${PROCEEDS_SQL}) AS proceeds, sum(${PEOPLE_SQL}) AS people FROM applications t WHERE ${before.sql} GROUP BY 1)
       SELECT months.month, coalesce(c.proceeds, 0)::numeric(20,2)::text AS proceeds, coalesce(c.people, 0)::int AS people,
              coalesce(l.proceeds, 0)::numeric(20,2)::text AS proceeds_last_year, coalesce(l.people, 0)::int AS people_last_year
         FROM months LEFT JOIN this_year c USING (month) LEFT JOIN last_year l USING (month)
        ORDER BY months.month`,
      [scope.period_from, scope.period_to, ...current.params, ...before.params],
    );
    const where = analyticsWhere(filters, scope);
    const byDirection = this.db.query<(Omit<AnalyticsCharts['by_direction'][number], 'proceeds'> & { proceeds: string })[]>(
      `SELECT d.id, d.name, sum(${PROCEEDS_SQL})::numeric(20,2)::text AS proceeds
         FROM applications t JOIN direction_cities dc ON dc.city_id = t.city_id JOIN directions d ON d.id = dc.direction_id
        WHERE ${where.sql} GROUP BY d.id, d.name ORDER BY sum(${PROCEEDS_SQL}) DESC, d.name, d.id`,
      where.params,
    );
    const bySource = this.db.query<(Omit<AnalyticsCharts['by_source'][number], 'proceeds'> & { proceeds: string })[]>(
      `SELECT t.source_key AS source, sum(${PROCEEDS_SQL})::numeric(20,2)::text AS proceeds FROM applications t WHERE ${where.sql} GROUP BY 1 ORDER BY sum(${PROCEEDS_SQL}) DESC, 1`,
      where.params,
    );
    const [months, directions, sources] = await Promise.all([byMonth, byDirection, bySource]);
    // The sums come as exact text; on the wire money is a number (ARCHITECTURE §3).
    return {
      by_month: months.map((month) => ({ ...month, proceeds: moneyNumber(month.proceeds), proceeds_last_year: moneyNumber(month.proceeds_last_year) })),
      by_direction: directions.map((direction) => ({ ...direction, proceeds: moneyNumber(direction.proceeds) })),
      by_source: sources.map((source) => ({ ...source, proceeds: moneyNumber(source.proceeds) })),
    };
  }

  /** GET /analytics/data: the dictionaries, and the names of what the query's pickers chose (one statement). */
  async data(raw: Record<string, unknown>): Promise<AnalyticsData> {
    const { filters } = this.filters(raw);
    const productColumn = filters.subject_id ? PRODUCT_COLUMNS[filters.subject_id] : null;
    const productTable = productColumn ? PRODUCT_TABLES[productColumn] : null;
    const chosen = (sql: string) => `coalesce((SELECT json_agg(json_build_object('id', x.id, 'name', x.name)) FROM (${sql}) x), '[]')`;
    const [row] = await this.db.query<Pick<AnalyticsData, 'cities' | 'directions' | 'clients' | 'agencies' | 'agency_users' | 'vendors' | 'users' | 'products'>[]>(
      `SELECT
         coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id) FROM cities c
                    WHERE EXISTS (SELECT 1 FROM applications a WHERE a.city_id = c.id)), '[]') AS cities,
         coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name, d.id) FROM directions d), '[]') AS directions,
         ${chosen('SELECT id, full_name AS name FROM clients WHERE id = $1')} AS clients,
         ${chosen('SELECT id, legal_name AS name FROM agencies WHERE id = $2')} AS agencies,
         ${chosen('SELECT id, full_name AS name FROM agency_users WHERE id = $3')} AS agency_users,
         ${chosen('SELECT id, name FROM vendors WHERE id = $4')} AS vendors,
         ${chosen(chosenStaffSql('$5'))} AS users,
         ${productTable ? chosen(`SELECT id, name FROM ${productTable} WHERE id = $6`) : `'[]'::json`} AS products`,
      [filters.client_id ?? null, filters.agency_id ?? null, filters.agency_user_id ?? null, filters.vendor_id ?? null, filters.user_id ?? null, ...(productTable ? [filters.product_id ?? null] : [])],
    );
    return {
      application_types: idName(APPLICATION_TYPES) as IdName[],
      statuses: idName(APPLICATION_STATUSES) as IdName[],
      payment_statuses: idName(PAYMENT_STATUSES) as IdName[],
      payment_methods: idName(APPLICATION_PAYMENT_METHODS) as IdName[],
      subjects: idName(ANALYTICS_SUBJECTS) as { id: string; name: string }[],
      sources: [{ id: OFFICE_SOURCE, name: MESSAGES.applications.officeSource }, ...idName(APPLICATION_SOURCES).map(({ id, name }) => ({ id: String(id), name }))],
      platforms: SOURCE_PLATFORMS.map((platform) => ({ id: platform, name: platform })),
      ...row!,
    };
  }

  /** GET /analytics/users/list?query=&limit=: every member of staff by full name, switched off ones too, for every role (the manager filter). */
  async users(raw: Record<string, unknown>): Promise<{ data: IdName[] }> {
    const rows = await pickStaff(this.db, raw, 'everyone', () => ({ everyone: true }));
    return { data: rows.map(({ id, name }) => ({ id, name })) };
  }

  /** GET /analytics/export: the chosen applications' rows by id, 2 000 at a time, with an exact totals row. */
  async export(response: Response, raw: Record<string, unknown>): Promise<void> {
    const { filters, scope } = this.filters(raw);
    const where = analyticsWhere(filters, scope, 3);
    const batches = rowsInBatches<{ id: number }>(async (afterId, limit) => {
      const ids = await this.db.query<{ id: number }[]>(`SELECT t.id FROM applications t WHERE t.id > $1 AND ${where.sql} ORDER BY t.id LIMIT $2`, [afterId, limit, ...where.params]);
      return (await this.rows(ids.map((row) => row.id))) as (AnalyticsRow & { id: number })[];
    });
    await streamXlsx(response, {
      fileName: analyticsFileName({ date_from: scope.period_from, date_to: scope.period_to }),
      sheetName: M.sheet,
      columns: EXPORT_COLUMNS,
      rows: cellsOf(batches as AsyncIterable<AnalyticsRow>),
      totals: { number: MESSAGES.analyticsAgencyReport.totals, ...Object.fromEntries(EXPORT_SUMMED.map((key) => [key, XLSX_SUM])) },
    });
  }
}

const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: OFFICE_TIME_ZONE });

/** The export's cells of each row (the creation date a Moscow day). */
async function* cellsOf(rows: AsyncIterable<AnalyticsRow>): AsyncGenerator<Record<string, unknown>> {
  for await (const row of rows) {
    yield {
      number: row.number,
      created_at: moscowDay.format(new Date(row.created_at)),
      type: row.type_name,
      status: row.status_name,
      requester: row.requester,
      tourists: row.people.tourists,
      adults: row.people.adult_count,
      children: row.people.child_count,
      accommodations: lines(row.accommodations),
      transports: lines(row.transports),
      services: lines(row.services),
      required_services: lines(row.required_services),
      additional_services: lines(row.additional_services),
      price_without_discount: row.price_without_discount,
      manual_price_without_discount: row.manual_price_without_discount,
      discount: row.discount,
      price_total: row.price_total,
      agency_commission: row.agency_commission.total,
      ...Object.fromEntries(VENDOR_COLUMN_KEYS.map((key) => [`vendors_${key}`, row.vendors_payments[key]])),
      vendors_paid: row.vendors_payments.paid,
      payable: row.payments.total_payable_sum,
      paid: row.payments.paid,
      proceeds: row.proceeds,
    };
  }
}
