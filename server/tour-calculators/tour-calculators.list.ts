/**
 * The tour calculators list (spec 03 §2.11: id, name, duration; search; sort by id and name) on the
 * list engine. Not registered in server/resources.ts: the calculators' own controller serves the path.
 */
import { ACCESS } from '../../shared/roles.js';
import { tourCalculatorsResource } from '../../shared/tour-calculators/resource.js';
import type { CalculatorListRow } from '../../shared/tour-calculators/types.js';
import { ALIAS, defineServerList } from '../common/list/server-list.js';
import { TourCalculatorEntity } from './tour-calculator.entity.js';

export const TOUR_CALCULATORS_LIST = defineServerList({
  definition: tourCalculatorsResource,
  entity: TourCalculatorEntity,
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  canDeleteFlag: true,
  toRow: (row): Omit<CalculatorListRow, 'can_delete'> => ({ id: row.id, name: row.name, duration: row.duration }),
});
