/** The hotels list (spec 02 "Hotels list"): the generic list screen, with the editor pages for add, edit and copy. */
import { hotelsResource, type HotelListRow } from '@shared/hotels/resource';
import { formatPercent } from '@shared/format';
import { defineResourceScreen } from '../../common/resource/definition';
import { editorPageLinks } from '../../common/resource/pageLinks';
import { safeHref } from '../../common/SafeLink';

const links = editorPageLinks<HotelListRow>('hotel');

export const hotelsScreen = defineResourceScreen<HotelListRow>({
  resource: hotelsResource,
  title: 'Отели',
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: 'Название' },
    { key: 'city', title: 'Город', render: (row) => row.city?.name ?? '' },
    { key: 'category', title: 'Категория', render: (row) => row.category_name ?? '' },
    { key: 'address', title: 'Адрес' },
    { key: 'commission', title: 'Наценка', render: (row) => formatPercent(row.commission_general_sum), width: 90 },
  ],
  filters: [{ kind: 'select', param: 'city_id', label: 'Город', options: { path: '/cities/list' } }],
  toolbar: links.toolbar,
  rowActions: [
    // The public site's address of the hotel: opened only when it is an http(s) one (SafeLink's rule).
    { title: 'Открыть на сайте', icon: 'share', visible: (row) => safeHref(row.external_link) !== null, run: (row) => window.open(safeHref(row.external_link)!, '_blank', 'noopener') },
    ...links.rowActions,
  ],
  canDelete: (row) => row.can_delete,
});
