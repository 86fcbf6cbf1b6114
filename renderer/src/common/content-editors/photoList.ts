/**
 * The pure logic of the photo-list editor (spec 01 §4 "Photo lists", §5 "Photos"): ordering, sort
 * values, appending uploads and choosing which picked files go to the server. Plain TypeScript, so
 * the unit tests run it without a browser.
 *
 * Shared code is imported by relative path here (not `@shared/…`): the unit test project has no alias.
 */
import { PHOTO_LIST_LIMITS, PHOTO_POLICY, precheckFile, type Photo, type UploadedFile, type UploadPolicy } from '../../../../shared/files';
import type { FieldErrors } from '../../../../shared/validation';

const { sortMin, sortMax } = PHOTO_LIST_LIMITS;

const clampSort = (sort: number) => Math.min(sortMax, Math.max(sortMin, Math.round(sort)));

/** Sort values 1..n in list order (capped at 255), as after a drag reorder. Unchanged photos keep their identity. */
export function reindex(photos: readonly Photo[]): Photo[] {
  return photos.map((photo, index) => {
    const sort = clampSort(index + 1);
    return photo.sort === sort ? photo : { ...photo, sort };
  });
}

/** Moves the photo at `from` to position `to` (the index it will have), then reindexes. */
export function movePhoto(photos: readonly Photo[], from: number, to: number): Photo[] {
  if (from === to || from < 0 || from >= photos.length || to < 0 || to >= photos.length) return [...photos];
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return reindex(next);
}

/** The sort value a newly added photo gets: one past the largest, at most 255. */
export function nextSort(photos: readonly Photo[]): number {
  return clampSort(photos.reduce((max, photo) => Math.max(max, photo.sort || 0), 0) + 1);
}

/** A just-uploaded file at the end of the list, with an empty caption. */
export function appendUploaded(photos: readonly Photo[], uploaded: UploadedFile): Photo[] {
  return [...photos, { name: uploaded.name, path: uploaded.path, url: uploaded.url, alt: '', sort: nextSort(photos) }];
}

/** A copy with one photo changed (caption or sort); the sort is kept within 1..255 and the caption within 50. */
export function updatePhoto(photos: readonly Photo[], index: number, change: Partial<Pick<Photo, 'alt' | 'sort'>>): Photo[] {
  return photos.map((photo, at) => {
    if (at !== index) return photo;
    const next = { ...photo, ...change };
    if (change.sort !== undefined) next.sort = clampSort(change.sort);
    if (typeof change.alt === 'string') next.alt = change.alt.slice(0, PHOTO_LIST_LIMITS.captionMax);
    return next;
  });
}

export function removePhoto(photos: readonly Photo[], index: number): Photo[] {
  return photos.filter((_, at) => at !== index);
}

/** The options of the sort select: 1..255. */
export const SORT_OPTIONS: readonly number[] = Array.from({ length: sortMax - sortMin + 1 }, (_, index) => sortMin + index);

export interface PickedFiles<F> {
  /** Files that pass the pre-check, at most `max` of the picked ones. */
  accepted: F[];
  /** Files refused by the pre-check, with the message to show. */
  refused: { file: F; message: string }[];
  /** How many picked files were left out for being over `max` (0 when none). */
  skipped: number;
}

/**
 * What happens to a pick or drop of files: only the first `max` (20) are taken, each is pre-checked
 * against the policy (type by extension, size); the server still decides by content.
 */
export function pickFiles<F extends { name: string; size: number; type?: string }>(
  files: readonly F[],
  options: { max?: number; policy?: UploadPolicy } = {},
): PickedFiles<F> {
  const max = options.max ?? PHOTO_LIST_LIMITS.filesAtOnce;
  const policy = options.policy ?? PHOTO_POLICY;
  const taken = files.slice(0, max);
  const result: PickedFiles<F> = { accepted: [], refused: [], skipped: Math.max(0, files.length - max) };
  for (const file of taken) {
    const message = precheckFile(file, policy);
    if (message) result.refused.push({ file, message });
    else result.accepted.push(file);
  }
  return result;
}

/**
 * The part of a form's 422 map that is about this list, with the list's prefix taken off:
 * `scopedErrors({'photos.1.alt': [...]}, 'photos')` → `{'1.alt': [...]}`.
 */
export function scopedErrors(errors: FieldErrors | undefined, prefix: string): FieldErrors {
  const result: FieldErrors = {};
  if (!errors) return result;
  const start = `${prefix}.`;
  for (const [key, messages] of Object.entries(errors)) {
    if (key.startsWith(start)) result[key.slice(start.length)] = messages;
  }
  return result;
}
