/** Clients (spec 01 §2.6, §3 "Client", §4 "Send login and password", §5 "Client", §7 "Clients"). */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { activeFlag, maskedPhone, optionalEmail, optionalText, requiredText } from '../validation.js';
import { defineResource } from './define.js';
import { listFilter } from '../list.js';

/** Spec 01 §5: surname, name, patronymic, email and password at most 50. */
export const CLIENT_FIELD_MAX = 50;

export const clientCreateSchema = z.object({
  surname: requiredText(CLIENT_FIELD_MAX),
  name: requiredText(CLIENT_FIELD_MAX),
  patronymic: optionalText(CLIENT_FIELD_MAX),
  phone: maskedPhone({ required: true }),
  email: optionalEmail(CLIENT_FIELD_MAX),
  /** The cabinet password, sent to the client by "Send login and password"; on edit empty keeps the current one. */
  password: optionalText(CLIENT_FIELD_MAX),
  is_active: activeFlag(),
});

export const clientUpdateSchema = clientCreateSchema.extend({
  is_active: z.boolean().optional(),
});

/** A list row and a record: never the password itself, only whether one is set. */
export interface ClientRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  full_name: string;
  phone: string;
  email: string | null;
  has_password: boolean;
  is_active: boolean;
  is_new: boolean;
  created_at: string;
}

export const clientsResource = defineResource({
  path: '/clients',
  createSchema: clientCreateSchema,
  updateSchema: clientUpdateSchema,
  sortable: ['id', 'full_name'],
  filters: z.object({ is_active: listFilter.flag() }),
  picker: 'search',
  switches: { active: 'is_active' },
  messages: { saved: MESSAGES.clients.saved, deleted: MESSAGES.clients.deleted },
});

/** GET /api/clients/export → clients.xlsx (administrator and manager). */
export const CLIENTS_EXPORT_PATH = '/clients/export';
export const CLIENTS_EXPORT_FILE = 'clients.xlsx';

/** The phone as the mask shows it: +7 (999) 123-45-67. */
export function formatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  const match = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return match ? `+7 (${match[1]}) ${match[2]}-${match[3]}-${match[4]}` : (phone ?? '');
}
