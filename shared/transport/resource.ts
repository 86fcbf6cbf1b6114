/**
 * The bus-transport list (spec 02 "Bus-transport list") and its picker, for the list engine.
 */
import { z } from 'zod';
import { pickerQuerySchema } from '../list.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { optionalId } from '../validation.js';
import { blank, transportPayloadSchema } from './schema.js';
import { TRANSPORT_PATHS } from './paths.js';

const T = MESSAGES.transport;

const V = MESSAGES.validation;

/** /transports: the list (search, sort by id and name) and delete of the generic screen; the editor sends `{payload}`. */
export const transportsResource = defineResource({
  path: TRANSPORT_PATHS.list,
  createSchema: transportPayloadSchema,
  updateSchema: transportPayloadSchema,
  sortable: ['id', 'name'],
  messages: { saved: T.transportSaved, deleted: MESSAGES.success.deleted, loadFailed: MESSAGES.errors.unexpected },
});

/**
 * GET /api/transports/list (spec 03 §7): transports for a tour's pickers, bounded like every picker
 * (`query`, `limit` of shared/list.ts). `type=forth` reaches `city_id`, `back` leaves it.
 */
export const transportPickerSchema = pickerQuerySchema.extend({
  city_id: optionalId(),
  type: z.preprocess((value) => (blank(value) ? null : value), z.enum(['forth', 'back'], { error: V.oneOf }).nullable()),
  is_excursion: z.preprocess((value) => (blank(value) ? null : value === '1' || value === 1 || value === 'true' ? true : value === '0' || value === 0 || value === 'false' ? false : value), z.boolean({ error: V.oneOf }).nullable()),
});
