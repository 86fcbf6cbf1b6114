/**
 * The save rules of a bus transport that need what is stored (spec 02 §5 and the seat store), and the
 * payload's route and tariff matrix by position; also the vehicle-type save's rule that bookings keep
 * their seats (`layoutRuleErrors`, server/transportation/), the same rule as a transport's. The save (transports.service.ts, on
 * server/common/aggregate) calls these inside its transaction: `storedRuleErrors` before writing,
 * `placedPoints` and `tariffRows` (through transport.aggregate.ts) to build the rows.
 */
import { MESSAGES } from '../../shared/messages.js';
import { SEAT_SCHEME_FIELDS, seatNumbers, type SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { departureDates, routePositions, tariffPairs, tariffPlaces } from '../../shared/transport/rules.js';
import { DEPARTURE_TYPE } from '../../shared/transport/constants.js';
import { type TransportForm } from '../../shared/transport/schema.js';
import type { FieldErrors } from '../../shared/validation.js';
import { joinPath } from '../common/aggregate/declaration.js';
import { describeBookings, type StoredBooking } from '../seats/seat-store.js';

const T = MESSAGES.transport;

/**
 * What the rules read of the stored transport: a part of transport-read.ts's `LoadedTransport`, named by
 * its shape because the reader builds on this module (through transport.aggregate.ts), not the reverse.
 */
export interface StoredTransportFacts {
  days: readonly { id: number; number: number }[];
  dates: readonly { id: number; start_date: string }[];
  points: readonly { id: number; position: number; point_city_id: number }[];
}

/** A point of the payload's route with its path and position. */
export interface PlacedPoint {
  id: number | null;
  path: string;
  position: number;
  kind: 'start' | 'intermediate' | 'finish';
  values: Record<string, unknown>;
}

export function placedPoints(form: TransportForm): PlacedPoint[] {
  const { start, intermediates, finish } = form.routes;
  const last = intermediates.length + 1;
  return [
    { id: start.id ?? null, path: 'routes.start', position: 0, kind: 'start' as const, values: { point_city_id: start.point_city_id, info: start.info, start_time: start.start_time, finish_time: null, arrival_day: null, departure_day: null } },
    ...intermediates.map((stop, index) => ({
      id: stop.id ?? null,
      path: joinPath('routes', 'intermediates', index),
      position: index + 1,
      kind: 'intermediate' as const,
      values: { point_city_id: stop.point_city_id, info: stop.info, start_time: stop.start_time, finish_time: stop.finish_time, arrival_day: stop.arrival_day, departure_day: stop.departure_day },
    })),
    { id: finish.id ?? null, path: 'routes.finish', position: last, kind: 'finish' as const, values: { point_city_id: finish.point_city_id, info: finish.info, start_time: null, finish_time: finish.finish_time, arrival_day: null, departure_day: null } },
  ];
}

/**
 * The tariff matrix of the payload by positions, each row placed by `tariffPlaces` (shared: by its
 * positions, or by its cities in route order). A price for a pair the route does not have is
 * refused; such a row priced 0 is ignored (clients that send every pair of cities). Missing pairs cost 0.
 */
export function tariffRows(form: TransportForm, errors: FieldErrors): { from_position: number; to_position: number; tariff: number }[] {
  const points = routePositions(form.routes);
  const prices = new Map<string, number>();
  const refusals = { pair: T.tariffPair, twice: T.tariffTwice, ambiguous: MESSAGES.fields.tariffAmbiguous };
  tariffPlaces(points, form.tariffs).forEach((place, index) => {
    const row = form.tariffs[index]!;
    if ('refused' in place) {
      if (place.refused === 'twice' || row.tariff !== 0) errors[joinPath('tariffs', index, 'to_city_id')] = [refusals[place.refused]];
      return;
    }
    prices.set(`${place.from_position}-${place.to_position}`, row.tariff);
  });
  return tariffPairs(points.length).map(({ from_position, to_position }) => ({ from_position, to_position, tariff: prices.get(`${from_position}-${to_position}`) ?? 0 }));
}

/**
 * Refusals that need what is stored (spec 02 §5 and the seat store), all at once as one 422:
 * - a saved day or date keeps its weekday or date;
 * - no route edit moves positions under a booking: every point a booking spans must stay the same
 *   point, with the same city, at the same position;
 * - every booking's date stays a departure, and its seat stays in the vehicle's scheme.
 */
export function storedRuleErrors(
  form: TransportForm,
  stored: StoredTransportFacts | null,
  bookings: StoredBooking[],
  layout: SeatSchemeParams | null,
): FieldErrors {
  const errors: FieldErrors = {};
  if (stored) {
    form.days.forEach((day, index) => {
      const before = day.id ? stored.days.find((row) => row.id === day.id) : undefined;
      if (before && before.number !== day.number) errors[joinPath('days', index, 'number')] = [T.dayFixed];
    });
    form.dates.forEach((date, index) => {
      const before = date.id ? stored.dates.find((row) => row.id === date.id) : undefined;
      if (before && before.start_date !== date.start_date) errors[joinPath('dates', index, 'start_date')] = [T.dateFixed];
    });
  }
  if (bookings.length === 0 || !stored) return errors;

  const points = placedPoints(form);
  const moved = bookings.filter((booking) => {
    for (let position = booking.from_position; position <= booking.to_position; position++) {
      const before = stored.points.find((point) => point.position === position);
      const after = points[position];
      if (!before || !after || after.id !== before.id || after.values.point_city_id !== before.point_city_id) return true;
    }
    return false;
  });
  if (moved.length > 0) errors.routes = [T.bookingsInTheWay(describeBookings(moved))];

  const rules = { departure_type: form.departure_type, start_date: form.start_date, finish_date: form.finish_date, days: form.days, dates: form.dates };
  const stranded = bookings.filter((booking) => !departureDates(rules, { from: booking.departure_date, to: booking.departure_date }).includes(booking.departure_date));
  if (stranded.length > 0) {
    const outside = stranded.filter((booking) => booking.departure_date < form.start_date || booking.departure_date > form.finish_date);
    const field = outside.length > 0 ? (outside[0]!.departure_date < form.start_date ? 'start_date' : 'finish_date') : form.departure_type === DEPARTURE_TYPE.days ? 'days' : 'dates';
    errors[field] = [T.bookingsInTheWay(describeBookings(stranded))];
  }

  if (layout) {
    const seatless = seatlessBookings(layout, bookings);
    if (seatless.length > 0) errors.transportation_id = [T.bookingsInTheWay(describeBookings(seatless))];
  }
  return errors;
}

/**
 * Bookings must keep their seats: the bookings whose seat number the layout does not have. The one
 * rule behind both saves that can take a seat away — a transport moved to another vehicle type
 * (`storedRuleErrors`) and a vehicle type's layout edit (`layoutRuleErrors`).
 */
export function seatlessBookings<Booking extends Pick<StoredBooking, 'number'>>(layout: SeatSchemeParams, bookings: readonly Booking[]): Booking[] {
  if (bookings.length === 0) return [];
  const numbers = new Set(seatNumbers(layout));
  return bookings.filter((booking) => !numbers.has(booking.number));
}

/**
 * A vehicle type's layout edit against the bookings of every transport using it (bookings must keep
 * their seats): the refusal goes to the changed field that drops the seats — the first whose stored
 * value alone would give some of them back — else to `seats`, naming the bookings with their transport.
 */
export function layoutRuleErrors(stored: SeatSchemeParams, next: SeatSchemeParams, bookings: readonly (StoredBooking & { transport_name: string })[]): FieldErrors {
  const seatless = seatlessBookings(next, bookings);
  if (seatless.length === 0) return {};
  const field =
    SEAT_SCHEME_FIELDS.find((name) => (next[name] ?? null) !== (stored[name] ?? null) && seatlessBookings({ ...next, [name]: stored[name] }, seatless).length < seatless.length) ?? 'seats';
  return { [field]: [T.bookingsInTheWay(describeBookings(seatless))] };
}

