/** /transports (spec 02 "Bus-transport list"): the list, with the editor's pages for add, edit and copy. */
import { transportsResource } from '@shared/transport/resource';
import { type TransportListRow } from '@shared/transport/types';
import { defineResourceScreen } from '../../common/resource/definition';
import { editorPageLinks } from '../../common/resource/pageLinks';
import { transportColumns } from './transportColumns';

export const transportsScreen = defineResourceScreen<TransportListRow>({
  resource: transportsResource,
  title: 'Автобусные туры',
  columns: transportColumns,
  // Edit and copy always (spec 02 "Bus-transport list").
  ...editorPageLinks<TransportListRow>('transport'),
  // Spec 02: delete only when the server says the transport is not in use.
  canDelete: (row) => row.can_delete,
});
