/**
 * The analytics' agency report (spec 03 §2.12, §5 "Analytics", §7 "Analytics", §9; issue 29):
 * `GET /api/analytics/agency-report?date_from=&date_to=&status_ids=&product_types=&sources=&by_employees=`
 * → an xlsx of the agencies' applications created in the period (Moscow time), grouped per agency
 * (and per agency employee with `by_employees`). Its query, checked once here for the server and the dialog.
 */
import { z } from 'zod';
import { APPLICATION_STATUS_IDS, APPLICATION_TYPE_IDS } from '../applications/constants.js';
import { SOURCE_FILTER_VALUES } from '../applications/list.js';
import { typedDate } from '../dates.js';
import { foldListFilterKeys, listFilter } from '../list.js';
import { MESSAGES } from '../messages.js';

import { optionalTypedDate } from '../validation.js';
import { officeToday } from '../calendar.js';

export const ANALYTICS_AGENCY_REPORT_PATH = '/analytics/agency-report';

const bounds = (values: readonly number[]) => [Math.min(...values), Math.max(...values)] as const;

/** The filters; lists read as `x[]=1&x[]=3`, `x=1,3` or `x=1` (shared/list.ts), `statuses_ids` for the spec's `status_ids` too. */
const AGENCY_REPORT_FILTERS = z.object({
  date_from: optionalTypedDate(),
  date_to: optionalTypedDate(),
  status_ids: listFilter.integers(...bounds(APPLICATION_STATUS_IDS), { aliases: ['statuses_ids'] }),
  product_types: listFilter.integers(...bounds(APPLICATION_TYPE_IDS)),
  /** APPLICATION_SOURCES' ids, or `none` (made in the office). */
  sources: listFilter.words(SOURCE_FILTER_VALUES),
  by_employees: listFilter.flag(),
});

/**
 * The query, checked by the server (422 on the field): a from or a to date is needed (the message under
 * both); only `date_to` → from 1 January of its year (spec 03 §9), only `date_from` → to today in Moscow
 * (or `date_from` itself when it is later); to before from → 422 on `date_to`.
 */
export const analyticsAgencyReportQuerySchema = (now = new Date()) =>
  z.preprocess(
    (raw) => foldListFilterKeys(raw, AGENCY_REPORT_FILTERS),
    AGENCY_REPORT_FILTERS.superRefine((query, context) => {
      if (!query.date_from && !query.date_to) {
        for (const path of ['date_from', 'date_to']) context.addIssue({ code: 'custom', path: [path], message: MESSAGES.analyticsAgencyReport.datesRequired });
      } else if (query.date_from && query.date_to && query.date_to < query.date_from) {
        context.addIssue({ code: 'custom', path: ['date_to'], message: MESSAGES.dates.order });
      }
    }).transform((query) => {
      const today = officeToday(now);
      const dateTo = query.date_to ?? (query.date_from! > today ? query.date_from! : today);
      return {
        date_from: query.date_from ?? `${dateTo.slice(0, 4)}-01-01`,
        date_to: dateTo,
        status_ids: query.status_ids ?? null,
        product_types: query.product_types ?? null,
        sources: query.sources ?? null,
        by_employees: query.by_employees ?? false,
      };
    }),
  );
export type AnalyticsAgencyReportQuery = z.output<ReturnType<typeof analyticsAgencyReportQuerySchema>>;

/** The report's URL for a checked query (the dialog checks what was typed with the schema above first). */
export function analyticsAgencyReportUrl(query: AnalyticsAgencyReportQuery): string {
  const params = new URLSearchParams({ date_from: query.date_from, date_to: query.date_to });
  for (const key of ['status_ids', 'product_types', 'sources'] as const) if (query[key]?.length) params.set(key, query[key].join(','));
  if (query.by_employees) params.set('by_employees', '1');
  return `${ANALYTICS_AGENCY_REPORT_PATH}?${params}`;
}

/** `Отчет по агентствам 01.01.2026–31.12.2026.xlsx`: what it holds and its period. */
export const analyticsAgencyReportFileName = (query: Pick<AnalyticsAgencyReportQuery, 'date_from' | 'date_to'>) =>
  `Отчет по агентствам ${typedDate(query.date_from)}–${typedDate(query.date_to)}.xlsx`;
