/** The sea-tours list (spec 03 §2.10): the shared part of its declaration, its row and its picker's row. */
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { SEA_TOUR_PATHS } from './paths.js';
import { seaTourSchema } from './schema.js';

export const seaToursResource = defineResource({
  path: SEA_TOUR_PATHS.list,
  createSchema: seaTourSchema,
  updateSchema: seaTourSchema,
  sortable: ['id', 'name'],
  picker: 'search',
  /** PUT /api/sea-tours/{id}/active: the list's switch (spec 03 §4 "Sea tour"). */
  switches: { active: 'is_active' },
  messages: {
    saved: MESSAGES.seaTours.saved,
    deleted: MESSAGES.seaTours.deleted,
    saveFailed: { title: MESSAGES.hotels.saveFailed, text: MESSAGES.hotels.checkFields },
    loadFailed: MESSAGES.errors.unexpected,
  },
});

export interface SeaTourListRow {
  id: number;
  name: string;
  is_active: boolean;
  can_delete: boolean;
}

/** GET /api/sea-tours/list (`query`, `limit`): a sea tour for pickers (applications, analytics). */
export interface SeaTourPickerRow {
  id: number;
  name: string;
  city_id: number;
  is_active: boolean;
  /** The city's name: what tells namesakes apart (IdName `detail`). */
  detail: string | null;
}
