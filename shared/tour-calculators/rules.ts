/**
 * Rules of the tour calculator (issue 30): the results formula (docs/pricing.md "Tour calculators"),
 * what a picked tour gives the form, a room's default nights. Pure functions on exact decimals
 * (shared/money.ts); no import of the schema's values (types only), so there is no cycle.
 */
import { MESSAGES } from '../messages.js';
import { decimal, MoneyDecimal, moneyText, roundMoney, sumMoney, type MoneyLike } from '../money.js';
import { CalculatorServiceType } from './constants.js';

const R = MESSAGES.tourCalculators.results;

interface Counts {
  adult_count: number;
  child_count: number;
  retiree_count: number;
  free_count: number;
}
interface PricedService {
  type: number;
  adult_price: MoneyLike;
  child_price: MoneyLike;
  retiree_price: MoneyLike;
  total_price: MoneyLike;
}
interface Extra {
  name: string;
  sum: MoneyLike;
}
export interface CalculatorFigures extends Counts {
  commission_sum: MoneyLike;
  days: { tour_guide_price: MoneyLike; auto_price: MoneyLike; meals: { sum: MoneyLike }[]; services: PricedService[]; additional_services: Extra[] }[];
  hotels: { rooms: { count: number; duration: number; sum: MoneyLike; extra_sum: MoneyLike }[] }[];
  services: PricedService[];
  additional_services: Extra[];
}

/** A titled rouble value; `value` is two-decimal text, like every money value on the wire. */
export interface CalculatorResult {
  title: string;
  value: string;
}

/** Who pays: adults, children and retirees (free places — guides, group leaders — do not). */
export const payingCount = (counts: Counts) => counts.adult_count + counts.child_count + counts.retiree_count;

const perPerson = (service: PricedService) => service.type === CalculatorServiceType.PerPerson;

/** The figures of the formula, unrounded: group cost G and per-person costs a, c, r. */
export function calculatorCosts(calculator: CalculatorFigures) {
  const services = [...calculator.days.flatMap((day) => day.services), ...calculator.services];
  const group = sumMoney([
    ...calculator.days.flatMap((day) => [day.tour_guide_price, day.auto_price]),
    ...services.filter((service) => !perPerson(service)).map((service) => service.total_price),
    ...calculator.hotels.flatMap((hotel) => hotel.rooms.map((room) => decimal(room.sum).times(room.duration).plus(room.extra_sum).times(room.count))),
  ]);
  const meals = sumMoney(calculator.days.flatMap((day) => day.meals.map((meal) => meal.sum)));
  const age = (key: 'adult_price' | 'child_price' | 'retiree_price') => meals.plus(sumMoney(services.filter(perPerson).map((service) => service[key])));
  return { group, adult: age('adult_price'), child: age('child_price'), retiree: age('retiree_price') };
}

/**
 * The results (issue 30): the shared cost per paying person s = (G + free × a) / n; each price
 * (s + own cost) × (1 + commission %), rounded half up to kopecks; the group total Σ count × price;
 * the commission the total less the cost. Then each additionally paid service, per person, outside
 * the total (the tour's, then the days'). Null when nobody pays (the schema refuses that save).
 */
export function calculatorResults(calculator: CalculatorFigures): CalculatorResult[] | null {
  const paying = payingCount(calculator);
  if (paying === 0) return null;
  const { group, adult, child, retiree } = calculatorCosts(calculator);
  const shared = group.plus(adult.times(calculator.free_count));
  const share = shared.dividedBy(paying);
  const factor = new MoneyDecimal(1).plus(decimal(calculator.commission_sum).dividedBy(100));
  const price = (own: MoneyDecimal) => roundMoney(share.plus(own).times(factor));
  const prices = { adult: price(adult), child: price(child), retiree: price(retiree) };
  const total = sumMoney([prices.adult.times(calculator.adult_count), prices.child.times(calculator.child_count), prices.retiree.times(calculator.retiree_count)]);
  const cost = sumMoney([shared, adult.times(calculator.adult_count), child.times(calculator.child_count), retiree.times(calculator.retiree_count)]);
  const line = (title: string, value: MoneyLike): CalculatorResult => ({ title, value: moneyText(value) });
  return [
    line(R.cost, cost),
    line(R.commission, total.minus(cost)),
    line(R.adult, prices.adult),
    line(R.child, prices.child),
    line(R.retiree, prices.retiree),
    line(R.total, total),
    ...calculator.additional_services.map((service) => line(service.name, service.sum)),
    ...calculator.days.flatMap((day, index) => day.additional_services.map((service) => line(`${service.name} (день ${index + 1})`, service.sum))),
  ];
}

/** A room line's nights by default: departure day − arrival day (never below 0). */
export const defaultNights = (hotel: { arrival_day?: unknown; departure_day?: unknown }) => Math.max(0, Number(hotel.departure_day ?? 0) - Number(hotel.arrival_day ?? 0)) || 0;

/** The hotel of a row is fixed once it has rooms (spec 03 §4 "Tour calculator"). */
export const hotelLocked = (hotel: { rooms?: readonly unknown[] | null }) => (hotel.rooms ?? []).length > 0;

/** A tour day's rich text as plain text, for a calculator day and the Word offer. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * What picking a tour (GET /api/tours/{id}) does to the form (spec 03 §4): its name, duration and
 * days (name and description, without ids, prices to be typed) replace the form's; hotels and the
 * tour's services are cleared. Counts and commission stay as typed.
 */
export function calculatorFromTour<Form extends object>(form: Form, tour: { id: number; name: string; duration: unknown; days: readonly { name?: unknown; description?: unknown }[] }) {
  return {
    ...form,
    tour_id: tour.id,
    name: tour.name,
    duration: Number(tour.duration),
    days: tour.days.map((day) => ({ name: String(day.name ?? ''), description: plainText(typeof day.description === 'string' ? day.description : null), tour_guide_price: 0, auto_price: 0, meals: [], services: [], additional_services: [] })),
    hotels: [],
    services: [],
  };
}

/** The offer's file: `<name>.docx`, without what a file name cannot hold (the server names it, the desktop's save dialog offers it). */
export const calculatorFileName = (name: string) => `${name.replace(/[\\/:*?"<>|]/g, '_').trim() || 'Калькулятор'}.docx`;
