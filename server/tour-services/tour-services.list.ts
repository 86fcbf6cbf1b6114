/**
 * The tour services list (spec 03 §2.9: search, the service-class filter, sort by id and name) and
 * the tour editor's picker `GET /tours/services/list`, one list on the list engine. Not registered
 * in server/resources.ts: the service's own controller serves the whole path.
 */
import { serviceClassName } from '../../shared/tour-services/constants.js';
import { tourServicesResource, type TourServiceListRow } from '../../shared/tour-services/resource.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, defineServerList } from '../common/list/server-list.js';
import { TourServiceEntity } from './tour-service.entity.js';

export const TOUR_SERVICES_LIST = defineServerList({
  definition: tourServicesResource,
  entity: TourServiceEntity,
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  filterExpressions: { service_class: `${ALIAS}.class` },
  relations: ['vendor'],
  pickerColumns: ['class', 'vendor_id'],
  canDeleteFlag: true,
  toRow: (service): Omit<TourServiceListRow, 'can_delete'> => ({
    id: service.id,
    name: service.name,
    class: service.class,
    class_name: serviceClassName(service.class),
    vendor: service.vendor ? { id: service.vendor.id, name: service.vendor.name } : null,
  }),
});
