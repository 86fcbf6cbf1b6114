/**
 * The route aggregate in tables (migrations/1765300000100-Routes.ts) for the aggregate store, and
 * the two mappings around it: validated body → rows, stored rows (and the transport's points) → the
 * editor's record (GET /api/routes/{id}), dates DD.MM.YYYY as spec 03 §1 exchanges them.
 */
import { typedDate } from '../../shared/dates.js';
import { POINT_TYPE, routeKindName, transportTypeName } from '../../shared/tour-routes/constants.js';
import { keptPoints, type TourRoute } from '../../shared/tour-routes/schema.js';
import { routeTabs } from '../../shared/tour-routes/rules.js';
import type { RoutePointRecord, TourRouteRecord, TransportRoutePoint } from '../../shared/tour-routes/types.js';
import { defineAggregate, joinPath, namedReference, type AggregateNode, type StoredAggregate } from '../common/aggregate/declaration.js';
import type { StoredRoutePoint } from '../transports/transport-read.js';

export const TOUR_ROUTE_AGGREGATE = defineAggregate({
  table: 'tour_routes',
  columns: { transport_type: 'smallint', transport_id: 'integer', kind: 'smallint', forth_date: 'date?', back_date: 'date?' },
  references: { transport: namedReference('transports', 'transport_id') },
  links: {},
  collections: {
    routes: {
      table: 'tour_route_points',
      parentColumn: 'route_id',
      columns: { is_forth: 'boolean', transport_route_id: 'integer' },
      orderBy: 'is_forth DESC, id',
      links: {
        hotels: {
          table: 'tour_route_hotels',
          parentColumn: 'point_id',
          columns: { hotel_id: 'integer', arrival_date: 'date', arrival_time: 'time', position: 'smallint' },
          orderBy: 'position',
          references: { hotel: namedReference('hotels', 'hotel_id') },
        },
      },
    },
  },
});

/** Stored point ids of the route by direction and transport point: a body's points are matched by these (they carry no id of their own). */
export type StoredPointIds = Map<string, number>;
export const pointKey = (isForth: boolean, transportRouteId: number) => `${isForth}:${transportRouteId}`;

/** The rows of a validated route: the points of the directions its kind uses, each with its hotels. */
export function tourRouteNode(route: TourRoute, storedPoints: StoredPointIds): AggregateNode {
  const { routes: _routes, version: _version, ...values } = route;
  return {
    path: '',
    values,
    collections: {
      routes: keptPoints(route).map(({ point, index }) => {
        const path = joinPath('routes', index);
        return {
          id: storedPoints.get(pointKey(point.is_forth, point.transport_route_id)) ?? null,
          path,
          values: { is_forth: point.is_forth, transport_route_id: point.transport_route_id },
          links: {
            hotels: point.hotels.map((hotel, position) => ({
              path: joinPath(path, 'hotels', position),
              values: { hotel_id: hotel.id, arrival_date: hotel.arrival_date, arrival_time: hotel.arrival_time, position },
            })),
          },
        };
      }),
    },
  };
}

/** GET /api/routes/{id}: the body's fields plus the names (kind, owner type, transport, hotels) and the transport's points. */
export function tourRouteRecord(stored: StoredAggregate<typeof TOUR_ROUTE_AGGREGATE>, transport: { id: number; name: string; points: StoredRoutePoint[] }, canDelete: boolean): TourRouteRecord {
  const row = stored.row;
  const tabs = routeTabs([...transport.points].sort((a, b) => a.position - b.position));
  const byId = new Map<string, TransportRoutePoint>([...tabs.forth.map((point) => [`true:${point.id}`, point] as const), ...tabs.back.map((point) => [`false:${point.id}`, point] as const)]);
  const routes: RoutePointRecord[] = stored.collections.routes.map(({ row: point, links }) => {
    const shown = byId.get(pointKey(point.is_forth, point.transport_route_id));
    return {
      id: point.id,
      is_forth: point.is_forth,
      transport_route_id: point.transport_route_id,
      point_type: shown?.point_type ?? POINT_TYPE.city,
      point_city_id: shown?.point_city_id ?? 0,
      point_stop: shown?.point_stop ?? null,
      info: shown?.info ?? null,
      arrival_time: shown?.arrival_time ?? null,
      hotels: links.hotels.map((hotel) => ({
        id: hotel.hotel_id,
        hotel_id: hotel.hotel_id,
        name: hotel.hotel.name,
        arrival_date: typedDate(hotel.arrival_date),
        arrival_time: hotel.arrival_time.slice(0, 5),
      })),
    };
  });
  return {
    id: row.id,
    version: row.version,
    kind: row.kind,
    kind_name: routeKindName(row.kind),
    transport_type: row.transport_type,
    transport_type_name: transportTypeName(row.transport_type),
    transport_id: row.transport_id,
    transport: { id: transport.id, name: transport.name, routes: tabs },
    forth_date: row.forth_date === null ? null : typedDate(row.forth_date),
    back_date: row.back_date === null ? null : typedDate(row.back_date),
    routes,
    forth_transport_routes: routes.filter((point) => point.is_forth),
    back_transport_routes: routes.filter((point) => !point.is_forth),
    can_delete: canDelete,
  };
}
