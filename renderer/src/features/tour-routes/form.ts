/**
 * The route form (spec 03 §2.4): the shared schema's input, dates YYYY-MM-DD while edited (the date
 * fields' value) and DD.MM.YYYY on the wire (spec 03 §1), hotels with their names for the lists.
 */
import { parseTypedDate, typedDate } from '@shared/dates';
import { ROUTE_KIND, TRANSPORT_TYPE } from '@shared/tour-routes/constants';
import type { tourRouteSchema } from '@shared/tour-routes/schema';
import type { TourRouteRecord } from '@shared/tour-routes/types';
import type { z } from 'zod';
import type { FormOf } from '../../common/editor/formOf';

type Input = z.input<typeof tourRouteSchema>;
type PointInput = NonNullable<Input['routes']>[number];

/** A hotel chosen at a point (the schema reads it loosely: `id` or `hotel_id`), with its name for the list. */
export interface HotelValues {
  id: number;
  name: string;
  /** YYYY-MM-DD while edited (or the text typed while it is not a date). */
  arrival_date: string | null;
  arrival_time: string | null;
}
export type PointValues = Omit<FormOf<PointInput>, 'hotels'> & { hotels: HotelValues[] };
export type RouteValues = Omit<FormOf<Input>, 'routes'> & {
  routes: PointValues[];
  /** The chosen transport's name, for its picker (not sent). */
  transport: { id: number; name: string } | null;
};

export const blankRoute = (): RouteValues => ({
  transport_type: TRANSPORT_TYPE.bus,
  transport_id: null,
  transport: null,
  kind: ROUTE_KIND.both,
  forth_date: null,
  back_date: null,
  routes: [],
});

/** DD.MM.YYYY of the API as the date field's YYYY-MM-DD. */
const isoDate = (value: string | null) => (value ? (parseTypedDate(value) ?? value) : null);
/** The date field's value on the wire: a date as DD.MM.YYYY, anything else (text that is not a date yet) as typed, for the server to refuse. */
const wireDate = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? typedDate(value) : (value ?? null));

export function routeFromRecord(route: TourRouteRecord): RouteValues {
  return {
    version: route.version,
    transport_type: route.transport_type,
    transport_id: route.transport_id,
    transport: { id: route.transport.id, name: route.transport.name },
    kind: route.kind,
    forth_date: isoDate(route.forth_date),
    back_date: isoDate(route.back_date),
    routes: route.routes.map((point) => ({
      id: point.id,
      is_forth: point.is_forth,
      transport_route_id: point.transport_route_id,
      hotels: point.hotels.map((hotel) => ({ id: hotel.id, name: hotel.name, arrival_date: isoDate(hotel.arrival_date), arrival_time: hotel.arrival_time })),
    })),
  };
}

/** The plain JSON body of POST /routes and PUT /routes/{id}. */
export function routeBody(form: RouteValues) {
  const { transport: _transport, ...route } = form;
  return {
    ...route,
    forth_date: wireDate(route.forth_date),
    back_date: wireDate(route.back_date),
    routes: route.routes.map((point) => ({
      is_forth: point.is_forth,
      transport_route_id: point.transport_route_id,
      hotels: point.hotels.map((hotel) => ({ id: hotel.id, arrival_date: wireDate(hotel.arrival_date), arrival_time: hotel.arrival_time })),
    })),
  };
}

/** A copy is a new route on the same transport and dates. */
export const copyRoute = (form: RouteValues): RouteValues => {
  const { version: _version, ...rest } = form;
  return { ...rest, routes: rest.routes.map(({ id: _id, ...point }) => point) };
};

/** The index of the form's point for a tab's point, or -1 (a point without hotels has none until one is chosen). */
export const pointIndex = (form: RouteValues, isForth: boolean, transportRouteId: number) =>
  form.routes.findIndex((point) => Boolean(point.is_forth) === isForth && Number(point.transport_route_id) === transportRouteId);
