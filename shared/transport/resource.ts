/**
 * The bus-transport list (spec 02 "Bus-transport list") and its picker, for the list engine.
 */
import { z } from 'zod';
import { listFilter } from '../list.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { transportPayloadSchema } from './schema.js';
import { TRANSPORT_PATHS } from './paths.js';

const T = MESSAGES.transport;

/** /transports: the list (search, sort by id and name) and delete of the generic screen; the editor sends `{payload}`. */
export const transportsResource = defineResource({
  path: TRANSPORT_PATHS.list,
  createSchema: transportPayloadSchema,
  updateSchema: transportPayloadSchema,
  sortable: ['id', 'name'],
  /** Also the tours' picker `GET /api/transports/list` (spec 03 §7): `type=forth` reaches `city_id`, `back` leaves it. */
  filters: z.object({ city_id: listFilter.integer(), type: listFilter.oneOf(['forth', 'back']), is_excursion: listFilter.flag() }),
  picker: 'search',
  messages: { saved: T.transportSaved, deleted: MESSAGES.success.deleted, loadFailed: MESSAGES.errors.unexpected },
});
