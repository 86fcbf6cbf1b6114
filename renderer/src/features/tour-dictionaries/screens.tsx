/** Tour dictionaries (spec 03 §2.6–2.8). */
import { TRADE_OFFER_ICONS, tourCategoriesResource, tourTypesResource, tradeOffersResource } from '@shared/resources/tour-dictionaries';
import { IconCell, iconOptions } from '../../common/icons';
import { defineResourceScreen, namedHandbookScreen, type RowBase } from '../../common/resource/definition';

export const tourCategoriesScreen = namedHandbookScreen(tourCategoriesResource, {
  title: 'Категории экскурсионных туров',
  create: 'Добавление категории',
  edit: 'Редактирование категории',
});

export const tradeOffersScreen = defineResourceScreen<RowBase & { name: string; icon: string | null }>({
  resource: tradeOffersResource,
  title: 'Торговые предложения',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
    { key: 'icon', title: 'Иконка', render: (row) => <IconCell icons={TRADE_OFFER_ICONS} value={row.icon} /> },
  ],
  form: {
    titles: { create: 'Добавление торгового предложения', edit: 'Редактирование торгового предложения' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'select', name: 'icon', label: 'Иконка', clearable: true, options: iconOptions(TRADE_OFFER_ICONS, '/tours/excursion/trade-offers/icons', 'data') },
    ],
    initial: { name: '', icon: null },
  },
  confirmDelete: 'Вы действительно желаете удалить торговое предложение?',
});

export const tourTypesScreen = namedHandbookScreen(tourTypesResource, { title: 'Типы туров', create: 'Добавление типа тура', edit: 'Редактирование типа тура' });
