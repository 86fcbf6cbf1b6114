import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { ROUTE_KINDS, TRANSPORT_TYPES } from '../../shared/tour-routes/constants.js';
import { keptPoints, type TourRoute } from '../../shared/tour-routes/schema.js';
import type { TourRouteRecord } from '../../shared/tour-routes/types.js';
import type { FieldErrors } from '../../shared/validation.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { joinPath } from '../common/aggregate/declaration.js';
import { notFound, ValidationFailed } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { loadTransport } from '../transports/transport-read.js';
import { pointKey, TOUR_ROUTE_AGGREGATE, tourRouteNode, tourRouteRecord } from './tour-route.aggregate.js';
import { TOUR_ROUTES_LIST } from './tour-routes.list.js';

const R = MESSAGES.tourRoutes;

/**
 * Routes (spec 03 §2.4) on the aggregate machinery: the list, show, create, update with the version
 * check and delete. A save checks on its transaction what needs stored data: the transport exists,
 * each point is a point of its route, each hotel is a hotel of that point's city.
 */
@Injectable()
export class TourRoutesService extends AggregateEditor<TourRoute, TourRouteRecord> {
  constructor(@Inject(DataSource) db: DataSource, @Inject(ListService) lists: ListService) {
    super(db, lists, { aggregate: TOUR_ROUTE_AGGREGATE, list: TOUR_ROUTES_LIST });
  }

  /** GET /api/routes/transport-types/list. */
  transportTypes() {
    return { data: TRANSPORT_TYPES };
  }

  /** GET /api/routes/kinds/list. */
  kinds() {
    return { data: ROUTE_KINDS };
  }

  protected async build(manager: EntityManager, route: TourRoute, id: number | undefined) {
    const transport = await loadTransport(manager, route.transport_id);
    if (!transport) throw new ValidationFailed({ transport_id: [MESSAGES.validation.oneOf] });
    const cityOfPoint = new Map(transport.points.map((point) => [point.id, point.point_city_id]));
    const kept = keptPoints(route);
    const hotelIds = [...new Set(kept.flatMap(({ point }) => point.hotels.map((hotel) => hotel.id)))];
    const hotels = hotelIds.length === 0 ? [] : await manager.query<{ id: number; city_id: number }[]>('SELECT id, city_id FROM hotels WHERE id = ANY($1::int[])', [hotelIds]);
    const cityOfHotel = new Map(hotels.map((hotel) => [hotel.id, hotel.city_id]));
    const errors: FieldErrors = {};
    for (const { point, index } of kept) {
      const city = cityOfPoint.get(point.transport_route_id);
      if (city === undefined) {
        errors[joinPath('routes', index, 'transport_route_id')] = [R.notTransportPoint];
        continue;
      }
      point.hotels.forEach((hotel, position) => {
        const hotelCity = cityOfHotel.get(hotel.id);
        if (hotelCity === undefined) errors[joinPath('routes', index, 'hotels', position, 'id')] = [MESSAGES.validation.oneOf];
        else if (hotelCity !== city) errors[joinPath('routes', index, 'hotels', position, 'id')] = [R.hotelNotInCity];
      });
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    // The body's points carry no ids of their own: a stored point is the same point when it has the same direction and transport point.
    const stored =
      id === undefined ? [] : await manager.query<{ id: number; is_forth: boolean; transport_route_id: number }[]>('SELECT id, is_forth, transport_route_id FROM tour_route_points WHERE route_id = $1', [id]);
    return tourRouteNode(route, new Map(stored.map((point) => [pointKey(point.is_forth, point.transport_route_id), point.id])));
  }

  /** The route as the editor reads it, with its transport's points, or 404. */
  async read(manager: EntityManager, id: number): Promise<TourRouteRecord> {
    const [stored] = await readAggregates(manager, TOUR_ROUTE_AGGREGATE, [id]);
    if (!stored) throw notFound();
    const transport = await loadTransport(manager, stored.row.transport_id);
    if (!transport) throw notFound();
    return tourRouteRecord(stored, { id: transport.row.id, name: transport.row.name, points: transport.points }, await this.isDeletable(manager, id));
  }
}
