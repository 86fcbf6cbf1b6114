/**
 * An application's seats outside its save (spec 03 §2.3 Transport tab, §4 "Seats on a transport",
 * §7; issue 18 "Seats"): the seat change ('Смена места'), the seats of a transport, and the route
 * change ('Маршрут'). Request schemas and paths shared by the server and the renderer; the seat's
 * shape is ApplicationSeat (types.ts).
 */
import { z } from 'zod';
import { id, optionalId, requiredDate, requiredInteger } from '../validation.js';
import { SEAT_SCHEME_LIMITS } from '../transport/seat-scheme.js';

/** POST /api/transports/{id}/seats/change: the application's booking `transport_seat_id` moves to seat `number`. */
export const seatChangeSchema = z.object({
  number: requiredInteger(1, SEAT_SCHEME_LIMITS.seats),
  transport_seat_id: id(),
});
export type SeatChangeInput = z.input<typeof seatChangeSchema>;
export type SeatChange = z.output<typeof seatChangeSchema>;

/** GET /api/applications/{id}/seats?transport_id=: the application's seats on that transport. */
export const applicationSeatsQuerySchema = z.object({ transport_id: id() });

/**
 * GET /api/transports/{id}/seats/taken?date=&from_route_id=&to_route_id=[&application_id=]: the seats
 * the 'Места' dialog shows as taken — booked by anyone but this application on a segment overlapping
 * the ride between the two points of the trip leaving on `date` (an unsaved choice too).
 */
export const takenSeatsQuerySchema = z.object({
  date: requiredDate(),
  from_route_id: id(),
  to_route_id: id(),
  application_id: optionalId(),
});

/**
 * PUT /api/applications/{id}/transports/{itemId}/routes: the item rides from `from_route_id` to
 * `to_route_id` (route point ids of its transport). The cities follow from the points; sent by the
 * original client, they are accepted and not read.
 */
export const routeChangeSchema = z.object({
  from_route_id: id(),
  to_route_id: id(),
  from_city_id: optionalId(),
  to_city_id: optionalId(),
});
export type RouteChangeInput = z.input<typeof routeChangeSchema>;
export type RouteChange = z.output<typeof routeChangeSchema>;

export const APPLICATION_SEAT_PATHS = {
  change: (transportId: number) => `/transports/${transportId}/seats/change`,
  taken: (transportId: number) => `/transports/${transportId}/seats/taken`,
  seats: (applicationId: number) => `/applications/${applicationId}/seats`,
  routes: (applicationId: number, itemId: number) => `/applications/${applicationId}/transports/${itemId}/routes`,
} as const;
