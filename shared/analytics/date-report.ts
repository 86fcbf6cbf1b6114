/**
 * The analytics' date report (spec 03 §2.12, §7 "Analytics": GET /analytics/date-report with
 * start_date; §9: it needs a date): the applications starting that day, for the staff meeting the
 * group. The query, the URL and the file's name are decided here once, for the server and the dialog.
 */
import { z } from 'zod';
import { DATE_BOUNDS, typedDate } from '../dates.js';
import { MESSAGES } from '../messages.js';
import { requiredTypedDate } from '../validation.js';

export const DATE_REPORT_PATH = '/analytics/date-report';

/**
 * `start_date` as YYYY-MM-DD or as typed (DD.MM.YYYY and the other forms parseTypedDate reads);
 * absent or blank: 422 'Поле Дата начала обязательно для заполнения.', not a date: the date format message.
 */
export const dateReportQuerySchema = z.object({
  start_date: requiredTypedDate(DATE_BOUNDS, { missing: MESSAGES.dateReport.dateRequired }),
});
export type DateReportQuery = z.output<typeof dateReportQuerySchema>;

/** The report's URL for what the date field holds: a YYYY-MM-DD date, or the text typed when it is none (the server refuses it). */
export const dateReportUrl = (startDate: string | null) => `${DATE_REPORT_PATH}?${new URLSearchParams({ start_date: startDate ?? '' })}`;

/** `Отчет на дату 05.06.2027.xlsx`. */
export const dateReportFileName = (startDate: string) => `${MESSAGES.dateReport.action} ${typedDate(startDate)}.xlsx`;
