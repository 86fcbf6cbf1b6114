import { Not } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { usersResource, type UserRow } from '../../shared/resources/users.js';
import { ACCESS, ROLE_NAMES } from '../../shared/roles.js';
import { SessionEntity } from '../auth/session.entity.js';
import { hashPassword } from '../auth/passwords.js';
import { forbidden } from '../common/http/errors.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { UserEntity } from './user.entity.js';

/** Staff users: administrator only (spec 01 §6). */
export const usersServerResource = defineServerResource({
  definition: usersResource,
  entity: UserEntity,
  roles: ACCESS.administratorOnly,
  searchExpression: `${ALIAS}.search_text`,
  // Role ids 1, 2, 3 are in the alphabetical order of their Russian names.
  sortExpressions: { role_name: `${ALIAS}.role` },
  nameColumn: 'full_name',
  counted: { keys: ['is_active'] },
  toRow: (user): UserRow => ({
    id: user.id,
    surname: user.surname,
    name: user.name,
    patronymic: user.patronymic,
    email: user.email,
    role: user.role,
    role_name: ROLE_NAMES[user.role],
    full_name: user.full_name,
    is_active: user.is_active,
    created_at: user.created_at.toISOString(),
  }),
  toEntity: async ({ password, ...person }) =>
    password ? { ...person, password_hash: await hashPassword(password) } : person,
  // An administrator cannot lock themselves out.
  checks: {
    update: (id, values, { user }) => {
      if (id === user.id && values.is_active === false) throw forbidden(MESSAGES.users.cannotDeactivateSelf);
    },
    switch: (id, column, value, { user }) => {
      if (id === user.id && column === 'is_active' && !value) throw forbidden(MESSAGES.users.cannotDeactivateSelf);
    },
    delete: (id, { user }) => {
      if (id === user.id) throw forbidden(MESSAGES.users.cannotDeleteSelf);
    },
  },
  // A deactivated user, or one whose password was changed, is signed out everywhere
  // (an administrator changing their own password keeps the session they are working in).
  afterSave: async (saved, values, { manager, sessionTokenHash }) => {
    if (values.is_active === false || values.password_hash) {
      await manager.getRepository(SessionEntity).delete({ user_id: saved.id, token_hash: Not(sessionTokenHash) });
    }
  },
});
