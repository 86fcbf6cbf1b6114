/**
 * The declaration of the applications list (spec 03 §2.1): the shared list (path, sorts, filters,
 * newest first), the grouped columns of the spec — info, contacts, 'Направления', tourists, payment —
 * and the row actions (chat, edit, cancel, delete). The page (ApplicationsListPage) adds the filter
 * bar, the selection and the dialogs.
 */
import { Intent } from '@blueprintjs/core';
import { ApplicationStatus } from '@shared/applications/constants';
import { applicationsList, type ApplicationActionReply, type ApplicationListRow } from '@shared/applications/list';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import { NEW_ITEMS_PATH } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import type { ResourceDefinition } from '@shared/resources/define';
import { Role } from '@shared/roles';
import { routePath } from '@shared/routes';
import { z } from 'zod';
import { api } from '../../../api/http';
import { notifyFailure } from '../../../common/failure';
import { defineResourceScreen } from '../../../common/resource/definition';
import { toast } from '../../../common/toaster';
import { APPLICATION_FILTER_PARAMS } from './ApplicationFiltersBar';
import { ContactsCell, DirectionsCell, InfoCell, PaymentCell, TouristsCell } from './cells';

const A = MESSAGES.applications;

/** The list as the kit's tables take it: read and delete only; applications are written on their own page. */
const applicationsResource: ResourceDefinition = {
  ...applicationsList,
  createSchema: z.never(),
  updateSchema: z.never(),
  readOnly: true,
  messages: { saved: A.saved, deleted: A.deleted },
};

/** PUT /applications/cancel/{id}: status 7 and the seats released; the server's word on success or refusal. */
async function cancelApplication(row: ApplicationListRow) {
  try {
    const reply = await api.put<ApplicationActionReply>(APPLICATION_PATHS.cancel(row.id), { version: row.version });
    toast.success(reply.message || A.cancelled);
  } catch (error) {
    notifyFailure(error, A.cancelFailed);
  }
}

const requesterText = (row: ApplicationListRow) => `${row.requestorable.full_name}${row.requestorable.is_active ? '' : ` (${MESSAGES.applicationList.requesterInactive})`}`;

/** The list's declaration; `openChat` is the page's: the chat is a dialog over the list. */
export function applicationsListScreen(openChat: (row: ApplicationListRow) => void) {
  return defineResourceScreen<ApplicationListRow>({
    resource: applicationsResource,
    title: A.listTitle,
    subtitle: A.listSubtitle,
    // Opening an application from here may change the badge (unwatched): read it again after actions.
    invalidates: [NEW_ITEMS_PATH],
    filterParams: APPLICATION_FILTER_PARAMS,
    selectable: true,
    columns: [
      { key: 'id', title: 'Заявка', maxWidth: '17.5vw', text: (row) => `№${row.number}. ${row.status_name}. ${requesterText(row)}`, render: (row) => <InfoCell row={row} /> },
      { key: 'contacts', title: 'Контакты', maxWidth: '11.5vw', text: (row) => [row.phone, row.email].filter(Boolean).join(', '), render: (row) => <ContactsCell row={row} /> },
      // Keyed by the first day: the header sorts by it (the shared list's sortable `start_date`).
      { key: 'start_date', title: 'Направления', maxWidth: '22vw', text: (row) => row.application_type_name, render: (row) => <DirectionsCell row={row} /> },
      { key: 'tourists', title: 'Туристы', maxWidth: '11.5vw', text: (row) => row.tourists.map((tourist) => tourist.full_name).join(', '), render: (row) => <TouristsCell row={row} /> },
      { key: 'payments', title: 'Оплата', maxWidth: '12.5vw', text: () => undefined, render: (row) => <PaymentCell row={row} /> },
    ],
    rowActions: [
      { title: MESSAGES.applicationChat.chatButton, icon: 'chat', run: openChat },
      { title: MESSAGES.list.edit, icon: 'edit', to: (row) => routePath('application-edit', { id: row.id }) },
      {
        title: MESSAGES.applicationList.cancel,
        icon: 'disable',
        intent: Intent.WARNING,
        visible: (row) => row.status !== ApplicationStatus.Cancelled,
        confirm: A.cancelConfirm,
        run: cancelApplication,
      },
    ],
    // The server refuses the others (403) too; here it is not even offered (spec 03 §6).
    canDelete: (row, user) => user.role === Role.Administrator && row.can_delete,
  });
}
