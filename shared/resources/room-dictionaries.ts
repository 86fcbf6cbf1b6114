/** Room dictionaries (spec 02 "Room dictionaries", §3, §5, §7): simple lists used in the room form. */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { requiredInteger, requiredText } from '../validation.js';
import { defineNamedHandbook, defineResource } from './define.js';

const saved = MESSAGES.roomDictionaries.saved;
const named = (path: string) => defineNamedHandbook({ path: `/hotels/rooms/${path}`, nameMax: 128, saved });

export const roomTypesResource = named('types');
export const roomDescriptionsResource = named('descriptions');
export const roomServicesResource = named('services');
export const roomEquipmentResource = named('equipment');
export const roomFurnitureResource = named('furniture');
export const roomBathroomResource = named('bathroom');

/** Places (placement layouts): main and extra place counts, whole numbers 0–999999, default 0. */
export const ROOM_PLACES_MAX = 999_999;
const placeSchema = z.object({
  name: requiredText(128),
  places_count: requiredInteger(0, ROOM_PLACES_MAX).default(0),
  adv_places_count: requiredInteger(0, ROOM_PLACES_MAX).default(0),
});

export const roomPlacesResource = defineResource({
  path: '/hotels/rooms/places',
  createSchema: placeSchema,
  updateSchema: placeSchema,
  sortable: ['id', 'name', 'places_count', 'adv_places_count'],
  messages: { saved, deleted: MESSAGES.success.deleted },
});

/** Child ages offered by the room form's age selectors (GET /api/hotels/rooms/data → children_ages). */
export const CHILDREN_AGES = Array.from({ length: 18 }, (_, age) => ({ id: age, name: age === 0 ? 'до 1 года' : `${age}` }));

/** GET /api/hotels/rooms/data */
export const ROOM_DATA_PATH = '/hotels/rooms/data';
