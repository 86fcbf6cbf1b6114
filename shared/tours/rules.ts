/**
 * Pure rules of the tour editor both sides call (spec 03 §4).
 */
import { copyName, copySlug } from '../copy.js';

type Row = Record<string, unknown>;
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/**
 * What a copy of a tour keeps (spec 03 §4): everything but its ids, meals, files, photos, videos and
 * the days' photos; the checklist is the original's (it is not part of the payload). Dates, days,
 * hotels, services and sections are new rows of the copy. The name and slug are marked as a copy.
 */
export function copyTour<T extends Row>(tour: T): T {
  const { id: _id, version: _version, can_delete: _canDelete, has_checklist: _hasChecklist, ...rest } = tour;
  return {
    ...rest,
    name: copyName(String(tour.name ?? '')),
    slug: copySlug(String(tour.slug ?? '')),
    meals: [],
    files: [],
    photos: [],
    videos: [],
    days: rows(tour.days).map(({ id: _day, ...day }) => ({ ...day, photos: [] })),
    dates: rows(tour.dates).map(({ id: _date, ...date }) => date),
  } as unknown as T;
}

/** Spec 03 §4: the return transport's options exclude the one chosen there. */
export const backTransportOptions = <T extends { id: number }>(options: readonly T[], forthId: number | null | undefined): T[] =>
  options.filter((option) => option.id !== forthId);
