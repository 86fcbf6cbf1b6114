/**
 * The administrator's mapping list of the suppliers' values (issue 31 "The import job") against a
 * local supplier (server/test/supplier-server.ts): a value the list does not hold is added to it —
 * mapped to our row of the same name, or unmapped with the item skipped — and the administrator's
 * mapping is what the next run uses. The list is the administrator's alone.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { ImportStatus } from '../../shared/resources/imports.js';
import { Role } from '../../shared/roles.js';
import { mappedId } from './supplier-mappings.js';
import { connectedTestVendor, finishedImport, importLog, saveHotelsImport } from '../test/import-fixtures.js';
import { startTestSupplier, type TestSupplier } from '../test/supplier-server.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const J = MESSAGES.imports.job;
const PATH = '/api/imports/mappings';

let app: TestApp;
let supplier: TestSupplier;
let admin: ApiClient, manager: ApiClient, accountant: ApiClient;
let vendorId: number, yaltaId: number, simferopolId: number, roomTypeId: number;

const hotels = () => supplier.hotels.get('hotels')!;
const insertId = async (sql: string, params: unknown[] = []) => ((await app.db.query<{ id: number }>(`${sql} RETURNING id`, params)) as [{ id: number }])[0].id;
const hotelCity = async (external: string) => (await app.db.query<{ city_id: number }>('SELECT city_id FROM hotels WHERE vendor_id = $1 AND external_id = $2', [vendorId, external]))[0]?.city_id ?? null;
const mappings = async (query: string) => {
  const reply = await admin.get(`${PATH}?vendor_id=${vendorId}&${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as Record<string, unknown>[];
};
const run = async (numbers: number[]) => {
  const id = await saveHotelsImport(manager, vendorId, numbers);
  return { id, status: await finishedImport(app.db, id) };
};

beforeAll(async () => {
  [app, supplier] = await Promise.all([startTestApp(), startTestSupplier({ hotels: 3 })]);
  admin = (await app.signInAs(Role.Administrator)).client;
  manager = (await app.signInAs(Role.Manager)).client;
  accountant = (await app.signInAs(Role.Accountant)).client;
  vendorId = await connectedTestVendor(admin, supplier, 'Сервис сопоставлений');
  const countryId = await insertId(`INSERT INTO countries (name) VALUES ('Россия сопоставлений')`);
  yaltaId = await insertId(`INSERT INTO cities (name, country_id, slug) VALUES ('ЯЛТА', $1, 'yalta-map')`, [countryId]);
  simferopolId = await insertId(`INSERT INTO cities (name, country_id, slug) VALUES ('Симферополь', $1, 'simferopol-map')`, [countryId]);
  roomTypeId = await insertId(`INSERT INTO room_types (name) VALUES ('Стандарт')`);
  await app.db.query(`INSERT INTO room_places (name, places_count, adv_places_count) VALUES ('Двухместный', 2, 1)`);
  await app.db.query(`INSERT INTO accommodations (name) VALUES ('Основное место')`);
});
afterAll(async () => {
  await supplier?.close();
  await app?.close();
});

describe('the mapping list of the suppliers’ values', () => {
  it('a value first met that one of our rows names (case aside) is mapped to it and recorded, so the administrator sees the match', async () => {
    expect((await run([1])).status).toBe(ImportStatus.Done);
    expect(await hotelCity('H1')).toBe(yaltaId);
    expect(await mappings('kind=city')).toEqual([
      expect.objectContaining({ vendor: { id: vendorId, name: 'Сервис сопоставлений' }, kind: 'city', kind_name: 'Город', value: 'Ялта', target_id: yaltaId, target: { id: yaltaId, name: 'ЯЛТА' } }),
    ]);
    expect((await mappings('kind=room_type')).map((row) => [row.value, row.target_id])).toEqual([['Стандарт', roomTypeId]]);
    expect((await mappings('unmapped=0')).map((row) => row.kind).sort()).toEqual(['accommodation', 'city', 'placement', 'room_type']);
    // Each value once, however many rooms name it.
    expect(await app.db.query(`SELECT count(*)::int AS n FROM supplier_mappings WHERE vendor_id = $1`, [vendorId])).toEqual([{ n: 4 }]);
  });

  it('an unmapped city: the item is logged and skipped, the value listed unmapped; once the administrator maps it the next run imports the item with our city', async () => {
    hotels()[1]!.city = 'Симферополь (Крым)';
    hotels()[1]!.rooms[0]!.accommodation = 'Всё включено';
    const first = await run([2]);
    expect(first.status).toBe(ImportStatus.Failed);
    // Everything the item lacks is listed and logged in the one run.
    expect(await importLog(app.db, first.id)).toEqual(
      expect.arrayContaining([
        ['skipped', J.unknownCity('Отель поставщика 2', 'Симферополь (Крым)')],
        ['skipped', J.unknownValue('Отель поставщика 2', J.handbooks.accommodations, 'Всё включено')],
      ]),
    );
    expect(await hotelCity('H2')).toBeNull();
    expect(await app.db.query(`SELECT count(*)::int AS n FROM cities WHERE name ILIKE 'Симферополь (%'`)).toEqual([{ n: 0 }]);

    const unmapped = await mappings('unmapped=1');
    expect(unmapped.map((row) => [row.kind_name, row.value, row.target_id, row.target])).toEqual([
      ['Условия размещения', 'Всё включено', null, null],
      ['Город', 'Симферополь (Крым)', null, null],
    ]);
    const city = unmapped.find((row) => row.kind === 'city')!;
    expect((await admin.get(`${PATH}?query=${encodeURIComponent('крым')}`)).body.data.map((row: { id: number }) => row.id)).toEqual([city.id]);

    const mapped = await admin.put(`${PATH}/${city.id}`, { target_id: String(simferopolId) });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect(mapped.body.data).toMatchObject({ target_id: simferopolId, target: { id: simferopolId, name: 'Симферополь' } });
    const accommodation = unmapped.find((row) => row.kind === 'accommodation')!;
    const [{ id: accommodationId }] = (await app.db.query<{ id: number }>(`SELECT id FROM accommodations WHERE name = 'Основное место'`)) as [{ id: number }];
    expect((await admin.put(`${PATH}/${accommodation.id}`, { target_id: accommodationId })).status).toBe(200);
    expect(await mappings('unmapped=1')).toEqual([]);

    expect((await run([2])).status).toBe(ImportStatus.Done);
    expect(await hotelCity('H2')).toBe(simferopolId);
  });

  it('the administrator re-maps a recorded match, and unmapping skips the item again', async () => {
    const [yalta] = await mappings(`kind=city&query=${encodeURIComponent('Ялта')}`);
    expect((await admin.put(`${PATH}/${yalta!.id}`, { target_id: simferopolId })).status).toBe(200);
    expect((await run([1])).status).toBe(ImportStatus.Done);
    expect(await hotelCity('H1')).toBe(simferopolId);

    const cleared = await admin.put(`${PATH}/${yalta!.id}`, { target_id: null });
    expect(cleared.body.data).toMatchObject({ target_id: null, target: null });
    const skipped = await run([1]);
    expect(skipped.status).toBe(ImportStatus.Failed);
    expect(await importLog(app.db, skipped.id)).toContainEqual(['skipped', J.unknownCity('Отель поставщика 1', 'Ялта')]);
    // A body without target_id keeps it.
    expect((await admin.put(`${PATH}/${yalta!.id}`, { target_id: yaltaId })).status).toBe(200);
    expect((await admin.put(`${PATH}/${yalta!.id}`, {})).body.data.target_id).toBe(yaltaId);
  });

  it('a target that is no row of the kind’s table is a 422 on target_id; deleting our row leaves the value unmapped', async () => {
    const [city] = await mappings('kind=city&unmapped=0');
    const [{ max }] = (await app.db.query<{ max: number }>('SELECT greatest((SELECT max(id) FROM cities), (SELECT max(id) FROM room_types)) + 1000 AS max')) as [{ max: number }];
    for (const target_id of [max, 'абв', 0, true, 1e20, { id: 1 }, [yaltaId]]) {
      const reply = await admin.put(`${PATH}/${city!.id}`, { target_id });
      expect(reply.status, String(target_id)).toBe(422);
      expect(reply.body.errors).toEqual({ target_id: [MESSAGES.validation.oneOf] });
    }
    expect((await admin.put(`${PATH}/${city!.id}`, ['target_id'])).status).toBe(422);
    for (const query of ['kind=village', 'vendor_id=abc', 'unmapped=maybe', 'orderBy=target']) {
      const reply = await admin.get(`${PATH}?${query}`);
      expect(reply.status, query).toBe(422);
      expect(Object.keys(reply.body.errors), query).toEqual([query.split('=')[0]]);
    }
    // A room type's id is no city's: checked against the kind's own table.
    const [roomType] = await mappings('kind=room_type');
    await app.db.query(`SELECT setval(pg_get_serial_sequence('room_types', 'id'), greatest((SELECT max(id) FROM cities), (SELECT max(id) FROM room_types)) + 100)`);
    const typeOnly = await insertId(`INSERT INTO room_types (name) VALUES ('Только тип')`);
    expect((await admin.put(`${PATH}/${city!.id}`, { target_id: typeOnly })).body.errors).toEqual({ target_id: [MESSAGES.validation.oneOf] });
    expect((await admin.put(`${PATH}/${roomType!.id}`, { target_id: typeOnly })).status).toBe(200);

    await app.db.query('DELETE FROM room_types WHERE id = $1', [typeOnly]);
    expect((await admin.get(`${PATH}/${roomType!.id}`)).body.data).toMatchObject({ target_id: null, target: null });
  });

  it('is the administrator’s: 403 for the manager and the accountant; rows come from imports only (POST 405); a deleted row is listed again by the next run', async () => {
    const [row] = await mappings('kind=city');
    for (const client of [manager, accountant]) {
      expect((await client.get(PATH)).status).toBe(403);
      expect((await client.get(`${PATH}/${row!.id}`)).status).toBe(403);
      expect((await client.put(`${PATH}/${row!.id}`, { target_id: null })).status).toBe(403);
      expect((await client.delete(`${PATH}/${row!.id}`)).status).toBe(403);
    }
    expect((await admin.post(PATH, { vendor_id: vendorId, kind: 'city', value: 'Новый', target_id: null })).status).toBe(405);

    const before = await mappings('kind=city');
    const deleted = await admin.delete(`${PATH}/${row!.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin.get(`${PATH}/${row!.id}`)).status).toBe(404);
    await run([1, 2]);
    expect((await mappings('kind=city')).map((item) => item.value).sort()).toEqual(before.map((item) => item.value).sort());
  });

  it('two items adding one value at once: the second waits for the first, adds nothing and takes its row (INSERT … ON CONFLICT DO NOTHING)', async () => {
    const [first, second] = [new pg.Client({ connectionString: app.db.url }), new pg.Client({ connectionString: app.db.url })];
    await Promise.all([first.connect(), second.connect()]);
    const query = (client: pg.Client) => ({ query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows }) as never;
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      expect(await mappedId(query(first), vendorId, 'city', 'Симферополь')).toBe(simferopolId);
      // The first item's row is not committed yet: the second's insert waits on it, then finds it.
      const waiting = mappedId(query(second), vendorId, 'city', ' СИМФЕРОПОЛЬ ');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query('COMMIT');
      expect(await waiting).toBe(simferopolId);
      await second.query('COMMIT');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect((await mappings('kind=city')).filter((row) => String(row.value).toLowerCase() === 'симферополь')).toHaveLength(1);
  });

  it('one value met by the items of two imports is listed once, both items skipped, no error', async () => {
    for (const hotel of hotels()) hotel.city = 'Атлантида';
    const [one, two] = await Promise.all([run([1, 3]), run([3, 2])]);
    for (const { id, status } of [one, two]) {
      expect(status).toBe(ImportStatus.Failed);
      expect((await importLog(app.db, id)).filter(([status]) => status === 'error').map(([, message]) => message)).toEqual([J.failed(J.noneImported)]);
    }
    expect((await mappings(`kind=city&query=${encodeURIComponent('Атлантида')}`)).map((row) => [row.value, row.target_id])).toEqual([['Атлантида', null]]);
  });
});
