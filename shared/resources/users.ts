/** Staff users (spec 01 §2.8, §3 "Staff user", §5). */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { ALL_ROLES, type Role } from '../roles.js';
import { activeFlag, optionalPasswordText, optionalText, passwordText, requiredChoice, requiredEmail, requiredText } from '../validation.js';
import { defineResource } from './define.js';
import { listFilter } from '../list.js';

/** Spec 01 §5: surname, name, patronymic, email and password at most 50. */
export const USER_FIELD_MAX = 50;
/** Not in the spec: a back-office password shorter than this is too easy to guess. */
export const USER_PASSWORD_MIN = 8;
/**
 * What the sign-in form accepts as a password (longer is a 422, not a cut): above USER_FIELD_MAX,
 * because ADMIN_PASSWORD and passwords of the original system were not held to the form's limit.
 */
export const SIGN_IN_PASSWORD_MAX = 255;

const personFields = {
  surname: requiredText(USER_FIELD_MAX),
  name: requiredText(USER_FIELD_MAX),
  patronymic: optionalText(USER_FIELD_MAX),
  email: requiredEmail(USER_FIELD_MAX),
};

export const userCreateSchema = z.object({
  ...personFields,
  password: passwordText(USER_FIELD_MAX, { min: USER_PASSWORD_MIN }),
  role: requiredChoice(ALL_ROLES),
  is_active: activeFlag(),
});

/** On edit an empty password keeps the current one, and a missing is_active keeps the current state. */
export const userUpdateSchema = userCreateSchema.extend({
  password: optionalPasswordText(USER_FIELD_MAX, { min: USER_PASSWORD_MIN }),
  is_active: z.boolean().optional(),
});

/** The one-time "create the first administrator" form: a person and a password, role fixed. */
export const firstAdministratorSchema = z.object({
  ...personFields,
  password: passwordText(USER_FIELD_MAX, { min: USER_PASSWORD_MIN }),
});

export const loginSchema = z.object({
  login: requiredText(255),
  password: passwordText(SIGN_IN_PASSWORD_MAX),
});

export interface UserRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  email: string;
  role: Role;
  role_name: string;
  full_name: string;
  is_active: boolean;
  created_at: string;
}

export const usersResource = defineResource({
  path: '/users',
  createSchema: userCreateSchema,
  updateSchema: userUpdateSchema,
  sortable: ['id', 'full_name', 'email', 'role_name', 'is_active'],
  filters: z.object({ is_active: listFilter.flag() }),
  picker: 'search',
  switches: { active: 'is_active' },
  messages: { saved: MESSAGES.users.saved, deleted: MESSAGES.users.deleted },
});

/**
 * The staff pickers (issue 38): one declaration of the two ways staff are picked, each a `{path}/list`
 * answered by one server query (server/users/staff-picker.ts). `assignable`: the application's
 * manager — active staff (a manager is offered only themself) and the assigned `user_id` whatever its
 * state; `everyone`: analytics' manager filter — every member of staff, switched off ones too.
 */
export const STAFF_PICKERS = { assignable: '/applications/staff', everyone: '/analytics/users' } as const;

/** GET /api/users/roles/list → {data: [{id, name}]} */
export const USER_ROLES_LIST_PATH = '/users/roles/list';

export function fullName(person: { surname: string; name: string; patronymic?: string | null }): string {
  return [person.surname, person.name, person.patronymic].filter((part) => part && part.trim()).join(' ');
}
