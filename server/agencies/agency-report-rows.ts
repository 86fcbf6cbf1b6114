/**
 * The rows of an agency report, shared by the agencies' monthly report (agency-report.service.ts) and
 * the analytics' agency report (server/analytics/agency-report/): the columns, the SQL reading an
 * application `a` as a row, and that row as the sheet's cells.
 */
import { APPLICATION_TYPES } from '../../shared/applications/constants.js';
import { moneyNumber } from '../../shared/money.js';
import { ROUBLE_FORMAT } from '../../shared/resources/agency-report.js';
import type { XlsxColumn } from '../exports/xlsx.js';
import { OFFICE_TIME_ZONE } from '../../shared/calendar.js';

/** The report's money columns: each a numeric cell in roubles, summed exactly into the totals row (XLSX_SUM). */
export const AGENCY_REPORT_MONEY_KEYS = ['price_total', 'commission', 'to_pay', 'paid', 'balance'] as const;
export type AgencyReportMoneyKey = (typeof AGENCY_REPORT_MONEY_KEYS)[number];

export const AGENCY_REPORT_COLUMNS = [
  { header: 'Номер заявки', key: 'number', width: 16 },
  { header: 'Дата создания', key: 'date', width: 14, type: 'date' },
  { header: 'Туристы', key: 'tourists', width: 40 },
  { header: 'Продукт', key: 'product', width: 32 },
  { header: 'Стоимость', key: 'price_total', width: 16, type: 'number', format: ROUBLE_FORMAT },
  { header: 'Комиссия', key: 'commission', width: 14, type: 'number', format: ROUBLE_FORMAT },
  { header: 'К оплате', key: 'to_pay', width: 16, type: 'number', format: ROUBLE_FORMAT },
  { header: 'Оплачено', key: 'paid', width: 16, type: 'number', format: ROUBLE_FORMAT },
  { header: 'Остаток', key: 'balance', width: 16, type: 'number', format: ROUBLE_FORMAT },
] satisfies XlsxColumn[];

export type AgencyReportRow = { id: number; number: string; date: string; tourists: string | null; type: number; product: string | null } & Record<AgencyReportMoneyKey, string>;

/**
 * The select list of an application `a` as an AgencyReportRow; it needs AGENCY_REPORT_PAID in the FROM.
 * The created date is Moscow's. Money stays numeric in SQL and comes as text: paid is the payment
 * status's own `application_paid` (migrations/1765600000000-DerivedPaymentStatus.ts: Σ paid rows −
 * Σ refunds, pending rows count nothing); the balance is what the agency still owes, to pay − paid
 * (negative when it overpaid).
 */
export const AGENCY_REPORT_FIELDS = `
  a.id, a.number, (a.created_at AT TIME ZONE '${OFFICE_TIME_ZONE}')::date::text AS date,
  (SELECT string_agg(concat_ws(' ', t.last_name, t.first_name, t.patronymic), ', ' ORDER BY t.position, t.id)
     FROM tourists t WHERE t.application_id = a.id) AS tourists,
  a.type,
  application_product_name(a) AS product,
  a.price_total::text AS price_total, a.agency_commission::text AS commission, a.agency_to_pay::text AS to_pay,
  p.paid::text AS paid, (a.agency_to_pay - p.paid)::text AS balance`;

/** The FROM's part computing each application's paid sum once. */
export const AGENCY_REPORT_PAID = `CROSS JOIN LATERAL (SELECT application_paid(a.id) AS paid) p`;

/** A row's cells: numeric(12,2) text as its number (exact kopecks, which totals sum as decimals); no product → the type's name. */
export function agencyReportCells(row: AgencyReportRow) {
  return {
    number: row.number,
    date: row.date,
    tourists: row.tourists,
    product: row.product ?? APPLICATION_TYPES.find((type) => type.id === row.type)?.name ?? '',
    ...(Object.fromEntries(AGENCY_REPORT_MONEY_KEYS.map((key) => [key, moneyNumber(row[key])])) as Record<AgencyReportMoneyKey, number>),
  };
}
