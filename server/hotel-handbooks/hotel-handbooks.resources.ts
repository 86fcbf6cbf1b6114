import { MEAL_CATEGORIES, accommodationsResource, hotelServicesResource, infrastructureTypesResource, infrastructuresResource, mealsResource, promotionsResource } from '../../shared/resources/hotel-handbooks.js';
import { ALIAS, defineServerResource, namedHandbookResource } from '../common/resource/server-resource.js';
import { AccommodationEntity, HotelServiceEntity, InfrastructureEntity, InfrastructureTypeEntity, MealEntity, PromotionEntity } from './hotel-handbook.entities.js';

const byName = `${ALIAS}.name`;

export const mealsServerResource = defineServerResource({
  definition: mealsResource,
  entity: MealEntity,
  searchExpression: byName,
  toRow: ({ id, name, category_type }) => ({
    id,
    name,
    category_type,
    category_name: MEAL_CATEGORIES.find((category) => category.id === category_type)?.name ?? null,
  }),
});

export const accommodationsServerResource = namedHandbookResource(accommodationsResource, AccommodationEntity);

export const hotelServicesServerResource = defineServerResource({
  definition: hotelServicesResource,
  entity: HotelServiceEntity,
  searchExpression: byName,
  toRow: ({ id, name, icon, is_filter, is_point_filter }) => ({ id, name, icon, is_filter, is_point_filter }),
});

export const promotionsServerResource = defineServerResource({
  definition: promotionsResource,
  entity: PromotionEntity,
  searchExpression: byName,
  toRow: ({ created_at: _created, updated_at: _updated, ...promotion }) => promotion,
});

export const infrastructureTypesServerResource = namedHandbookResource(infrastructureTypesResource, InfrastructureTypeEntity);

export const infrastructuresServerResource = defineServerResource({
  definition: infrastructuresResource,
  entity: InfrastructureEntity,
  searchExpression: byName,
  relations: ['infrastructure_type'],
  toRow: ({ id, name, infrastructure_type_id, infrastructure_type, is_filter, is_point_filter }) => ({
    id,
    name,
    infrastructure_type_id,
    infrastructure_type: infrastructure_type ? { id: infrastructure_type.id, name: infrastructure_type.name } : null,
    is_filter,
    is_point_filter,
  }),
});

export const HOTEL_HANDBOOK_RESOURCES = [
  mealsServerResource,
  accommodationsServerResource,
  hotelServicesServerResource,
  promotionsServerResource,
  infrastructureTypesServerResource,
  infrastructuresServerResource,
];
