/** Tour dictionaries (spec 03 §2.6–2.8, §5, §7): excursion categories, trade offers with icons, tour types. */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { optionalOneOf, requiredText } from '../validation.js';
import { defineNamedHandbook, defineResource } from './define.js';

const M = MESSAGES.tourDictionaries;

/** Icons of trade offers on the site (GET /api/tours/excursion/trade-offers/icons). */
export const TRADE_OFFER_ICONS = [
  { id: 'percent', name: 'Скидка', preview: 'percentage' },
  { id: 'star', name: 'Хит продаж', preview: 'star' },
  { id: 'gift', name: 'Подарок', preview: 'heart' },
  { id: 'fire', name: 'Горящий тур', preview: 'flame' },
  { id: 'new', name: 'Новинка', preview: 'tag' },
  { id: 'family', name: 'Для семьи', preview: 'people' },
  { id: 'bus', name: 'Трансфер включён', preview: 'drive-time' },
  { id: 'food', name: 'Питание включено', preview: 'glass' },
  { id: 'guide', name: 'С гидом', preview: 'person' },
  { id: 'photo', name: 'Фотосессия', preview: 'camera' },
] as const;

export const tourCategoriesResource = defineNamedHandbook({ path: '/tours/excursion/categories', nameMax: 50, saved: M.categorySaved });

const tradeOfferSchema = z.object({
  name: requiredText(128),
  icon: optionalOneOf(TRADE_OFFER_ICONS.map((icon) => icon.id)),
});

export const tradeOffersResource = defineResource({
  path: '/tours/excursion/trade-offers',
  createSchema: tradeOfferSchema,
  updateSchema: tradeOfferSchema,
  sortable: ['id', 'name'],
  messages: { saved: M.tradeOfferSaved, deleted: M.tradeOfferDeleted },
});

export const tourTypesResource = defineNamedHandbook({ path: '/tours/types', nameMax: 50, saved: M.typeSaved, deleted: M.typeDeleted });
