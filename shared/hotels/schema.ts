/**
 * The hotel payload (spec 02 §3 Hotel, Room, Price period; §4 rules; §5 limits): one zod schema,
 * used by the server's payload pipe (422 with paths such as `rooms.3.dates.0.to`) and by the editor
 * and its dialogs in the renderer. The rules that need stored data (the place layout's counts) are
 * pure functions in ./rules.ts, called by both sides with what they loaded.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { autoConfirmStatus, checkAutoConfirm, checkCommission, COMMISSION_BOUNDS, commissionSum, commissionType, CommissionType, storedAutoConfirmStatus } from '../commission.js';
import {
  flag,
  id,
  infoLines,
  money,
  optionalDecimal,
  optionalId,
  optionalInteger,
  optionalMoney,
  optionalRichText,
  optionalText,
  optionalUrl,
  requiredDate,
  requiredInteger,
  requiredText,
  rowId,
  time,
  toFieldErrors,
  versionField,
} from '../validation.js';
import { SLUG_FORMAT } from '../slug.js';
import { checkPeriodOverlaps } from '../periods.js';
import {
  HOTEL_COMMISSION_CATEGORIES,
  HOTEL_LIMITS as L,
  PERIOD_COMMISSION_CATEGORIES,
  ROOM_AGE_LISTS,
  ROOM_ITEM_LISTS,
  HotelFileType,
  type CommissionCategory,
} from './constants.js';
import { HOTEL_UPLOADS } from './files.js';
import { mediaItemSchema, uploadedFileSchema } from '../files.js';

const V = MESSAGES.validation;

/** The one date rule of the forms: a real day within bounds, 'Введите дату в формате ДД.ММ.ГГГГ.' otherwise. */
const date = () => requiredDate();

/** An uploaded file of a hotel field, of its upload type only (HOTEL_UPLOADS areas; FileFieldKinds CHECKs). */
const uploadedFile = (type: HotelFileType) => uploadedFileSchema(HOTEL_UPLOADS[type].area);
/** A photo or video item (spec 02 §3): id, name, path, url, alt, type. */
const mediaItem = (type: HotelFileType) => mediaItemSchema(HOTEL_UPLOADS[type].area, L.videoCaption);

/** A list entry naming a handbook row with a sum (services, meals, room items). */
const itemWithSum = (max: number) => z.object({ id: id(), sum: money(0, max) });

// ---------------------------------------------------------------------------------------------
// Commission (markups): a general percent, the differentiation switch and per-category pairs

/** The commission fields of `categories` (hotel: with meal; period: without). */
function commissionShape(categories: readonly CommissionCategory[]) {
  const shape: Record<string, z.ZodType> = {
    commission_general_sum: requiredInteger(-L.percent, L.percent, { blank: 0 }),
    is_differentiate: flag(),
  };
  for (const category of categories) {
    shape[`commission_${category}_type`] = commissionType();
    shape[`commission_${category}_sum`] = commissionSum(COMMISSION_BOUNDS.hotel);
  }
  return shape;
}

type CommissionValues = Record<string, unknown> & { is_differentiate: boolean; commission_general_sum: number };

/** Each category's sum against its type (spec 02 §5: percent ±100, other types ±999 999). */
function checkCategories(values: CommissionValues, categories: readonly CommissionCategory[], context: z.RefinementCtx) {
  for (const category of categories) checkCommission(values, context, COMMISSION_BOUNDS.hotel, { type: `commission_${category}_type`, sum: `commission_${category}_sum` });
}

/**
 * Spec 02 §4 "Hotel commission": with differentiation off the per-category pairs are reset to type 1
 * and sum 0 on save; with it on, the general sum is 0.
 */
export function resetCommission<T extends CommissionValues>(values: T, categories: readonly CommissionCategory[]): T {
  const next: Record<string, unknown> = { ...values };
  if (values.is_differentiate) next.commission_general_sum = 0;
  else {
    for (const category of categories) {
      next[`commission_${category}_type`] = CommissionType.Fixed;
      next[`commission_${category}_sum`] = 0;
    }
  }
  return next as T;
}

// ---------------------------------------------------------------------------------------------
// Price period

const priceField = () => requiredInteger(0, L.price);
const optionalPrice = () => optionalInteger(0, L.price);

export const periodSchema = z
  .object({
    id: rowId(),
    from: date(),
    to: date(),
    is_total_price: flag(),
    total_price: optionalPrice(),
    /** Empty adult or child price is saved as null (spec 02 §4). */
    adult_price: optionalPrice(),
    child_price: optionalPrice(),
    child_without_price: priceField(),
    adv_adult_price: priceField(),
    adv_child_price: priceField(),
    ...commissionShape(PERIOD_COMMISSION_CATEGORIES),
  })
  .superRefine((period, context) => {
    if (period.from && period.to && period.from > period.to) context.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.editor.periodOrder });
    if (period.is_total_price && period.total_price === null) context.addIssue({ code: 'custom', path: ['total_price'], message: V.required });
    checkCategories(period as unknown as CommissionValues, PERIOD_COMMISSION_CATEGORIES, context);
  })
  // Total-price mode uses the total; otherwise the adult and child prices (spec 02 §4).
  .transform((period) => {
    const prices = period.is_total_price ? { ...period, adult_price: null, child_price: null } : { ...period, total_price: null };
    return resetCommission(prices as typeof period & CommissionValues, PERIOD_COMMISSION_CATEGORIES);
  });

export type PeriodInput = z.input<typeof periodSchema>;
export type Period = z.output<typeof periodSchema>;

// ---------------------------------------------------------------------------------------------
// Room

const ageEntry = z.preprocess((value) => (typeof value === 'number' || typeof value === 'string' ? { id: value } : value), z.object({ id: requiredInteger(0, 17), type: z.unknown().optional() }));
const ages = () => z.array(ageEntry, { error: V.invalid }).default([]);
const items = () => z.array(itemWithSum(L.mealSum), { error: V.invalid }).default([]);

const premisesSchema = z.object({
  id: rowId(),
  name: requiredText(L.premisesName),
  area: optionalDecimal(0, L.premisesArea, 2),
});

const roomShape = {
  id: rowId(),
  type_id: optionalId(),
  description_id: optionalId(),
  accommodation_id: optionalId(),
  place_id: optionalId(),
  quota: flag(),
  quota_count: optionalInteger(0, L.quotaCount),
  adult_count: requiredInteger(0, L.roomCount),
  child_count: requiredInteger(0, L.roomCount),
  adv_adult_count: requiredInteger(0, L.roomCount),
  adv_child_count: requiredInteger(0, L.roomCount),
  /** Children without a place: a count; the original system's clients send it as a flag (`false` none, `true` one). */
  child_without: z.preprocess((value) => (typeof value === 'boolean' ? Number(value) : value), optionalInteger(0, L.roomCount)).transform((value) => value ?? 0),
  is_children_in_adult_places: flag(),
  is_children_in_adv_adult_places: flag(),
  ...(Object.fromEntries(Object.keys(ROOM_AGE_LISTS).map((list) => [list, ages()])) as Record<keyof typeof ROOM_AGE_LISTS, ReturnType<typeof ages>>),
  ...(Object.fromEntries(ROOM_ITEM_LISTS.map((list) => [list, items()])) as Record<(typeof ROOM_ITEM_LISTS)[number], ReturnType<typeof items>>),
  meals: z.array(id(), { error: V.invalid }).default([]),
  photos: z.array(mediaItem(HotelFileType.RoomPhoto), { error: V.invalid }).max(L.roomPhotos, V.maxItems(L.roomPhotos)).default([]),
  premises: z.array(premisesSchema, { error: V.invalid }).default([]),
  area: optionalText(L.roomArea),
  dates: z.array(periodSchema, { error: V.invalid }).max(L.roomPeriods, V.maxItems(L.roomPeriods)).default([]),
};

/**
 * A room; `mealRequired` off for a supplier's room (the import, server/imports/import-job.ts): the
 * protocol carries no meals, a person picks them in the editor, whose save asks for them.
 */
const roomSchemaOf = (mealRequired: boolean) => z
  .object(roomShape)
  .superRefine((room, context) => {
    const required = (path: string, missing: boolean) => missing && context.addIssue({ code: 'custom', path: [path], message: V.required });
    required('type_id', room.type_id === null);
    required('place_id', room.place_id === null);
    required('accommodation_id', room.accommodation_id === null);
    required('quota_count', room.quota && room.quota_count === null);
    required('children_ages', room.child_count > 0 && room.children_ages.length === 0);
    required('adv_children_ages', room.adv_child_count > 0 && room.adv_children_ages.length === 0);
    required('meals', mealRequired && room.meals.length === 0);
    checkPeriodOverlaps(room.dates, context);
  })
  .transform((room) => ({
    ...room,
    // Quota count exists only with the quota on; children on adult places only with adults (spec 02 §4).
    quota_count: room.quota ? room.quota_count : null,
    is_children_in_adult_places: room.adult_count > 0 && room.is_children_in_adult_places,
    in_adult_places_children_ages: room.adult_count > 0 && room.is_children_in_adult_places ? room.in_adult_places_children_ages : [],
    is_children_in_adv_adult_places: room.adv_adult_count > 0 && room.is_children_in_adv_adult_places,
    in_adv_adult_places_children_ages: room.adv_adult_count > 0 && room.is_children_in_adv_adult_places ? room.in_adv_adult_places_children_ages : [],
  }));

/** A room as its dialog saves it (spec 02 §5 "Room"; §4 "Room places"). */
export const roomSchema = roomSchemaOf(true);

export type RoomInput = z.input<typeof roomSchema>;
export type Room = z.output<typeof roomSchema>;

// ---------------------------------------------------------------------------------------------
// Hotel

const coordinate = z.union([z.string(), z.number(), z.null()]).transform((value) => (value === null ? '' : String(value).trim()));

const hotelObjectOf = (room: typeof roomSchema) => z.object({
  id: z.unknown().optional(),
  version: versionField(),
  city_id: optionalId(),
  name: requiredText(L.name),
  /** The page address; left out (or blank: null here), the save derives it from the name (shared/slug.ts) and makes it unique. */
  slug: optionalText(L.slug).pipe(z.string().regex(SLUG_FORMAT, MESSAGES.cities.slugFormat).nullable()),
  address: optionalText(L.address),
  /** [latitude, longitude]: each at most 10 characters; non-numeric entries dropped, null if empty (spec 02 §3). */
  coords: z
    .preprocess((value) => value ?? [], z.array(coordinate.pipe(z.string().max(L.coordinate, V.maxLength(L.coordinate))), { error: V.invalid }).max(2, V.invalid))
    .transform((coords) => {
      const numbers = coords.filter((entry) => entry !== '' && Number.isFinite(Number(entry)));
      return numbers.length > 0 ? numbers : null;
    }),
  category_type: optionalId(),
  stars: optionalInteger(0, 5),
  /** Rating 1 to 10 with one decimal (spec 02 §5). */
  rating: optionalDecimal(L.rating.min, L.rating.max, 1),
  arrival_time: time(),
  departure_time: time(),
  vendor_id: optionalId(),
  promotion_id: optionalId(),
  description: optionalRichText(L.description),
  short_description: optionalText(L.shortDescription),
  /** Lines of information shown in search; null when empty (spec 02 §3). */
  info: infoLines(L.infoLine, L.infoLines),
  is_excursion: flag(),
  is_search_priority: flag(),
  application_auto_confirm: flag(),
  auto_confirm_status: autoConfirmStatus(),
  sea_distance: optionalId(),
  desc_files: z.array(uploadedFile(HotelFileType.Description), { error: V.invalid }).default([]),
  memo_files: z.array(uploadedFile(HotelFileType.Memo), { error: V.invalid }).max(L.memoFiles, `Не более ${L.memoFiles} файлов.`).default([]),
  site_url: optionalUrl(L.siteUrl),
  site_description: optionalText(L.siteUrl),
  photos: z.array(mediaItem(HotelFileType.Photo), { error: V.invalid }).max(L.photos, V.maxItems(L.photos)).default([]),
  videos: z.array(mediaItem(HotelFileType.Video), { error: V.invalid }).max(L.videos, MESSAGES.hotels.videosMax).default([]),
  services: z.array(itemWithSum(L.mealSum), { error: V.invalid }).default([]),
  infrastructures: z.array(z.object({ id: id(), type: z.unknown().optional(), pay: flag() }), { error: V.invalid }).default([]),
  meals: z.array(itemWithSum(L.mealSum), { error: V.invalid }).default([]),
  catalog: z
    .object({
      price: optionalMoney(0, L.catalogPrice),
      sort: optionalInteger(L.catalogSort.min, L.catalogSort.max),
    })
    .prefault({ price: null, sort: null }),
  /** The catalogue sections the hotel is shown in (spec 03 §2.13): ids, each once. */
  catalog_sections: z.preprocess((value) => value ?? [], z.array(id(), { error: V.invalid }).transform((ids) => [...new Set(ids)])),
  seo_h1: optionalText(L.seoText),
  seo_title: optionalText(L.seoText),
  seo_description: optionalText(L.seoDescription),
  ...commissionShape(HOTEL_COMMISSION_CATEGORIES),
  rooms: z.array(room, { error: V.invalid }).max(L.rooms, V.maxItems(L.rooms)).default([]),
});

const hotelSchemaOf = (room: typeof roomSchema) => hotelObjectOf(room)
  .superRefine((hotel, context) => {
    if (hotel.city_id === null) context.addIssue({ code: 'custom', path: ['city_id'], message: V.required });
    checkAutoConfirm(hotel, context);
    checkCategories(hotel as unknown as CommissionValues, HOTEL_COMMISSION_CATEGORIES, context);
    // On room save, room meals are filtered to the meals chosen at hotel level; a room needs one.
    const hotelMeals = new Set(hotel.meals.map((meal) => meal.id));
    hotel.rooms.forEach((room, index) => {
      if (room.meals.length > 0 && !room.meals.some((meal) => hotelMeals.has(meal))) context.addIssue({ code: 'custom', path: ['rooms', index, 'meals'], message: V.required });
    });
  })
  .transform((hotel) => {
    const hotelMeals = new Set(hotel.meals.map((meal) => meal.id));
    return {
      ...resetCommission(hotel as typeof hotel & CommissionValues, HOTEL_COMMISSION_CATEGORIES),
      auto_confirm_status: storedAutoConfirmStatus(hotel),
      rooms: hotel.rooms.map((room) => ({ ...room, meals: room.meals.filter((meal) => hotelMeals.has(meal)) })),
    };
  });

/** POST /api/hotels and PUT /api/hotels/{id}: the payload. Read-only extras of GET (city object, can_delete, …) are ignored. */
export const hotelSchema = hotelSchemaOf(roomSchema);
/** A hotel as an import writes it: the editor's rules but a room's meal (roomSchemaOf). */
export const importedHotelSchema = hotelSchemaOf(roomSchemaOf(false));

export type HotelInput = z.input<typeof hotelSchema>;
export type Hotel = z.output<typeof hotelSchema>;

/** Validates a room of the dialog on its own: the field map of the room (`type_id`, `dates.1.from`). */
export function roomErrors(room: unknown): Record<string, string[]> {
  const result = roomSchema.safeParse(room);
  return result.success ? {} : toFieldErrors(result.error);
}

/** Validates a price period of its dialog on its own. */
export function periodErrors(period: unknown): Record<string, string[]> {
  const result = periodSchema.safeParse(period);
  return result.success ? {} : toFieldErrors(result.error);
}
