/**
 * Uploads of the tour editor (spec 03 §5, §7 POST /tours/files, §9): photos (also the days' photos)
 * and videos with the hotels' size limits, Word files (doc, docx) only — 'Недопустимый формат файла.'
 * otherwise.
 */
import type { UploadPolicy } from '../files.js';
import { MESSAGES } from '../messages.js';
import { TourFileType } from './constants.js';

const MB = 1024 * 1024;
const policy = (kinds: UploadPolicy['kinds'], mb: number): UploadPolicy => ({
  kinds,
  maxBytes: mb * MB,
  messages: { tooLarge: MESSAGES.files.tooLarge(mb), badFormat: MESSAGES.files.badFormat },
});

/** Each upload type: its policy and the storage area of its files (the `ck__path` CHECKs of migrations/1765300000020-Tours.ts). */
export const TOUR_UPLOADS: Record<TourFileType, { policy: UploadPolicy; area: string }> = {
  [TourFileType.Photo]: { policy: policy(['jpeg', 'png'], 2), area: 'photos/tour' },
  [TourFileType.File]: { policy: policy(['doc', 'docx'], 3), area: 'documents/tour' },
  [TourFileType.Video]: { policy: policy(['avi', 'mov', 'mp4', 'ogg', 'webm'], 100), area: 'videos/tour' },
};
