/** Directions: of the catalogue (spec 03 §2.14, §3, §5) and of hotels (spec 01 §2.11 "Directions"). */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { ACCESS } from '../roles.js';
import { optionalText, requiredInteger, requiredText } from '../validation.js';
import { defineResource } from './define.js';
import { listFilter } from '../list.js';

/** Sort 1–100; a lower value stands higher. */
export const DIRECTION_SORT = { min: 1, max: 100, default: 100 } as const;

const directionSchema = z.object({
  name: requiredText(255),
  cities: z.array(requiredInteger(1, 2_147_483_647), { error: MESSAGES.validation.invalid }).default([]),
  sort: requiredInteger(DIRECTION_SORT.min, DIRECTION_SORT.max).default(DIRECTION_SORT.default),
});

export const directionsResource = defineResource({
  path: '/directions',
  createSchema: directionSchema,
  updateSchema: directionSchema,
  sortable: ['id', 'name', 'sort'],
  /** Spec 03 §6: the catalogue's directions are the administrator's and the manager's to change; all three read them. */
  writeRoles: ACCESS.administratorAndManager,
  messages: { saved: MESSAGES.directions.saved, deleted: MESSAGES.success.deleted },
});

const hotelDirectionSchema = z.object({
  name: requiredText(50),
  city_id: requiredInteger(1, 2_147_483_647),
  info: optionalText(100),
});

export const hotelDirectionsResource = defineResource({
  path: '/hotels/directions',
  createSchema: hotelDirectionSchema,
  updateSchema: hotelDirectionSchema,
  sortable: ['id', 'name'],
  filters: z.object({ city_id: listFilter.integer() }),
  messages: { saved: MESSAGES.hotelHandbooks.directionSaved, deleted: MESSAGES.success.deleted },
});
