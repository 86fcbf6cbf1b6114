/**
 * What both sides compute of a route: the transport's points as the form's tabs list them.
 */
import { POINT_TYPE } from './constants.js';
import type { TransportRoutePoint } from './types.js';

/** A point of a transport's route in route order (the transport record's or the stored one). */
export interface RouteStop {
  id: number;
  kind: 'start' | 'intermediate' | 'finish';
  point_city_id: number;
  city_name: string;
  info: string | null;
  start_time: string | null;
  finish_time: string | null;
}

/**
 * The tabs' points: 'Туда' in route order, 'Обратно' reversed. The start and finish are cities, the
 * points between stops named by their info. The transport's timetable is for its own direction: a
 * point's time there is its departure (the start) or its arrival; going back it has none.
 */
export function routeTabs(stops: readonly RouteStop[]): { forth: TransportRoutePoint[]; back: TransportRoutePoint[] } {
  const point = (stop: RouteStop, forth: boolean): TransportRoutePoint => {
    const isStop = stop.kind === 'intermediate';
    return {
      id: stop.id,
      point_type: isStop ? POINT_TYPE.stop : POINT_TYPE.city,
      point_city_id: stop.point_city_id,
      point_city: { id: stop.point_city_id, name: stop.city_name },
      point_stop: isStop ? stop.info : null,
      info: stop.info,
      arrival_time: forth ? (stop.kind === 'start' ? stop.start_time : stop.finish_time) : null,
    };
  };
  return { forth: stops.map((stop) => point(stop, true)), back: [...stops].reverse().map((stop) => point(stop, false)) };
}

/** The stops of a transport editor's record (`routes: {start, intermediates, finish}`), in route order. */
export function stopsOfTransportRecord(routes: {
  start: Omit<RouteStop, 'kind' | 'city_name'> & { point_city: { name: string } };
  intermediates: (Omit<RouteStop, 'kind' | 'city_name'> & { point_city: { name: string } })[];
  finish: Omit<RouteStop, 'kind' | 'city_name'> & { point_city: { name: string } };
}): RouteStop[] {
  const stop = (point: typeof routes.start, kind: RouteStop['kind']): RouteStop => ({
    id: point.id,
    kind,
    point_city_id: point.point_city_id,
    city_name: point.point_city.name,
    info: point.info,
    start_time: point.start_time,
    finish_time: point.finish_time,
  });
  return [stop(routes.start, 'start'), ...routes.intermediates.map((point) => stop(point, 'intermediate')), stop(routes.finish, 'finish')];
}
