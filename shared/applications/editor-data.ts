/**
 * What the application editor reads besides the application (spec 03 §2.3, §7; issue 18): its
 * dictionaries (`/applications/data`), a product's rooms, route, dates, services and meals
 * (`/applications/products/…`), and the pickers of the manager and the agency manager. Dates
 * `YYYY-MM-DD`, times `HH:MM`, money as JSON numbers.
 */
import { z } from 'zod';
import { listFilter } from '../list.js';
import type { SeatSchemeParams } from '../transport/seat-scheme.js';
import type { ApplicationSource, ApplicationStatusInfo, ApplicationType, ProductKind, RequesterType, SourcePlatform } from './constants.js';

type Named = { id: number; name: string };

/** GET /api/applications/data → `{data}`. Staff and agency employees grow without bound: their pickers serve them, so `[]` here. */
export interface ApplicationEditorData {
  statuses: ApplicationStatusInfo[];
  payment_statuses: Named[];
  /** `types`: the requester types the method serves (spec 03 §6: others than the administrator and the accountant see only those). */
  payment_methods: { id: number; name: string; types: RequesterType[]; manual_payments: boolean }[];
  types: { id: ApplicationType; name: string; product: ProductKind | null; touristsEditable: boolean }[];
  sources: { id: ApplicationSource; name: string }[];
  platforms: { id: SourcePlatform; name: string }[];
  requester_types: { id: RequesterType; name: string }[];
  transfer_types: Named[];
  tourists: { documents: Named[]; genders: Named[]; citizenship: Named[] };
  payment_row_statuses: (Named & { countsAsPaid: boolean })[];
  users: [];
  agency_users: [];
  /** A handbook (as in the hotel and tour editors' `/data`). */
  vendors: Named[];
  /** The vendors' own payment methods, which vendor payments keep (not the application's). */
  vendors_data: { payment_methods: { type: string; title: string }[] };
}

/** A hotel: rooms with their caps, meals and priced date ranges; the hotel's meals and services. */
export interface HotelProduct {
  kind: typeof ProductKind.Hotel;
  id: number;
  name: string;
  city: Named;
  vendor: Named | null;
  rooms: {
    id: number;
    type: Named;
    /** The placement layout (room_places) with its main and extra places. */
    place: Named & { places_count: number; adv_places_count: number };
    accommodation: Named;
    description: Named | null;
    adult_count: number;
    child_count: number;
    adv_adult_count: number;
    adv_child_count: number;
    child_without: number;
    /** The room's meals; `sum` is the hotel's cost per person per night, null when the hotel does not list the meal. */
    meals: (Named & { sum: number | null })[];
    /** Price periods (both ends included): a stay's nights must fall in them. */
    periods: { from: string; to: string }[];
  }[];
  meals: (Named & { sum: number })[];
  services: (Named & { sum: number })[];
}

/** A route point as stored: the start is left at `start_time` on day 1, an intermediate stop is reached and left on its days, the finish is reached at `finish_time`. */
export interface ProductRoutePoint {
  id: number;
  position: number;
  kind: 'start' | 'intermediate' | 'finish';
  city: Named;
  /** The stop (where exactly the bus stands). */
  info: string | null;
  start_time: string | null;
  finish_time: string | null;
  arrival_day: number | null;
  departure_day: number | null;
}

/** A bus transport: the vehicle and its seat scheme, the route in order, departures from today on. */
export interface TransportProduct {
  kind: typeof ProductKind.Transport;
  id: number;
  name: string;
  duration: number;
  vendor: Named | null;
  /** The vehicle with its seat scheme's parameters (the 'Места' dialog draws it with the seats' states). */
  transportation: { id: number; name: string; schema_svg: string } & SeatSchemeParams;
  route: ProductRoutePoint[];
  /** 1 weekly (`days`), 2 on dates (`dates`). */
  departure_type: 1 | 2;
  start_date: string;
  finish_date: string;
  /** Weekday numbers, 1 Monday … 7 Sunday. */
  days: number[];
  /** The stored dates from today on. */
  dates: string[];
  /** Departure dates from today to `DEPARTURES_AHEAD_DAYS` ahead, whichever mode. */
  departures: string[];
  adult_price: number;
  child_price: number;
}

export interface TourServiceOption {
  id: number;
  name: string;
  /** 1 additional, 2 individual, 3 group (shared/tour-services/constants.ts). */
  class: number;
  class_name: string;
  vendor: Named | null;
  /** Price periods: the adult price (before the period's markup) of the days they cover. */
  periods: { from: string; to: string; adult_price: number }[];
}

/** An excursion tour: prices, transports, dates, hotels, service lists and meals. */
export interface TourProduct {
  kind: typeof ProductKind.Tour;
  id: number;
  name: string;
  type: Named;
  city: Named | null;
  duration: number;
  adult_price: number | null;
  child_price: number | null;
  transport_forth: Named | null;
  transport_back: Named | null;
  /** Every stored start date; `past` ones are before today. */
  dates: { id: number; start_date: string; past: boolean }[];
  hotels: (Named & { arrival_day: number | null; departure_day: number | null; meal: Named | null })[];
  services: TourServiceOption[];
  required_services: TourServiceOption[];
  /** `name`: the meal's own, or its vendor's when it has none. */
  meals: { id: number; name: string; vendor: Named | null; days: number[] }[];
}

/** A sea tour: its transfer types, its groups' hotels and its there/back transport pairs. */
export interface SeaTourProduct {
  kind: typeof ProductKind.SeaTour;
  id: number;
  name: string;
  city: Named;
  transfer_types: Named[];
  hotels: (Named & { group_id: number })[];
  transports: { forth: Named; back: Named }[];
}

/** GET /api/applications/products/{hotels|tours|transports|sea-tours}/{id} → `{data}`. */
export type ApplicationProduct = HotelProduct | TransportProduct | TourProduct | SeaTourProduct;

/** How far ahead a transport's departures are listed. */
export const DEPARTURES_AHEAD_DAYS = 365;

/**
 * A bus that brings a bus tour's tourists back (issue 27): a transport with a stop in the forth
 * leg's arrival city (`from_route_id`) before a stop in its departure city (`to_route_id`), and its
 * departures (`departure_date`s of the item) whose ride leaves that stop on or after the forth
 * leg's arrival, earliest first, up to `DEPARTURES_AHEAD_DAYS` after it.
 */
export interface BackTransportOption {
  id: number;
  name: string;
  from_route_id: number;
  to_route_id: number;
  departures: string[];
}

/** GET /api/applications/back-transports → `{data: BackTransportOption[]}`, earliest first departure first, at most this many. */
export const BACK_TRANSPORTS_LIMIT = 20;

/** Its query: the forth leg as the form holds it (all four required). */
export const backTransportsQuery = z.object({
  transport_id: listFilter.integer(),
  from_route_id: listFilter.integer(),
  to_route_id: listFilter.integer(),
  departure_date: listFilter.date(),
});

/** GET /api/hotels/{id}/services/list → `{data}`: the hotel's service items with their sums. */
export type HotelServiceOption = Named & { sum: number };

/** A staff user the manager field offers; `name` is the full name too, for the pickers. */
export type StaffOption = Named & { full_name: string };
/** `detail`: the employee's phone and e-mail (IdName `detail`). */
export type AgencyUserOption = Named & { full_name: string; detail: string | null };

/** The staff picker's own parameter besides `query` and `limit`: the application's assigned manager. */
export const staffPickerFilters = z.object({ user_id: listFilter.integer() });
/** The agency manager picker's agency (required). */
export const agencyUsersPickerFilters = z.object({ agency_id: listFilter.integer() });
