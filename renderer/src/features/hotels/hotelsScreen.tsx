/** The hotels list (spec 02 "Hotels list"): the generic list screen, with the editor pages for add, edit and copy. */
import { hotelsResource, type HotelListRow } from '@shared/hotels/resource';
import { routePath } from '@shared/routes';
import { defineResourceScreen } from '../../common/resource/definition';

/** The list's page travels with the editor's route, so Cancel and Save come back to it. */
const listPage = () => new URLSearchParams(window.location.search).get('page') ?? undefined;

export const hotelsScreen = defineResourceScreen<HotelListRow>({
  resource: hotelsResource,
  title: 'Отели',
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: 'Название' },
    { key: 'city', title: 'Город', render: (row) => row.city?.name ?? '' },
    { key: 'category', title: 'Категория', render: (row) => row.category_name ?? '' },
    { key: 'address', title: 'Адрес' },
    { key: 'commission', title: 'Наценка', render: (row) => `${row.commission_general_sum}%`, width: 90 },
  ],
  filters: [{ kind: 'select', param: 'city_id', label: 'Город', options: { path: '/cities/list' } }],
  toolbar: [{ text: 'Добавить', icon: 'add', intent: 'primary', to: () => routePath('hotel-create', {}, { page: listPage() }) }],
  rowActions: [
    { title: 'Открыть на сайте', icon: 'share', visible: (row) => Boolean(row.external_link), run: (row) => window.open(row.external_link!, '_blank', 'noopener') },
    { title: 'Редактировать', icon: 'edit', to: (row) => routePath('hotel-edit', { id: row.id }, { page: listPage() }) },
    { title: 'Копировать', icon: 'duplicate', to: (row) => routePath('hotel-copy', { id: row.id }, { page: listPage() }) },
  ],
  canDelete: (row) => row.can_delete,
});
