import { tourCategoriesResource, tourTypesResource, tradeOffersResource } from '../../shared/resources/tour-dictionaries.js';
import { ALIAS, defineServerResource, namedHandbookResource } from '../common/resource/server-resource.js';
import { TourCategoryEntity, TourTypeEntity, TradeOfferEntity } from './tour-dictionary.entities.js';

export const TOUR_DICTIONARY_RESOURCES = [
  namedHandbookResource(tourCategoriesResource, TourCategoryEntity),
  defineServerResource({
    definition: tradeOffersResource,
    entity: TradeOfferEntity,
    searchExpression: `${ALIAS}.name`,
    toRow: ({ id, name, icon }) => ({ id, name, icon }),
  }),
  namedHandbookResource(tourTypesResource, TourTypeEntity),
];
