/**
 * What the tour API answers (spec 03 §3, §7): the editor's lists, the record, a list row, the
 * checklist.
 */
import type { ChecklistAlias } from './constants.js';
import type { TourInput } from './schema.js';

type Named = { id: number; name: string };

/** GET /api/tours/data: the editor's lists. Hotels and transports are not here: the form uses their pickers. */
export interface TourData {
  types: Named[];
  cities: Named[];
  categories: Named[];
  trade_offers: (Named & { icon: string | null })[];
  services: (Named & { class: number; class_name: string; vendor_name: string | null })[];
  commissions: Named[];
  catalog_sections: Named[];
  vendors: Named[];
  /** Meal types of the hotels (the hotels tab's meal select). */
  meals: Named[];
  auto_confirm_statuses: Named[];
  hotels: [];
  transports: [];
}

/** A start date of a list row: green when its checklist is complete, red otherwise; past ones behind the toggle. */
export interface TourListDate {
  id: number;
  start_date: string;
  past: boolean;
  complete: boolean;
}

/** A row of GET /api/tours (spec 03 §2.5). */
export interface TourListRow {
  id: number;
  name: string;
  duration: number;
  is_active: boolean;
  transport_forth: Named | null;
  external_link: string | null;
  dates: TourListDate[];
  /** Start dates before today, hidden behind the show/hide toggle. */
  past_dates_count: number;
  can_delete: boolean;
}

/** GET /api/tours/{id}: the payload's shape with the names of what it references. */
export type TourRecord = Required<Omit<TourInput, 'hotels' | 'meals' | 'catalog_sections' | 'dates'>> & {
  id: number;
  version: number;
  can_delete: boolean;
  has_checklist: boolean;
  transport_forth: Named | null;
  transport_back: Named | null;
  city: Named | null;
  hotels: { id: number; name: string; city_id: number | null; city_name: string | null; arrival_day: number | null; departure_day: number | null; meal_id: number | null }[];
  meals: {
    id: number;
    name: string | null;
    vendor_id: number | null;
    vendor_name: string | null;
    days: number[];
    dates: { id: number; from: string; to: string; price: number; commission_type: 1 | 2; commission_sum: number }[];
    can_delete: boolean;
  }[];
  dates: { id: number; start_date: string }[];
  catalog_sections: { id: number; name: string; sum: number; sort: number }[];
};

/** What a checklist point checks (spec 03 §3 Checklist point `checkable`). */
export interface ChecklistCheckable {
  id: number;
  name: string;
  /** Services: 1 additional, 2 individual, 3 group, and the label of that class. */
  class?: number;
  class_name?: string;
  vendor_name?: string | null;
  /** Meals: the tour days. */
  days?: number[];
  /** Transport: there (true) or back (false). */
  is_forth?: boolean;
}

export interface ChecklistPoint {
  id: number;
  checkable_alias: ChecklistAlias;
  checkable: ChecklistCheckable;
  checked: boolean;
  comment: string | null;
  /** Sent back with a change: a point a colleague changed since is refused (409, nothing saved). */
  version: number;
  excursion_tour_date: { id: number; start_date: string };
}

/** A tour date's points: complete (green) when every point is checked. */
export interface ChecklistDate {
  id: number;
  start_date: string;
  complete: boolean;
  points: ChecklistPoint[];
}

/** GET/POST/PATCH /api/tours/{id}/checklist → `{data: Checklist}`. */
export interface Checklist {
  exists: boolean;
  /** Dates from today on, and dates before today (spec 03 §9). */
  current: ChecklistDate[];
  past: ChecklistDate[];
}
