/**
 * Rules of the hotel editor that need more than the payload (spec 02 §4): the place layout's caps
 * of a room's counts, and what a copy keeps. Pure functions, called by the server with what it read
 * and by the renderer with what GET /api/hotels/rooms/data gave.
 */
import { MESSAGES } from '../messages.js';
import type { FieldErrors } from '../validation.js';
import { copyName, copySlug } from '../copy.js';

/** A place layout (room dictionary "places"): main and extra place counts. */
export interface PlaceLayout {
  places_count: number;
  adv_places_count: number;
}

interface RoomCounts {
  adult_count?: unknown;
  child_count?: unknown;
  adv_adult_count?: unknown;
  adv_child_count?: unknown;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);

/**
 * Spec 02 §4 "Room places": adult and child counts are capped by the layout's count, the child cap
 * being the total minus the adults; the extra places likewise by the extra count.
 */
export function roomCaps(room: RoomCounts, place: PlaceLayout | undefined) {
  if (!place) return null;
  return {
    adult_count: place.places_count,
    child_count: Math.max(0, place.places_count - count(room.adult_count)),
    adv_adult_count: place.adv_places_count,
    adv_child_count: Math.max(0, place.adv_places_count - count(room.adv_adult_count)),
  };
}

/** The 422 map (room-relative: `adult_count`) of counts above the layout's caps. */
export function placeCapErrors(room: RoomCounts, place: PlaceLayout | undefined): FieldErrors {
  const caps = roomCaps(room, place);
  const errors: FieldErrors = {};
  if (!caps) return errors;
  for (const [field, cap] of Object.entries(caps)) {
    if (count(room[field as keyof RoomCounts]) > cap) errors[field] = [MESSAGES.validation.max(cap)];
  }
  return errors;
}

/** The place selector is locked once any count is above zero (spec 02 §4). */
export const placeLocked = (room: RoomCounts) => [room.adult_count, room.child_count, room.adv_adult_count, room.adv_child_count].some((value) => count(value) > 0);

type Row = Record<string, unknown>;
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const withoutId = ({ id: _id, ...rest }: Row) => rest;

/** Copying a room in its dialog drops its id and photos, and the ids of its periods and premises. */
export function copyRoom<T extends Row>(room: T): T {
  return {
    ...withoutId(room),
    photos: [],
    external_id: null,
    payload: null,
    can_delete: true,
    dates: rows(room.dates).map(withoutId),
    premises: rows(room.premises).map(withoutId),
  } as unknown as T;
}

/**
 * Spec 02 §4 "Hotel copy": files, photos, videos and room photos emptied, ids dropped at every depth
 * (rooms, price periods, premises), no version: a new record, named '… (копия)' with a slug of its
 * own (both are unique).
 */
export function copyHotel<T extends Row>(hotel: T): T {
  const { id: _id, version: _version, ...rest } = hotel;
  return {
    ...rest,
    name: copyName(String(hotel.name ?? '')),
    slug: copySlug(String(hotel.slug ?? '')),
    desc_files: [],
    memo_files: [],
    photos: [],
    videos: [],
    rooms: rows(hotel.rooms).map(copyRoom),
  } as unknown as T;
}
