/** Countries (/api/countries): a handbook of id and name served by the generic resource machinery. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let clients: Record<'administrator' | 'accountant' | 'manager', ApiClient>;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  const [administrator, accountant, manager] = await Promise.all([
    app.signInAs(Role.Administrator),
    app.signInAs(Role.Accountant),
    app.signInAs(Role.Manager),
  ]);
  clients = { administrator: administrator.client, accountant: accountant.client, manager: manager.client };
  admin = administrator.client;
});
afterAll(() => app?.close());

const ids = async (sql: string, params?: unknown[]) => (await app.db.query<{ id: number }>(sql, params)).map((row) => row.id);
const insertCountry = async (name: string) =>
  (await app.db.query<{ id: number }>('INSERT INTO countries (name) VALUES ($1) RETURNING id', [name]))[0]!.id;
const storedCountry = async (id: number) =>
  (await app.db.query<{ id: number; name: string }>('SELECT id, name FROM countries WHERE id = $1', [id]))[0];

describe('access', () => {
  it('is open to all three roles: list, create, show, update, delete', async () => {
    for (const [role, client] of Object.entries(clients)) {
      expect((await client.get('/api/countries')).status, role).toBe(200);
      expect((await client.get('/api/countries/list')).status, role).toBe(200);
      const created = await client.post('/api/countries', { name: `Страна роли ${role}` });
      expect(created.status, role).toBe(201);
      const id = created.body.data.id as number;
      expect((await client.get(`/api/countries/${id}`)).status, role).toBe(200);
      expect((await client.put(`/api/countries/${id}`, { name: `Страна роли ${role} 2` })).status, role).toBe(200);
      expect((await client.delete(`/api/countries/${id}`)).status, role).toBe(200);
      expect(await storedCountry(id)).toBeUndefined();
    }
  });
});

describe('list', () => {
  const list = async (query = '') => {
    const response = await admin.get(`/api/countries?${query}`);
    expect(response.status, `GET /api/countries?${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body as { data: { id: number; name: string }[]; count: number };
  };
  const listIds = async (query = '') => (await list(query)).data.map((row) => row.id);

  let germany: number, georgia: number, percent: number;
  beforeAll(async () => {
    for (const name of ['Япония', 'Италия', 'Франция', 'Египет', 'Турция', 'Абхазия', 'Армения', 'Вьетнам', 'Таиланд', 'Чехия']) {
      await insertCountry(name);
    }
    germany = await insertCountry('Германия');
    georgia = await insertCountry('Грузия');
    percent = await insertCountry('Страна 100% солнца');
  });

  it('answers {data, count} with {id, name} rows, in pages, count being the total', async () => {
    const all = await ids('SELECT id FROM countries ORDER BY id');
    expect(all.length).toBeGreaterThan(10);
    const first = await list();
    expect(first.count).toBe(all.length);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toEqual({ id: all[0], name: (await storedCountry(all[0]!))!.name, version: 1 });
    expect(Object.keys(first.data[0]!).sort()).toEqual(['id', 'name', 'version']);

    expect(await listIds('page=2&limit=4')).toEqual(all.slice(4, 8));
    expect((await list('page=2&limit=4')).count).toBe(all.length);
    expect(await listIds('limit=1&ascending=0')).toEqual([all.at(-1)]);
  });

  it('sorts by name (then id) and refuses columns that are not sortable', async () => {
    expect(await listIds('orderBy=name&limit=100')).toEqual(await ids('SELECT id FROM countries ORDER BY name, id'));
    expect(await listIds('orderBy=name&ascending=0&limit=3')).toEqual(await ids('SELECT id FROM countries ORDER BY name DESC, id DESC LIMIT 3'));
    const refused = await admin.get('/api/countries?orderBy=created_at');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ orderBy: [MESSAGES.validation.oneOf] });
  });

  it('searches by part of the name, case-insensitively, with % and _ taken literally', async () => {
    expect(await list('query=' + encodeURIComponent('ГЕРМ'))).toEqual({ data: [{ id: germany, name: 'Германия', version: 1 }], count: 1 });
    const withG = await listIds('query=' + encodeURIComponent('Г') + '&orderBy=name&limit=100');
    expect(withG).toEqual(await ids(`SELECT id FROM countries WHERE lower(name) LIKE '%г%' ORDER BY name, id`));
    expect(withG).toEqual(expect.arrayContaining([germany, georgia]));
    expect(await listIds('query=' + encodeURIComponent('0%'))).toEqual([percent]);
    expect(await listIds('query=' + encodeURIComponent('%'))).toEqual([percent]);
    expect(await list('query=' + encodeURIComponent('_'))).toEqual({ data: [], count: 0 });
  });

  it('refuses a limit above 100 and a page that is not a number with 422', async () => {
    const tooMany = await admin.get('/api/countries?limit=101');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ limit: [MESSAGES.validation.max(100)] });
    const badPage = await admin.get('/api/countries?page=abc');
    expect(badPage.status).toBe(422);
    expect(badPage.body.errors).toEqual({ page: [MESSAGES.validation.integer] });
  });

  it('GET /api/countries/list gives every {id, name} by name', async () => {
    const response = await admin.get('/api/countries/list');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: await app.db.query('SELECT id, name FROM countries ORDER BY name') });
    expect(response.body.data.length).toBeGreaterThan(10);
  });
});

describe('create, show, update', () => {
  it('creates (201 {data} with the new id, name trimmed), shows and updates', async () => {
    const created = await admin.post('/api/countries', { name: '  Мальдивы ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { id: expect.any(Number), name: 'Мальдивы', version: 1 } });
    const id = created.body.data.id as number;
    expect(await storedCountry(id)).toEqual({ id, name: 'Мальдивы' });

    expect(await admin.get(`/api/countries/${id}`)).toMatchObject({ status: 200, body: { data: { id, name: 'Мальдивы' } } });

    const updated = await admin.put(`/api/countries/${id}`, { name: 'Мальдивская Республика' });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ data: { id, name: 'Мальдивская Республика', version: 2 } });
    expect(await storedCountry(id)).toEqual({ id, name: 'Мальдивская Республика' });
  });

  it('answers 404 for an unknown id', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/countries/999999'],
      ['GET', '/api/countries/abc'],
      ['PUT', '/api/countries/999999', { name: 'Нигде' }],
      ['DELETE', '/api/countries/999999'],
    ] as const) {
      const response = await admin.request(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.http.notFound });
    }
    expect(await app.db.query(`SELECT 1 FROM countries WHERE name = 'Нигде'`)).toEqual([]);
  });

  it('validates the name: required, at most 128 characters, unique in any case; a failed update changes nothing', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: [MESSAGES.validation.required] }],
      [{ name: '   ' }, { name: [MESSAGES.validation.required] }],
      [{ name: 'Щ'.repeat(129) }, { name: [MESSAGES.validation.maxLength(128)] }],
      [{ name: 42 }, { name: [MESSAGES.validation.invalid] }],
    ];
    const count = async () => (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM countries'))[0]!.count;
    const before = await count();
    for (const [body, errors] of cases) {
      const response = await admin.post('/api/countries', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await admin.post('/api/countries', { name: 'Щ'.repeat(128) })).status).toBe(201);

    await insertCountry('Куба');
    const duplicate = await admin.post('/api/countries', { name: 'КУБА' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toEqual({ message: MESSAGES.validation.unique, errors: { name: [MESSAGES.validation.unique] } });
    expect(await count()).toBe(before + 2);

    const mexico = await insertCountry('Мексика');
    const update = await admin.put(`/api/countries/${mexico}`, { name: 'куба' });
    expect(update.status).toBe(422);
    expect(update.body.errors).toEqual({ name: [MESSAGES.validation.unique] });
    expect(await storedCountry(mexico)).toEqual({ id: mexico, name: 'Мексика' });
  });

  it('has no active switch: PUT /api/countries/{id}/active is 404', async () => {
    const id = await insertCountry('Бутан');
    const response = await admin.put(`/api/countries/${id}/active`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.http.notFound });
  });
});

describe('delete', () => {
  it('deletes: 200 and the row is gone', async () => {
    const id = await insertCountry('Непал');
    const response = await admin.delete(`/api/countries/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MESSAGES.success.deleted });
    expect(await storedCountry(id)).toBeUndefined();
    expect((await admin.get(`/api/countries/${id}`)).status).toBe(404);
  });

  it('refuses with 403 "in use" while a foreign key references the row, and keeps it', async () => {
    const used = await insertCountry('Кипр');
    await app.db.query('CREATE TABLE test_refs (country_id int REFERENCES countries (id))');
    await app.db.query('INSERT INTO test_refs (country_id) VALUES ($1)', [used]);

    const refused = await admin.delete(`/api/countries/${used}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Невозможно удалить, т.к. запись используется' });
    expect(await storedCountry(used)).toEqual({ id: used, name: 'Кипр' });

    // Once nothing uses it, it can go.
    await app.db.query('DELETE FROM test_refs');
    expect((await admin.delete(`/api/countries/${used}`)).status).toBe(200);
    expect(await storedCountry(used)).toBeUndefined();
  });
});
