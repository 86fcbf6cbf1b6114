/** Hotel handbooks (spec 01 §2.11, §3, §5, §7 "Hotel handbooks"): meals, accommodations, services, promotions, infrastructure. */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { checkDateRange, flag, id, optionalDate, optionalOneOf, optionalText, requiredChoice, requiredInteger, requiredText } from '../validation.js';
import { defineNamedHandbook, defineResource } from './define.js';

const M = MESSAGES.hotelHandbooks;
const V = MESSAGES.validation;

/** Meal categories (board types) for GET /api/hotels/meals/categories/list. */
export const MEAL_CATEGORIES = [
  { id: 1, name: 'Без питания' },
  { id: 2, name: 'Завтрак' },
  { id: 3, name: 'Полупансион' },
  { id: 4, name: 'Полный пансион' },
  { id: 5, name: 'Всё включено' },
] as const;

/** Icon names of hotel services on the site (GET /api/hotels/services/icons), with a label and a preview icon. */
export const HOTEL_SERVICE_ICONS = [
  { id: 'wifi', name: 'Wi-Fi', preview: 'globe' },
  { id: 'parking', name: 'Парковка', preview: 'drive-time' },
  { id: 'pool', name: 'Бассейн', preview: 'lifesaver' },
  { id: 'beach', name: 'Пляж', preview: 'flame' },
  { id: 'restaurant', name: 'Ресторан', preview: 'glass' },
  { id: 'spa', name: 'SPA', preview: 'clean' },
  { id: 'gym', name: 'Тренажёрный зал', preview: 'pulse' },
  { id: 'kids', name: 'Для детей', preview: 'people' },
  { id: 'transfer', name: 'Трансфер', preview: 'airplane' },
  { id: 'conditioner', name: 'Кондиционер', preview: 'snowflake' },
  { id: 'tv', name: 'Телевизор', preview: 'desktop' },
  { id: 'safe', name: 'Сейф', preview: 'lock' },
  { id: 'laundry', name: 'Прачечная', preview: 'clean' },
  { id: 'excursions', name: 'Экскурсии', preview: 'map-marker' },
  { id: 'shop', name: 'Магазин', preview: 'shop' },
  { id: 'pets', name: 'Можно с животными', preview: 'heart' },
  { id: 'music', name: 'Анимация', preview: 'music' },
  { id: 'phone', name: 'Телефон', preview: 'phone' },
] as const;

const mealSchema = z.object({ name: requiredText(50), category_type: requiredChoice(MEAL_CATEGORIES.map((category) => category.id)) });

export const mealsResource = defineResource({
  path: '/hotels/meals',
  createSchema: mealSchema,
  updateSchema: mealSchema,
  sortable: ['id', 'name'],
  messages: { saved: M.mealSaved, deleted: MESSAGES.success.deleted },
});

export const accommodationsResource = defineNamedHandbook({ path: '/hotels/accommodations', nameMax: 128, saved: M.accommodationSaved });

const serviceSchema = z.object({
  name: requiredText(128),
  icon: optionalOneOf(HOTEL_SERVICE_ICONS.map((icon) => icon.id)),
  is_filter: flag(),
  is_point_filter: flag(),
});
const filterSwitches = { filter: 'is_filter', 'point-filter': 'is_point_filter' } as const;

export const hotelServicesResource = defineResource({
  path: '/hotels/services',
  createSchema: serviceSchema,
  updateSchema: serviceSchema,
  sortable: ['id', 'name'],
  switches: filterSwitches,
  messages: { saved: M.serviceSaved, deleted: M.serviceDeleted },
});

const promotionSchema = z
  .object({
    name: requiredText(128),
    description: optionalText(5000),
    published_date: optionalDate(),
    date_from: optionalDate(),
    date_to: optionalDate(),
    discount: flag(),
    percent: z.preprocess((value) => (value === '' || value === undefined ? null : value), requiredInteger(0, 100).nullable()),
  })
  // The discount size exists only while the discount box is checked (spec 01 §4 "Promotion").
  .superRefine((promotion, context) => {
    if (promotion.discount && promotion.percent === null) context.addIssue({ code: 'custom', path: ['percent'], message: V.required });
    // The period of the promotion: both dates or neither, the end not before the start.
    checkDateRange(promotion, context, 'date_from', 'date_to');
  })
  .transform((promotion) => ({ ...promotion, percent: promotion.discount ? promotion.percent : null }));

export const promotionsResource = defineResource({
  path: '/hotels/promotions',
  createSchema: promotionSchema,
  updateSchema: promotionSchema,
  sortable: ['id', 'name'],
  messages: { saved: M.promotionSaved, deleted: MESSAGES.success.deleted },
});

export const infrastructureTypesResource = defineNamedHandbook({ path: '/hotels/infrastructure-types', nameMax: 128, saved: M.infrastructureTypeSaved });

const infrastructureSchema = z.object({
  name: requiredText(128),
  infrastructure_type_id: id(),
  is_filter: flag(),
  is_point_filter: flag(),
});

export const infrastructuresResource = defineResource({
  path: '/hotels/infrastructures',
  createSchema: infrastructureSchema,
  updateSchema: infrastructureSchema,
  sortable: ['id', 'name'],
  switches: filterSwitches,
  messages: { saved: M.infrastructureSaved, deleted: MESSAGES.success.deleted },
});
