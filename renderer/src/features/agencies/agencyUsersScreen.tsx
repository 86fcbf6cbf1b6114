import { agencyUsersResource, type AgencyUserRow, type AgencyUsersReply } from '@shared/resources/agencies';
import { routePath } from '@shared/routes';
import { defineResourceScreen } from '../../common/resource/definition';

const agencyOf = (reply: Record<string, unknown> | undefined) => (reply as Partial<AgencyUsersReply> | undefined)?.agency;

/**
 * /agencies/{agency_id}/users (spec 01 §2.5): the agency's employees, read-only (they are managed in
 * the agency's own cabinet). The list path takes the route's agency_id; the reply names the agency.
 */
export const agencyUsersScreen = defineResourceScreen<AgencyUserRow>({
  resource: agencyUsersResource,
  title: 'Сотрудники',
  subtitle: (reply) => agencyOf(reply)?.legal_name ?? '',
  breadcrumbs: (reply) => [
    { text: 'Агентства', to: routePath('agencies') },
    { text: agencyOf(reply)?.legal_name ?? '…', to: agencyOf(reply) ? routePath('agencies', {}, { query: agencyOf(reply)!.legal_name }) : undefined },
    { text: 'Сотрудники' },
  ],
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'full_name', title: 'ФИО' },
    { key: 'phone', title: 'Телефон' },
    { key: 'email', title: 'Email' },
  ],
  canDelete: () => false,
});
