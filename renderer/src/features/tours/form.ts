/**
 * The excursion tour editor's form (spec 03 §3 "Excursion tour", §2.5): a new tour, a record read
 * back, the blank rows of the dialogs, and which tab owns which error path.
 */
import { CommissionType } from '@shared/commission';
import type { Photo, UploadedFile } from '@shared/files';
import { TOUR_COMMISSION_CATEGORIES, TOUR_DEFAULT_TYPE, TOUR_LIMITS } from '@shared/tours/constants';
import type { TourRecord } from '@shared/tours/types';
import { tabOwnership } from '../../common/editor/tabOwnership';

type Named = { id: number; name: string };

/** A dated price of a meal: dates as the date fields give them (YYYY-MM-DD, null while empty). */
export interface MealDateValues {
  id?: number;
  from: string | null;
  to: string | null;
  price: number | string | null;
  commission_type: number;
  commission_sum: number | string | null;
}

export interface MealValues {
  id?: number;
  /** A row not saved yet is told apart by this (spec 03 §3 Tour meal `uid`). */
  uid?: string;
  name: string | null;
  vendor_id: number | null;
  vendor_name?: string | null;
  days: number[];
  dates: MealDateValues[];
  can_delete?: boolean;
}

/** A hotel of the tour: `id` is the hotel's; its name and city name are kept for the table and the picker. */
export interface TourHotelValues {
  id: number | null;
  name?: string;
  city_id: number | null;
  city_name?: string | null;
  arrival_day: number | string | null;
  departure_day: number | string | null;
  meal_id: number | null;
}

export interface DayValues {
  id?: number;
  name: string;
  description: string;
  photos: Photo[];
}

export interface DateValues {
  id?: number;
  start_date: string | null;
}

export interface CatalogEntryValues {
  id: number | null;
  name?: string;
  sum: number | string | null;
  sort: number | string | null;
}

type CommissionKeys = `commission_${(typeof TOUR_COMMISSION_CATEGORIES)[number]}_${'type' | 'sum'}`;

export type TourValues = {
  id?: number;
  version?: number;
  name: string;
  slug: string;
  is_active: boolean;
  is_hotel_selection: boolean;
  application_auto_confirm: boolean;
  auto_confirm_status: number | null;
  duration: number | string | null;
  tour_type_id: number | null;
  category_id: number | null;
  city_id: number | null;
  transport_forth_id: number | null;
  transport_back_id: number | null;
  /** Names of the chosen transports, for their pickers (GET gives them). */
  transport_forth?: Named | null;
  transport_back?: Named | null;
  trade_offers: number[];
  hotels: TourHotelValues[];
  services: number[];
  required_services: number[];
  meal_price: number | string | null;
  adult_price: number | string | null;
  child_price: number | string | null;
  meals: MealValues[];
  dates: DateValues[];
  days: DayValues[];
  catalog_sections: CatalogEntryValues[];
  short_description: string;
  description: string;
  info: string;
  additional_dates: string;
  additional_cities: string;
  additional_price: string;
  additional_price_includes: string;
  additional_extra_price: string;
  photos: Photo[];
  videos: Photo[];
  files: UploadedFile[];
  seo_h1: string;
  seo_title: string;
  seo_description: string;
  external_link: string;
  can_delete?: boolean;
  has_checklist?: boolean;
} & Record<CommissionKeys, number | string | null>;

export const blankTour = (): TourValues => ({
  name: '',
  slug: '',
  is_active: false,
  is_hotel_selection: false,
  application_auto_confirm: false,
  auto_confirm_status: null,
  duration: TOUR_LIMITS.duration.default,
  tour_type_id: TOUR_DEFAULT_TYPE,
  category_id: null,
  city_id: null,
  transport_forth_id: null,
  transport_back_id: null,
  transport_forth: null,
  transport_back: null,
  trade_offers: [],
  hotels: [],
  services: [],
  required_services: [],
  meal_price: null,
  adult_price: null,
  child_price: null,
  ...(Object.fromEntries(TOUR_COMMISSION_CATEGORIES.flatMap((category) => [
    [`commission_${category}_type`, CommissionType.Fixed],
    [`commission_${category}_sum`, 0],
  ])) as Record<CommissionKeys, number>),
  meals: [],
  dates: [],
  days: [],
  catalog_sections: [],
  short_description: '',
  description: '',
  info: '',
  additional_dates: '',
  additional_cities: '',
  additional_price: '',
  additional_price_includes: '',
  additional_extra_price: '',
  photos: [],
  videos: [],
  files: [],
  seo_h1: '',
  seo_title: '',
  seo_description: '',
  external_link: '',
});

export const blankMeal = (): MealValues => ({ uid: `new-${Date.now()}-${Math.random().toString(36).slice(2)}`, name: '', vendor_id: null, days: [], dates: [], can_delete: true });
export const blankMealDate = (): MealDateValues => ({ from: null, to: null, price: null, commission_type: CommissionType.Fixed, commission_sum: 0 });
export const blankHotel = (): TourHotelValues => ({ id: null, city_id: null, arrival_day: null, departure_day: null, meal_id: null });
export const blankDay = (): DayValues => ({ name: '', description: '', photos: [] });
export const blankDate = (): DateValues => ({ start_date: null });
export const blankCatalogEntry = (): CatalogEntryValues => ({ id: null, sum: 0, sort: TOUR_LIMITS.catalogSort.default });

const ids = (list: unknown): number[] => (Array.isArray(list) ? list.map((item) => (item !== null && typeof item === 'object' ? Number((item as { id: unknown }).id) : Number(item))) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A record read back (GET /api/tours/{id}) as the form. */
export function tourFromRecord(stored: TourRecord): TourValues {
  // Read key by key too: a tour stored before a field existed may lack it (the blank fills it in).
  const record: Record<string, unknown> = stored;
  const blank = blankTour();
  const texts = Object.fromEntries(
    (['slug', 'short_description', 'description', 'info', 'additional_dates', 'additional_cities', 'additional_price', 'additional_price_includes', 'additional_extra_price', 'seo_h1', 'seo_title', 'seo_description', 'external_link'] as const).map((key) => [key, text(record[key])]),
  );
  return {
    ...blank,
    ...(record as Partial<TourValues>),
    ...texts,
    trade_offers: ids(record.trade_offers),
    services: ids(record.services),
    required_services: ids(record.required_services),
    hotels: (stored.hotels ?? []).map((hotel) => ({ ...hotel })),
    meals: (stored.meals ?? []).map((meal) => ({ ...meal, dates: meal.dates.map((date) => ({ ...date })) })),
    days: ((record.days as DayValues[] | undefined) ?? []).map((day) => ({ ...day, name: text(day.name), description: text(day.description), photos: day.photos ?? [] })),
    dates: stored.dates ?? [],
    catalog_sections: stored.catalog_sections ?? [],
    photos: (record.photos as Photo[] | undefined) ?? [],
    videos: (record.videos as Photo[] | undefined) ?? [],
    files: (record.files as UploadedFile[] | undefined) ?? [],
  };
}

/** Error paths of each tab of the tour editor; anything unknown shows on the general tab. */
const TOUR_TABS = tabOwnership({
  hotels: ['hotels', 'is_hotel_selection'],
  services: ['services'],
  required_services: ['required_services'],
  commission: ['commission_', 'meal_price', 'adult_price', 'child_price'],
  meals: ['meals'],
  dates: ['dates'],
  days: ['days'],
  info: ['short_description', 'description', 'info', 'additional_'],
  photos: ['photos'],
  videos: ['videos'],
  files: ['files'],
  catalog_sections: ['catalog_sections'],
  seo: ['seo_', 'external_link'],
});
export const TOUR_TAB_OWNS = TOUR_TABS.owns;
export const generalOwns = TOUR_TABS.rest;

/** A cell of a value as typed: empty when there is none. */
export const cellText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
