/** Staff users (/api/users): administrator only, the list contract, CRUD, sessions of changed users. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role, ROLE_NAMES } from '../../shared/roles.js';
import { verifyPassword } from '../auth/passwords.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../test/test-app.js';

let app: TestApp;
let admin: { client: ApiClient; user: TestUser };
let manager: { client: ApiClient; user: TestUser };
let accountant: { client: ApiClient; user: TestUser };

beforeAll(async () => {
  app = await startTestApp();
  [admin, manager, accountant] = await Promise.all([
    app.signInAs(Role.Administrator, { surname: 'Админова', name: 'Алла', patronymic: null }),
    app.signInAs(Role.Manager),
    app.signInAs(Role.Accountant),
  ]);
});
afterAll(() => app?.close());

/** No reply of the API may carry a password or its hash. */
const expectNoSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/password/i);

interface StoredUser {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  email: string;
  role: number;
  is_active: boolean;
  full_name: string;
  password_hash: string;
}
const stored = async (id: number) =>
  (await app.db.query<StoredUser>('SELECT id, surname, name, patronymic, email, role, is_active, full_name, password_hash FROM users WHERE id = $1', [id]))[0];
const ids = async (sql: string, params?: unknown[]) => (await app.db.query<{ id: number }>(sql, params)).map((row) => row.id);
const sessionCount = async (userId: number) =>
  (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE user_id = $1', [userId]))[0]!.count;

let emailNumber = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  surname: 'Кузнецов',
  name: 'Алексей',
  patronymic: 'Сергеевич',
  email: `a.kuznetsov.${++emailNumber}@example.test`,
  password: 'new-user-password',
  role: Role.Manager,
  is_active: true,
  ...overrides,
});

describe('access', () => {
  const endpoints = (id: number): [method: string, path: string, body?: unknown][] => [
    ['GET', '/api/users'],
    ['GET', '/api/users/list'],
    ['GET', '/api/users/roles/list'],
    ['GET', `/api/users/${id}`],
    ['POST', '/api/users', form({ email: 'blocked@example.test' })],
    ['PUT', `/api/users/${id}`, form({ surname: 'Взломов', password: '' })],
    ['PUT', `/api/users/${id}/active`, { is_active: false }],
    ['DELETE', `/api/users/${id}`],
  ];

  it('every /api/users endpoint is 403 for an accountant and a manager, and changes nothing', async () => {
    const target = await app.createUser({ role: Role.Manager });
    const before = await stored(target.id);
    for (const { client } of [accountant, manager]) {
      for (const [method, path, body] of endpoints(target.id)) {
        const response = await client.request(method, path, { body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    expect(await stored(target.id)).toEqual(before);
    expect(await app.db.query(`SELECT 1 FROM users WHERE email = 'blocked@example.test'`)).toEqual([]);
  });

  it('the administrator may call every one of them', async () => {
    const target = await app.createUser({ role: Role.Manager });
    const statuses: number[] = [];
    for (const [method, path, body] of endpoints(target.id)) {
      const response = await admin.client.request(method, path, { body });
      statuses.push(response.status);
      expectNoSecrets(response.body);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 201, 200, 200, 200]);
    expect(await stored(target.id)).toBeUndefined();
  });

  it('GET /api/users/roles/list gives the three roles', async () => {
    const response = await admin.client.get('/api/users/roles/list');
    expect(response.body).toEqual({
      data: [
        { id: 1, name: 'Администратор' },
        { id: 2, name: 'Бухгалтер' },
        { id: 3, name: 'Менеджер' },
      ],
    });
  });
});

describe('list', () => {
  const list = async (query = '') => {
    const response = await admin.client.get(`/api/users?${query}`);
    expect(response.status, `GET /api/users?${query}: ${JSON.stringify(response.body)}`).toBe(200);
    expectNoSecrets(response.body);
    return response.body as { data: { id: number; full_name: string }[]; count: number };
  };
  const listIds = async (query = '') => (await list(query)).data.map((row) => row.id);
  const total = async () => (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users'))[0]!.count;

  let ivanov: TestUser, ivanova: TestUser, petrov: TestUser, underscore: TestUser;
  beforeAll(async () => {
    // Inserted out of alphabetical order, so that sorting by name differs from sorting by id.
    await app.createUser({ surname: 'Яковлев', name: 'Яков', patronymic: 'Яковлевич', email: 'yakovlev@example.test' });
    ivanov = await app.createUser({ surname: 'Иванов', name: 'Иван', patronymic: 'Иванович', email: 'ivanov@example.test' });
    ivanova = await app.createUser({ surname: 'Иванова', name: 'Мария', patronymic: 'Петровна', email: 'm.ivanova@example.test' });
    petrov = await app.createUser({ surname: 'Петров', name: 'Пётр', patronymic: null, email: 'petrov@corp.test', is_active: false, role: Role.Accountant });
    underscore = await app.createUser({ surname: 'Сидорова', name: 'Анна', patronymic: null, email: 'under_score@example.test' });
    await app.createUser({ surname: 'Абрамов', name: 'Борис', patronymic: null, email: 'abramov@example.test', role: Role.Manager });
  });

  it('answers {data, count}: rows of the contract and the total number of rows', async () => {
    const body = await list();
    expect(Object.keys(body).sort()).toEqual(['count', 'data']);
    expect(body.count).toBe(await total());
    expect(body.count).toBeGreaterThan(10);
    expect(body.data).toHaveLength(10);

    const row = body.data.find((user) => user.id === petrov.id);
    expect(row).toEqual({
      id: petrov.id,
      surname: 'Петров',
      name: 'Пётр',
      patronymic: null,
      email: 'petrov@corp.test',
      role: Role.Accountant,
      role_name: ROLE_NAMES[Role.Accountant],
      full_name: 'Петров Пётр',
      is_active: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      version: 1,
    });
  });

  it('pages with page and limit; count stays the total', async () => {
    const all = await ids('SELECT id FROM users ORDER BY id');
    const first = await list('page=1&limit=3');
    const second = await list('page=2&limit=3');
    expect(first.data.map((row) => row.id)).toEqual(all.slice(0, 3));
    expect(second.data.map((row) => row.id)).toEqual(all.slice(3, 6));
    expect(second.count).toBe(all.length);
    expect(await list('page=1000&limit=10')).toEqual({ data: [], count: all.length });
  });

  it('orders by id following ascending', async () => {
    const all = await ids('SELECT id FROM users ORDER BY id');
    expect(await listIds('limit=1&ascending=0')).toEqual([all.at(-1)]);
    expect(await listIds('limit=100&ascending=0')).toEqual([...all].reverse());
    expect(await listIds('limit=100&ascending=1')).toEqual(all);
    expect(await listIds('limit=100&orderBy=id&ascending=false')).toEqual([...all].reverse());
  });

  it('sorts by an allowed column, then by id', async () => {
    const byName = await ids('SELECT id FROM users ORDER BY full_name, id');
    expect(byName).not.toEqual(await ids('SELECT id FROM users ORDER BY id'));
    expect(await listIds('orderBy=full_name&limit=100')).toEqual(byName);
    expect(await listIds('orderBy=full_name&ascending=0&limit=100')).toEqual(await ids('SELECT id FROM users ORDER BY full_name DESC, id DESC'));
    expect(await listIds('orderBy=full_name&page=2&limit=2')).toEqual(byName.slice(2, 4));
    expect(await listIds('orderBy=role_name&limit=100')).toEqual(await ids('SELECT id FROM users ORDER BY role, id'));
    expect(await listIds('orderBy=email&limit=100')).toEqual(await ids('SELECT id FROM users ORDER BY email, id'));
    expect(await listIds('orderBy=is_active&limit=100')).toEqual(await ids('SELECT id FROM users ORDER BY is_active, id'));
  });

  it('refuses orderBy outside the allow-list with 422 errors.orderBy', async () => {
    for (const column of ['password_hash', 'search_text', 'id; DROP TABLE users', 'full_name DESC']) {
      const response = await admin.client.get(`/api/users?orderBy=${encodeURIComponent(column)}`);
      expect(response.status, column).toBe(422);
      expect(response.body).toEqual({ message: MESSAGES.validation.oneOf, errors: { orderBy: [MESSAGES.validation.oneOf] } });
    }
  });

  it('searches by part of the surname, case-insensitively, ignoring surrounding spaces', async () => {
    expect(await list('query=' + encodeURIComponent('ванов'))).toMatchObject({ count: 2, data: [{ id: ivanov.id }, { id: ivanova.id }] });
    expect(await listIds('query=' + encodeURIComponent('ИВАНОВА'))).toEqual([ivanova.id]);
    expect(await listIds('query=' + encodeURIComponent('  иВаНоВ  '))).toEqual([ivanov.id, ivanova.id]);
    // Name and patronymic are searched too: "Петровна" and "Петров".
    expect(await listIds('query=' + encodeURIComponent('петров'))).toEqual([ivanova.id, petrov.id]);
  });

  it('searches by part of the e-mail, case-insensitively', async () => {
    expect(await list('query=CORP.TEST')).toMatchObject({ count: 1, data: [{ id: petrov.id }] });
    expect(await listIds('query=' + encodeURIComponent('m.ivanova@'))).toEqual([ivanova.id]);
  });

  it('matches % and _ of the search box literally', async () => {
    expect(await list('query=' + encodeURIComponent('%'))).toEqual({ data: [], count: 0 });
    expect(await listIds('query=' + encodeURIComponent('_'))).toEqual([underscore.id]);
    expect(await listIds('query=' + encodeURIComponent('r_s'))).toEqual([underscore.id]);
    expect(await listIds('query=' + encodeURIComponent('ivanov%'))).toEqual([]);
    expect(await listIds('query=' + encodeURIComponent('\\'))).toEqual([]);
  });

  it('combines search, order and paging; count is the number of matches', async () => {
    expect(await list('query=' + encodeURIComponent('иванов') + '&orderBy=full_name&ascending=0&limit=1&page=2')).toMatchObject({
      count: 2,
      data: [{ id: ivanov.id }],
    });
  });

  it('filters by is_active=1|0', async () => {
    const inactive = await list('is_active=0&limit=100');
    expect(inactive.data.map((row) => row.id)).toEqual(await ids('SELECT id FROM users WHERE NOT is_active ORDER BY id'));
    expect(inactive.data.map((row) => row.id)).toContain(petrov.id);
    expect(inactive.count).toBe(inactive.data.length);
    const active = await list('is_active=1&limit=100');
    expect(active.data.map((row) => row.id)).toEqual(await ids('SELECT id FROM users WHERE is_active ORDER BY id'));
    expect(active.count + inactive.count).toBe(await total());
    expect(await listIds('is_active=0&query=' + encodeURIComponent('петров'))).toEqual([petrov.id]);

    const bad = await admin.client.get('/api/users?is_active=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ is_active: [MESSAGES.validation.oneOf] });
  });

  it('refuses a bad page or limit with 422 and the field', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['limit=101', { limit: [MESSAGES.validation.max(100)] }],
      ['limit=0', { limit: [MESSAGES.validation.min(1)] }],
      ['page=abc', { page: [MESSAGES.validation.integer] }],
      ['page=0', { page: [MESSAGES.validation.min(1)] }],
      ['page=1.5&limit=x', { page: [MESSAGES.validation.integer], limit: [MESSAGES.validation.integer] }],
    ];
    for (const [query, errors] of cases) {
      const response = await admin.client.get(`/api/users?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.errors, query).toEqual(errors);
    }
    expect((await list('limit=100')).data.length).toBe(Math.min(100, await total()));
  });

  it('GET /api/users/list gives {id, name} of every user by full name', async () => {
    const response = await admin.client.get('/api/users/list');
    expect(response.status).toBe(200);
    const expected = await app.db.query('SELECT id, full_name AS name FROM users ORDER BY full_name');
    expect(response.body).toEqual({ data: expected });
  });
});

describe('create, show, update', () => {
  it('creates: 201 {data} with the new id; e-mail lower-cased, password stored as an argon2id hash; the user can sign in', async () => {
    const response = await admin.client.post('/api/users', form({ email: 'New.Manager@Example.TEST', patronymic: '  ' }));
    expect(response.status).toBe(201);
    expectNoSecrets(response.body);
    const id = response.body.data.id as number;
    expect(response.body).toEqual({
      data: {
        id: expect.any(Number),
        surname: 'Кузнецов',
        name: 'Алексей',
        patronymic: null,
        email: 'new.manager@example.test',
        role: Role.Manager,
        role_name: 'Менеджер',
        full_name: 'Кузнецов Алексей',
        is_active: true,
        created_at: expect.any(String),
        version: 1,
      },
    });
    const row = await stored(id);
    expect(row).toMatchObject({ email: 'new.manager@example.test', role: Role.Manager, patronymic: null });
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword('new-user-password', row!.password_hash)).toBe(true);

    const signIn = await app.client().login('new.manager@example.test', 'new-user-password');
    expect(signIn.status).toBe(200);
    expectNoSecrets(signIn.body);
    expectNoSecrets((await admin.client.post('/api/me')).body);
  });

  it('shows one user; an unknown or malformed id is 404', async () => {
    const user = await app.createUser({ surname: 'Орлова', name: 'Ирина', patronymic: null, role: Role.Accountant });
    const response = await admin.client.get(`/api/users/${user.id}`);
    expect(response.status).toBe(200);
    expectNoSecrets(response.body);
    expect(response.body.data).toMatchObject({ id: user.id, full_name: 'Орлова Ирина', email: user.email, role: Role.Accountant });

    for (const path of ['/api/users/999999', '/api/users/abc', '/api/users/0', '/api/users/1.5', '/api/users/99999999999']) {
      const missing = await admin.client.get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body).toEqual({ message: MESSAGES.http.notFound });
    }
    expect((await admin.client.put('/api/users/999999', form())).status).toBe(404);
    expect((await admin.client.delete('/api/users/999999')).status).toBe(404);
  });

  it('validates with the Russian messages of the 422 field map and saves nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ surname: 'Ж'.repeat(51) }, { surname: [MESSAGES.validation.maxLength(50)] }],
      [{ name: undefined }, { name: [MESSAGES.validation.required] }],
      [{ name: '   ' }, { name: [MESSAGES.validation.required] }],
      [{ email: 'not-an-email' }, { email: [MESSAGES.validation.email] }],
      [{ role: 7 }, { role: [MESSAGES.validation.oneOf] }],
      [{ role: undefined }, { role: [MESSAGES.validation.required] }],
      [{ password: 'short' }, { password: ['Количество символов в поле должно быть не меньше 8.'] }],
      [
        { surname: '', email: `${'x'.repeat(45)}@example.test` },
        { surname: [MESSAGES.validation.required], email: [MESSAGES.validation.maxLength(50)] },
      ],
    ];
    const before = await ids('SELECT id FROM users ORDER BY id');
    for (const [overrides, errors] of cases) {
      const response = await admin.client.post('/api/users', form(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(422);
      expect(response.body, JSON.stringify(overrides)).toEqual({ message: Object.values(errors)[0]![0], errors });
    }
    expect(await ids('SELECT id FROM users ORDER BY id')).toEqual(before);
  });

  it('refuses a duplicate e-mail in any case with 422 errors.email, on create and on update, changing nothing', async () => {
    const taken = await app.createUser({ email: 'taken@example.test' });
    const other = await app.createUser({ surname: 'Неизменный' });

    const create = await admin.client.post('/api/users', form({ email: 'TAKEN@example.test' }));
    expect(create.status).toBe(422);
    expect(create.body).toEqual({ message: MESSAGES.validation.unique, errors: { email: [MESSAGES.validation.unique] } });
    expect(await ids(`SELECT id FROM users WHERE email = 'taken@example.test'`)).toEqual([taken.id]);

    const before = await stored(other.id);
    const update = await admin.client.put(`/api/users/${other.id}`, form({ surname: 'Изменённый', email: 'taken@example.test', password: '' }));
    expect(update.status).toBe(422);
    expect(update.body.errors).toEqual({ email: [MESSAGES.validation.unique] });
    expect(await stored(other.id)).toEqual(before);
  });

  it('updates: 200 {data}; an empty password keeps the current one', async () => {
    const user = await app.createUser({ surname: 'Старый', password: 'keep-this-password' });
    const before = await stored(user.id);
    const response = await admin.client.put(
      `/api/users/${user.id}`,
      form({ surname: 'Новый', name: user.name, patronymic: user.patronymic, email: user.email, role: Role.Accountant, password: '' }),
    );
    expect(response.status).toBe(200);
    expectNoSecrets(response.body);
    expect(response.body.data).toMatchObject({ id: user.id, surname: 'Новый', full_name: 'Новый Тест Тестович', role: Role.Accountant });
    const after = await stored(user.id);
    expect(after).toMatchObject({ surname: 'Новый', role: Role.Accountant, password_hash: before!.password_hash });
    expect((await app.client().login(user.email, 'keep-this-password')).status).toBe(200);
  });

  it('a new password replaces the old one and ends every session of that user', async () => {
    const { client, user } = await app.signInAs(Role.Manager, { password: 'old-password-1' });
    const otherBrowser = app.client();
    await otherBrowser.login(user.email, 'old-password-1');
    expect(await sessionCount(user.id)).toBe(2);

    const response = await admin.client.put(`/api/users/${user.id}`, form({ email: user.email, password: 'brand-new-password' }));
    expect(response.status).toBe(200);
    expectNoSecrets(response.body);

    expect(await sessionCount(user.id)).toBe(0);
    expect((await client.post('/api/me')).status).toBe(401);
    expect((await otherBrowser.post('/api/me')).status).toBe(401);
    expect((await app.client().login(user.email, 'old-password-1')).status).toBe(422);
    expect((await app.client().login(user.email, 'brand-new-password')).status).toBe(200);
    // The administrator who made the change is still signed in.
    expect((await admin.client.post('/api/me')).status).toBe(200);
  });

  it('an administrator changing their own password keeps this session and ends their others', async () => {
    const { client, user } = await app.signInAs(Role.Administrator, { password: 'own-password-1' });
    const otherBrowser = app.client();
    await otherBrowser.login(user.email, 'own-password-1');
    expect(await sessionCount(user.id)).toBe(2);

    const response = await client.put(`/api/users/${user.id}`, form({ email: user.email, role: Role.Administrator, password: 'own-password-2' }));
    expect(response.status).toBe(200);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await client.post('/api/me')).status).toBe(200);
    expect((await otherBrowser.post('/api/me')).status).toBe(401);
  });

  it('an update without is_active keeps an inactive user inactive', async () => {
    const user = await app.createUser({ is_active: false });
    const { is_active: _omitted, ...withoutActive } = form({ email: user.email, password: '' });
    const response = await admin.client.put(`/api/users/${user.id}`, withoutActive);
    expect(response.status).toBe(200);
    expect(response.body.data.is_active).toBe(false);
    expect((await stored(user.id))!.is_active).toBe(false);
  });
});

describe('active switch, self-protection, delete', () => {
  it('PUT /{id}/active flips is_active, or sets it from the body; deactivating ends the user\'s sessions', async () => {
    const { client, user } = await app.signInAs(Role.Manager, { surname: 'Лебедев', name: 'Олег', patronymic: null });
    expect(await sessionCount(user.id)).toBe(1);

    const off = await admin.client.put(`/api/users/${user.id}/active`);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ status: 'CHANGED', is_active: false, name: 'Лебедев Олег', version: 2 });
    expect((await stored(user.id))!.is_active).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await client.post('/api/me')).status).toBe(401);
    expect((await app.client().login(user.email, user.password)).body.errors).toEqual({ login: [MESSAGES.auth.inactiveUser] });

    const on = await admin.client.put(`/api/users/${user.id}/active`);
    expect(on.body).toEqual({ status: 'CHANGED', is_active: true, name: 'Лебедев Олег', version: 3 });
    expect((await stored(user.id))!.is_active).toBe(true);
    expect((await client.login(user.email, user.password)).status).toBe(200);

    for (let time = 0; time < 2; time++) {
      const set = await admin.client.put(`/api/users/${user.id}/active`, { is_active: false });
      // Setting the value it already has changes nothing: the version stays.
      expect(set.body).toEqual({ status: 'CHANGED', is_active: false, name: 'Лебедев Олег', version: 4 });
      expect((await stored(user.id))!.is_active).toBe(false);
    }
    expect((await client.post('/api/me')).status).toBe(401);

    const bad = await admin.client.put(`/api/users/${user.id}/active`, { is_active: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ is_active: [MESSAGES.validation.invalid] });
    expect((await admin.client.put('/api/users/999999/active')).status).toBe(404);
  });

  it('deactivating through the edit form ends the user\'s sessions too', async () => {
    const { client, user } = await app.signInAs(Role.Accountant);
    const response = await admin.client.put(`/api/users/${user.id}`, form({ email: user.email, role: Role.Accountant, password: '', is_active: false }));
    expect(response.status).toBe(200);
    expect(response.body.data.is_active).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await client.post('/api/me')).status).toBe(401);
  });

  it('an administrator cannot delete or deactivate themselves (403), and stays as they were', async () => {
    const id = admin.user.id;
    const before = await stored(id);
    const attempts = [
      [await admin.client.delete(`/api/users/${id}`), MESSAGES.users.cannotDeleteSelf],
      [await admin.client.put(`/api/users/${id}/active`), MESSAGES.users.cannotDeactivateSelf],
      [await admin.client.put(`/api/users/${id}/active`, { is_active: false }), MESSAGES.users.cannotDeactivateSelf],
      [
        await admin.client.put(`/api/users/${id}`, form({ surname: 'Другая', email: admin.user.email, role: Role.Administrator, password: '', is_active: false })),
        MESSAGES.users.cannotDeactivateSelf,
      ],
    ] as const;
    for (const [response, message] of attempts) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message });
    }
    expect(await stored(id)).toEqual(before);
    expect((await admin.client.post('/api/me')).status).toBe(200);
  });

  it('deletes: 200, the row and its sessions are gone; a second delete is 404', async () => {
    const { client, user } = await app.signInAs(Role.Manager);
    const response = await admin.client.delete(`/api/users/${user.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MESSAGES.users.deleted });
    expect(await stored(user.id)).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
    expect((await client.post('/api/me')).status).toBe(401);
    expect((await admin.client.get(`/api/users/${user.id}`)).status).toBe(404);
    expect((await admin.client.delete(`/api/users/${user.id}`)).status).toBe(404);
  });
});
