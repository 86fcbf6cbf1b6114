/**
 * Clients: the people of people.ts with unique phones +79XXXXXXXXX, every fourth without e-mail,
 * one in seventeen switched off, the newest hundredth still new; registered over the last five years.
 */
import { insertPeople } from './people.js';
import type { FakeDataKind } from './kind.js';

const FIVE_YEARS_SECONDS = 5 * 365 * 86_400;

export const clientsKind: FakeDataKind = {
  name: 'clients',
  table: 'clients',
  async fill({ sql }, count) {
    const [{ max }] = (await sql.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM clients')).rows as [{ max: number }];
    const total = max + count;
    await insertPeople(
      sql,
      count,
      // 3¹⁸ is prime to 10⁹, so n·3¹⁸ mod 10⁹ gives every n its own phone, spread over all codes.
      (people) =>
        `INSERT INTO clients (surname, name, patronymic, phone, email, is_active, is_new, created_at, updated_at)
         SELECT surname, name, patronymic,
                '+79' || lpad(((n::bigint * 387420489) % 1000000000)::text, 9, '0'),
                CASE WHEN n % 4 = 0 THEN NULL ELSE email END,
                n % 17 <> 0, n > ${total} - ${Math.max(1, Math.round(total / 100))},
                now() - make_interval(secs => (${total} - n)::double precision * ${FIVE_YEARS_SECONDS / Math.max(total, 1)}), now()
           FROM ${people}`,
      { offset: max },
    );
  },
};
