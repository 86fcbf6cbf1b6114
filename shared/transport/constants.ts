/**
 * Bus transports (spec 02 §3, §5, §9): limits, departure types, weekdays.
 */


/** Spec 02 §5, §9. */
export const TRANSPORT_LIMITS = {
  name: 255,
  duration: { min: 0, max: 100, default: 1 },
  price: 999_999.99,
  tariff: 999_999,
  weekdays: 7,
  /** A bus transport's departure dates (issue 25: ours): two years of daily departures. */
  dates: 730,
  /** Route-point positions are `smallint` columns. */
  position: 32_767,
  freight: 999_999.99,
  info: 5000,
  catalogTitle: 255,
  catalogPrice: 999_999.99,
  sort: { min: 1, max: 100 },
  seoText: 255,
  seoDescription: 1000,
  blockTitle: 200,
  richText: 20_000,
  faqQuestion: 200,
  advantageTitle: 200,
} as const;

/** Spec 02 §3: departure_type 1 days (weekly), 2 dates. */
export const DEPARTURE_TYPE = { days: 1, dates: 2 } as const;

/** Spec 02 §3: days carry a number (1–7, ISO: 1 is Monday) and a short label. */
export const WEEKDAYS = [
  { id: 1, name: 'Понедельник', short: 'Пн' },
  { id: 2, name: 'Вторник', short: 'Вт' },
  { id: 3, name: 'Среда', short: 'Ср' },
  { id: 4, name: 'Четверг', short: 'Чт' },
  { id: 5, name: 'Пятница', short: 'Пт' },
  { id: 6, name: 'Суббота', short: 'Сб' },
  { id: 7, name: 'Воскресенье', short: 'Вс' },
] as const;

export const weekdayName = (number: number) => WEEKDAYS.find((day) => day.id === number)?.name ?? '';

/** The calendar date of today here, YYYY-MM-DD (dates are calendar dates, never instants). */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
