/** /transports (spec 02 "Bus-transport list"): the list, with the editor's pages for add, edit and copy. */
import { MESSAGES } from '@shared/messages';
import { routePath } from '@shared/routes';
import { transportsResource, type TransportListRow } from '@shared/transport/transports';
import { defineResourceScreen } from '../../common/resource/definition';
import { transportColumns } from './transportColumns';

/** The list's page travels with the editor's route, so Cancel and Save come back to it. */
const listPage = () => new URLSearchParams(window.location.search).get('page') ?? undefined;

export const transportsScreen = defineResourceScreen<TransportListRow>({
  resource: transportsResource,
  title: 'Автобусные туры',
  columns: transportColumns,
  toolbar: [{ text: MESSAGES.list.add, icon: 'add', intent: 'primary', to: () => routePath('transport-create', {}, { page: listPage() }) }],
  rowActions: [
    { title: MESSAGES.list.edit, icon: 'edit', to: (row) => routePath('transport-edit', { id: row.id }, { page: listPage() }) },
    { title: MESSAGES.list.copy, icon: 'duplicate', to: (row) => routePath('transport-copy', { id: row.id }, { page: listPage() }) },
  ],
  // Spec 02: delete only when the server says the transport is not in use.
  canDelete: (row) => row.can_delete,
});
