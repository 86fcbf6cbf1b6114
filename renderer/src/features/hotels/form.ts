/**
 * The hotel editor's form: a new hotel, a record read back, the blank room and period, and which
 * tab owns which error path (spec 02 "Hotel form").
 */
import { CommissionType, HOTEL_COMMISSION_CATEGORIES, PERIOD_COMMISSION_CATEGORIES, ROOM_AGE_LISTS, ROOM_ITEM_LISTS } from '@shared/hotels/constants';
import type { FieldErrors } from '@shared/validation';
import { owner, tabOwnership } from '../../common/editor/tabOwnership';

/** The form is the payload itself (loose JSON: the shared schema checks it before it is sent). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Values = Record<string, any>;

const commission = (categories: readonly string[]): Values => ({
  commission_general_sum: 0,
  is_differentiate: false,
  ...Object.fromEntries(categories.flatMap((category) => [
    [`commission_${category}_type`, CommissionType.Fixed],
    [`commission_${category}_sum`, 0],
  ])),
});

export const blankHotel = (): Values => ({
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
  seo_h1: '',
  seo_title: '',
  seo_description: '',
  ...commission(HOTEL_COMMISSION_CATEGORIES),
  rooms: [],
});

export const blankRoom = (): Values => ({
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
  ...Object.fromEntries(Object.keys(ROOM_AGE_LISTS).map((list) => [list, []])),
  ...Object.fromEntries(ROOM_ITEM_LISTS.map((list) => [list, []])),
  meals: [],
  photos: [],
  premises: [],
  area: '',
  dates: [],
  can_delete: true,
});

export const blankPeriod = (): Values => ({
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
export function hotelFromRecord(record: Values): Values {
  const coords = Array.isArray(record.coords) ? record.coords.map(String) : [];
  return { ...blankHotel(), ...record, coords: [coords[0] ?? '', coords[1] ?? ''], info: record.info ?? [], catalog: record.catalog ?? { price: null, sort: null } };
}

/** Error paths of each tab of the hotel editor; anything unknown shows on the general tab. */
const HOTEL_TABS = tabOwnership({
  rooms: ['rooms'],
  commission: ['commission_', 'is_differentiate'],
  info: ['description', 'short_description', 'info', 'desc_files'],
  photos: ['photos'],
  videos: ['videos'],
  catalog: ['catalog'],
  seo: ['seo_'],
});
export const HOTEL_TAB_OWNS = HOTEL_TABS.owns;
export const generalOwns = HOTEL_TABS.rest;

/** Room dialog tabs: photos, dates, and everything else on the general tab. */
const ROOM_TABS = tabOwnership({ photos: ['photos'], dates: ['dates'] });
export const ROOM_TAB_OWNS = ROOM_TABS.owns;
export const roomGeneralOwns = ROOM_TABS.rest;
export const periodCommissionOwns = owner(['commission_', 'is_differentiate']);

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
