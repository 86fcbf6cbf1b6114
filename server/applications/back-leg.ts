/**
 * The back leg of a bus tour (issue 27, docs/applications.md "The way back"): it may ride any bus
 * transport with a stop in the forth leg's arrival city before a stop in its departure city, on a
 * departure whose ride leaves that stop on or after the day the forth leg arrives. One set of
 * functions for the save's rule (application-rules.ts) and the editor's candidates
 * (editor-data/back-transports.ts), so the dialog offers exactly what the save accepts.
 */
import { BACK_TRANSPORTS_LIMIT, DEPARTURES_AHEAD_DAYS, type BackTransportOption } from '../../shared/applications/editor-data.js';
import { transportKey, type TransportItemRow } from '../../shared/applications/schema.js';
import { formatDate } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { departureDates } from '../../shared/transport/rules.js';
import type { FieldErrors } from '../../shared/validation.js';
import { rideDates } from '../transports/transport-read.js';
import { pointOf, type TransportGround } from './application-ground.js';
import { addDays } from './pricing/lines.js';

const A = MESSAGES.applications;
const BACK = transportKey('back');

/** Where the forth leg starts and ends, and the day it arrives (YYYY-MM-DD). */
export interface ForthRide {
  from_city_id: number;
  to_city_id: number;
  arrival: string;
}

/** The forth leg's ride (its points on its transport, in order), or null. */
export function forthRide(transport: TransportGround, item: TransportItemRow): ForthRide | null {
  const from = pointOf(transport, item.from_route_id);
  const to = pointOf(transport, item.to_route_id);
  if (!from || !to || from.position >= to.position) return null;
  const { finish_at } = rideDates({ row: transport, points: transport.points }, item.departure_date, from.position, to.position);
  return { from_city_id: from.point_city_id, to_city_id: to.point_city_id, arrival: finish_at.slice(0, 10) };
}

/** The day a ride of the trip leaving on `departureDate` leaves the point at `position`. */
const boardingDay = (transport: TransportGround, departureDate: string, position: number) =>
  rideDates({ row: transport, points: transport.points }, departureDate, position, position).start_at.slice(0, 10);

/** The segment of `transport` that brings the forth ride back: its first stop in the arrival city with a later stop in the departure city; null when none. */
export function backSegment(transport: TransportGround, forth: ForthRide) {
  const points = [...transport.points].sort((a, b) => a.position - b.position);
  for (const from of points) {
    if (from.point_city_id !== forth.to_city_id) continue;
    const to = points.find((point) => point.position > from.position && point.point_city_id === forth.from_city_id);
    if (to) return { from, to };
  }
  return null;
}

/** The departures of `transport` whose ride leaves the point at `fromPosition` on or after the arrival, earliest first, up to the horizon. */
export function backDepartures(transport: TransportGround, fromPosition: number, arrival: string): string[] {
  // A stop is left on a later day of the trip than its departure date: the range starts the trip's length before the arrival.
  const candidates = departureDates(transport, { from: addDays(arrival, -Math.max(1, transport.duration)), to: addDays(arrival, DEPARTURES_AHEAD_DAYS) });
  return candidates.filter((date) => boardingDay(transport, date, fromPosition) >= arrival);
}

/**
 * The back leg's refusals, on its paths: a transport that does not go from the arrival city to the
 * departure city (`transport_id`), points in other cities (`from_route_id`, `to_route_id`), a ride
 * that leaves before the forth leg arrives (`departure_date`). The points' own order is the
 * caller's rule (a leg's points on its transport, the first before the second).
 */
export function backLegErrors(forth: ForthRide, transport: TransportGround, item: TransportItemRow): FieldErrors {
  const from = pointOf(transport, item.from_route_id);
  const to = pointOf(transport, item.to_route_id);
  if (!from || !to || from.position >= to.position) return {};
  if (!backSegment(transport, forth)) return { [`${BACK}.transport_id`]: [A.notBack] };
  const errors: FieldErrors = {};
  if (from.point_city_id !== forth.to_city_id) errors[`${BACK}.from_route_id`] = [A.notBack];
  if (to.point_city_id !== forth.from_city_id) errors[`${BACK}.to_route_id`] = [A.notBack];
  if (boardingDay(transport, item.departure_date, from.position) < forth.arrival) errors[`${BACK}.departure_date`] = [A.backBeforeArrival(formatDate(forth.arrival))];
  return errors;
}

/** The candidates among `transports` (loaded grounds with their names): those with a segment back and a departure for it, earliest first, at most BACK_TRANSPORTS_LIMIT. */
export function backTransportOptions(forth: ForthRide, transports: readonly (TransportGround & { name: string })[]): BackTransportOption[] {
  return transports
    .flatMap((transport) => {
      const segment = backSegment(transport, forth);
      const departures = segment ? backDepartures(transport, segment.from.position, forth.arrival) : [];
      return segment && departures.length > 0 ? [{ id: transport.id, name: transport.name, from_route_id: segment.from.id, to_route_id: segment.to.id, departures }] : [];
    })
    .sort((a, b) => a.departures[0]!.localeCompare(b.departures[0]!) || a.name.localeCompare(b.name, 'ru') || a.id - b.id)
    .slice(0, BACK_TRANSPORTS_LIMIT);
}
