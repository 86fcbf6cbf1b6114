/**
 * The route form (spec 03 §2.4, §3 "Route", "Route point", §4 "Route form", §5 "Routes"): one plain
 * JSON body (not `{payload}`) checked by this schema on both sides. Dates travel as DD.MM.YYYY
 * (spec 03 §1) and are stored YYYY-MM-DD; errors carry indexed paths such as
 * `routes.1.hotels.0.arrival_time`. The kind decides which dates are needed: both for 'Туда и
 * обратно', the departure for 'Только туда', the return for 'Только обратно'; a date the kind does
 * not use is not stored (nor are the points of a direction it does not use: see `keptPoints`).
 */
import { z } from 'zod';
import { isCalendarDate } from '../dates.js';
import { MESSAGES } from '../messages.js';
import { flag, id, optionalTypedDate, requiredChoice, rowId, time, versionField } from '../validation.js';
import { kindGoesBack, kindGoesForth, ROUTE_KIND_IDS, ROUTE_LIMITS, TRANSPORT_TYPE_IDS } from './constants.js';

const V = MESSAGES.validation;
const R = MESSAGES.tourRoutes;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A hotel chosen at a point: the hotel (`id`, or `hotel_id` as older clients name it), its arrival date and time. */
export const routeHotelSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && !Array.isArray(value) && !given((value as { id?: unknown }).id) ? { ...value, id: (value as { hotel_id?: unknown }).hotel_id } : value),
  z.object({ id: id(), arrival_date: optionalTypedDate(), arrival_time: time() }).superRefine((hotel, context) => {
    if (hotel.arrival_date === null) context.addIssue({ code: 'custom', path: ['arrival_date'], message: V.required });
    if (hotel.arrival_time === null) context.addIssue({ code: 'custom', path: ['arrival_time'], message: V.required });
  }),
);

/** A point of the transport's route, there (`is_forth`) or back, with the hotels chosen there. */
export const routePointSchema = z.object({
  id: rowId(),
  is_forth: flag(),
  transport_route_id: id(),
  hotels: z.array(routeHotelSchema).max(ROUTE_LIMITS.hotelsPerPoint, V.maxItems(ROUTE_LIMITS.hotelsPerPoint)).default([]),
});

export const tourRouteSchema = z
  .object({
    version: versionField(),
    transport_type: requiredChoice(TRANSPORT_TYPE_IDS),
    transport_id: id(),
    kind: requiredChoice(ROUTE_KIND_IDS),
    forth_date: optionalTypedDate(),
    back_date: optionalTypedDate(),
    routes: z.array(routePointSchema).max(ROUTE_LIMITS.points, V.maxItems(ROUTE_LIMITS.points)).default([]),
  })
  .superRefine((route, context) => {
    const forth = kindGoesForth(route.kind);
    const back = kindGoesBack(route.kind);
    if (forth && route.forth_date === null) context.addIssue({ code: 'custom', path: ['forth_date'], message: V.required });
    if (back && route.back_date === null) context.addIssue({ code: 'custom', path: ['back_date'], message: V.required });
    // Neither date before the other (both pickers show it).
    if (forth && back && isCalendarDate(route.forth_date ?? '') && isCalendarDate(route.back_date ?? '') && route.back_date! < route.forth_date!) {
      context.addIssue({ code: 'custom', path: ['forth_date'], message: R.forthAfterBack });
      context.addIssue({ code: 'custom', path: ['back_date'], message: R.backBeforeForth });
    }
    const points = new Set<string>();
    route.routes.forEach((point, index) => {
      const key = `${point.is_forth}:${point.transport_route_id}`;
      if (points.has(key)) context.addIssue({ code: 'custom', path: ['routes', index, 'transport_route_id'], message: R.pointTwice });
      points.add(key);
      const hotels = new Set<number>();
      point.hotels.forEach((hotel, position) => {
        if (hotels.has(hotel.id)) context.addIssue({ code: 'custom', path: ['routes', index, 'hotels', position, 'id'], message: R.hotelTwice });
        hotels.add(hotel.id);
      });
    });
  })
  // One stored form: a date the kind does not use is none.
  .transform((route) => ({ ...route, forth_date: kindGoesForth(route.kind) ? route.forth_date : null, back_date: kindGoesBack(route.kind) ? route.back_date : null }));

export type TourRoute = z.output<typeof tourRouteSchema>;
export type TourRoutePoint = TourRoute['routes'][number];

/** The points a route keeps, each with its index in the body (for 422 paths): those of the directions its kind uses. */
export const keptPoints = (route: Pick<TourRoute, 'kind' | 'routes'>) =>
  route.routes.map((point, index) => ({ point, index })).filter(({ point }) => (point.is_forth ? kindGoesForth(route.kind) : kindGoesBack(route.kind)));
