/**
 * The pricing engine (issue 18, docs/pricing.md): the single source of every total of an application.
 * One pure function over the application's loaded rows; exact decimals throughout, each line rounded
 * to kopecks half up once, the application-wide sums spread back over the lines to the kopeck.
 */
import { APPLICATION_LIMITS, RequesterType, SERVICE_LINE_KINDS, type ServiceLineKind } from '../../../shared/applications/constants.js';
import { CommissionType } from '../../../shared/commission.js';
import { MESSAGES } from '../../../shared/messages.js';
import { MoneyDecimal, decimal, moneyText, percentOf, sameMoney, sumMoney, type MoneyLike } from '../../../shared/money.js';
import { formatMoney } from '../../../shared/format.js';
import { TransferType } from '../../../shared/transfers.js';
import { priceAccommodation, type AccommodationMarkup } from './accommodation.js';
import { PricingError } from './errors.js';
import { priceMeal, priceService, priceTourBase } from './extras.js';
import { PRICING_CATEGORIES, ZERO, type Line, type LineSource, type PricingCategory } from './lines.js';
import { priceTransport, type TransportMarkup } from './transport.js';
import type { CommissionPairColumns, PricingInput, SeaTourPercents, SeaTourRow } from './types.js';

/** A line with its share of the application's price, discount and agency commission (two-decimal texts, as numeric(12,2) takes them). */
/** A line's share, and the sums of a category: money as exact decimal text. */
export interface CategoryTotals {
  net: string;
  /** price − net: the estimate's markup, or what a manual price makes of it. */
  markup: string;
  /** The share of the price without discount (the estimate itself unless a manual price replaced it). */
  price: string;
  discount: string;
  price_total: string;
  agency_commission: string;
}

export interface PricedLine extends CategoryTotals {
  source: LineSource;
  category: PricingCategory;
  vendor_id: number | null;
}

/** What is stored with the application at every save: analytics and the vendor summary read it, never re-price. */
export interface PricingBreakdown {
  categories: Record<PricingCategory, CategoryTotals>;
  /** The price without discount of the three kinds of service lines (analytics' services columns). */
  service_kinds: Record<ServiceLineKind, string>;
  /** Net per vendor and category; lines without a vendor under null. */
  vendors: { vendor_id: number | null; category: PricingCategory; net: string }[];
}

export interface PricingResult {
  /** The engine's own estimate, before any manual price. */
  estimated_price_without_discount: string;
  /** The manual price when set, the estimate otherwise. */
  price_without_discount: string;
  net_total: string;
  markup_total: string;
  /** The discount applied: 0 after a manual price change. */
  discount: string;
  /** The largest whole discount allowed: the price never goes below the net cost. */
  max_discount: number;
  price_total: string;
  agency_commission: string;
  agency_to_pay: string;
  lines: PricedLine[];
  breakdown: PricingBreakdown;
}

const SEA_PERCENT: Record<number, keyof SeaTourPercents> = {
  [TransferType.Bus]: 'commission_sum',
  [TransferType.Railway]: 'commission_railway_sum',
  [TransferType.Avia]: 'commission_avia_sum',
};

/** A sea tour's percent for a hotel: its group's when the hotel is in one, the tour's otherwise, for the transfer type. */
const seaPercent = (seaTour: SeaTourRow, transferType: number, hotelId: number): MoneyLike => {
  const column = SEA_PERCENT[transferType] ?? 'commission_sum';
  return (seaTour.groups.find((group) => group.hotel_ids.includes(hotelId)) ?? seaTour)[column];
};

function itemLines(input: PricingInput): Line[] {
  const { product } = input;
  const lines: Line[] = [];
  input.accommodations.forEach((stay, index) => {
    const policy: AccommodationMarkup =
      product.kind === 'tour'
        ? {
            kind: 'pair',
            room: { type: product.tour.commission_accommodation_type, sum: product.tour.commission_accommodation_sum },
            meal: { type: product.tour.commission_meal_type, sum: product.tour.commission_meal_sum },
          }
        : product.kind === 'sea_tour'
          ? { kind: 'percent', percent: seaPercent(product.seaTour, product.transfer_type, stay.hotel.id) }
          : { kind: 'own' };
    lines.push(...priceAccommodation(stay, index, policy));
  });
  input.transports.forEach((item, index) => {
    const policy: TransportMarkup =
      product.kind === 'tour'
        ? { kind: 'pair', pair: { type: product.tour.commission_transport_type, sum: product.tour.commission_transport_sum } }
        : product.kind === 'sea_tour'
          ? { kind: 'percent', percent: product.seaTour.commission_sum }
          : { kind: 'own' };
    lines.push(priceTransport(item, index, policy));
  });
  if (product.kind === 'tour') lines.push(priceTourBase(product.tour, input.adult_count, input.child_count));
  const kindIndex: Record<ServiceLineKind, number> = { services: 0, required_services: 0, additional_services: 0 };
  input.services.forEach((service, index) => {
    lines.push(priceService(service, index, `${service.kind}.${kindIndex[service.kind]}`));
    kindIndex[service.kind] += 1;
  });
  input.meals.forEach((meal, index) => lines.push(priceMeal(meal, index)));
  return lines;
}

/**
 * `total` spread over `weights` to the kopeck (largest remainder): the parts always sum to `total`,
 * and a total equal to the weights' sum gives each weight back unchanged. Negative weights count as 0;
 * with nothing to weigh, equal parts.
 */
export function allocate(total: MoneyDecimal, weights: readonly MoneyDecimal[]): MoneyDecimal[] {
  if (weights.length === 0) return [];
  const positive = weights.map((weight) => (weight.isNegative() ? ZERO : weight));
  const sum = sumMoney(positive);
  const shares = sum.isZero() ? positive.map(() => new MoneyDecimal(1)) : positive;
  const shareSum = sum.isZero() ? new MoneyDecimal(shares.length) : sum;
  const kopecks = total.times(100).abs();
  const exact = shares.map((share) => kopecks.times(share).dividedBy(shareSum));
  const parts = exact.map((value) => value.floor());
  let left = kopecks.minus(sumMoney(parts)).toNumber();
  const order = exact.map((value, index) => ({ index, rest: value.minus(parts[index]!) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = parts[index]!.plus(1);
    left -= 1;
  }
  const sign = total.isNegative() ? -1 : 1;
  return parts.map((part) => part.times(sign).dividedBy(100));
}

/** The agency's commission on `priceTotal`: fixed roubles, or a percent of it. */
const commissionOf = (pair: CommissionPairColumns, priceTotal: MoneyDecimal): MoneyDecimal =>
  pair.commission_type === CommissionType.Percent ? percentOf(priceTotal, pair.commission_sum) : decimal(pair.commission_sum);

/**
 * The agency's commission, taken from `priceTotal` and never more than it (issue 37: «К оплате
 * агентством» never below 0): a computed one (a fixed sum above a small price) is capped silently, a
 * manual one above the price is the person's mistake — a 422 on `manual_agency_commission`.
 */
function agencyCommission(input: PricingInput, priceTotal: MoneyDecimal): MoneyDecimal {
  const ceiling = priceTotal.isNegative() ? ZERO : priceTotal;
  if (input.manual_agency_commission !== null) {
    const manual = decimal(input.manual_agency_commission);
    if (manual.greaterThan(ceiling)) throw new PricingError('agency_commission_max', 'manual_agency_commission', MESSAGES.applications.agencyCommissionMax(formatMoney(moneyText(ceiling))));
    return manual;
  }
  const computed = computedAgencyCommission(input, priceTotal);
  return computed.greaterThan(ceiling) ? ceiling : computed;
}

function computedAgencyCommission(input: PricingInput, priceTotal: MoneyDecimal): MoneyDecimal {
  if (input.requester.type !== RequesterType.Agency) return ZERO;
  const { product } = input;
  // An excursion tour's agency pair, when set, replaces the agency's own.
  if (product.kind === 'tour' && !decimal(product.tour.commission_agency_sum).isZero()) {
    return commissionOf({ commission_type: product.tour.commission_agency_type, commission_sum: product.tour.commission_agency_sum }, priceTotal);
  }
  return commissionOf(input.requester, priceTotal);
}

/**
 * Each line's share of the agency commission: by the lines' weights as the price and discount are
 * spread, unless a share would then exceed its line's price after discount (a commission close to
 * the whole price, rounding) — then by those prices themselves, so no line's commission is above its
 * price. The shares always sum to the commission (which is never above the lines' prices' sum).
 */
export function commissionShares(commission: MoneyDecimal, linePrices: readonly MoneyDecimal[], weights: readonly MoneyDecimal[]): MoneyDecimal[] {
  const byWeights = allocate(commission, weights);
  const within = byWeights.every((share, index) => share.lessThanOrEqualTo(linePrices[index]!.isNegative() ? ZERO : linePrices[index]!));
  return within ? byWeights : allocate(commission, linePrices);
}

/** Prices the whole application: totals, each line's share and the stored breakdown. Throws PricingError (a 422 on its path). */
export function priceApplication(input: PricingInput): PricingResult {
  const lines = itemLines(input);
  const estimate = sumMoney(lines.map((item) => item.net.plus(item.markup)));
  const netTotal = sumMoney(lines.map((item) => item.net));
  const manual = input.manual_price_without_discount;
  const priceWithoutDiscount = manual === null ? estimate : decimal(manual);

  const maxDiscount = Math.max(0, priceWithoutDiscount.minus(netTotal).floor().toNumber());
  // A new manual price resets the discount (spec 03 §4).
  const manualChanged = input.previous_manual_price_without_discount !== undefined && !sameMoney(manual, input.previous_manual_price_without_discount);
  const discount = manualChanged || input.discount === null ? ZERO : decimal(input.discount);
  if (discount.greaterThan(maxDiscount)) throw new PricingError('discount_max', 'discount', MESSAGES.applications.discountMax(maxDiscount));

  const priceTotal = priceWithoutDiscount.minus(discount);
  if (priceTotal.greaterThan(APPLICATION_LIMITS.total)) {
    throw new PricingError('total_max', manual === null ? 'price_total' : 'manual_price_without_discount', MESSAGES.applications.totalMax(formatMoney(APPLICATION_LIMITS.total)));
  }
  const commission = agencyCommission(input, priceTotal);

  const weights = lines.map((item) => item.net.plus(item.markup));
  const prices = allocate(priceWithoutDiscount, weights);
  const discounts = allocate(discount, weights);
  const commissions = commissionShares(commission, prices.map((price, index) => price.minus(discounts[index]!)), weights);
  const priced: PricedLine[] = lines.map((item, index) => ({
    source: item.source,
    category: item.category,
    vendor_id: item.vendor_id,
    net: moneyText(item.net),
    markup: moneyText(prices[index]!.minus(item.net)),
    price: moneyText(prices[index]!),
    discount: moneyText(discounts[index]!),
    price_total: moneyText(prices[index]!.minus(discounts[index]!)),
    agency_commission: moneyText(commissions[index]!),
  }));

  return {
    estimated_price_without_discount: moneyText(estimate),
    price_without_discount: moneyText(priceWithoutDiscount),
    net_total: moneyText(netTotal),
    markup_total: moneyText(priceWithoutDiscount.minus(netTotal)),
    discount: moneyText(discount),
    max_discount: maxDiscount,
    price_total: moneyText(priceTotal),
    agency_commission: moneyText(commission),
    agency_to_pay: moneyText(priceTotal.minus(commission)),
    lines: priced,
    breakdown: breakdownOf(priced, input),
  };
}

function breakdownOf(lines: readonly PricedLine[], input: PricingInput): PricingBreakdown {
  const totalsOf = (own: readonly PricedLine[]): CategoryTotals => {
    const sum = (field: keyof CategoryTotals) => moneyText(sumMoney(own.map((item) => item[field])));
    return { net: sum('net'), markup: sum('markup'), price: sum('price'), discount: sum('discount'), price_total: sum('price_total'), agency_commission: sum('agency_commission') };
  };
  const categories = Object.fromEntries(PRICING_CATEGORIES.map((category) => [category, totalsOf(lines.filter((item) => item.category === category))])) as Record<
    PricingCategory,
    CategoryTotals
  >;
  const serviceKinds = Object.fromEntries(
    SERVICE_LINE_KINDS.map((kind) => [
      kind,
      moneyText(sumMoney(lines.filter((item) => item.source.list === 'services' && input.services[item.source.index]?.kind === kind).map((item) => item.price))),
    ]),
  ) as Record<ServiceLineKind, string>;
  const vendors = new Map<string, { vendor_id: number | null; category: PricingCategory; net: MoneyDecimal }>();
  for (const item of lines) {
    const key = `${item.vendor_id ?? ''}:${item.category}`;
    const entry = vendors.get(key) ?? { vendor_id: item.vendor_id, category: item.category, net: ZERO };
    entry.net = entry.net.plus(decimal(item.net));
    vendors.set(key, entry);
  }
  return {
    categories,
    service_kinds: serviceKinds,
    vendors: [...vendors.values()].map((entry) => ({ vendor_id: entry.vendor_id, category: entry.category, net: moneyText(entry.net) })),
  };
}
