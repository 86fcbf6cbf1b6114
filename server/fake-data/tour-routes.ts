/**
 * Routes (spec 03 §2.4) on the bus transports already made: there and back most often, some one way,
 * departing on days of the transport's season, with one or two hotels of the arrival city at the
 * finish going there (and at the start coming back). Every row is what the route editor would save:
 * dates the kind does not use are empty, hotels are of their point's city, once per point.
 */
import { ROUTE_KIND, TRANSPORT_TYPE, kindGoesBack, kindGoesForth } from '../../shared/tour-routes/constants.js';
import { addDays, daysBetween, declaredRows, reserveIds } from './bulk.js';
import { TOUR_ROUTE_AGGREGATE } from '../tour-routes/tour-route.aggregate.js';
import type { FakeDataKind } from './kind.js';

interface Point {
  id: number;
  transport_id: number;
  kind: 'start' | 'intermediate' | 'finish';
  point_city_id: number;
  finish_time: string | null;
}

export const tourRoutesKind: FakeDataKind = {
  name: 'routes',
  table: 'tour_routes',
  async fill({ sql, faker, today }, count) {
    const { rows: transports } = await sql.query<{ id: number; duration: number; start_date: string; finish_date: string }>(
      'SELECT id, duration, start_date::text, finish_date::text FROM transports ORDER BY id',
    );
    if (transports.length === 0) return;
    const { rows: points } = await sql.query<Point>('SELECT id, transport_id, kind, point_city_id, finish_time::text FROM transport_route_points ORDER BY transport_id, position');
    const { rows: hotels } = await sql.query<{ id: number; city_id: number }>('SELECT id, city_id FROM hotels ORDER BY id');
    const pointsOf = new Map<number, Point[]>();
    for (const point of points) pointsOf.set(point.transport_id, [...(pointsOf.get(point.transport_id) ?? []), point]);
    const hotelsIn = new Map<number, number[]>();
    for (const hotel of hotels) hotelsIn.set(hotel.city_id, [...(hotelsIn.get(hotel.city_id) ?? []), hotel.id]);

    // The tables as the route's declaration writes them.
    const pointTable = TOUR_ROUTE_AGGREGATE.collections.routes;
    const routes = declaredRows(TOUR_ROUTE_AGGREGATE, { id: 'integer' });
    const routePoints = declaredRows(pointTable, { id: 'integer', route_id: 'integer' });
    const routeHotels = declaredRows(pointTable.links!.hotels, { point_id: 'integer' });
    const pending: { route: number; is_forth: boolean; point: Point; arrival: string; time: string }[] = [];
    const ids = await reserveIds(sql, 'tour_routes', count);

    for (const id of ids) {
      const transport = faker.helpers.arrayElement(transports);
      const route = pointsOf.get(transport.id) ?? [];
      const first = route.find((point) => point.kind === 'start');
      const last = route.find((point) => point.kind === 'finish');
      if (!first || !last) continue;
      const kind = faker.helpers.weightedArrayElement([
        { value: ROUTE_KIND.both, weight: 60 },
        { value: ROUTE_KIND.forthOnly, weight: 25 },
        { value: ROUTE_KIND.backOnly, weight: 15 },
      ]);
      // A departure in the transport's season from a month ago on; the return a few days to two weeks later.
      const from = transport.start_date > addDays(today, -30) ? transport.start_date : addDays(today, -30);
      const span = Math.max(0, daysBetween(from, transport.finish_date));
      const forth = addDays(from, faker.number.int(span));
      const back = addDays(forth, faker.number.int({ min: 3, max: 14 }));
      routes.push({ id, transport_type: TRANSPORT_TYPE.bus, transport_id: transport.id, kind, forth_date: kindGoesForth(kind) ? forth : null, back_date: kindGoesBack(kind) ? back : null });
      const arrivalDay = (date: string) => addDays(date, Math.max(0, transport.duration - 1));
      if (kindGoesForth(kind)) pending.push({ route: id, is_forth: true, point: last, arrival: arrivalDay(forth), time: last.finish_time?.slice(0, 5) ?? '20:00' });
      if (kindGoesBack(kind)) pending.push({ route: id, is_forth: false, point: first, arrival: arrivalDay(back), time: '21:00' });
    }

    const pointIds = await reserveIds(sql, 'tour_route_points', pending.length);
    pending.forEach(({ route, is_forth, point, arrival, time }, index) => {
      routePoints.push({ id: pointIds[index], route_id: route, is_forth, transport_route_id: point.id });
      const near = hotelsIn.get(point.point_city_id) ?? [];
      faker.helpers.arrayElements(near, { min: Math.min(1, near.length), max: Math.min(2, near.length) }).forEach((hotel, position) => {
        routeHotels.push({ point_id: pointIds[index], hotel_id: hotel, arrival_date: arrival, arrival_time: time, position });
      });
    });
    await routes.insert(sql);
    await routePoints.insert(sql);
    await routeHotels.insert(sql);
  },
};
