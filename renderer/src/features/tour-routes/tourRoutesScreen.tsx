/** /routes (spec 03 §2.4): the routes list, with the editor's pages for add and edit. */
import { MESSAGES } from '@shared/messages';
import { TOUR_ROUTE_PATHS } from '@shared/tour-routes/paths';
import { tourRoutesResource } from '@shared/tour-routes/resource';
import type { TourRouteListRow } from '@shared/tour-routes/types';
import { defineResourceScreen } from '../../common/resource/definition';
import { editorPageLinks } from '../../common/resource/pageLinks';

export const tourRoutesScreen = defineResourceScreen<TourRouteListRow>({
  resource: tourRoutesResource,
  title: 'Маршруты',
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'kind', title: 'Вид маршрута', render: (row) => row.kind_name, width: 160 },
    { key: 'transport', title: 'Транспорт', render: (row) => <span className="cell-value">{row.transport.name}</span>, text: (row) => row.transport.name },
    { key: 'transport_type', title: 'Владелец транспорта', render: (row) => row.transport_type_name, width: 170 },
    { key: 'forth_date', title: 'Дата отправления', render: (row) => row.forth_date ?? '', width: 150 },
    { key: 'back_date', title: 'Дата возвращения', render: (row) => row.back_date ?? '', width: 150 },
  ],
  filters: [{ kind: 'select', param: 'kind', label: 'Вид маршрута', options: { path: TOUR_ROUTE_PATHS.kinds } }],
  // Spec 03 §2.4: edit and delete (a route has no copy).
  ...editorPageLinks<TourRouteListRow>('route', { copy: false }),
  confirmDelete: MESSAGES.tourRoutes.confirmDelete,
});
