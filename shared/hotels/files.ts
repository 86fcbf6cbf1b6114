/**
 * Uploads of the hotel editor (spec 02 §5 "Uploads", §7 POST /hotels/files, §9): what each type
 * takes, told by content on the server.
 */
import type { UploadPolicy } from '../files.js';
import { MESSAGES } from '../messages.js';
import { HotelFileType } from './constants.js';

const MB = 1024 * 1024;
const policy = (kinds: UploadPolicy['kinds'], mb: number, tooLarge = MESSAGES.files.tooLarge(mb)): UploadPolicy => ({
  kinds,
  maxBytes: mb * MB,
  messages: { tooLarge, badFormat: MESSAGES.files.badFormat },
});

/** Each upload type: its policy and the storage area of its files. */
export const HOTEL_UPLOADS: Record<HotelFileType, { policy: UploadPolicy; area: string }> = {
  /** Description files: documents up to 3 MB. */
  [HotelFileType.Description]: { policy: policy(['pdf', 'doc', 'docx', 'jpeg', 'png'], 3), area: 'documents/hotel' },
  /** Memo files: doc, bmp, jpg, jpeg up to 3 MB each (at most 10 per hotel). */
  [HotelFileType.Memo]: { policy: policy(['doc', 'bmp', 'jpeg'], 3), area: 'documents/hotel-memo' },
  /** Photos: 2 MB (spec 02 §5: 'other files up to 3 MB (2 MB for type 3)'). */
  [HotelFileType.Photo]: { policy: policy(['jpeg', 'png'], 2), area: 'photos/hotel' },
  [HotelFileType.RoomPhoto]: { policy: policy(['jpeg', 'png'], 3), area: 'photos/hotel-room' },
  /** One video: avi, mov, mp4, ogg, webm up to 100 MB ('The uploaded file cannot be larger than 100 mb'). */
  [HotelFileType.Video]: { policy: policy(['avi', 'mov', 'mp4', 'ogg', 'webm'], 100), area: 'videos/hotel' },
};
