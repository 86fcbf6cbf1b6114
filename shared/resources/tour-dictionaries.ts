/** Tour dictionaries (spec 03 §2.6–2.8, §5, §7): excursion categories, trade offers with icons, tour types. */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { ACCESS } from '../roles.js';
import { optionalOneOf, requiredText } from '../validation.js';
import { defineNamedHandbook, defineResource } from './define.js';

const M = MESSAGES.tourDictionaries;
/** Spec 03 §6: the tours' handbooks are the administrator's and the manager's to change; all three read them (the accountant's applications and analytics name them). */
const writeRoles = ACCESS.administratorAndManager;

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

export const tourCategoriesResource = defineNamedHandbook({ path: '/tours/excursion/categories', nameMax: 50, saved: M.categorySaved, writeRoles });

const tradeOfferSchema = z.object({
  name: requiredText(128),
  icon: optionalOneOf(TRADE_OFFER_ICONS.map((icon) => icon.id)),
});

export const tradeOffersResource = defineResource({
  path: '/tours/excursion/trade-offers',
  createSchema: tradeOfferSchema,
  updateSchema: tradeOfferSchema,
  sortable: ['id', 'name'],
  writeRoles,
  messages: { saved: M.tradeOfferSaved, deleted: M.tradeOfferDeleted },
});

export const tourTypesResource = defineNamedHandbook({ path: '/tours/types', nameMax: 50, saved: M.typeSaved, deleted: M.typeDeleted, writeRoles });
