import { directionsResource, hotelDirectionsResource } from '../../shared/resources/directions.js';
import type { CityEntity } from '../cities/city.entity.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { DirectionEntity, HotelDirectionEntity } from './direction.entities.js';

export const directionsServerResource = defineServerResource({
  definition: directionsResource,
  entity: DirectionEntity,
  searchExpression: `${ALIAS}.name`,
  relations: ['cities'],
  toRow: ({ id, name, sort, cities }) => ({
    id,
    name,
    sort,
    cities: (cities ?? []).map((city) => ({ id: city.id, name: city.name })).sort((a, b) => a.name.localeCompare(b.name, 'ru')),
  }),
  toEntity: ({ cities, ...direction }) => ({ ...direction, cities: cities.map((id) => ({ id }) as CityEntity) }),
});

export const hotelDirectionsServerResource = defineServerResource({
  definition: hotelDirectionsResource,
  entity: HotelDirectionEntity,
  searchExpression: `${ALIAS}.name`,
  relations: ['city'],
  toRow: ({ id, name, city_id, city, info }) => ({ id, name, city_id, city: city ? { id: city.id, name: city.name } : null, info }),
});
