/**
 * The hotels list (spec 02 "Hotels list") and the pickers' `GET /hotels/list` (with `city_id` and
 * `is_excursion`), one list on the list engine. Not registered in server/resources.ts: the hotel's
 * own controller serves the whole path (its POST and PUT take `{payload}`).
 */
import { HOTEL_CATEGORY_TYPES } from '../../shared/hotels/constants.js';
import { hotelsResource, type HotelListRow } from '../../shared/hotels/resource.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, CITY_PICKER_DETAIL, defineServerList } from '../common/list/server-list.js';
import { HotelEntity } from './hotel.entity.js';

const categoryName = (type: number | null) => HOTEL_CATEGORY_TYPES.find((category) => category.id === type)?.name ?? null;

export const HOTELS_LIST = defineServerList({
  definition: hotelsResource,
  entity: HotelEntity,
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  relations: ['city'],
  pickerColumns: ['city_id', 'is_excursion'],
  // Namesakes in other cities (two «Санаторий «Аврора»»: Пятигорск and Кабардинка).
  pickerDetail: CITY_PICKER_DETAIL,
  canDeleteFlag: true,
  toRow: (hotel): Omit<HotelListRow, 'can_delete'> => ({
    id: hotel.id,
    name: hotel.name,
    city: hotel.city ? { id: hotel.city.id, name: hotel.city.name } : null,
    category_type: hotel.category_type,
    category_name: categoryName(hotel.category_type),
    address: hotel.address,
    commission_general_sum: hotel.commission_general_sum,
    external_link: hotel.external_link,
  }),
});
