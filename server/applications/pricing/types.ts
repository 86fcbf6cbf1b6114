/**
 * What the pricing engine reads: plain rows as the product tables store them (numeric columns as the
 * `pg` driver gives them, text; integer columns as numbers), loaded by the caller, and the
 * application's own rows. No database and no HTTP here (docs/pricing.md).
 */
import type { Leg, RequesterType, ServiceLineKind } from '../../../shared/applications/constants.js';
import type { MoneyLike } from '../../../shared/money.js';
import type { TransferType } from '../../../shared/transfers.js';

/** A calendar date, YYYY-MM-DD. */
export type IsoDate = string;

/** A commission (markup) pair: type 1 fixed roubles, 2 percent (shared/commission.ts). */
export interface CommissionPair {
  type: number;
  sum: MoneyLike;
}

/** The hotel's categories with a commission pair of their own (migrations/1765000000001-Hotels.ts). */
export const HOTEL_CATEGORIES = ['adult', 'child', 'adv_adult', 'adv_child', 'child_without_place'] as const;
export type HotelCategory = (typeof HOTEL_CATEGORIES)[number];

type CommissionColumns<Category extends string> = { [K in Category as `commission_${K}_type`]: number } & { [K in Category as `commission_${K}_sum`]: MoneyLike };

/** The markup columns a hotel and a room price period share: the general percent, the switch and a pair per category. */
export type HotelMarkupColumns = {
  commission_general_sum: MoneyLike;
  is_differentiate: boolean;
} & CommissionColumns<HotelCategory>;

/** `hotels` (its markup columns, its meal pair), its vendor and its priced lists. */
export type HotelRow = HotelMarkupColumns &
  CommissionColumns<'meal'> & {
    id: number;
    vendor_id: number | null;
    /** `hotel_meal_items`: the cost of a meal per person per night. */
    meals: readonly { item_id: number; sum: MoneyLike }[];
  };

/** `hotel_room_prices`: one room's price period, both ends included. */
export type RoomPricePeriodRow = HotelMarkupColumns & {
  date_from: IsoDate;
  date_to: IsoDate;
  is_total_price: boolean;
  total_price: MoneyLike | null;
  adult_price: MoneyLike | null;
  child_price: MoneyLike | null;
  child_without_price: MoneyLike;
  adv_adult_price: MoneyLike;
  adv_child_price: MoneyLike;
};

/** An application's accommodation: the hotel, its room's price periods, the stay and who sleeps there. */
export interface AccommodationInput {
  hotel: HotelRow;
  periods: readonly RoomPricePeriodRow[];
  /** Arrival; the last night is the one before `finish_at`. */
  start_at: IsoDate;
  finish_at: IsoDate;
  /** A hotel meal (`meals.id`, priced by the hotel's `hotel_meal_items`), or none. */
  meal_id: number | null;
  adult_count: number;
  child_count: number;
  adv_adult_count: number;
  adv_child_count: number;
  child_without_count: number;
}

/** `transports` with its tariffs and departure markups (migrations/1765100000000-Transport.ts). */
export interface TransportRow {
  id: number;
  vendor_id: number | null;
  /** The whole route's fares. */
  adult_price: MoneyLike;
  child_price: MoneyLike;
  /** 1 weekly days, 2 dates (shared/transport/constants.ts DEPARTURE_TYPE). */
  departure_type: number;
  /** The position of the route's finish point (its start is 0). */
  finish_position: number;
  tariffs: readonly { from_position: number; to_position: number; tariff: MoneyLike }[];
  days: readonly ({ number: number } & CommissionPairColumns)[];
  dates: readonly ({ start_date: IsoDate } & CommissionPairColumns)[];
}

export interface CommissionPairColumns {
  commission_type: number;
  commission_sum: MoneyLike;
}

/** An application's transport item: one leg, a segment of one departure, its riders. */
export interface TransportItemInput {
  leg: Leg;
  transport: TransportRow;
  /** The trip's departure date (the schedule's date), which picks the day or date markup row. */
  departure_date: IsoDate;
  from_position: number;
  to_position: number;
  adult_count: number;
  child_count: number;
}

/** `tour_service_dates` with `tour_services`' class and vendor (migrations/1765300000000-TourServices.ts). */
export interface TourServiceRow {
  id: number;
  /** 1 additional, 2 individual, 3 group (shared/tour-services/constants.ts). */
  class: number;
  vendor_id: number | null;
  periods: readonly ({
    date_from: IsoDate;
    date_to: IsoDate;
    adult_price: MoneyLike;
  } & CommissionColumns<'adult'>)[];
}

/** A service line: a hotel's service (its `hotel_service_items` sum) or a tour service (its period's adult price and markup). */
export interface ServiceLineInput {
  kind: ServiceLineKind;
  count: MoneyLike;
  service: { source: 'hotel'; item_id: number; sum: MoneyLike; vendor_id: number | null } | { source: 'tour'; row: TourServiceRow };
  /** The day a tour service is priced for (the application's start date). */
  date: IsoDate | null;
}

/** `tour_meals` with their dated prices (migrations/1765300000020-Tours.ts). */
export interface TourMealRow {
  id: number;
  vendor_id: number | null;
  /** Tour day numbers, 1 being the tour's start date. */
  days: readonly number[];
  dates: readonly ({ date_from: IsoDate; date_to: IsoDate; price: MoneyLike } & CommissionPairColumns)[];
}

/** An application's meal of a tour: every person eats it on each of its days. */
export interface MealLineInput {
  meal: TourMealRow;
  /** The tour date the application is for: day 1 of the meal's days. */
  start_date: IsoDate;
  persons: number;
}

export const TOUR_COMMISSION_KEYS = ['transport', 'accommodation', 'agency', 'meal', 'adult', 'child'] as const;

/** `tours`: the per-person prices and the six pairs, and the tour date the application is for. */
export type TourRow = CommissionColumns<(typeof TOUR_COMMISSION_KEYS)[number]> & {
  id: number;
  adult_price: MoneyLike | null;
  child_price: MoneyLike | null;
  start_date: IsoDate;
};

/** The three percents of a sea tour and of each of its hotel groups (migrations/1765300000200-SeaTours.ts). */
export interface SeaTourPercents {
  commission_sum: MoneyLike;
  commission_railway_sum: MoneyLike;
  commission_avia_sum: MoneyLike;
}

export type SeaTourRow = SeaTourPercents & {
  id: number;
  groups: readonly (SeaTourPercents & { hotel_ids: readonly number[] })[];
};

/** The application's product as far as pricing cares: which markups replace the items' own. */
export type ProductInput =
  | { kind: 'none' }
  | { kind: 'hotel' }
  | { kind: 'transport' }
  | { kind: 'tour'; tour: TourRow }
  | { kind: 'sea_tour'; seaTour: SeaTourRow; transfer_type: TransferType };

/** The requester: an agency brings its commission pair (shared/commission.ts, agencies). */
export type RequesterInput = { type: typeof RequesterType.Client } | ({ type: typeof RequesterType.Agency } & CommissionPairColumns);

/** One application's loaded rows: everything `priceApplication` needs. */
export interface PricingInput {
  product: ProductInput;
  requester: RequesterInput;
  /** The application's riders and guests of a tour's per-person price. */
  adult_count: number;
  child_count: number;
  accommodations: readonly AccommodationInput[];
  transports: readonly TransportItemInput[];
  services: readonly ServiceLineInput[];
  meals: readonly MealLineInput[];
  manual_price_without_discount: MoneyLike | null;
  discount: MoneyLike | null;
  /**
   * The stored manual price before this change: a manual price different from it resets the discount
   * to 0. Undefined: no change to judge (re-pricing a stored application as it is).
   */
  previous_manual_price_without_discount?: MoneyLike | null;
  manual_agency_commission: MoneyLike | null;
}
