/** The engine's unit of account: a priced line (net, markup), its category, vendor and origin; markup and date helpers. */
import { CommissionType } from '../../../shared/commission.js';
import { MoneyDecimal, decimal, roundMoney, type MoneyLike } from '../../../shared/money.js';
import { formatDate } from '../../../shared/format.js';
import type { IsoDate } from './types.js';

/**
 * Breakdown categories (issue 18): accommodation, transport, meals, the tour's own per-person price,
 * and services by class — a tour service's (additional, individual, group) or a hotel's service.
 */
export const PRICING_CATEGORIES = ['accommodation', 'transport', 'meals', 'tour', 'services_additional', 'services_individual', 'services_group', 'services_hotel'] as const;
export type PricingCategory = (typeof PRICING_CATEGORIES)[number];

/** Tour service classes 1–3 (shared/tour-services/constants.ts) as categories. */
export const SERVICE_CLASS_CATEGORIES: Readonly<Record<number, PricingCategory>> = { 1: 'services_additional', 2: 'services_individual', 3: 'services_group' };

/** Which application row a line prices; an accommodation gives a room line and, with a meal, a meal line. */
export type LineSource =
  | { list: 'accommodations'; index: number; part: 'room' | 'meal' }
  | { list: 'transports'; index: number }
  | { list: 'services'; index: number }
  | { list: 'meals'; index: number }
  | { list: 'tour' };

/** A line before the application-wide totals: net and markup exact to the kopeck (each rounded half up once). */
export interface Line {
  source: LineSource;
  category: PricingCategory;
  vendor_id: number | null;
  net: MoneyDecimal;
  markup: MoneyDecimal;
}

export const ZERO = new MoneyDecimal(0);

/** A line with its net and markup rounded to kopecks (half up): the one rounding a line gets. */
export const line = (source: LineSource, category: PricingCategory, vendor_id: number | null, net: MoneyDecimal, markup: MoneyDecimal): Line => ({
  source,
  category,
  vendor_id,
  net: roundMoney(net),
  markup: roundMoney(markup),
});

/** The markup of a pair on `net` for `persons` (per unit: a night, a day, a ride): fixed roubles per person, or a percent of the net. Exact. */
export function pairMarkup(type: number, sum: MoneyLike, net: MoneyDecimal, persons: number): MoneyDecimal {
  if (type === CommissionType.Fixed) return decimal(sum).times(persons);
  return net.times(decimal(sum)).dividedBy(100);
}

/** A plain percent of `net`. Exact. */
export const percentMarkup = (net: MoneyDecimal, percent: MoneyLike): MoneyDecimal => net.times(decimal(percent)).dividedBy(100);

/** A nullable price column: an empty one prices nothing. */
export const price = (value: MoneyLike | null | undefined): MoneyDecimal => (value === null || value === undefined ? ZERO : decimal(value));

const DAY_MS = 86_400_000;
const toDays = (date: IsoDate): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDays = (days: number): IsoDate => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The nights of a stay: from arrival to the night before departure. */
export function nightsOf(start: IsoDate, finish: IsoDate): IsoDate[] {
  const nights: IsoDate[] = [];
  for (let day = toDays(start); day < toDays(finish); day += 1) nights.push(fromDays(day));
  return nights;
}

/** `date` moved by `days`. */
export const addDays = (date: IsoDate, days: number): IsoDate => fromDays(toDays(date) + days);

/** ISO weekday, 1 Monday … 7 Sunday (the transport days' numbers). */
export const isoWeekday = (date: IsoDate): number => ((new Date(toDays(date) * DAY_MS).getUTCDay() + 6) % 7) + 1;

/** The period (both ends included) covering `date`. */
export const coveringPeriod = <Period extends { date_from: IsoDate; date_to: IsoDate }>(periods: readonly Period[], date: IsoDate): Period | undefined =>
  periods.find((period) => period.date_from <= date && date <= period.date_to);

/** A date as the messages print it (DD.MM.YYYY). */
export const printedDate = (date: IsoDate): string => formatDate(date);
