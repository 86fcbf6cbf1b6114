/** Placement of the hotel editor's uploads (POST /api/hotels/files): policy and folder by `type`. */
import { FILE_KINDS, type FileKind } from '../../shared/files.js';
import { HOTEL_UPLOAD_MAX_BYTES, HOTEL_UPLOADS } from '../../shared/hotels/files.js';
import type { HotelFileType } from '../../shared/hotels/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import type { StreamPlacement } from '../files/stream-upload.interceptor.js';

export const HOTEL_UPLOAD_FIELDS = ['file', 'photo'] as const;

/** The upload of a `type` field's value, or undefined. */
export const hotelUploadOf = (type: unknown) => HOTEL_UPLOADS[Number(type) as HotelFileType] as (typeof HOTEL_UPLOADS)[HotelFileType] | undefined;

/** Before the type is known (sent after the file): any kind and size a type takes; the route checks again. */
const ANY_TYPE: StreamPlacement = {
  policy: {
    kinds: Object.keys(FILE_KINDS) as FileKind[],
    maxBytes: HOTEL_UPLOAD_MAX_BYTES,
    messages: { tooLarge: MESSAGES.files.tooLarge(HOTEL_UPLOAD_MAX_BYTES / 1024 / 1024), badFormat: MESSAGES.files.badFormat },
  },
  area: 'uploads/hotel',
  entity: 'hotel',
};

export function placeHotelUpload(body: Record<string, unknown>): StreamPlacement {
  const upload = hotelUploadOf(body.type);
  return upload ? { policy: upload.policy, area: upload.area, entity: 'hotel', type: String(body.type) } : ANY_TYPE;
}
