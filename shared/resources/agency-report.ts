/**
 * The agencies' monthly report (spec 01 §2.4, §3 "Generated agency report", §6: roles 1 and 2, §7):
 * `GET /api/agencies/applications/report?agency_id=&year=&month=` → an xlsx of the agency's
 * applications created in that month, Moscow time. What the server checks and the dialog offers
 * (years 2019 to now, months by name, this month by default) is decided here once.
 */
import { z } from 'zod';
import { id, requiredInteger } from '../validation.js';
import { OFFICE_TIME_ZONE } from '../calendar.js';

export const AGENCY_REPORT_PATH = '/agencies/applications/report';

/** The first year the dialog offers and the server accepts (spec 01 §9). */
export const AGENCY_REPORT_FIRST_YEAR = 2019;

export const MONTH_NAMES = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'] as const;

/** The year and month (1–12) of an instant in Moscow. */
export function moscowMonth(now = new Date()): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: OFFICE_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/** The years the report may be asked for: 2019 to this year (Moscow), newest first. */
export function agencyReportYears(now = new Date()): number[] {
  const last = moscowMonth(now).year;
  return Array.from({ length: last - AGENCY_REPORT_FIRST_YEAR + 1 }, (_, index) => last - index);
}

/** The query, checked by the server (422 on `agency_id`, `year`, `month`); numbers as text are read. */
export const agencyReportQuerySchema = (now = new Date()) =>
  z.object({
    agency_id: id(),
    year: requiredInteger(AGENCY_REPORT_FIRST_YEAR, moscowMonth(now).year),
    month: requiredInteger(1, 12),
  });
export type AgencyReportQuery = z.output<ReturnType<typeof agencyReportQuerySchema>>;

export const agencyReportUrl = ({ agency_id, year, month }: AgencyReportQuery) =>
  `${AGENCY_REPORT_PATH}?${new URLSearchParams({ agency_id: String(agency_id), year: String(year), month: String(month) })}`;

/** `Отчет <agency> <MM.YYYY>.xlsx`; characters no file system takes in a name become spaces. */
export const agencyReportFileName = (agencyName: string, year: number, month: number) =>
  `Отчет ${agencyName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim()} ${String(month).padStart(2, '0')}.${year}.xlsx`;

/** The report's money cells: roubles with kopecks. */
export const ROUBLE_FORMAT = '#,##0.00 ₽';

