/** Staff users: one administrator in fifty, an accountant in five, the rest managers; one in seventeen switched off. */
import { hashPassword } from '../auth/passwords.js';
import { insertPeople } from './people.js';
import type { FakeDataKind } from './kind.js';

/** The password of every generated staff user (the demo prints it). */
export const FAKE_STAFF_PASSWORD = 'demo-password';

export const staffKind: FakeDataKind = {
  name: 'staff',
  table: 'users',
  async fill({ sql }, count) {
    const passwordHash = await hashPassword(FAKE_STAFF_PASSWORD);
    // Numbered after the users already there (a first administrator), so e-mails stay unique.
    const [{ max }] = (await sql.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM users')).rows as [{ max: number }];
    await insertPeople(
      sql,
      count,
      (people) =>
        `INSERT INTO users (surname, name, patronymic, email, password_hash, role, is_active, created_at, updated_at)
         SELECT surname, name, patronymic, email, ${literal(passwordHash)},
                CASE WHEN n % 50 = 0 THEN 1 WHEN n % 5 = 0 THEN 2 ELSE 3 END, n % 17 <> 0,
                now() - make_interval(mins => ${max + count} - n), now()
           FROM ${people}`,
      { offset: max },
    );
  },
};

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
