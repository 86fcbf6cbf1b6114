/**
 * The hotel editor's form: a new hotel, a record read back, the blank room and period, and which
 * tab owns which error path (spec 02 "Hotel form").
 */
import { CommissionType } from '@shared/commission';
import { HOTEL_COMMISSION_CATEGORIES, PERIOD_COMMISSION_CATEGORIES, ROOM_AGE_LISTS, ROOM_ITEM_LISTS, type RoomAgeList, type RoomItemList } from '@shared/hotels/constants';
import type { HotelInput, PeriodInput, RoomInput } from '@shared/hotels/schema';
import type { FieldErrors } from '@shared/validation';
import type { Photo, UploadedFile } from '@shared/files';
import type { FormOf } from '../../common/editor/formOf';
import type { ListItem } from '../../common/editor/ItemSumList';
import { owner, tabOwnership } from '../../common/editor/tabOwnership';

/**
 * The form is the payload as the shared schema takes it (FormOf: the schema's input types, defaulted
 * parts present); fields the schema takes loosely (it normalizes what outside clients send) have the
 * shape the form's own controls give them: lists with sums, photos, files, coordinates, text.
 */
type Shaped = {
  services: ListItem[];
  infrastructures: ListItem[];
  meals: ListItem[];
  photos: Photo[];
};
/**
 * The markups of a hotel or a price period, named by category (the shared schema builds them per
 * category, so its type does not name them): a sum as typed, the type's id, the differentiation switch.
 */
type CommissionValues<Category extends string> = { commission_general_sum: number | string | null; is_differentiate: boolean } & Record<`commission_${Category}_type`, number> &
  Record<`commission_${Category}_sum`, number | string | null>;

/** A price period: its dates as the typed date fields give them (ISO `YYYY-MM-DD`, or null while empty). */
export type PeriodValues = Omit<FormOf<PeriodInput>, 'from' | 'to'> & { from: string | null; to: string | null } & CommissionValues<(typeof PERIOD_COMMISSION_CATEGORIES)[number]>;
/** A room, with what GET adds and the form shows (whether it may be deleted, the external system's id and data). */
export type RoomValues = Omit<FormOf<RoomInput>, 'dates' | keyof Shaped | RoomItemList | RoomAgeList | 'meals'> &
  Omit<Shaped, 'meals' | 'infrastructures'> &
  Record<RoomItemList, ListItem[]> &
  Record<RoomAgeList, { id: number; type?: number }[]> & { meals: number[]; dates: PeriodValues[]; can_delete?: boolean; external_id?: string | null; payload?: unknown };
export type HotelValues = Omit<FormOf<HotelInput>, 'rooms' | 'catalog' | keyof Shaped | 'coords' | 'info' | 'description' | 'videos' | 'desc_files' | 'memo_files'> &
  Shaped & {
    coords: [string, string];
    info: string[];
    description: string | null;
    videos: Photo[];
    desc_files: UploadedFile[];
    memo_files: UploadedFile[];
    rooms: RoomValues[];
    catalog: Required<NonNullable<HotelInput['catalog']>>;
  } & CommissionValues<(typeof HOTEL_COMMISSION_CATEGORIES)[number]>;

const commission = <Category extends string>(categories: readonly Category[]) => ({
  commission_general_sum: 0,
  is_differentiate: false,
  ...(Object.fromEntries(categories.flatMap((category) => [
    [`commission_${category}_type`, CommissionType.Fixed],
    [`commission_${category}_sum`, 0],
  ])) as Record<`commission_${Category}_type` | `commission_${Category}_sum`, number>),
});

export const blankHotel = (): HotelValues => ({
  city_id: null,
  name: '',
  slug: '',
  address: '',
  coords: ['', ''],
  category_type: null,
  stars: null,
  rating: null,
  arrival_time: '',
  departure_time: '',
  vendor_id: null,
  promotion_id: null,
  description: '',
  short_description: '',
  info: [],
  is_excursion: false,
  is_search_priority: false,
  application_auto_confirm: false,
  auto_confirm_status: null,
  sea_distance: null,
  desc_files: [],
  memo_files: [],
  site_url: '',
  site_description: '',
  photos: [],
  videos: [],
  services: [],
  infrastructures: [],
  meals: [],
  catalog: { price: null, sort: null },
  catalog_sections: [],
  seo_h1: '',
  seo_title: '',
  seo_description: '',
  ...commission(HOTEL_COMMISSION_CATEGORIES),
  rooms: [],
});

export const blankRoom = (): RoomValues => ({
  type_id: null,
  description_id: null,
  accommodation_id: null,
  place_id: null,
  quota: false,
  quota_count: null,
  adult_count: 0,
  child_count: 0,
  adv_adult_count: 0,
  adv_child_count: 0,
  child_without: 0,
  is_children_in_adult_places: false,
  is_children_in_adv_adult_places: false,
  ...(Object.fromEntries(Object.keys(ROOM_AGE_LISTS).map((list) => [list, []])) as Record<RoomAgeList, []>),
  ...(Object.fromEntries(ROOM_ITEM_LISTS.map((list) => [list, []])) as Record<RoomItemList, []>),
  meals: [],
  photos: [],
  premises: [],
  area: '',
  dates: [],
  can_delete: true,
});

export const blankPeriod = (): PeriodValues => ({
  from: null,
  to: null,
  is_total_price: false,
  total_price: null,
  adult_price: null,
  child_price: null,
  child_without_price: null,
  adv_adult_price: null,
  adv_child_price: null,
  ...commission(PERIOD_COMMISSION_CATEGORIES),
});

/** A record read back (GET /api/hotels/{id}) as the form: the payload's fields are all there. */
export function hotelFromRecord(stored: Partial<HotelValues>): HotelValues {
  const coords = Array.isArray(stored.coords) ? stored.coords.map(String) : [];
  return { ...blankHotel(), ...stored, coords: [coords[0] ?? '', coords[1] ?? ''], info: stored.info ?? [], catalog: stored.catalog ?? { price: null, sort: null } };
}

/** Error paths of each tab of the hotel editor; anything unknown shows on the general tab. */
const HOTEL_TABS = tabOwnership({
  rooms: ['rooms'],
  commission: ['commission_', 'is_differentiate'],
  info: ['description', 'short_description', 'info', 'desc_files'],
  photos: ['photos'],
  videos: ['videos'],
  catalog: ['catalog', 'catalog_sections'],
  seo: ['seo_'],
});
export const HOTEL_TAB_OWNS = HOTEL_TABS.owns;
export const generalOwns = HOTEL_TABS.rest;

/** Room dialog tabs: photos, dates, and everything else on the general tab. */
const ROOM_TABS = tabOwnership({ photos: ['photos'], dates: ['dates'] });
export const ROOM_TAB_OWNS = ROOM_TABS.owns;
export const roomGeneralOwns = ROOM_TABS.rest;
export const periodCommissionOwns = owner(['commission_', 'is_differentiate']);

/** A table cell of a value as typed (a count or a price not yet checked by the schema): empty when there is none. */
export const cellText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
