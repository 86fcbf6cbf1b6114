/** The first administrator: the one-time setup form on an empty database, or ADMIN_EMAIL/ADMIN_PASSWORD at start. */
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../shared/api.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { verifyPassword } from './passwords.js';

const apps: TestApp[] = [];
const start = async (options: Parameters<typeof startTestApp>[0] = {}) => {
  const app = await startTestApp(options);
  apps.push(app);
  return app;
};
afterAll(() => Promise.all(apps.map((app) => app.close())));

interface UserRow {
  id: number;
  email: string;
  role: number;
  is_active: boolean;
  password_hash: string;
  full_name: string;
}
const usersOf = (app: TestApp) =>
  app.db.query<UserRow>('SELECT id, email, role, is_active, password_hash, full_name FROM users ORDER BY id');

const administrator = {
  surname: 'Смирнова',
  name: 'Ольга',
  patronymic: 'Игоревна',
  email: 'Olga.Smirnova@Example.test',
  password: 'first-admin-password',
};

describe('the one-time setup form', () => {
  let app: TestApp;

  it('is offered on an empty database, creates an administrator, signs them in, and then closes for good', async () => {
    app = await start();
    const client = app.client();
    expect((await client.get('/api/setup')).body).toEqual({ required: true });

    // The form is validated like any other.
    const invalid = await client.post('/api/setup', { ...administrator, email: 'not-an-email', password: 'short' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      email: [MESSAGES.validation.email],
      password: ['Количество символов в поле должно быть не меньше 8.'],
    });
    expect(await usersOf(app)).toEqual([]);

    const created = await client.post('/api/setup', administrator);
    expect(created.status).toBe(201);
    const [row] = await usersOf(app);
    expect(created.body).toEqual({
      data: { id: row!.id, name: 'Смирнова Ольга Игоревна', email: 'olga.smirnova@example.test', role: Role.Administrator },
    });
    expect(row).toMatchObject({ email: 'olga.smirnova@example.test', role: Role.Administrator, is_active: true });
    expect(row!.password_hash).not.toContain(administrator.password);
    expect(await verifyPassword(administrator.password, row!.password_hash)).toBe(true);

    // Signed in right away.
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await client.post('/api/me')).body).toMatchObject({ id: row!.id, role: Role.Administrator });
    expect((await client.get('/api/users')).status).toBe(200);

    // Closed: for this browser and for anyone else.
    expect((await app.client().get('/api/setup')).body).toEqual({ required: false });
    const again = await app.client().post('/api/setup', { ...administrator, email: 'intruder@example.test' });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ message: MESSAGES.auth.setupClosed });
    expect(await usersOf(app)).toHaveLength(1);

    // The administrator signs in with the password they chose.
    expect((await app.client().login(administrator.email, administrator.password)).status).toBe(200);
  });

  it('lets only one of several simultaneous setups win', async () => {
    app = await start();
    const replies = await Promise.all(
      ['a', 'b', 'c'].map((suffix) => app.client().post('/api/setup', { ...administrator, email: `admin-${suffix}@example.test` })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 403, 403]);
    expect(await usersOf(app)).toHaveLength(1);
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('create the first administrator at start on an empty database, and only then', async () => {
    const app = await start({ env: { ADMIN_EMAIL: ' Boss@Example.test ', ADMIN_PASSWORD: 'boss-password-1' } });
    const users = await usersOf(app);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: 'boss@example.test', role: Role.Administrator, is_active: true });

    const client = app.client();
    expect((await client.get('/api/setup')).body).toEqual({ required: false });
    const login = await client.login('boss@example.test', 'boss-password-1');
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ id: users[0]!.id, role: Role.Administrator });

    // A later start with other credentials on the same (no longer empty) database adds no one.
    await app.startAnotherServer({ env: { ADMIN_EMAIL: 'other@example.test', ADMIN_PASSWORD: 'other-password-1' } });
    expect(await usersOf(app)).toHaveLength(1);

    // The creation is a notable event on /logs, once.
    const events = await app.db.query<{ level_name: string; source: string; title: string; meta: { email: string } }>(
      `SELECT level_name, source, title, meta FROM logs WHERE source = 'auth'`,
    );
    expect(events).toEqual([{ level_name: 'NOTICE', source: 'auth', title: 'Создан первый администратор', meta: { email: ' Boss@Example.test '.trim() } }]);
  });

  it('are ignored unless both are given', async () => {
    const app = await start({ env: { ADMIN_EMAIL: 'boss@example.test' } });
    expect(await usersOf(app)).toEqual([]);
    expect((await app.client().get('/api/setup')).body).toEqual({ required: true });
  });
});
