/**
 * Hotels (spec 02 §3–§9): lists and limits both sides need (their texts: shared/messages/hotels.ts).
 */

/** Spec 02 §9 and §5. */
export const HOTEL_LIMITS = {
  name: 255,
  slug: 255,
  address: 255,
  siteUrl: 255,
  coordinate: 10,
  rating: { min: 1, max: 10 },
  mealSum: 999_999.99,
  catalogPrice: 999_999.99,
  catalogSort: { min: 1, max: 100 },
  seoText: 255,
  seoDescription: 5000,
  description: 20_000,
  shortDescription: 1000,
  infoLine: 255,
  /** Lines of that information (issue 25: ours, the spec gives none). */
  infoLines: 100,
  memoFiles: 10,
  videos: 1,
  videoCaption: 50,
  /** Room (spec 02 §5, §9). */
  quotaCount: 1000,
  roomCount: 999_999,
  roomArea: 50,
  premisesName: 50,
  premisesArea: 999.99,
  /** Price period: integer prices. */
  price: 999_999,
  /** The general commission percent (spec 02 §5: integer −100 to 100); the per-category pairs are COMMISSION_BOUNDS.hotel. */
  percent: 100,
  /**
   * Issue 37: a hotel's bounds, for the editor's schema and the supplier import alike (a supplier's hotel
   * of 20 000 rooms answered 28 MB at every opening).
   */
  rooms: 200,
  photos: 50,
  roomPhotos: 50,
  roomPeriods: 100,
  /** Page sizes of the rooms and price-period tables (spec 02 §9). */
  roomsPerPage: 10,
  periodsPerPage: 10,
} as const;

/** Hotel category (the spec names the field only). */
export const HOTEL_CATEGORY_TYPES = [
  { id: 1, name: 'Отель' },
  { id: 2, name: 'Гостевой дом' },
  { id: 3, name: 'База отдыха' },
  { id: 4, name: 'Санаторий' },
  { id: 5, name: 'Пансионат' },
  { id: 6, name: 'Апартаменты' },
] as const;

/** Stars, "including a without-stars option" (spec 02 §2). */
export const HOTEL_STARS = [
  { id: 0, name: 'Без звёзд' },
  { id: 1, name: '1 звезда' },
  { id: 2, name: '2 звезды' },
  { id: 3, name: '3 звезды' },
  { id: 4, name: '4 звезды' },
  { id: 5, name: '5 звёзд' },
] as const;

/** Distance to the sea. */
export const SEA_DISTANCES = [
  { id: 1, name: 'Первая линия' },
  { id: 2, name: 'До 100 м' },
  { id: 3, name: 'До 300 м' },
  { id: 4, name: 'До 500 м' },
  { id: 5, name: 'До 1 км' },
  { id: 6, name: 'Более 1 км' },
] as const;

/** Commission categories of a hotel; a price period has all but `meal` (spec 02 §3). */
export const HOTEL_COMMISSION_CATEGORIES = ['adult', 'child', 'adv_adult', 'adv_child', 'child_without_place', 'meal'] as const;
export const PERIOD_COMMISSION_CATEGORIES = ['adult', 'child', 'adv_adult', 'adv_child', 'child_without_place'] as const;
export type CommissionCategory = (typeof HOTEL_COMMISSION_CATEGORIES)[number];

export const COMMISSION_CATEGORY_NAMES: Record<CommissionCategory, string> = {
  adult: 'Взрослый',
  child: 'Ребёнок',
  adv_adult: 'Взрослый на доп. месте',
  adv_child: 'Ребёнок на доп. месте',
  child_without_place: 'Ребёнок без места',
  meal: 'Питание',
};

/** Child-age lists of a room and their `type` (spec 02 §3 Room). */
export const ROOM_AGE_LISTS = {
  children_ages: 1,
  children_ages_without_place: 2,
  adv_children_ages: 3,
  in_adult_places_children_ages: 4,
  in_adv_adult_places_children_ages: 5,
} as const;
export type RoomAgeList = keyof typeof ROOM_AGE_LISTS;

/** Lists of a room naming dictionary rows, each with a sum (spec 02 §3 Room). */
export const ROOM_ITEM_LISTS = ['services', 'r_services', 'r_equipments', 'r_furnitures', 'r_bathrooms'] as const;
export type RoomItemList = (typeof ROOM_ITEM_LISTS)[number];

/** Upload types of POST /api/hotels/files (spec 02 §7). */
export const HotelFileType = { Description: 1, Memo: 2, Photo: 3, RoomPhoto: 4, Video: 6 } as const;
export type HotelFileType = (typeof HotelFileType)[keyof typeof HotelFileType];
