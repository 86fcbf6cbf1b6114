/**
 * The pricing engine's worked examples (issue 18, docs/pricing.md), in real numbers worked out by
 * hand: every expected figure below is written as the arithmetic that gives it.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/format.js';
import { MESSAGES } from '../../../shared/messages.js';
import { MoneyDecimal } from '../../../shared/money.js';
import { TransferType } from '../../../shared/transfers.js';
import { allocate, commissionShares } from './engine.js';
import { PricingError, priceApplication, type AccommodationInput, type HotelRow, type PricingInput, type RoomPricePeriodRow, type TourRow, type TransportItemInput, type TransportRow } from './index.js';

const pairs = (categories: readonly string[]) => Object.fromEntries(categories.flatMap((category) => [[`commission_${category}_type`, 1], [`commission_${category}_sum`, 0]]));
const HOTEL_PAIRS = ['adult', 'child', 'adv_adult', 'adv_child', 'child_without_place'];

const hotel = (over: Partial<HotelRow> = {}): HotelRow =>
  ({ id: 1, vendor_id: 7, commission_general_sum: 0, is_differentiate: false, ...pairs([...HOTEL_PAIRS, 'meal']), meals: [], ...over }) as HotelRow;

/** June 2026: adult 3 000, child 1 500 per night (the pinned period). */
const period = (over: Partial<RoomPricePeriodRow> = {}): RoomPricePeriodRow =>
  ({
    date_from: '2026-06-01',
    date_to: '2026-06-30',
    is_total_price: false,
    total_price: null,
    adult_price: 3000,
    child_price: 1500,
    child_without_price: 0,
    adv_adult_price: 0,
    adv_child_price: 0,
    commission_general_sum: 0,
    is_differentiate: false,
    ...pairs(HOTEL_PAIRS),
    ...over,
  }) as RoomPricePeriodRow;

/** 2 adults and 1 child, 10.06 → 13.06: the nights of the 10th, 11th and 12th. */
const stay = (over: Partial<AccommodationInput> = {}): AccommodationInput => ({
  hotel: hotel(),
  periods: [period()],
  start_at: '2026-06-10',
  finish_at: '2026-06-13',
  meal_id: null,
  adult_count: 2,
  child_count: 1,
  adv_adult_count: 0,
  adv_child_count: 0,
  child_without_count: 0,
  ...over,
});

/** A bus over 4 points (0 → 3): the whole route 5 000 / 3 500, segment 1 → 3 at 2 500; weekly, Fridays +300 per passenger. */
const transport = (over: Partial<TransportRow> = {}): TransportRow => ({
  id: 3,
  vendor_id: 9,
  adult_price: '5000.00',
  child_price: '3500.00',
  departure_type: 1,
  finish_position: 3,
  tariffs: [
    { from_position: 0, to_position: 1, tariff: '1010.10' },
    { from_position: 1, to_position: 3, tariff: '2500.00' },
  ],
  days: [{ number: 5, commission_type: 1, commission_sum: '300.00' }],
  dates: [],
  ...over,
});

/** Friday 12.06.2026, 2 adults and 1 child, the whole route. */
const ride = (over: Partial<TransportItemInput> = {}): TransportItemInput => ({
  leg: 'forth',
  transport: transport(),
  departure_date: '2026-06-12',
  from_position: 0,
  to_position: 3,
  adult_count: 2,
  child_count: 1,
  ...over,
});

const application = (over: Partial<PricingInput> = {}): PricingInput => ({
  product: { kind: 'hotel' },
  requester: { type: 'client' },
  adult_count: 2,
  child_count: 1,
  accommodations: [],
  transports: [],
  services: [],
  meals: [],
  manual_price_without_discount: null,
  discount: null,
  manual_agency_commission: null,
  ...over,
});

/** The refusal a call makes, for asserting its code, path and text. */
function refusal(run: () => unknown): PricingError {
  try {
    run();
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
  throw new Error('priced without a refusal');
}

const pinned = () => application({ accommodations: [stay({ hotel: hotel({ commission_general_sum: 10 }) })] });

describe('accommodation', () => {
  it('the pinned example: 2 adults and 1 child for 3 nights at 3 000 / 1 500, hotel markup 10 % → net 22 500, price 24 750', () => {
    const result = priceApplication(pinned());
    // (2 × 3 000 + 1 × 1 500) × 3 = 22 500; 10 % = 2 250.
    expect(result).toMatchObject({ net_total: '22500.00', markup_total: '2250.00', estimated_price_without_discount: '24750.00', price_without_discount: '24750.00', price_total: '24750.00', agency_commission: '0.00', agency_to_pay: '24750.00' });
    expect(result.lines).toEqual([
      { source: { list: 'accommodations', index: 0, part: 'room' }, category: 'accommodation', vendor_id: 7, net: '22500.00', markup: '2250.00', price: '24750.00', discount: '0.00', price_total: '24750.00', agency_commission: '0.00' },
    ]);
    expect(result.breakdown.categories.accommodation).toEqual({ net: '22500.00', markup: '2250.00', price: '24750.00', discount: '0.00', price_total: '24750.00', agency_commission: '0.00' });
    expect(result.breakdown.categories.transport.price).toBe('0.00');
    expect(result.breakdown.vendors).toEqual([{ vendor_id: 7, category: 'accommodation', net: '22500.00' }]);
  });

  it('a stay across two price periods takes each night from its own period; a night no period covers is refused on the dates', () => {
    const periods = [period({ date_to: '2026-06-15' }), period({ date_from: '2026-06-16', adult_price: 4000 })];
    const result = priceApplication(application({ accommodations: [stay({ periods, start_at: '2026-06-14', finish_at: '2026-06-18', child_count: 0 })] }));
    // Nights 14, 15 at 2 × 3 000; nights 16, 17 at 2 × 4 000: 12 000 + 16 000.
    expect(result.price_total).toBe('28000.00');

    const error = refusal(() => priceApplication(application({ accommodations: [stay({ periods, start_at: '2026-06-29', finish_at: '2026-07-02' })] })));
    expect(error).toMatchObject({ code: 'no_price_period', path: 'accommodations.0.start_at', message: MESSAGES.applications.noPriceForNight('01.07.2026') });
    expect(error.fieldErrors()).toEqual({ 'accommodations.0.start_at': [MESSAGES.applications.noPriceForNight('01.07.2026')] });
  });

  it('a total-price period prices the room per night whoever sleeps there, with only the general markup', () => {
    const total = period({ is_total_price: true, total_price: 9000, adult_price: null, child_price: null, commission_general_sum: 5, is_differentiate: true, commission_adult_sum: 500 });
    const result = priceApplication(application({ accommodations: [stay({ periods: [total], finish_at: '2026-06-12' })] }));
    // 2 nights × 9 000 = 18 000; the adult pair is ignored, 5 % = 900.
    expect(result).toMatchObject({ net_total: '18000.00', markup_total: '900.00', price_total: '18900.00' });
  });

  it("the period's differentiated pairs: fixed roubles per person per night, and a percent of the category", () => {
    const differentiated = period({ is_differentiate: true, commission_adult_type: 1, commission_adult_sum: 200, commission_child_type: 2, commission_child_sum: 10 });
    const result = priceApplication(application({ accommodations: [stay({ hotel: hotel({ commission_general_sum: 10 }), periods: [differentiated], finish_at: '2026-06-12' })] }));
    // A night: 7 500 net; 2 × 200 + 10 % of 1 500 = 550; 2 nights. The hotel's 10 % yields to the period.
    expect(result).toMatchObject({ net_total: '15000.00', markup_total: '1100.00', price_total: '16100.00' });
  });

  it("the hotel's differentiated pairs apply when the period has no markup of its own", () => {
    const own = hotel({ is_differentiate: true, commission_adult_type: 2, commission_adult_sum: 5, commission_child_type: 1, commission_child_sum: 100 });
    const result = priceApplication(application({ accommodations: [stay({ hotel: own, finish_at: '2026-06-12' })] }));
    // A night: 5 % of 6 000 + 1 × 100 = 400; 2 nights.
    expect(result).toMatchObject({ net_total: '15000.00', markup_total: '800.00', price_total: '15800.00' });
  });

  it("a period's general sum that is not 0 overrides the hotel's", () => {
    const result = priceApplication(application({ accommodations: [stay({ hotel: hotel({ commission_general_sum: 10 }), periods: [period({ commission_general_sum: 20 })], finish_at: '2026-06-12' })] }));
    // 15 000 × 20 % = 3 000.
    expect(result).toMatchObject({ markup_total: '3000.00', price_total: '18000.00' });
  });

  it("extra places and children without a place are priced at their own columns", () => {
    const result = priceApplication(
      application({
        accommodations: [stay({ periods: [period({ adv_adult_price: 2000, adv_child_price: 1000, child_without_price: 500 })], adv_adult_count: 1, adv_child_count: 1, child_without_count: 2, finish_at: '2026-06-11' })],
      }),
    );
    // One night: 6 000 + 1 500 + 2 000 + 1 000 + 2 × 500.
    expect(result.price_total).toBe('11500.00');
  });

  it("the meal: the hotel meal's cost per person per night plus the hotel's meal markup, in the meals category", () => {
    const withMeal = hotel({ commission_general_sum: 10, commission_meal_type: 1, commission_meal_sum: 100, meals: [{ item_id: 5, sum: '700.00' }] });
    const result = priceApplication(application({ accommodations: [stay({ hotel: withMeal, meal_id: 5 })] }));
    // 700 × 3 persons × 3 nights = 6 300; 100 × 3 × 3 = 900. The room as pinned: 24 750.
    expect(result.breakdown.categories.meals).toMatchObject({ net: '6300.00', markup: '900.00', price: '7200.00' });
    expect(result.price_total).toBe('31950.00');
    expect(result.breakdown.vendors).toEqual([
      { vendor_id: 7, category: 'accommodation', net: '22500.00' },
      { vendor_id: 7, category: 'meals', net: '6300.00' },
    ]);
    expect(refusal(() => priceApplication(application({ accommodations: [stay({ hotel: withMeal, meal_id: 6 })] }))).path).toBe('accommodations.0.meal_id');
  });
});

describe('bus transport', () => {
  it("a segment at its tariff for adults and children alike, plus the weekday's fixed markup per passenger", () => {
    const result = priceApplication(application({ product: { kind: 'transport' }, transports: [ride({ from_position: 1 })] }));
    // 3 × 2 500 = 7 500; Friday: 3 × 300 = 900.
    expect(result).toMatchObject({ net_total: '7500.00', markup_total: '900.00', price_total: '8400.00' });
    expect(result.lines[0]).toMatchObject({ source: { list: 'transports', index: 0 }, category: 'transport', vendor_id: 9 });
  });

  it('the whole route at the adult and the child price', () => {
    const result = priceApplication(application({ product: { kind: 'transport' }, transports: [ride()] }));
    // 2 × 5 000 + 3 500 = 13 500; + 900.
    expect(result).toMatchObject({ net_total: '13500.00', price_total: '14400.00' });
  });

  it("a dated departure's percent markup; no row for the departure is no markup", () => {
    const dated = transport({ departure_type: 2, days: [], dates: [{ start_date: '2026-06-12', commission_type: 2, commission_sum: '10.00' }] });
    expect(priceApplication(application({ transports: [ride({ transport: dated })] })).price_total).toBe('14850.00'); // 13 500 + 10 %
    expect(priceApplication(application({ transports: [ride({ departure_date: '2026-06-13' })] })).price_total).toBe('13500.00'); // a Saturday
  });

  it('kopecks are rounded half up once per line', () => {
    const dated = transport({ departure_type: 2, days: [], dates: [{ start_date: '2026-06-12', commission_type: 2, commission_sum: '5.00' }] });
    const result = priceApplication(application({ transports: [ride({ transport: dated, from_position: 0, to_position: 1, adult_count: 1, child_count: 0 })] }));
    // 5 % of 1 010.10 = 50.505 → 50.51.
    expect(result).toMatchObject({ net_total: '1010.10', markup_total: '50.51', price_total: '1060.61', max_discount: 50 });
  });

  it('a pair of points without a tariff is refused on the item', () => {
    expect(refusal(() => priceApplication(application({ transports: [ride({ from_position: 0, to_position: 2 })] })))).toMatchObject({ code: 'no_tariff', path: 'transports.0.to_route_id' });
  });
});

const tourRow = (over: Partial<TourRow> = {}): TourRow =>
  ({ id: 11, adult_price: 10000, child_price: 7000, start_date: '2026-06-12', ...pairs(['transport', 'accommodation', 'agency', 'meal', 'adult', 'child']), ...over }) as TourRow;

describe('excursion tour', () => {
  it("the tour's per-person prices and its pairs replace the items' own markups; meals by their dated prices; its agency pair replaces the agency's", () => {
    const tour = tourRow({
      commission_adult_type: 2,
      commission_adult_sum: 10,
      commission_child_type: 1,
      commission_child_sum: 500,
      commission_accommodation_type: 1,
      commission_accommodation_sum: 200,
      commission_transport_type: 2,
      commission_transport_sum: 5,
      commission_agency_type: 1,
      commission_agency_sum: 3000,
    });
    const meal = { id: 4, vendor_id: 12, days: [1, 2], dates: [{ date_from: '2026-06-01', date_to: '2026-06-30', price: 600, commission_type: 2, commission_sum: 10 }] };
    const result = priceApplication(
      application({
        product: { kind: 'tour', tour },
        requester: { type: 'agency', commission_type: 2, commission_sum: 10 },
        accommodations: [stay({ hotel: hotel({ commission_general_sum: 10 }), finish_at: '2026-06-12' })],
        transports: [ride()],
        meals: [{ meal, start_date: tour.start_date, persons: 3 }],
      }),
    );
    const categories = result.breakdown.categories;
    // Tour: 2 × 10 000 + 7 000 = 27 000; 10 % of 20 000 + 1 × 500 = 2 500.
    expect(categories.tour).toMatchObject({ net: '27000.00', markup: '2500.00', price: '29500.00' });
    // Rooms: 7 500 × 2 nights = 15 000; the tour's 200 per person per night: 3 × 2 × 200 = 1 200 (the hotel's 10 % is not used).
    expect(categories.accommodation).toMatchObject({ net: '15000.00', markup: '1200.00', price: '16200.00' });
    // Bus: 13 500, the tour's 5 % = 675 (the Friday's 300 is not used).
    expect(categories.transport).toMatchObject({ net: '13500.00', markup: '675.00', price: '14175.00' });
    // Meal: days 12.06 and 13.06, 600 × 3 persons each = 3 600; 10 % = 360.
    expect(categories.meals).toMatchObject({ net: '3600.00', markup: '360.00', price: '3960.00' });
    // 29 500 + 16 200 + 14 175 + 3 960; the tour's fixed 3 000 instead of the agency's 10 %.
    expect(result).toMatchObject({ price_total: '63835.00', agency_commission: '3000.00', agency_to_pay: '60835.00' });
  });

  it("a meal day without a dated price is refused on the meal's days", () => {
    const meal = { id: 4, vendor_id: 12, days: [1, 30], dates: [{ date_from: '2026-06-01', date_to: '2026-06-30', price: 600, commission_type: 1, commission_sum: 0 }] };
    expect(refusal(() => priceApplication(application({ product: { kind: 'tour', tour: tourRow() }, meals: [{ meal, start_date: '2026-06-12', persons: 2 }] })))).toMatchObject({
      code: 'no_meal_price',
      path: 'meals.0.days',
      message: MESSAGES.applications.noMealPrice('11.07.2026'),
    });
  });
});

describe('sea tour', () => {
  const seaTour = {
    id: 21,
    commission_sum: 10,
    commission_railway_sum: 12,
    commission_avia_sum: 15,
    groups: [{ commission_sum: 20, commission_railway_sum: 25, commission_avia_sum: 30, hotel_ids: [2] }],
  };
  const stays = [stay(), stay({ hotel: hotel({ id: 2, vendor_id: 8, commission_general_sum: 50 }), child_count: 0, finish_at: '2026-06-12' })];

  it("by railway: a hotel outside the groups takes the tour's railway percent, one in a group its group's", () => {
    const result = priceApplication(application({ product: { kind: 'sea_tour', seaTour, transfer_type: TransferType.Railway }, accommodations: stays }));
    // 22 500 × 12 % = 2 700; 2 × 3 000 × 2 nights = 12 000 × 25 % = 3 000 (the hotel's own 50 % is not used).
    expect(result.lines.map((item) => item.price)).toEqual(['25200.00', '15000.00']);
    expect(result.breakdown.vendors).toEqual([
      { vendor_id: 7, category: 'accommodation', net: '22500.00' },
      { vendor_id: 8, category: 'accommodation', net: '12000.00' },
    ]);
  });

  it("by bus: the group's bus percent, and the bus pair at the tour's bus percent", () => {
    const result = priceApplication(application({ product: { kind: 'sea_tour', seaTour, transfer_type: TransferType.Bus }, accommodations: [stays[1]!], transports: [ride(), ride({ leg: 'back', departure_date: '2026-06-20' })] }));
    // 12 000 + 20 % = 14 400; each leg 13 500 + 10 % = 14 850.
    expect(result.lines.map((item) => item.price)).toEqual(['14400.00', '14850.00', '14850.00']);
    expect(result.price_total).toBe('44100.00');
  });
});

describe('service lines', () => {
  const periodOf = (adult_price: number, type: number, sum: number) => ({ date_from: '2026-06-01', date_to: '2026-06-30', adult_price, commission_adult_type: type, commission_adult_sum: sum });

  it("count × price: a hotel's service at its sum, a tour service at its period's adult price plus the adult markup, by class and by kind", () => {
    const result = priceApplication(
      application({
        services: [
          { kind: 'services', count: 2, service: { source: 'hotel', item_id: 1, sum: '1500.00', vendor_id: 7 }, date: null },
          { kind: 'required_services', count: 3, service: { source: 'tour', row: { id: 31, class: 2, vendor_id: 14, periods: [periodOf(1200, 2, 15)] } }, date: '2026-06-12' },
          { kind: 'additional_services', count: 2, service: { source: 'tour', row: { id: 32, class: 3, vendor_id: 15, periods: [periodOf(800, 1, 250)] } }, date: '2026-06-12' },
          // 999 + 15 % = 1 148.85 a unit; × 1.5 = 1 723.275 → 1 723.28.
          { kind: 'additional_services', count: '1.50', service: { source: 'tour', row: { id: 33, class: 1, vendor_id: null, periods: [periodOf(999, 2, 15)] } }, date: '2026-06-12' },
        ],
      }),
    );
    const categories = result.breakdown.categories;
    expect(categories.services_hotel).toMatchObject({ net: '3000.00', markup: '0.00', price: '3000.00' });
    // 1 200 + 15 % = 1 380 a unit, × 3.
    expect(categories.services_individual).toMatchObject({ net: '3600.00', markup: '540.00', price: '4140.00' });
    // 800 + 250 = 1 050 a unit, × 2.
    expect(categories.services_group).toMatchObject({ net: '1600.00', markup: '500.00', price: '2100.00' });
    expect(categories.services_additional).toMatchObject({ net: '1498.50', markup: '224.78', price: '1723.28' });
    expect(result.breakdown.service_kinds).toEqual({ services: '3000.00', required_services: '4140.00', additional_services: '3823.28' });
    expect(result.price_total).toBe('10963.28');
  });

  it("a tour service without a period on the line's date is refused on that line of its own list", () => {
    const row = { id: 31, class: 2, vendor_id: 14, periods: [periodOf(1200, 2, 15)] };
    const error = refusal(() =>
      priceApplication(
        application({
          services: [
            { kind: 'services', count: 1, service: { source: 'tour', row }, date: '2026-06-12' },
            { kind: 'required_services', count: 1, service: { source: 'tour', row }, date: '2026-07-12' },
          ],
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'no_service_price', path: 'required_services.0.serviceable_id', message: MESSAGES.applications.noServicePrice('12.07.2026') });
  });
});

describe('discount, manual price and totals', () => {
  it('the discount goes up to the markup and never below the net cost, spread over the lines to the kopeck', () => {
    expect(priceApplication(pinned()).max_discount).toBe(2250);
    expect(priceApplication({ ...pinned(), discount: 2250 })).toMatchObject({ discount: '2250.00', price_total: '22500.00' });
    expect(refusal(() => priceApplication({ ...pinned(), discount: 2251 }))).toMatchObject({ code: 'discount_max', path: 'discount', message: MESSAGES.applications.discountMax(2250) });

    const withMeal = hotel({ commission_general_sum: 10, commission_meal_type: 1, commission_meal_sum: 100, meals: [{ item_id: 5, sum: '700.00' }] });
    const result = priceApplication(application({ accommodations: [stay({ hotel: withMeal, meal_id: 5 })], discount: 1000 }));
    // 1 000 over 24 750 and 7 200: 774.647… and 225.352… → 774.65 and 225.35, summing to 1 000.
    expect(result.lines.map((item) => [item.discount, item.price_total])).toEqual([
      ['774.65', '23975.35'],
      ['225.35', '6974.65'],
    ]);
    expect(result.price_total).toBe('30950.00');
  });

  it('the manual price replaces the estimate and a new one resets the discount to 0', () => {
    const changed = priceApplication({ ...pinned(), manual_price_without_discount: 30000, previous_manual_price_without_discount: null, discount: 500 });
    expect(changed).toMatchObject({ estimated_price_without_discount: '24750.00', price_without_discount: '30000.00', markup_total: '7500.00', discount: '0.00', max_discount: 7500, price_total: '30000.00' });
    expect(changed.lines[0]).toMatchObject({ net: '22500.00', markup: '7500.00', price: '30000.00' });

    const kept = priceApplication({ ...pinned(), manual_price_without_discount: 30000, previous_manual_price_without_discount: '30000.00', discount: 500 });
    expect(kept).toMatchObject({ discount: '500.00', price_total: '29500.00' });
  });

  it('price_total at most 99 999 999.99', () => {
    expect(refusal(() => priceApplication({ ...pinned(), manual_price_without_discount: 100_000_000 }))).toMatchObject({ code: 'total_max', path: 'manual_price_without_discount' });
  });
});

describe('agency commission', () => {
  const forAgency = (type: number, sum: number, over: Partial<PricingInput> = {}) => priceApplication({ ...pinned(), requester: { type: 'agency', commission_type: type, commission_sum: sum }, ...over });

  it("a fixed sum in roubles, or a percent of price_total; agency_to_pay is what is left", () => {
    expect(forAgency(1, 1500)).toMatchObject({ agency_commission: '1500.00', agency_to_pay: '23250.00' });
    // 12 % of 24 750 = 2 970; after a discount of 750, 12 % of 24 000 = 2 880.
    expect(forAgency(2, 12)).toMatchObject({ agency_commission: '2970.00', agency_to_pay: '21780.00' });
    expect(forAgency(2, 12, { discount: 750 })).toMatchObject({ price_total: '24000.00', agency_commission: '2880.00', agency_to_pay: '21120.00' });
    expect(forAgency(2, 12).breakdown.categories.accommodation.agency_commission).toBe('2970.00');
  });

  it('a manual commission wins; a client pays everything', () => {
    expect(forAgency(2, 12, { manual_agency_commission: '1000.50' })).toMatchObject({ agency_commission: '1000.50', agency_to_pay: '23749.50' });
    expect(priceApplication(pinned())).toMatchObject({ agency_commission: '0.00', agency_to_pay: '24750.00' });
  });

  it('a fixed commission above the price is capped at it: «К оплате агентством» never below 0, per line and in total (issue 37)', () => {
    // A 500 ₽ application (a manual price) with a fixed 1 500 ₽ commission: 500 taken, 0 to pay — not −1 000.
    const small = forAgency(1, 1500, { manual_price_without_discount: '500.00' });
    expect(small).toMatchObject({ price_total: '500.00', agency_commission: '500.00', agency_to_pay: '0.00' });
    for (const line of small.lines) expect(Number(line.agency_commission)).toBeLessThanOrEqual(Number(line.price_total));
    expect(small.breakdown.categories.accommodation).toMatchObject({ price_total: '500.00', agency_commission: '500.00' });
    // A percent never reaches past it; the whole price discounted to its net keeps the cap on what is left.
    expect(forAgency(2, 100, { manual_price_without_discount: '500.00' })).toMatchObject({ agency_commission: '500.00', agency_to_pay: '0.00' });
  });

  it("a line's share is never above its own price: by the weights when they fit, else by the prices", () => {
    const d = (value: number | string) => new MoneyDecimal(value);
    // Weights that fit: spread as price and discount are.
    expect(commissionShares(d(30), [d(100), d(200)], [d(1), d(2)]).map(String)).toEqual(['10', '20']);
    // Equal weights would give 50 to a line of 30: spread by the prices themselves.
    expect(commissionShares(d(100), [d(30), d(70)], [d(1), d(1)]).map(String)).toEqual(['30', '70']);
  });

  it('a manual commission above the price is a 422 on manual_agency_commission naming the price', () => {
    const error = refusal(() => forAgency(1, 0, { manual_price_without_discount: '500.00', manual_agency_commission: '1500.00' }));
    expect(error).toMatchObject({ code: 'agency_commission_max', path: 'manual_agency_commission' });
    expect(error.message).toBe(MESSAGES.applications.agencyCommissionMax(formatMoney('500.00')));
    // Equal to the price is allowed.
    expect(forAgency(1, 0, { manual_price_without_discount: '500.00', manual_agency_commission: '500.00' })).toMatchObject({ agency_to_pay: '0.00' });
  });
});

describe('allocate', () => {
  const d = (value: number | string) => new MoneyDecimal(value);
  it('spreads to the kopeck by the largest remainder and gives weights back when the total is their sum', () => {
    expect(allocate(d(100), [d(1), d(1), d(1)]).map(String)).toEqual(['33.34', '33.33', '33.33']);
    expect(allocate(d('300.07'), [d('100.01'), d('200.06')]).map(String)).toEqual(['100.01', '200.06']);
    expect(allocate(d(10), [d(0), d(0)]).map(String)).toEqual(['5', '5']);
    expect(allocate(d(-1), [d(1), d(2)]).map(String)).toEqual(['-0.33', '-0.67']);
  });
});
