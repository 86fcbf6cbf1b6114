/** The hotel editor's uploads (POST /api/hotels/files): each type's policy and folder (shared/hotels/files.ts). */
import { HOTEL_UPLOADS } from '../../shared/hotels/files.js';
import type { TypedUploads } from '../files/typed-uploads.js';

export const HOTEL_TYPED_UPLOADS: TypedUploads = { entity: 'hotel', types: HOTEL_UPLOADS };
