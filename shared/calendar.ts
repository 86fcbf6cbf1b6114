/**
 * The office's calendar, in one place (issue 38): its time zone and its today. A month of a report,
 * the day an undated payment is dated, the nightly imports' clock — each is the office's (Moscow),
 * whatever the zone of the server or of the desktop it runs on.
 */

/** The office's time zone. */
export const OFFICE_TIME_ZONE = 'Europe/Moscow';

const officeDay = new Intl.DateTimeFormat('en-CA', { timeZone: OFFICE_TIME_ZONE });

/** Today (YYYY-MM-DD) in the office: between 00:00 and 03:00 Moscow it is already the next day in UTC's terms, not the last. */
export const officeToday = (now = new Date()): string => officeDay.format(now);
