/**
 * The excursion tours list (spec 03 §2.5): search, the active and incomplete-checklist filters, sort
 * by id and name, the start dates coloured by their checklist, the active switch, the external link,
 * edit, copy and delete (only when `can_delete`).
 */
import { MESSAGES } from '@shared/messages';
import { toursResource } from '@shared/tours/resource';
import type { TourListRow } from '@shared/tours/types';
import { defineResourceScreen } from '../../common/resource/definition';
import { editorPageLinks } from '../../common/resource/pageLinks';
import { safeHref } from '../../common/SafeLink';
import { ListDates } from './ListDates';
import './tours.css';

const links = editorPageLinks<TourListRow>('tour');

export const toursScreen = defineResourceScreen<TourListRow>({
  resource: toursResource,
  title: 'Экскурсионные туры',
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: 'Название', maxWidth: '18vw' },
    { key: 'dates', title: 'Даты начала', render: (row) => <ListDates row={row} />, text: () => null, maxWidth: '24vw' },
    { key: 'duration', title: 'Дней', width: 70 },
    { key: 'transport_forth', title: 'Транспорт туда', render: (row) => <span className="cell-value">{row.transport_forth?.name ?? ''}</span>, text: (row) => row.transport_forth?.name, maxWidth: '14vw' },
  ],
  switches: [{ segment: 'active', title: MESSAGES.list.active }],
  filters: [
    { param: 'is_active', label: 'Активность', yes: 'Активные', no: 'Неактивные' },
    { param: 'checklist_is_incomplete', label: 'Чеклист', yes: 'Не выполнен', no: 'Выполнен' },
  ],
  toolbar: links.toolbar,
  rowActions: [
    // The tour on the public site: opened only when it is an http(s) address (SafeLink's rule).
    { title: 'Открыть на сайте', icon: 'share', visible: (row) => safeHref(row.external_link) !== null, run: (row) => window.open(safeHref(row.external_link)!, '_blank', 'noopener') },
    ...links.rowActions,
  ],
  canDelete: (row) => row.can_delete,
  confirmDelete: 'Вы действительно желаете удалить тур?',
});
