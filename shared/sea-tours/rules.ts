/**
 * Rules of the sea-tour editor (spec 03 §4 "Sea tour"): pure functions, used by the schema, by the
 * server with what it read in the save's transaction (which hotels lie in the city, which transports
 * reach it and leave it) and by the renderer. No import of the schema's values (types only).
 */
import { copyName, copySlug } from '../copy.js';
import { MESSAGES } from '../messages.js';
import type { FieldErrors } from '../validation.js';
import { TransferType } from '../transfers.js';

const T = MESSAGES.seaTours;

/** Transport pairs belong to the bus transfer: without type 1 a tour has none (the save clears them). */
export const pairsAllowed = (transferTypes: readonly unknown[] | null | undefined) => (transferTypes ?? []).some((type) => Number(type) === TransferType.Bus);

/** The city is locked once hotels or transports of it are chosen (spec 03 §2.10). */
export const cityLocked = (tour: { hotels?: readonly unknown[] | null; transports?: readonly unknown[] | null }) => (tour.hotels ?? []).length > 0 || (tour.transports ?? []).length > 0;

interface Group {
  hotels_ids: readonly number[];
}
interface Pair {
  transport_forth_id: number;
  transport_back_id: number;
}

/** A hotel in at most one group: the later group naming it hears of it on `hotels.N.hotels_ids`. */
export function groupOverlapErrors(groups: readonly Group[]): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  groups.forEach((group, index) => {
    if (group.hotels_ids.some((hotel) => seen.has(hotel))) errors[`hotels.${index}.hotels_ids`] = [T.hotelInOtherGroup];
    for (const hotel of group.hotels_ids) seen.add(hotel);
  });
  return errors;
}

/** The same pair twice: the later one hears of it on `transports.N.transport_back_id`. */
export function duplicatePairErrors(pairs: readonly Pair[]): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  pairs.forEach((pair, index) => {
    const key = `${pair.transport_forth_id}:${pair.transport_back_id}`;
    if (seen.has(key)) errors[`transports.${index}.transport_back_id`] = [T.samePair];
    seen.add(key);
  });
  return errors;
}

/** Hotels of the groups that are not in the tour's city (`inCity`: the ids of the city's hotels among them). */
export function hotelCityErrors(groups: readonly Group[], inCity: ReadonlySet<number>): FieldErrors {
  const errors: FieldErrors = {};
  groups.forEach((group, index) => {
    if (group.hotels_ids.some((hotel) => !inCity.has(hotel))) errors[`hotels.${index}.hotels_ids`] = [T.hotelNotInCity];
  });
  return errors;
}

/** Pairs whose forth transport does not reach the city, or whose back one does not leave it. */
export function pairCityErrors(pairs: readonly Pair[], reaching: ReadonlySet<number>, leaving: ReadonlySet<number>): FieldErrors {
  const errors: FieldErrors = {};
  pairs.forEach((pair, index) => {
    if (!reaching.has(pair.transport_forth_id)) errors[`transports.${index}.transport_forth_id`] = [T.forthNotToCity];
    if (!leaving.has(pair.transport_back_id)) errors[`transports.${index}.transport_back_id`] = [T.backNotFromCity];
  });
  return errors;
}

type Row = Record<string, unknown>;

/** A copy: a new record named '… (копия)' with a slug of its own; group ids dropped. */
export function copySeaTour<T extends Row>(tour: T): T {
  const { id: _id, version: _version, ...rest } = tour;
  const groups = Array.isArray(tour.hotels) ? (tour.hotels as Row[]) : [];
  return {
    ...rest,
    name: copyName(String(tour.name ?? '')),
    slug: copySlug(String(tour.slug ?? '')),
    hotels: groups.map(({ id: _group, ...group }) => group),
  } as unknown as T;
}
