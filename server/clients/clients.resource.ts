import { clientsResource, formatPhone, type ClientRow } from '../../shared/resources/clients.js';
import { definePickerDetail, detailLine } from '../common/list/server-list.js';
import { encryptSecret } from '../common/secrets.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { ClientEntity } from './client.entity.js';

export const toClientRow = (client: ClientEntity): ClientRow => ({
  id: client.id,
  surname: client.surname,
  name: client.name,
  patronymic: client.patronymic,
  full_name: client.full_name,
  phone: client.phone,
  email: client.email,
  has_password: client.has_password,
  is_active: client.is_active,
  is_new: client.is_new,
  created_at: client.created_at.toISOString(),
});

/** A person's picker detail (clients, an agency's employees): the phone and the e-mail that tell namesakes apart. */
export const CONTACTS_PICKER_DETAIL = definePickerDetail({
  columns: { phone: `${ALIAS}.phone`, email: `${ALIAS}.email` },
  text: ({ phone, email }) => detailLine(phone ? formatPhone(phone as string) : null, email as string | null),
});

/** Clients: every role (spec 01 §6); the export and resend routes are in ClientsModule. */
export const clientsServerResource = defineServerResource({
  definition: clientsResource,
  entity: ClientEntity,
  searchExpression: `${ALIAS}.search_text`,
  // A phone typed in any form, or its first or last digits (ix_clients_phone_digits*).
  digitSearch: { phones: ['phone'] },
  nameColumn: 'full_name',
  pickerDetail: CONTACTS_PICKER_DETAIL,
  counted: { keys: ['is_active'] },
  toRow: toClientRow,
  // The password is stored encrypted (server/common/secrets.ts: it must be sent to the client, so
  // it cannot be a hash); an edit that leaves it empty keeps it.
  toEntity: async ({ password, ...client }, { manager }) => {
    // maskedPhone({ required: true }) never yields null; its type says string | null.
    const values = { ...client } as Partial<ClientEntity>;
    if (password) values.password_encrypted = await encryptSecret(manager, password);
    return values;
  },
  // A staff member opened the client: it is no longer new (spec 01 §4 "Counters").
  onShow: async (client, { manager }) => {
    if (client.is_new) await manager.query(`UPDATE clients SET is_new = false WHERE id = $1 AND is_new`, [client.id]);
  },
});
