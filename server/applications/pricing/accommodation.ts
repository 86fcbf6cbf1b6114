/** An accommodation priced night by night from its room's price periods (docs/pricing.md "Accommodation"). */
import { MESSAGES } from '../../../shared/messages.js';
import { decimal, type MoneyDecimal, type MoneyLike } from '../../../shared/money.js';
import { PricingError } from './errors.js';
import { ZERO, coveringPeriod, line, nightsOf, pairMarkup, percentMarkup, price, printedDate, type Line } from './lines.js';
import { HOTEL_CATEGORIES, type AccommodationInput, type CommissionPair, type HotelCategory, type HotelMarkupColumns, type RoomPricePeriodRow } from './types.js';

/**
 * Whose markup an accommodation takes: the hotel's own (its price period's or the hotel's columns),
 * an excursion tour's pairs (accommodation and meal), or a sea tour's percent.
 */
export type AccommodationMarkup = { kind: 'own' } | { kind: 'pair'; room: CommissionPair; meal: CommissionPair } | { kind: 'percent'; percent: MoneyLike };

/** The guests of a category, by the period's price column of that category. */
const CATEGORY_COUNT: Record<HotelCategory, keyof AccommodationInput> = {
  adult: 'adult_count',
  child: 'child_count',
  adv_adult: 'adv_adult_count',
  adv_child: 'adv_child_count',
  child_without_place: 'child_without_count',
};
const CATEGORY_PRICE: Record<HotelCategory, keyof RoomPricePeriodRow> = {
  adult: 'adult_price',
  child: 'child_price',
  adv_adult: 'adv_adult_price',
  adv_child: 'adv_child_price',
  child_without_place: 'child_without_price',
};

const countOf = (stay: AccommodationInput, category: HotelCategory): number => stay[CATEGORY_COUNT[category]] as number;
export const personsOf = (stay: AccommodationInput): number => HOTEL_CATEGORIES.reduce((sum, category) => sum + countOf(stay, category), 0);

/** The period's markup columns rule when it is differentiated or its general sum is not 0; the hotel's otherwise. */
const markupSource = (period: RoomPricePeriodRow, hotel: HotelMarkupColumns): HotelMarkupColumns =>
  period.is_differentiate || !decimal(period.commission_general_sum).isZero() ? period : hotel;

/** One night's net and own markup, exact. */
function night(stay: AccommodationInput, period: RoomPricePeriodRow): { net: MoneyDecimal; markup: MoneyDecimal } {
  const source = markupSource(period, stay.hotel);
  if (period.is_total_price) {
    const net = price(period.total_price);
    // A total price has no categories: only the general markup applies.
    return { net, markup: percentMarkup(net, source.commission_general_sum) };
  }
  let net = ZERO;
  let differentiated = ZERO;
  for (const category of HOTEL_CATEGORIES) {
    const count = countOf(stay, category);
    const categoryNet = price(period[CATEGORY_PRICE[category]] as MoneyLike | null).times(count);
    net = net.plus(categoryNet);
    differentiated = differentiated.plus(pairMarkup(source[`commission_${category}_type`], source[`commission_${category}_sum`], categoryNet, count));
  }
  return { net, markup: source.is_differentiate ? differentiated : percentMarkup(net, source.commission_general_sum) };
}

/** The room line and, with a meal, the meal line of accommodation `index`. */
export function priceAccommodation(stay: AccommodationInput, index: number, policy: AccommodationMarkup): Line[] {
  const persons = personsOf(stay);
  const nights = nightsOf(stay.start_at, stay.finish_at);
  const meal = stay.meal_id === null ? null : stay.hotel.meals.find((item) => item.item_id === stay.meal_id);
  if (stay.meal_id !== null && !meal) throw new PricingError('no_hotel_meal', `accommodations.${index}.meal_id`, MESSAGES.validation.oneOf);

  // Every night of one period costs the same: each period is priced once and counted by its nights
  // (exact — a sum of equal decimals is their product), so a stay costs its periods, not its nights.
  const nightsOfPeriod = new Map<RoomPricePeriodRow, number>();
  for (const date of nights) {
    const period = coveringPeriod(stay.periods, date);
    if (!period) throw new PricingError('no_price_period', `accommodations.${index}.start_at`, MESSAGES.applications.noPriceForNight(printedDate(date)));
    nightsOfPeriod.set(period, (nightsOfPeriod.get(period) ?? 0) + 1);
  }
  let roomNet = ZERO;
  let roomMarkup = ZERO;
  for (const [period, count] of nightsOfPeriod) {
    const own = night(stay, period);
    const markup = policy.kind === 'own' ? own.markup : policy.kind === 'pair' ? pairMarkup(policy.room.type, policy.room.sum, own.net, persons) : percentMarkup(own.net, policy.percent);
    roomNet = roomNet.plus(own.net.times(count));
    roomMarkup = roomMarkup.plus(markup.times(count));
  }
  const lines = [line({ list: 'accommodations', index, part: 'room' }, 'accommodation', stay.hotel.vendor_id, roomNet, roomMarkup)];
  if (meal) {
    // The meal's night is the same every night.
    const net = decimal(meal.sum).times(persons);
    const markup =
      policy.kind === 'own'
        ? pairMarkup(stay.hotel.commission_meal_type, stay.hotel.commission_meal_sum, net, persons)
        : policy.kind === 'pair'
          ? pairMarkup(policy.meal.type, policy.meal.sum, net, persons)
          : percentMarkup(net, policy.percent);
    lines.push(line({ list: 'accommodations', index, part: 'meal' }, 'meals', stay.hotel.vendor_id, net.times(nights.length), markup.times(nights.length)));
  }
  return lines;
}
