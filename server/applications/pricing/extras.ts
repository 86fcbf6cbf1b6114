/** Service lines, a tour's dated meals and a tour's own per-person price (docs/pricing.md). */
import { MESSAGES } from '../../../shared/messages.js';
import { decimal, roundMoney, type MoneyDecimal } from '../../../shared/money.js';
import { PricingError } from './errors.js';
import { SERVICE_CLASS_CATEGORIES, ZERO, addDays, coveringPeriod, line, pairMarkup, price, printedDate, type Line } from './lines.js';
import type { MealLineInput, ServiceLineInput, TourRow } from './types.js';

/**
 * A service line: count × price, the price being a hotel service's sum, or a tour service's adult
 * price of the period covering the line's date plus its adult markup (the unit price rounded to
 * kopecks first, as the line shows it). `path` is the line's place in its own list (`required_services.2`).
 */
export function priceService(service: ServiceLineInput, index: number, path: string): Line {
  const count = decimal(service.count);
  const source = { list: 'services', index } as const;
  if (service.service.source === 'hotel') {
    const net = decimal(service.service.sum).times(count);
    return line(source, 'services_hotel', service.service.vendor_id, net, ZERO);
  }
  const { row } = service.service;
  const { unitNet, unitPrice } = serviceUnit(service, path);
  const net = roundMoney(unitNet.times(count));
  return line(source, SERVICE_CLASS_CATEGORIES[row.class] ?? 'services_additional', row.vendor_id, net, roundMoney(unitPrice.times(count)).minus(net));
}

/**
 * A service line's unit: its net and its price as the line shows it (a hotel service's sum; a tour
 * service's period price plus its adult markup, rounded to kopecks). The save stores the unit price
 * as the line's `price`.
 */
export function serviceUnit(service: ServiceLineInput, path: string): { unitNet: MoneyDecimal; unitPrice: MoneyDecimal } {
  if (service.service.source === 'hotel') {
    const sum = decimal(service.service.sum);
    return { unitNet: sum, unitPrice: sum };
  }
  const { row } = service.service;
  const period = service.date === null ? undefined : coveringPeriod(row.periods, service.date);
  if (!period) throw new PricingError('no_service_price', `${path}.serviceable_id`, MESSAGES.applications.noServicePrice(service.date === null ? '—' : printedDate(service.date)));
  const unitNet = decimal(period.adult_price);
  return { unitNet, unitPrice: roundMoney(unitNet.plus(pairMarkup(period.commission_adult_type, period.commission_adult_sum, unitNet, 1))) };
}

/** A tour meal: on each of its tour days, the price of the dated row covering that day per person, with that row's markup. */
export function priceMeal(meal: MealLineInput, index: number): Line {
  let net = ZERO;
  let markup = ZERO;
  for (const day of meal.meal.days) {
    const date = addDays(meal.start_date, day - 1);
    const row = coveringPeriod(meal.meal.dates, date);
    if (!row) throw new PricingError('no_meal_price', `meals.${index}.days`, MESSAGES.applications.noMealPrice(printedDate(date)));
    const dayNet = decimal(row.price).times(meal.persons);
    net = net.plus(dayNet);
    markup = markup.plus(pairMarkup(row.commission_type, row.commission_sum, dayNet, meal.persons));
  }
  return line({ list: 'meals', index }, 'meals', meal.meal.vendor_id, net, markup);
}

/** An excursion tour's own price: per adult the adult price with the adult pair, per child the child price with the child pair. */
export function priceTourBase(tour: TourRow, adults: number, children: number): Line {
  const adultNet = price(tour.adult_price).times(adults);
  const childNet = price(tour.child_price).times(children);
  const markup = pairMarkup(tour.commission_adult_type, tour.commission_adult_sum, adultNet, adults).plus(
    pairMarkup(tour.commission_child_type, tour.commission_child_sum, childNet, children),
  );
  return line({ list: 'tour' }, 'tour', null, adultNet.plus(childNet), markup);
}
