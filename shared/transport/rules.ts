/**
 * Rules of bus transports both sides apply (spec 02 §4, §5): a stop's days and a new date, route
 * positions and segments (the seat store's), the tariff matrix by ordered pairs of points in route
 * order, a copy, departure dates. The rows checked in their dialogs are in ./schema.ts.
 */
import { MESSAGES } from '../messages.js';
import { copyName } from '../copy.js';
import type { FieldErrors } from '../validation.js';
import { DEPARTURE_TYPE, todayIso } from './constants.js';

const T = MESSAGES.transport;

/**
 * The day rules of one intermediate stop (spec 02 §5: day values capped at the duration): its days
 * within the duration, departure not before arrival, arrival not before the previous stop's departure
 * (1 for the first stop). Errors by field, for the whole form's schema and for the stop's dialog.
 */
export function stopDayErrors(stop: { arrival_day: number; departure_day: number }, duration: number, previousDeparture: number): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of ['arrival_day', 'departure_day'] as const) if (stop[field] > duration) add(field, T.dayAfterDuration(duration));
  if (stop.departure_day < stop.arrival_day) add('departure_day', T.departureBeforeArrival);
  if (stop.arrival_day < previousDeparture) add('arrival_day', T.stopBeforePrevious);
  return errors;
}

/** A new date is not in the past (a saved one stays as it was: the server keeps it unchanged), and no date is there twice. */
export function dateRuleErrors(date: { id?: number | null; start_date: string }, others: readonly { start_date: string }[], today: string): FieldErrors {
  const errors: FieldErrors = {};
  if (others.some((other) => other.start_date === date.start_date)) (errors.start_date ??= []).push(T.dateTaken);
  if (!date.id && date.start_date < today) (errors.start_date ??= []).push(T.datePast);
  return errors;
}

/** A route point as one list: start 0, intermediates 1..k, finish k+1 (the positions of the seat store). */
export interface RoutePointRef {
  position: number;
  point_city_id: number;
}

export function routePositions(routes: { start: { point_city_id: number }; intermediates: { point_city_id: number }[]; finish: { point_city_id: number } }): RoutePointRef[] {
  return [routes.start, ...routes.intermediates, routes.finish].map((point, position) => ({ position, point_city_id: point.point_city_id }));
}

/**
 * The segment between two cities of a route, as the seat store holds it (a half-open range of
 * positions [from, to)): from = the first position with `fromCity`, to = the first later position with
 * `toCity`. Null when the route does not lead from one to the other.
 */
export function segmentOf(points: readonly RoutePointRef[], fromCity: number, toCity: number): { from: number; to: number } | null {
  const from = points.find((point) => point.point_city_id === fromCity);
  if (!from) return null;
  const to = points.find((point) => point.position > from.position && point.point_city_id === toCity);
  return to ? { from: from.position, to: to.position } : null;
}

/**
 * The segment between two route points named by their positions (a booking on a route visiting one
 * city twice), or null unless both are points of the route, in order, and stand in the cities named
 * beside them (when named).
 */
export function positionSegment(
  points: readonly RoutePointRef[],
  named: { from_position: number | null; to_position: number | null; from_city_id?: number | null; to_city_id?: number | null },
): { from: number; to: number } | null {
  const { from_position: from, to_position: to } = named;
  if (from === null || to === null || from >= to || to >= points.length) return null;
  if (named.from_city_id != null && points[from]!.point_city_id !== named.from_city_id) return null;
  if (named.to_city_id != null && points[to]!.point_city_id !== named.to_city_id) return null;
  return { from, to };
}

/** Every ordered pair of route points (i before j): the cells of the tariff matrix. */
export function tariffPairs(pointCount: number): { from_position: number; to_position: number }[] {
  const pairs: { from_position: number; to_position: number }[] = [];
  for (let from = 0; from < pointCount; from++) for (let to = from + 1; to < pointCount; to++) pairs.push({ from_position: from, to_position: to });
  return pairs;
}

/** Where a tariff row of a payload stands in the matrix, or why it stands nowhere. */
export type TariffPlace = { from_position: number; to_position: number } | { refused: 'pair' | 'twice' | 'ambiguous' };

/**
 * Places the tariff rows of a payload on the route's ordered pairs of points (spec 02 "Tariffs tab").
 * - A row naming its pair by positions whose cities (when given) stand there takes that pair (the
 *   editor; the GET → PUT round trip).
 * - A row naming only cities takes the pairs with those cities in route order, one per mention: the
 *   k-th row naming A→B takes the k-th pair of points from A to B. So a list of every pair in route
 *   order works even when two points are in one city (start in A, a stop at B's bus station, finish
 *   at B's embankment: A→B, A→B, B→B), and a list keyed by city pairs the route has once works in
 *   any order. A city pair the route has several times and the list names fewer times is ambiguous.
 * A row for a pair the route does not have, or a second row for a pair, is refused; callers ignore
 * such a row priced 0 (clients that send every pair of cities of some other route shape).
 */
export function tariffPlaces(
  points: readonly RoutePointRef[],
  rows: readonly { from_position?: number | null; to_position?: number | null; from_city_id?: number | null; to_city_id?: number | null }[],
): TariffPlace[] {
  const pairs = tariffPairs(points.length);
  const cityOf = (position: number) => points[position]!.point_city_id;
  const byPosition = (row: (typeof rows)[number]) =>
    row.from_position != null &&
    row.to_position != null &&
    row.from_position < row.to_position &&
    row.to_position < points.length &&
    (row.from_city_id == null || cityOf(row.from_position) === row.from_city_id) &&
    (row.to_city_id == null || cityOf(row.to_position) === row.to_city_id);
  const cityKey = (from: number, to: number) => `${from}>${to}`;
  /** The route's pairs of points by their cities, in route order. */
  const pairsOfCities = new Map<string, { from_position: number; to_position: number }[]>();
  for (const pair of pairs) {
    const key = cityKey(cityOf(pair.from_position), cityOf(pair.to_position));
    pairsOfCities.set(key, [...(pairsOfCities.get(key) ?? []), pair]);
  }
  const mentions = new Map<string, number>();
  for (const row of rows) {
    if (!byPosition(row) && row.from_city_id != null && row.to_city_id != null) {
      const key = cityKey(row.from_city_id, row.to_city_id);
      mentions.set(key, (mentions.get(key) ?? 0) + 1);
    }
  }
  const taken = new Set<string>();
  const seen = new Map<string, number>();
  return rows.map((row): TariffPlace => {
    let pair: { from_position: number; to_position: number } | undefined;
    if (byPosition(row)) pair = { from_position: row.from_position!, to_position: row.to_position! };
    else if (row.from_city_id != null && row.to_city_id != null) {
      const key = cityKey(row.from_city_id, row.to_city_id);
      const candidates = pairsOfCities.get(key) ?? [];
      if (candidates.length === 0) return { refused: 'pair' };
      if (candidates.length > 1 && mentions.get(key)! < candidates.length) return { refused: 'ambiguous' };
      const mention = seen.get(key) ?? 0;
      seen.set(key, mention + 1);
      pair = candidates[mention];
      if (!pair) return { refused: 'twice' };
    } else return { refused: 'pair' };
    const key = `${pair.from_position}-${pair.to_position}`;
    if (taken.has(key)) return { refused: 'twice' };
    taken.add(key);
    return pair;
  });
}

/**
 * The tariff matrix rebuilt for a route (spec 02 §4: rebuilt whenever route points change): one row
 * per ordered pair, keeping the price of a pair whose two cities are still at those positions.
 */
export function rebuildTariffs(
  points: readonly RoutePointRef[],
  previous: readonly { from_position?: number; to_position?: number; from_city_id?: number | null; to_city_id?: number | null; tariff: number }[],
): { from_position: number; to_position: number; from_city_id: number; to_city_id: number; tariff: number }[] {
  return tariffPairs(points.length).map(({ from_position, to_position }) => {
    const from_city_id = points[from_position]!.point_city_id;
    const to_city_id = points[to_position]!.point_city_id;
    const kept = previous.find((row) => row.from_position === from_position && row.to_position === to_position && row.from_city_id === from_city_id && row.to_city_id === to_city_id);
    return { from_position, to_position, from_city_id, to_city_id, tariff: kept?.tariff ?? 0 };
  });
}

/**
 * A copy of a bus transport's form (spec 02 §4: copy sends a new record; tariffs reset to zero on
 * copy): every id dropped, the tariff matrix kept in shape with zero prices, dates already past left
 * out (a new record cannot have them), the name marked as a copy (names are unique).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the editor's form or a record read back
export function copyTransport<Form extends Record<string, any>>(form: Form, today = todayIso()): Form {
  // The parts of the form a copy touches, by their shape (./schema.ts builds on these rules, not the reverse).
  type Row = { id?: unknown };
  const withoutId = <R extends Row>(row: R): R => ({ ...row, id: null });
  const routes: { start: Row; intermediates?: Row[]; finish: Row } = form.routes;
  const days: Row[] = form.days ?? [];
  const dates: (Row & { start_date: string })[] = form.dates ?? [];
  const tariffs: { tariff: number }[] = form.tariffs ?? [];
  return {
    ...form,
    id: undefined,
    version: undefined,
    name: copyName(String(form.name ?? '')),
    routes: { start: withoutId(routes.start), intermediates: (routes.intermediates ?? []).map(withoutId), finish: withoutId(routes.finish) },
    days: days.map(withoutId),
    dates: dates.filter((date) => date.start_date >= today).map(withoutId),
    tariffs: tariffs.map((tariff) => ({ ...tariff, tariff: 0 })),
  };
}

/** Departure days of the weekly mode, or dates of the dates mode, between start and finish (inclusive). */
export function departureDates(
  transport: { departure_type: number; start_date: string; finish_date: string; days: readonly { number: number }[]; dates: readonly { start_date: string }[] },
  range: { from?: string; to?: string } = {},
): string[] {
  const from = range.from && range.from > transport.start_date ? range.from : transport.start_date;
  const to = range.to && range.to < transport.finish_date ? range.to : transport.finish_date;
  if (transport.departure_type === DEPARTURE_TYPE.dates) {
    return transport.dates.map((date) => date.start_date).filter((date) => date >= from && date <= to).sort();
  }
  const weekdays = new Set(transport.days.map((day) => day.number));
  const result: string[] = [];
  const cursor = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  for (; cursor <= end; cursor.setUTCDate(cursor.getUTCDate() + 1)) {
    const isoDay = cursor.getUTCDay() === 0 ? 7 : cursor.getUTCDay();
    if (weekdays.has(isoDay)) result.push(cursor.toISOString().slice(0, 10));
  }
  return result;
}
