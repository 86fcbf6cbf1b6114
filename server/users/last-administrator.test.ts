/** The office never loses its last active administrator (issue 8): 422 with a message, nothing changed. */
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../test/test-app.js';

let app: TestApp | undefined;
afterAll(() => app?.close());
/** A fresh database per test: the count of administrators is what is tested. */
beforeEach(async () => {
  await app?.close();
  app = await startTestApp();
});

const form = (user: TestUser, overrides: Record<string, unknown>) => ({
  surname: user.surname,
  name: user.name,
  patronymic: user.patronymic,
  email: user.email,
  password: '',
  role: user.role,
  ...overrides,
});
/**
 * Runs `requests` while both users' rows are locked from outside, so that both requests are past
 * the sign-in check and inside their save before either can go on: the race is certain, not lucky.
 */
async function racing<T>(ids: number[], requests: () => Promise<T>[]): Promise<T[]> {
  const holder = new pg.Client({ connectionString: app!.db.url });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM users WHERE id = ANY($1) FOR UPDATE', [ids]);
    const replies = Promise.all(requests());
    for (let waited = 0; ; waited += 20) {
      const [row] = (await holder.query(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows;
      if (row.count >= ids.length) break;
      if (waited > 10_000) throw new Error('the requests never reached the locked rows');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await holder.query('COMMIT');
    return await replies;
  } finally {
    await holder.end();
  }
}

const activeAdministrators = async () =>
  (await app!.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users WHERE role = $1 AND is_active`, [Role.Administrator]))[0]!.count;

const roleAndActive = async (id: number) =>
  (await app!.db.query<{ role: number; is_active: boolean }>('SELECT role, is_active FROM users WHERE id = $1', [id]))[0];

describe('the last active administrator', () => {
  it('cannot take the administrator role from themself (422), and stays an administrator', async () => {
    const { client, user } = await app!.signInAs(Role.Administrator);
    // An inactive administrator does not count.
    await app!.createUser({ role: Role.Administrator, is_active: false });
    const response = await client.put(`/api/users/${user.id}`, form(user, { role: Role.Manager }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: MESSAGES.users.lastAdministrator, errors: { role: [MESSAGES.users.lastAdministrator] } });
    expect(await roleAndActive(user.id)).toEqual({ role: Role.Administrator, is_active: true });
    expect((await client.get('/api/users')).status).toBe(200);
  });

  it('may step down while another active administrator remains', async () => {
    const { client, user } = await app!.signInAs(Role.Administrator);
    await app!.createUser({ role: Role.Administrator });
    const response = await client.put(`/api/users/${user.id}`, form(user, { role: Role.Accountant }));
    expect(response.status).toBe(200);
    expect(await roleAndActive(user.id)).toEqual({ role: Role.Accountant, is_active: true });
  });

  it('two administrators demoting each other at the same moment: one succeeds, the other gets 422', async () => {
    const first = await app!.signInAs(Role.Administrator);
    const second = await app!.signInAs(Role.Administrator);
    const demote = (by: { client: ApiClient }, whom: TestUser) => by.client.put(`/api/users/${whom.id}`, form(whom, { role: Role.Manager }));
    const replies = await racing([first.user.id, second.user.id], () => [demote(first, second.user), demote(second, first.user)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 422]);
    expect(await activeAdministrators()).toBe(1);
  });

  it('two administrators switching each other off at the same moment: one succeeds, the other gets 422', async () => {
    const first = await app!.signInAs(Role.Administrator);
    const second = await app!.signInAs(Role.Administrator);
    const replies = await racing([first.user.id, second.user.id], () => [
      first.client.put(`/api/users/${second.user.id}/active`, { is_active: false }),
      second.client.put(`/api/users/${first.user.id}/active`, { is_active: false }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 422]);
    expect(replies.find((reply) => reply.status === 422)!.body.message).toBe(MESSAGES.users.lastAdministrator);
    expect(await activeAdministrators()).toBe(1);
  });
});
