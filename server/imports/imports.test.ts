/**
 * Imports (issue 31; spec 01 §2.14, §5 "Import", §7 "Imports"): the vendors' data, «Обновить данные
 * поставщиков», the form's live search, the imports' CRUD and their logs, against a local supplier
 * (server/test/supplier-server.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { IMPORT_LIMITS } from '../../shared/resources/imports.js';
import { Role } from '../../shared/roles.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, type TestSupplier } from '../test/supplier-server.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const V = MESSAGES.validation;
const I = MESSAGES.imports;

let app: TestApp;
let supplier: TestSupplier;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;
/** A vendor connected to the supplier, one with a wrong password, one that is no service. */
let connected: number, wrongPassword: number, plain: number;

const createVendor = async (name: string, payload: Record<string, unknown>) => {
  const created = await admin.post('/api/vendors', { name, is_external_service: true, payload });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as number;
};
const updateItems = (client: ApiClient) => client.get('/api/imports/update-items', { proof: true });

beforeAll(async () => {
  [app, supplier] = await Promise.all([startTestApp(), startTestSupplier({ hotels: 5 })]);
  [admin, accountant, manager] = (await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Accountant), app.signInAs(Role.Manager)])).map((entry) => entry.client) as [
    ApiClient,
    ApiClient,
    ApiClient,
  ];
  connected = await createVendor('Сервис «Юг»', { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD, timeout_ms: 2000 });
  wrongPassword = await createVendor('Сервис «Запад»', { protocol: 'v1', base_url: `${supplier.url}/`, login: SUPPLIER_LOGIN, password: 'неверный' });
  plain = await createVendor('Просто поставщик', { account: 'x' });
});
afterAll(async () => {
  await supplier?.close();
  await app?.close();
});
afterEach(() => {
  Object.assign(supplier.behaviour, { delayMs: 0, failStatus: null, message: null, malformed: null, pageSize: 100, repeatCursor: false });
  supplier.requests.length = 0;
});

describe('vendor data', () => {
  it('GET /imports/data: the connected vendors only, with no types until the data is updated; no supplier is asked', async () => {
    const response = await manager.get('/api/imports/data');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      vendors: [
        { id: wrongPassword, name: 'Сервис «Запад»', types: [] },
        { id: connected, name: 'Сервис «Юг»', types: [] },
      ],
    });
    expect(supplier.requests).toEqual([]);
    expect((await accountant.get('/api/imports/data')).status).toBe(403);
  });

  it('update-items is the administrator’s, and a GET that changes state asks for the write proof', async () => {
    for (const client of [manager, accountant]) expect((await updateItems(client)).status).toBe(403);
    expect((await admin.get('/api/imports/update-items')).status).toBe(419);
    expect(supplier.requests).toEqual([]);
  });

  it('update-items caches each vendor’s types and its whole catalogue, page by page; a vendor whose supplier refuses keeps nothing and is skipped', async () => {
    supplier.behaviour.pageSize = 2;
    expect(await updateItems(admin)).toMatchObject({
      status: 200,
      body: {
        message: I.updating,
        vendors: [
          { id: plain, name: 'Просто поставщик', result: 'not_connected', items: 0, reason: I.notConnected },
          { id: wrongPassword, name: 'Сервис «Запад»', result: 'refused', items: 0, reason: 'Неверный логин или пароль' },
          { id: connected, name: 'Сервис «Юг»', result: 'updated', items: 5, reason: null },
        ],
      },
    });
    expect((await manager.get('/api/imports/data')).body.vendors).toEqual([
      { id: wrongPassword, name: 'Сервис «Запад»', types: [] },
      {
        id: connected,
        name: 'Сервис «Юг»',
        types: [
          { id: 'hotels', name: 'Отели' },
          { id: 'excursions', name: 'Экскурсии' },
        ],
      },
    ]);
    const items = await app.db.query('SELECT type, id, name FROM vendor_items WHERE vendor_id = $1 ORDER BY id', [connected]);
    expect(items.map((item) => item.id)).toEqual(['H1', 'H2', 'H3', 'H4', 'H5']);
    expect(supplier.requests.filter((request) => request.path === '/items' && request.query.type === 'hotels')).toHaveLength(3);
    // A second update replaces the cache: what the supplier no longer offers leaves it.
    const removed = supplier.hotels.get('hotels')!.pop()!;
    await updateItems(admin);
    expect((await app.db.query('SELECT id FROM vendor_items WHERE vendor_id = $1', [connected])).map((item) => item.id)).not.toContain('H5');
    supplier.hotels.get('hotels')!.push(removed);
    await updateItems(admin);
  });

  it('update-items with every supplier down: 503 «Сервис недоступен», the reason in the logs, the cache kept', async () => {
    supplier.behaviour.failStatus = 502;
    expect(await updateItems(admin)).toEqual(
      expect.objectContaining({
        status: 503,
        body: {
          message: I.unavailable,
          vendors: [
            { id: plain, name: 'Просто поставщик', result: 'not_connected', items: 0, reason: I.notConnected },
            { id: wrongPassword, name: 'Сервис «Запад»', result: 'unavailable', items: 0, reason: I.door.unavailable },
            { id: connected, name: 'Сервис «Юг»', result: 'unavailable', items: 0, reason: I.door.unavailable },
          ],
        },
      }),
    );
    const [log] = await app.db.query<{ level_name: string; title: string; message: string }>(`SELECT level_name, title, msg AS message FROM logs WHERE source = 'imports' ORDER BY id DESC LIMIT 1`);
    expect(log).toMatchObject({ level_name: 'WARNING', message: 'HTTP 502' });
    expect(log!.title).toContain(I.unavailable);
    expect(await app.db.query('SELECT count(*)::int AS n FROM vendor_items WHERE vendor_id = $1', [connected])).toEqual([{ n: 5 }]);
  });
});

describe('POST /external-services/{vendor_id}/search', () => {
  const search = (client: ApiClient, vendor: number, body: Record<string, unknown>) => client.post(`/api/external-services/${vendor}/search`, body);
  beforeAll(async () => {
    await app.db.query(`INSERT INTO vendor_types (vendor_id, id, name) VALUES ($1, 'hotels', 'Отели') ON CONFLICT DO NOTHING`, [wrongPassword]);
  });

  it('answers the supplier’s matches as {data}, for the administrator and the manager', async () => {
    for (const client of [admin, manager]) {
      const response = await search(client, connected, { type: 'hotels', query: 'поставщика 3' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: [{ id: 'H3', name: 'Отель поставщика 3' }] });
    }
    expect(supplier.requests.at(-1)!.query).toMatchObject({ type: 'hotels', query: 'поставщика 3' });
    expect((await search(accountant, connected, { type: 'hotels', query: 'Отель' })).status).toBe(403);
  });

  it.each([
    ['an empty text', { type: 'hotels', query: '  ' }, { query: [V.required] }],
    ['a text past 128', { type: 'hotels', query: 'о'.repeat(IMPORT_LIMITS.search + 1) }, { query: [V.maxLength(IMPORT_LIMITS.search)] }],
    ['no type', { query: 'Отель' }, { type: [V.required] }],
    ['a type the vendor does not offer', { type: 'cruises', query: 'Отель' }, { type: [I.unknownType] }],
  ])('refuses %s with 422, asking no supplier', async (_, body, errors) => {
    const response = await search(manager, connected, body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
    expect(supplier.requests).toEqual([]);
  });

  it('a vendor that is no service, or none at all: 422 on vendor_id', async () => {
    expect((await search(manager, plain, { type: 'hotels', query: 'Отель' })).body).toEqual({ message: I.notConnected, errors: { vendor_id: [I.notConnected] } });
    expect((await search(manager, 2147483000, { type: 'hotels', query: 'Отель' })).body.errors).toEqual({ vendor_id: [V.oneOf] });
  });

  it('the supplier down, slow or answering nonsense: 503 «Сервис недоступен, попробуйте позже»', async () => {
    for (const behaviour of [{ failStatus: 500 }, { delayMs: 2500 }, { malformed: '{"data": "нет"}' }]) {
      Object.assign(supplier.behaviour, behaviour);
      const response = await search(manager, connected, { type: 'hotels', query: 'Отель' });
      expect(response.status, JSON.stringify(behaviour)).toBe(503);
      expect(response.body).toEqual({ message: I.unavailable });
      Object.assign(supplier.behaviour, { failStatus: null, delayMs: 0, malformed: null });
    }
  });

  it('the supplier refusing our credentials: 422 on vendor_id with its message (or ours when it gives none)', async () => {
    expect((await search(manager, wrongPassword, { type: 'hotels', query: 'Отель' })).body).toEqual({
      message: 'Неверный логин или пароль',
      errors: { vendor_id: ['Неверный логин или пароль'] },
    });
    Object.assign(supplier.behaviour, { failStatus: 403 });
    expect((await search(manager, connected, { type: 'hotels', query: 'Отель' })).body).toEqual({ message: I.refused, errors: { vendor_id: [I.refused] } });
  });
});

describe('imports: create, list, show, update, switch, delete', () => {
  const items = [
    { id: 'H1', name: 'Отель поставщика 1' },
    { id: 'H2', name: 'Отель поставщика 2' },
  ];
  const create = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/imports', { vendor_id: connected, type: 'hotels', items, ...body });

  it('creates (active by default) and answers the row the list shows', async () => {
    const created = await create(manager, { vendor_id: String(connected) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = {
      id: expect.any(Number),
      vendor_id: connected,
      vendor: { id: connected, name: 'Сервис «Юг»' },
      type: 'hotels',
      type_name: 'Отели',
      items,
      items_count: 2,
      is_active: true,
      status: 1,
      status_name: 'Ожидает',
      progress: 0,
      last_log: null,
      version: 1,
    };
    expect(created.body).toEqual({ data: row });
    const id = created.body.data.id as number;
    expect((await admin.get(`/api/imports/${id}`)).body).toEqual({ data: { ...row, id } });
    const list = await manager.get('/api/imports');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual({ ...row, id });
    expect((await accountant.get('/api/imports')).status).toBe(403);
    expect((await create(accountant, {})).status).toBe(403);
  });

  it('updates the items and the active flag; the vendor and the type stay (422 when changed)', async () => {
    const id = (await create(admin, { is_active: 0 })).body.data.id as number;
    const updated = await manager.put(`/api/imports/${id}`, { items: [items[1]], is_active: '1', version: 1 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ items: [items[1]], items_count: 1, is_active: true, version: 2 });
    const moved = await manager.put(`/api/imports/${id}`, { vendor_id: wrongPassword, type: 'excursions' });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ vendor_id: [I.locked], type: [I.locked] });
    const switched = await manager.put(`/api/imports/${id}/active`, {});
    expect(switched.body).toMatchObject({ status: 'CHANGED', is_active: false, name: 'Отели' });
  });

  it.each([
    ['no vendor', { vendor_id: undefined }, { vendor_id: [V.required] }],
    ['a vendor that is no service', { vendor_id: 'PLAIN' }, { vendor_id: [I.notConnected] }],
    ['no type', { type: '' }, { type: [V.required] }],
    ['a type the vendor does not offer', { type: 'cruises' }, { type: [I.unknownType] }],
    ['no items', { items: [] }, { items: [V.required] }],
    ['items that are no list', { items: 'H1' }, { items: [V.required] }],
    ['an item without a name', { items: [{ id: 'H1' }] }, { 'items.0.name': [V.required] }],
    ['an item chosen twice', { items: [items[0], items[1], items[0]] }, { 'items.2.id': [I.duplicateItem] }],
    ['more than 500 items', { items: Array.from({ length: 501 }, (_, n) => ({ id: `H${n}`, name: `Отель ${n}` })) }, { items: [V.maxItems(500)] }],
  ] as [string, Record<string, unknown>, Record<string, string[]>][])('refuses %s with 422 on the field', async (_, body, errors) => {
    const response = await create(manager, { ...body, vendor_id: body.vendor_id === 'PLAIN' ? plain : 'vendor_id' in body ? body.vendor_id : connected });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });

  it('takes 500 items', async () => {
    // Inactive: the import job is not run on 500 items the supplier does not have (import-job.test.ts runs it).
    const response = await create(manager, { items: Array.from({ length: 500 }, (_, n) => ({ id: n, name: `Отель ${n}` })), is_active: false });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ items_count: 500 });
    expect(response.body.data.items[7]).toEqual({ id: '7', name: 'Отель 7' });
  });

  it('the list’s search finds an import by its vendor’s name, its type or an item’s name', async () => {
    const id = (await create(admin, { items: [{ id: 'H9', name: 'Пансионат «Бирюза»' }], is_active: false })).body.data.id as number;
    const found = async (query: string) => ((await manager.get(`/api/imports?query=${encodeURIComponent(query)}`)).body.data as { id: number }[]).map((row) => row.id);
    expect(await found('бирюза')).toEqual([id]);
    expect(await found('Юг')).toContain(id);
    expect(await found('Запад')).not.toContain(id);
    expect(await found('отели')).toContain(id);
  });

  it('a vendor named by an import is in use: 403 on its delete', async () => {
    expect((await admin.delete(`/api/vendors/${connected}`)).body).toEqual({ message: MESSAGES.errors.inUse });
  });
});

describe('GET /imports/{id}/logs', () => {
  it('the newest 1 000 lines, newest first, with the status name; 404 for an unknown import; gone with the import', async () => {
    // Inactive: no run of the import job writes lines among the test's own.
    const id = (await admin.post('/api/imports', { vendor_id: connected, type: 'hotels', items: [{ id: 'H1', name: 'Отель' }], is_active: false })).body.data.id as number;
    expect(await manager.get(`/api/imports/${id}/logs`)).toMatchObject({ status: 200, body: { data: [] } });
    await app.db.query(
      `INSERT INTO import_logs (import_id, created_at, message, status)
       SELECT $1, timestamptz '2027-05-01 10:00+03' + n * interval '1 minute', 'Строка ' || n, CASE WHEN n % 2 = 0 THEN 'success' ELSE 'error' END FROM generate_series(1, 1002) n`,
      [id],
    );
    const logs = await manager.get(`/api/imports/${id}/logs`);
    expect(logs.body.data).toHaveLength(IMPORT_LIMITS.logLines);
    expect(logs.body.data[0]).toEqual({ id: expect.any(Number), created_at: '2027-05-01T23:42:00.000Z', message: 'Строка 1002', status: 'success', status_name: 'Успешно' });
    expect(logs.body.data[1]).toMatchObject({ message: 'Строка 1001', status: 'error', status_name: 'Ошибка' });
    expect(logs.body.data.at(-1).message).toBe('Строка 3');
    expect((await accountant.get(`/api/imports/${id}/logs`)).status).toBe(403);
    expect((await manager.get('/api/imports/2147483000/logs')).status).toBe(404);
    expect((await manager.delete(`/api/imports/${id}`)).status).toBe(200);
    expect(await app.db.query('SELECT 1 FROM import_logs WHERE import_id = $1', [id])).toEqual([]);
  });
});
