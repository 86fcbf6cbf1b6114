/**
 * The generic resource machinery beyond one resource's rules: unexpected failures become a 500
 * without internals (the stack goes to `logs`), and a save is one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

interface LogRow {
  level: number;
  level_name: string;
  source: string;
  title: string;
  msg: string;
  meta: Record<string, unknown>;
}
const logsTitled = (title: string) =>
  app.db.query<LogRow>('SELECT level, level_name, source, title, msg, meta FROM logs WHERE title = $1 ORDER BY id', [title]);

describe('unexpected errors', () => {
  it('answer 500 {message} with no stack or SQL in the body, and leave the stack in the logs table', async () => {
    const { client, user } = await app.signInAs(Role.Manager);
    await app.db.query('ALTER TABLE countries RENAME COLUMN name TO name_gone');
    let response;
    try {
      response = await client.get('/api/countries?query=abc');
    } finally {
      await app.db.query('ALTER TABLE countries RENAME COLUMN name_gone TO name');
    }

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: MESSAGES.http.serverError });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);

    const logs = await logsTitled('GET /api/countries?query=abc');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 400, level_name: 'ERROR', source: 'http', meta: { user_id: user.id } });
    expect(logs[0]!.msg).toContain('column t.name does not exist');
    expect(logs[0]!.msg).toMatch(/\n\s+at /); // the stack trace

    // The server is fine afterwards.
    expect((await client.get('/api/countries?query=abc')).status).toBe(200);
  });
});

describe('search', () => {
  it('pages a search the same way whether it has few matches or many', async () => {
    const { client } = await app.signInAs(Role.Manager);
    // Over ten thousand matches: a dense search and sparse ones page alike.
    const many = 10_025;
    await app.db.query(`INSERT INTO countries (name) SELECT 'Тестландия ' || g FROM generate_series(1, $1::int) AS g`, [many]);
    await app.db.query('ANALYZE countries');
    const page = (sql: string, params: unknown[]) => app.db.query<{ id: number; name: string; version: number }>(sql, params);

    for (const [search, expected] of [
      ['ТЕСТЛАНД', many],
      ['тестландия 100', 1 + 10 + (many - 9999)], // 100, 1000–1009 and 10000 up to `many`
      ['тестландия 99999', 0],
    ] as const) {
      const pattern = `%${search.toLowerCase()}%`;
      for (const [orderBy, ascending, order] of [
        ['name', 1, 'name ASC, id ASC'],
        ['name', 0, 'name DESC, id DESC'],
        ['id', 0, 'id DESC'],
      ] as const) {
        const response = await client.get(`/api/countries?query=${encodeURIComponent(search)}&orderBy=${orderBy}&ascending=${ascending}&page=3&limit=5`);
        expect(response.status).toBe(200);
        const rows = await page(`SELECT id, name, version FROM countries WHERE lower(name) LIKE $1 ORDER BY ${order} LIMIT 5 OFFSET 10`, [pattern]);
        expect(response.body, `${search} ${order}`).toEqual({ data: rows, count: expected });
      }
    }
    // A page past the end of a search is empty, with the right count.
    expect((await client.get(`/api/countries?query=${encodeURIComponent('тестландия 100')}&page=100`)).body).toEqual({ data: [], count: 1 + 10 + (many - 9999) });
  });
});

describe('transactions', () => {
  it('a save is all or nothing: when a step after the UPDATE fails, the row keeps its old values', async () => {
    const { client: userClient, user } = await app.signInAs(Role.Manager, { surname: 'Прежняя', password: 'previous-password' });
    const { client: admin } = await app.signInAs(Role.Administrator);
    const row = () => app.db.query('SELECT surname, email, role, password_hash, updated_at FROM users WHERE id = $1', [user.id]);
    const before = await row();

    // A new password ends the user's sessions after the UPDATE, in the same transaction; make that step fail.
    await app.db.query(`CREATE FUNCTION test_sessions_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sessions are frozen by the test'; END $$`);
    await app.db.query('CREATE TRIGGER test_sessions_frozen BEFORE DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION test_sessions_frozen()');
    let response;
    try {
      response = await admin.put(`/api/users/${user.id}`, {
        surname: 'Новая',
        name: user.name,
        patronymic: user.patronymic,
        email: 'changed@example.test',
        role: Role.Accountant,
        is_active: true,
        password: 'replacement-password',
      });
    } finally {
      await app.db.query('DROP TRIGGER test_sessions_frozen ON sessions');
      await app.db.query('DROP FUNCTION test_sessions_frozen()');
    }

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: MESSAGES.http.serverError });
    expect((await logsTitled(`PUT /api/users/${user.id}`))[0]?.msg).toContain('sessions are frozen by the test');
    expect(await row()).toEqual(before);
    expect((await userClient.post('/api/me')).status).toBe(200);
    expect((await app.client().login(user.email, 'previous-password')).status).toBe(200);
  });
});
