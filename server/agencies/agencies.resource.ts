import { AGENCY_STATUS_NAMES, agenciesResource, agencyUsersResource, type AgencyRow, type AgencyUserRow } from '../../shared/resources/agencies.js';
import { MESSAGES } from '../../shared/messages.js';
import { CONTACTS_PICKER_DETAIL } from '../clients/clients.resource.js';
import { definePickerDetail, defineServerList } from '../common/list/server-list.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { encryptSecret } from '../common/secrets.js';
import { AgencyEntity, AgencyUserEntity } from './agency.entity.js';

/** The exact expression of ix_agencies_search (migrations/1764000000001-Agencies.ts): legal name, brand, INN, contact e-mail. */
export const AGENCY_SEARCH_EXPRESSION = (alias: string) =>
  `(${alias}.legal_name || ' ' || coalesce(${alias}.brand, '') || ' ' || coalesce(${alias}.inn, '') || ' ' || coalesce(${alias}.contact_email, ''))`;

/** The JSON row of an agency (list, show and save replies): never the password itself. */
export function agencyRow(agency: AgencyEntity): AgencyRow {
  return {
    id: agency.id,
    legal_name: agency.legal_name,
    brand: agency.brand,
    inn: agency.inn,
    site: agency.site,
    legal_address: agency.legal_address,
    actual_address: agency.actual_address,
    company_email: agency.company_email,
    company_phone: agency.company_phone,
    contact_name: agency.contact_name,
    contact_phone: agency.contact_phone,
    contact_email: agency.contact_email,
    contract_number: agency.contract_number,
    login: agency.login,
    has_password: agency.has_password,
    commission_type: agency.commission_type,
    commission_sum: agency.commission_sum,
    status: agency.status,
    status_name: AGENCY_STATUS_NAMES[agency.status],
    info: agency.info,
    is_active: agency.is_active,
    has_search_module: agency.has_search_module,
    search_module_url: agency.search_module_url,
    vk_settings: { vk_token: agency.vk_settings?.vk_token ?? null, vk_group_id: agency.vk_settings?.vk_group_id ?? null },
    is_new: agency.is_new,
    created_at: agency.created_at.toISOString(),
  };
}

/** Agencies: all three roles (spec 01 §6); status, resend, token, export and employees in agencies.controller.ts. */
export const agenciesServerResource = defineServerResource({
  definition: agenciesResource,
  entity: AgencyEntity,
  nameColumn: 'legal_name',
  // Namesakes (two «ООО «Вояж»») differ by INN; an agency without one, by its legal address.
  pickerDetail: definePickerDetail({
    columns: { inn: `${ALIAS}.inn`, address: `${ALIAS}.legal_address` },
    text: ({ inn, address }) => (inn ? MESSAGES.pickerDetail.inn(inn as string) : ((address as string | null) ?? null)),
  }),
  counted: { keys: ['is_active'] },
  searchExpression: AGENCY_SEARCH_EXPRESSION(ALIAS),
  toRow: agencyRow,
  /**
   * The password is stored encrypted, and an edit that leaves it empty keeps it. The token of
   * vk_settings is the server's (generate/delete): a save sets the group id only and keeps the token.
   */
  toEntity: async ({ password, vk_settings, ...fields }, { manager, id }) => {
    const stored = id === undefined ? null : await manager.getRepository(AgencyEntity).findOneBy({ id });
    const values: Partial<AgencyEntity> = {
      ...fields,
      vk_settings: { vk_token: stored?.vk_settings?.vk_token ?? null, vk_group_id: vk_settings.vk_group_id },
    };
    if (password) values.password_encrypted = await encryptSecret(manager, password);
    return values;
  },
  /** Opening an agency (the dialog) means a colleague has seen it: it stops being new (header badge). */
  onShow: async (agency, { manager, id }) => {
    if (agency.is_new) await manager.query('UPDATE agencies SET is_new = false WHERE id = $1 AND is_new', [id]);
  },
});

/**
 * An agency's employees (GET /agencies/{agency_id}/agency-users and its `/list` picker): the route's
 * `agency_id` narrows the list (ListService scope), so counts and searches stay within one agency.
 */
export const agencyUsersServerList = defineServerList({
  definition: agencyUsersResource,
  entity: AgencyUserEntity,
  searchExpression: `(${ALIAS}.full_name || ' ' || coalesce(${ALIAS}.phone, '') || ' ' || coalesce(${ALIAS}.email, ''))`,
  digitSearch: { phones: ['phone'] },
  nameColumn: 'full_name',
  pickerDetail: CONTACTS_PICKER_DETAIL,
  toRow: ({ id, full_name, phone, email }): AgencyUserRow => ({ id, full_name, phone, email }),
});
