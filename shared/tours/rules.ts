/** Pure rules of the excursion tour both sides use (spec 03 §4 "Excursion tour"). */
import { copyName, copySlug } from '../copy.js';

/** What a copy drops: the parts of a tour a copy never takes over. */
interface Copyable {
  name?: unknown;
  slug?: unknown;
  meals?: unknown[];
  files?: unknown[];
  photos?: unknown[];
  videos?: unknown[];
  days?: { photos?: unknown[] }[];
  dates?: unknown[];
  hotels?: unknown[];
  catalog_sections?: unknown[];
}

/**
 * A copy of a tour's form (spec 03 §4): without meals, files, photos, videos and the days' photos
 * (the checklist belongs to the stored tour only); named '… (копия)'; no ids, so every row is new.
 */
export function copyTour<Form extends Copyable>(tour: Form): Form {
  const { id: _id, version: _version, ...rest } = tour as Form & { id?: unknown; version?: unknown };
  const withoutId = <Row>(row: Row): Row => {
    const { id: _rowId, ...kept } = row as Row & { id?: unknown };
    return kept as Row;
  };
  return {
    ...(rest as unknown as Form),
    name: copyName(String(tour.name ?? '')),
    slug: tour.slug ? copySlug(String(tour.slug)) : tour.slug,
    meals: [],
    files: [],
    photos: [],
    videos: [],
    days: (tour.days ?? []).map((day) => ({ ...withoutId(day), photos: [] })),
    dates: (tour.dates ?? []).map(withoutId),
    can_delete: true,
    has_checklist: false,
  };
}

/** Whether a start date (YYYY-MM-DD) is past on `today` (spec 03 §9: a date before today). */
export const isPastDate = (startDate: string, today: string) => startDate < today;
