import { Not, type EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { usersResource, type UserRow } from '../../shared/resources/users.js';
import { ACCESS, Role, ROLE_NAMES } from '../../shared/roles.js';
import { SessionEntity } from '../auth/session.entity.js';
import { hashPassword } from '../auth/passwords.js';
import { forbidden, ValidationFailed } from '../common/http/errors.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { UserEntity } from './user.entity.js';

/** Serialises the changes that could leave the office without an active administrator. */
const LAST_ADMINISTRATOR_LOCK_KEY = 7_300_504;

/**
 * 422 when user `id` is an active administrator and no other active one exists: the change about
 * to take their role or switch them off (`field`) would lock everybody out of /users. Under a lock,
 * so two administrators demoting each other at once cannot both succeed.
 */
async function keepAnActiveAdministrator(manager: EntityManager, id: number, field: 'role' | 'is_active'): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1)', [LAST_ADMINISTRATOR_LOCK_KEY]);
  const [row]: { target: boolean; others: boolean }[] = await manager.query(
    `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1 AND role = $2 AND is_active) AS target,
            EXISTS (SELECT 1 FROM users WHERE id <> $1 AND role = $2 AND is_active) AS others`,
    [id, Role.Administrator],
  );
  if (row?.target && !row.others) throw new ValidationFailed({ [field]: [MESSAGES.users.lastAdministrator] });
}

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
  // An administrator cannot lock themselves out, nor the office lose its last active administrator.
  checks: {
    update: async (id, values, { user, manager }) => {
      if (id === user.id && values.is_active === false) throw forbidden(MESSAGES.users.cannotDeactivateSelf);
      if ((values.role !== undefined && values.role !== Role.Administrator) || values.is_active === false) {
        await keepAnActiveAdministrator(manager, id, values.role !== undefined && values.role !== Role.Administrator ? 'role' : 'is_active');
      }
    },
    switch: async (id, column, value, { user, manager }) => {
      if (id === user.id && column === 'is_active' && !value) throw forbidden(MESSAGES.users.cannotDeactivateSelf);
      if (column === 'is_active' && !value) await keepAnActiveAdministrator(manager, id, 'is_active');
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
