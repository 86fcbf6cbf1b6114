/**
 * The routes list (spec 03 §2.4) on the list engine, over the view `tour_route_list_rows` (the
 * transport's name beside the route); `can_delete` asks about the `tour_routes` rows. Searched by
 * the transport's name; dates DD.MM.YYYY as spec 03 §1 exchanges route dates.
 */
import { typedDate } from '../../shared/dates.js';
import { ACCESS } from '../../shared/roles.js';
import { routeKindName, transportTypeName } from '../../shared/tour-routes/constants.js';
import { tourRoutesResource } from '../../shared/tour-routes/resource.js';
import type { TourRouteListRow } from '../../shared/tour-routes/types.js';
import { ALIAS, defineServerList } from '../common/list/server-list.js';
import { TourRouteListEntity } from './tour-route.entity.js';

export const TOUR_ROUTES_LIST = defineServerList({
  definition: tourRoutesResource,
  entity: TourRouteListEntity,
  table: 'tour_routes',
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.transport_name`,
  nameColumn: 'transport_name',
  canDeleteFlag: true,
  toRow: (row): Omit<TourRouteListRow, 'can_delete'> => ({
    id: row.id,
    kind: row.kind,
    kind_name: routeKindName(row.kind),
    transport: { id: row.transport_id, name: row.transport_name },
    transport_type: row.transport_type,
    transport_type_name: transportTypeName(row.transport_type),
    forth_date: row.forth_date ? typedDate(row.forth_date) : null,
    back_date: row.back_date ? typedDate(row.back_date) : null,
  }),
});
