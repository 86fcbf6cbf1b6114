/**
 * A supplier's item read raw, before our schema walks it (issue 37 "Items without limits", "Control
 * characters"): the hotel's bounds (shared/hotels/constants.ts HOTEL_LIMITS, the editor's schema holds
 * the same) and the office's own input guard (server/common/input/json-input.ts). The refusal's line,
 * or null when the item may go on to the schema.
 */
import { HOTEL_LIMITS } from '../../shared/hotels/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { findInputProblem } from '../common/input/json-input.js';

const D = MESSAGES.imports.door;

const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

export function supplierItemRefusal(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const hotel = item as { rooms?: unknown; photos?: unknown };
  if (lengthOf(hotel.rooms) > HOTEL_LIMITS.rooms) return D.tooManyRooms(HOTEL_LIMITS.rooms);
  if (lengthOf(hotel.photos) > HOTEL_LIMITS.photos) return D.tooManyPhotos(HOTEL_LIMITS.photos);
  for (const room of Array.isArray(hotel.rooms) ? (hotel.rooms as unknown[]) : []) {
    const { photos, prices } = (room ?? {}) as { photos?: unknown; prices?: unknown };
    if (lengthOf(photos) > HOTEL_LIMITS.roomPhotos) return D.tooManyRoomPhotos(HOTEL_LIMITS.roomPhotos);
    if (lengthOf(prices) > HOTEL_LIMITS.roomPeriods) return D.tooManyPeriods(HOTEL_LIMITS.roomPeriods);
  }
  // The same guard as the office's own input: a control character anywhere refuses the item, its field named.
  const problem = findInputProblem(item, Number.POSITIVE_INFINITY);
  return problem ? D.controlCharacters(problem.path) : null;
}
