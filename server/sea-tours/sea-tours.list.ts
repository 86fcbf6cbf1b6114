/**
 * The sea-tours list (spec 03 §2.10: id, name, the active switch; search; sort by id and name) and
 * the bounded picker `GET /sea-tours/list`, one list on the list engine. Not registered in
 * server/resources.ts: the tour's own controller serves the path (its POST and PUT take `{payload}`).
 */
import { seaToursResource, type SeaTourListRow } from '../../shared/sea-tours/resource.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, CITY_PICKER_DETAIL, defineServerList } from '../common/list/server-list.js';
import { SeaTourEntity } from './sea-tour.entity.js';

export const SEA_TOURS_LIST = defineServerList({
  definition: seaToursResource,
  entity: SeaTourEntity,
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  pickerColumns: ['city_id', 'is_active'],
  pickerDetail: CITY_PICKER_DETAIL,
  canDeleteFlag: true,
  toRow: (tour): Omit<SeaTourListRow, 'can_delete'> => ({ id: tour.id, name: tour.name, is_active: tour.is_active }),
});
