/** /sea-tours (spec 03 §2.10): id, name, the active switch; search; sort by id and name; edit on the editor's page, delete only when can_delete. */
import { MESSAGES } from '@shared/messages';
import { seaToursResource, type SeaTourListRow } from '@shared/sea-tours/resource';
import { defineResourceScreen } from '../../common/resource/definition';
import { editorPageLinks } from '../../common/resource/pageLinks';

export const seaToursScreen = defineResourceScreen<SeaTourListRow>({
  resource: seaToursResource,
  title: 'Морские туры',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
  ],
  // The server answers CHANGED; the toast says the tour is now active or inactive (MESSAGES.switches.active).
  switches: [{ segment: 'active', title: MESSAGES.list.active }],
  // Spec 03 §2.10: an edit link (sea tours are not copied).
  ...editorPageLinks<SeaTourListRow>('sea-tour', { copy: false }),
  canDelete: (row) => row.can_delete,
  confirmDelete: MESSAGES.seaTours.confirmDelete,
});
