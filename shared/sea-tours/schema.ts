/**
 * The sea-tour payload (spec 03 §3 "Sea tour", "Hotel commission group", "Transport pair"; §4; §5):
 * one zod schema for the server's payload pipe (422 on paths such as `hotels.1.hotels_ids`,
 * `transports.0.transport_back_id`) and the renderer's editor. Rules that need stored data (hotels
 * of the city, transports reaching it) are in ./rules.ts, called by the server with what it read.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { SLUG_FORMAT } from '../slug.js';
import { activeFlag, id, infoLines, optionalText, requiredInteger, requiredText, rowId, toFieldErrors, versionField } from '../validation.js';
import { TRANSFER_TYPE_IDS } from '../transfers.js';
import { SEA_TOUR_LIMITS as L } from './constants.js';
import { duplicatePairErrors, groupOverlapErrors, pairsAllowed } from './rules.js';

const V = MESSAGES.validation;

const percent = () => requiredInteger(L.percent.min, L.percent.max, { blank: 0 });
const markups = () => ({ commission_sum: percent(), commission_railway_sum: percent(), commission_avia_sum: percent() });
/** A list of ids without repeats (a repeat says nothing new). */
const idList = () => z.array(id(), { error: V.invalid }).default([]).transform((ids) => [...new Set(ids)]);

/** A hotel commission group: hotels of the tour's city with their own three markups (names of GET ignored). */
export const hotelGroupSchema = z.object({
  id: rowId(),
  hotels_ids: idList().refine((ids) => ids.length > 0, V.required),
  ...markups(),
});

/** A there/back pair of bus transports (spec 03 §3 "Transport pair"). */
export const transportPairSchema = z.object({
  transport_forth_id: id(),
  transport_back_id: id(),
});

/** POST /api/sea-tours and PUT /api/sea-tours/{id}: the payload. Read-only extras of GET (city, names, can_delete) are ignored. */
export const seaTourSchema = z
  .object({
    id: z.unknown().optional(),
    version: versionField(),
    name: requiredText(L.name),
    /** Left out (or blank), the save derives it from the name (shared/slug.ts); an edit keeps its own. */
    slug: optionalText(L.slug).pipe(z.string().regex(SLUG_FORMAT, MESSAGES.cities.slugFormat).nullable()),
    city_id: id(),
    is_active: activeFlag(),
    info: infoLines(L.infoLine, L.infoLines),
    ...markups(),
    transfer_types_ids: idList().refine((ids) => ids.every((type) => TRANSFER_TYPE_IDS.includes(type)), V.oneOf),
    hotels: z.array(hotelGroupSchema, { error: V.invalid }).default([]),
    transports: z.array(transportPairSchema, { error: V.invalid }).default([]),
  })
  .superRefine((tour, context) => {
    for (const [path, messages] of Object.entries({ ...groupOverlapErrors(tour.hotels), ...(pairsAllowed(tour.transfer_types_ids) ? duplicatePairErrors(tour.transports) : {}) })) {
      for (const message of messages) context.addIssue({ code: 'custom', path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message });
    }
  })
  // Pairs exist only with the bus transfer (spec 03 §2.10): without it the table is locked and the save keeps none.
  .transform((tour) => (pairsAllowed(tour.transfer_types_ids) ? tour : { ...tour, transports: [] }));

export type SeaTourInput = z.input<typeof seaTourSchema>;
export type SeaTour = z.output<typeof seaTourSchema>;
export type HotelGroupInput = z.input<typeof hotelGroupSchema>;
export type TransportPairInput = z.input<typeof transportPairSchema>;

/** A group of its dialog checked on its own (`hotels_ids`, `commission_sum`). */
export function hotelGroupErrors(group: unknown): Record<string, string[]> {
  const result = hotelGroupSchema.safeParse(group);
  return result.success ? {} : toFieldErrors(result.error);
}

/** A pair of its dialog checked on its own. */
export function transportPairErrors(pair: unknown): Record<string, string[]> {
  const result = transportPairSchema.safeParse(pair);
  return result.success ? {} : toFieldErrors(result.error);
}
