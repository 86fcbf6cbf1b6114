/** The tour editor's uploads (POST /api/tours/files): each type's policy and folder (shared/tours/files.ts). */
import { TOUR_UPLOADS } from '../../shared/tours/files.js';
import type { TypedUploads } from '../files/typed-uploads.js';

export const TOUR_TYPED_UPLOADS: TypedUploads = { entity: 'tour', types: TOUR_UPLOADS };
