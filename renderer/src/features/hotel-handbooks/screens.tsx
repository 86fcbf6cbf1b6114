/** Hotel handbooks (spec 01 §2.11): declarations served by the generic list screen. */
import {
  accommodationsResource,
  HOTEL_SERVICE_ICONS,
  hotelServicesResource,
  infrastructureTypesResource,
  infrastructuresResource,
  mealsResource,
  promotionsResource,
} from '@shared/resources/hotel-handbooks';
import { defineResourceScreen, namedHandbookScreen, type RowBase } from '../../common/resource/definition';
import { IconCell, iconOptions } from '../../common/icons';

const ID = { key: 'id', title: 'ID', width: 80 };
const NAME = { key: 'name', title: 'Название' };
const filterSwitches = [
  { segment: 'filter', title: 'Фильтр' },
  { segment: 'point-filter', title: 'Выборочный фильтр' },
];

export const mealsScreen = defineResourceScreen<RowBase & { name: string; category_name: string | null }>({
  resource: mealsResource,
  title: 'Питание',
  columns: [ID, NAME, { key: 'category_name', title: 'Категория' }],
  form: {
    titles: { create: 'Добавление питания', edit: 'Редактирование питания' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'select', name: 'category_type', label: 'Категория', required: true, options: { path: '/hotels/meals/categories/list' } },
    ],
    initial: { name: '', category_type: null },
  },
});

export const accommodationsScreen = namedHandbookScreen(accommodationsResource, {
  title: 'Условия размещения',
  create: 'Добавление условия размещения',
  edit: 'Редактирование условия размещения',
});

export const hotelServicesScreen = defineResourceScreen<RowBase & { name: string; icon: string | null }>({
  resource: hotelServicesResource,
  title: 'Услуги',
  subtitle: 'Услуги отелей',
  columns: [ID, NAME, { key: 'icon', title: 'Иконка', render: (row) => <IconCell icons={HOTEL_SERVICE_ICONS} value={row.icon} /> }],
  switches: filterSwitches,
  form: {
    titles: { create: 'Добавление услуги', edit: 'Редактирование услуги' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'select', name: 'icon', label: 'Иконка', clearable: true, options: iconOptions(HOTEL_SERVICE_ICONS, '/hotels/services/icons', 'icons') },
      { kind: 'switch', name: 'is_filter', label: 'Использовать как фильтр на сайте' },
      { kind: 'switch', name: 'is_point_filter', label: 'Использовать как выборочный фильтр' },
    ],
    initial: { name: '', icon: null, is_filter: false, is_point_filter: false },
  },
  confirmDelete: 'Вы действительно желаете удалить услугу?',
});

export const promotionsScreen = defineResourceScreen({
  resource: promotionsResource,
  title: 'Акции',
  columns: [ID, NAME],
  form: {
    titles: { create: 'Добавление акции', edit: 'Редактирование акции' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'textarea', name: 'description', label: 'Описание', rows: 4 },
      { kind: 'date', name: 'published_date', label: 'Дата публикации' },
      { kind: 'daterange', name: 'date_from', toName: 'date_to', label: 'Период действия' },
      { kind: 'checkbox', name: 'discount', label: 'Скидка' },
      { kind: 'number', name: 'percent', label: 'Размер скидки, %', min: 0, max: 100, required: true, visible: (values) => Boolean(values.discount) },
    ],
    initial: { name: '', description: '', published_date: null, date_from: null, date_to: null, discount: false, percent: null },
  },
});

export const infrastructureTypesScreen = namedHandbookScreen(infrastructureTypesResource, {
  title: 'Типы инфраструктуры',
  create: 'Добавление типа инфраструктуры',
  edit: 'Редактирование типа инфраструктуры',
});

export const infrastructuresScreen = defineResourceScreen<RowBase & { name: string; infrastructure_type: { name: string } | null }>({
  resource: infrastructuresResource,
  title: 'Инфраструктура',
  columns: [ID, NAME, { key: 'infrastructure_type', title: 'Тип', render: (row) => row.infrastructure_type?.name ?? '' }],
  switches: filterSwitches,
  form: {
    titles: { create: 'Добавление инфраструктуры', edit: 'Редактирование инфраструктуры' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'select', name: 'infrastructure_type_id', label: 'Тип', required: true, options: { path: '/hotels/infrastructure-types/list' } },
      { kind: 'switch', name: 'is_filter', label: 'Использовать как фильтр на сайте' },
      { kind: 'switch', name: 'is_point_filter', label: 'Использовать как выборочный фильтр' },
    ],
    initial: { name: '', infrastructure_type_id: null, is_filter: false, is_point_filter: false },
  },
});
