/**
 * Sea tours (spec 03 §2.10, §3, §4, §5): the aggregate save against a real PostgreSQL — the payload
 * as an outside client sends it, the GET → PUT round trip keeping group ids, each rule's indexed
 * 422, unique name and slug, 409 on a stale save, in-use refusals, the active switch, the picker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

const T = MESSAGES.seaTours;

let app: TestApp;
let manager: ApiClient;
let admin: ApiClient;
let accountant: ApiClient;
/** Анапа (the tours' city), Сочи, Москва. */
let anapa: number;
let sochi: number;
let moscow: number;
/** Москва → Анапа (reaches Анапа), Анапа → Москва (leaves it), Москва → Сочи (neither). */
let toAnapa: number;
let fromAnapa: number;
let toSochi: number;
/** Two hotels in Анапа, one in Сочи. */
let hotelA: number;
let hotelB: number;
let hotelSochi: number;

let counter = 0;
const uniqueName = (base: string) => `${base} ${++counter}`;

beforeAll(async () => {
  app = await startTestApp();
  [manager, admin, accountant] = (
    await Promise.all([app.signInAs(Role.Manager, { surname: 'Морская', name: 'Ирина', patronymic: null }), app.signInAs(Role.Administrator), app.signInAs(Role.Accountant)])
  ).map(({ client }) => client);
  [anapa, sochi, moscow] = await insertCities(app.db, ['Анапа', 'Сочи', 'Москва']);
  const bus = await insertTransportation(app.db);
  const dates = { startDate: daysFromToday(-10), finishDate: daysFromToday(200), days: [5] };
  toAnapa = await insertTransport(app.db, { name: 'Москва — Анапа', transportationId: bus, cities: [moscow!, anapa!], ...dates });
  fromAnapa = await insertTransport(app.db, { name: 'Анапа — Москва', transportationId: bus, cities: [anapa!, moscow!], ...dates });
  toSochi = await insertTransport(app.db, { name: 'Москва — Сочи', transportationId: bus, cities: [moscow!, sochi!], ...dates });
  const hotel = async (city: number, name: string) => (await app.db.query<{ id: number }>('INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3) RETURNING id', [city, name, `h-${name.length}-${++counter}`]))[0]!.id;
  hotelA = await hotel(anapa!, 'Отель Альфа');
  hotelB = await hotel(anapa!, 'Отель Бета');
  hotelSochi = await hotel(sochi!, 'Отель Сочи');
  // Stands for the applications of a later issue: a record that names a sea tour (foreign keys are read once per table).
  await app.db.query('CREATE TABLE test_sea_tour_orders (id serial PRIMARY KEY, sea_tour_id integer NOT NULL REFERENCES sea_tours (id))');
});
afterAll(() => app?.close());

const create = (payload: unknown, client = manager) => client.post('/api/sea-tours', toPayloadBody(payload));
const update = (id: number, payload: unknown, client = manager) => client.put(`/api/sea-tours/${id}`, toPayloadBody(payload));

/** A tour as the editor sends it. */
const tour = (name = uniqueName('Море')) => ({
  name,
  slug: null,
  city_id: anapa,
  is_active: true,
  info: ['Пляж в 100 м', 'Трансфер включён'],
  commission_sum: 10,
  commission_railway_sum: 5,
  commission_avia_sum: 0,
  transfer_types_ids: [1, 3],
  hotels: [
    { hotels_ids: [hotelA], commission_sum: 12, commission_railway_sum: 7, commission_avia_sum: 3 },
    { hotels_ids: [hotelB], commission_sum: 0, commission_railway_sum: 0, commission_avia_sum: 0 },
  ],
  transports: [{ transport_forth_id: toAnapa, transport_back_id: fromAnapa }],
});

describe('an outside client of the original system', () => {
  it('POSTs a tour with flags as 0/1, numbers as text and keys left out, finds it, GETs it and PUTs it back with one field changed', async () => {
    const sent = {
      name: 'Анапа Лето',
      city_id: String(anapa),
      is_active: 0,
      commission_sum: '15',
      commission_railway_sum: '',
      transfer_types_ids: ['1', '2'],
      hotels: [{ hotels_ids: [String(hotelA), String(hotelB)], commission_sum: '20', commission_railway_sum: '0', commission_avia_sum: '5' }],
      transports: [{ transport_forth_id: String(toAnapa), transport_back_id: String(fromAnapa) }],
    };
    const created = await create(sent);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      name: 'Анапа Лето',
      slug: 'anapa-leto',
      city: { id: anapa, name: 'Анапа' },
      is_active: false,
      info: null,
      commission_sum: 15,
      commission_railway_sum: 0,
      commission_avia_sum: 0,
      transfer_types_ids: [1, 2],
      hotels: [{ hotels_ids: [hotelA, hotelB], hotels_names: ['Отель Альфа', 'Отель Бета'], commission_sum: 20, commission_railway_sum: 0, commission_avia_sum: 5 }],
      transports: [{ transport_forth_id: toAnapa, transport_back_id: fromAnapa, transport_forth: { id: toAnapa, name: 'Москва — Анапа' }, transport_back: { id: fromAnapa, name: 'Анапа — Москва' } }],
      can_delete: true,
      version: 1,
    });
    expect(await app.db.query('SELECT name, slug, is_active, commission_sum FROM sea_tours WHERE id = $1', [id])).toEqual([{ name: 'Анапа Лето', slug: 'anapa-leto', is_active: false, commission_sum: 15 }]);
    expect(await app.db.query('SELECT g.sea_tour_id, h.hotel_id FROM sea_tour_group_hotels h JOIN sea_tour_hotel_groups g ON g.id = h.group_id WHERE g.sea_tour_id = $1 ORDER BY h.position', [id])).toEqual([
      { sea_tour_id: id, hotel_id: hotelA },
      { sea_tour_id: id, hotel_id: hotelB },
    ]);

    const found = await manager.get(`/api/sea-tours?query=${encodeURIComponent('лето')}&orderBy=name&ascending=1`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ count: 1, data: [{ id, name: 'Анапа Лето', is_active: false, can_delete: true }] });

    const read = (await manager.get(`/api/sea-tours/${id}`)).body.data;
    const groupIds = await app.db.query('SELECT id FROM sea_tour_hotel_groups WHERE sea_tour_id = $1 ORDER BY id', [id]);
    const saved = await update(id, { ...read, commission_avia_sum: 8 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { version: v1, updated_at: _u1, ...savedRest } = saved.body.data;
    const { version: _v2, updated_at: _u2, ...readRest } = read;
    expect(v1).toBe(2);
    expect(savedRest).toEqual({ ...readRest, commission_avia_sum: 8 });
    expect(await app.db.query('SELECT id FROM sea_tour_hotel_groups WHERE sea_tour_id = $1 ORDER BY id', [id])).toEqual(groupIds);
  });

  it('has the whole tour refused with the field messages of each limit', async () => {
    const reply = await create({ ...tour(), name: 'А'.repeat(51), commission_sum: 101, commission_avia_sum: '-1', transfer_types_ids: [4], slug: 'Не слаг', city_id: '' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toMatchObject({
      name: [MESSAGES.validation.maxLength(50)],
      commission_sum: [MESSAGES.validation.max(100)],
      commission_avia_sum: [MESSAGES.validation.min(0)],
      transfer_types_ids: [MESSAGES.validation.oneOf],
      slug: [MESSAGES.cities.slugFormat],
      city_id: [MESSAGES.validation.required],
    });
  });
});

describe('rules with indexed paths', () => {
  it('a group hotel must be a hotel of the tour city', async () => {
    const payload = tour();
    payload.hotels[1]!.hotels_ids = [hotelSochi];
    const reply = await create(payload);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ 'hotels.1.hotels_ids': [T.hotelNotInCity] });
  });

  it('a hotel is in at most one group, and a group has a hotel', async () => {
    const payload = tour();
    payload.hotels.push({ hotels_ids: [hotelB, hotelA], commission_sum: 1, commission_railway_sum: 1, commission_avia_sum: 1 }, { hotels_ids: [], commission_sum: 0, commission_railway_sum: 0, commission_avia_sum: 0 });
    const reply = await create(payload);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ 'hotels.2.hotels_ids': [T.hotelInOtherGroup], 'hotels.3.hotels_ids': [MESSAGES.validation.required] });
  });

  it('the forth transport must reach the city and the back one leave it', async () => {
    const payload = { ...tour(), transports: [{ transport_forth_id: toAnapa, transport_back_id: fromAnapa }, { transport_forth_id: fromAnapa, transport_back_id: toSochi }] };
    const reply = await create(payload);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ 'transports.1.transport_forth_id': [T.forthNotToCity], 'transports.1.transport_back_id': [T.backNotFromCity] });
  });

  it('a repeated pair and a missing transport are refused on their pair', async () => {
    const pair = { transport_forth_id: toAnapa, transport_back_id: fromAnapa };
    const repeated = await create({ ...tour(), transports: [pair, pair] });
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors).toEqual({ 'transports.1.transport_back_id': [T.samePair] });
    const missing = await create({ ...tour(), transports: [pair, { transport_forth_id: 2147483000, transport_back_id: fromAnapa }] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'transports.1.transport_forth_id': [T.forthNotToCity] });
  });

  it('without the bus transfer type the pairs are not kept (the table is locked then)', async () => {
    const reply = await create({ ...tour(), transfer_types_ids: [2] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({ transfer_types_ids: [2], transports: [] });
    expect(await app.db.query('SELECT count(*)::int AS count FROM sea_tour_transports WHERE sea_tour_id = $1', [reply.body.data.id])).toEqual([{ count: 0 }]);
  });

  it('name and slug are unique, case aside, both reported at once', async () => {
    const first = (await create({ ...tour('Уникальный'), slug: 'unikalnyy' })).body.data;
    expect(first.slug).toBe('unikalnyy');
    const reply = await create({ ...tour('уникальный'), slug: 'UNIKALNYY'.toLowerCase() });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ name: [MESSAGES.validation.unique], slug: [MESSAGES.validation.unique] });
    // A tour saved without a slug gets one of its own.
    const derived = await create({ ...tour('Уникальный тур') });
    expect(derived.body.data.slug).toBe('unikalnyy-tur');
  });
});

describe('versions', () => {
  it('a stale save gets 409 with the current tour; nothing is written', async () => {
    const created = (await create(tour())).body.data;
    expect((await update(created.id, { ...created, commission_sum: 20 })).body.data.version).toBe(2);
    const stale = await update(created.id, { ...created, commission_sum: 30 }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ saved_by: 'Морская Ирина', data: { id: created.id, commission_sum: 20, version: 2 } });
    expect(await app.db.query('SELECT commission_sum, version FROM sea_tours WHERE id = $1', [created.id])).toEqual([{ commission_sum: 20, version: 2 }]);
  });
});

describe('in use', () => {
  it('a hotel or a transport a sea tour uses cannot be deleted (403) until the tour lets it go', async () => {
    const created = (await create(tour())).body.data;
    const [spare] = await app.db.query<{ id: number }>('INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3) RETURNING id', [anapa, 'Отель Запасной', `spare-${++counter}`]);
    const kept = (await update(created.id, { ...created, hotels: [...created.hotels, { hotels_ids: [spare!.id], commission_sum: 1, commission_railway_sum: 1, commission_avia_sum: 1 }] })).body.data;
    expect((await admin.delete(`/api/hotels/${spare!.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/transports/${toAnapa}`)).status).toBe(403);
    expect((await admin.get(`/api/hotels?query=${encodeURIComponent('Запасной')}`)).body.data[0].can_delete).toBe(false);
    // Dropping the group lets the hotel go.
    expect((await update(created.id, { ...kept, hotels: kept.hotels.slice(0, 2) })).status).toBe(200);
    expect((await admin.delete(`/api/hotels/${spare!.id}`)).status).toBe(200);
  });

  it('a sea tour something refers to cannot be deleted (403); one nothing refers to can (404 after)', async () => {
    const used = (await create(tour())).body.data;
    await app.db.query('INSERT INTO test_sea_tour_orders (sea_tour_id) VALUES ($1)', [used.id]);
    expect((await manager.get(`/api/sea-tours/${used.id}`)).body.data.can_delete).toBe(false);
    const refused = await manager.delete(`/api/sea-tours/${used.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.errors.inUse);

    const free = (await create(tour())).body.data;
    const removed = await manager.delete(`/api/sea-tours/${free.id}`);
    expect(removed.status).toBe(200);
    expect(await app.db.query('SELECT count(*)::int AS count FROM sea_tour_hotel_groups WHERE sea_tour_id = $1', [free.id])).toEqual([{ count: 0 }]);
    expect((await manager.get(`/api/sea-tours/${free.id}`)).status).toBe(404);
  });
});

describe('the list', () => {
  it('the active switch flips is_active, answers CHANGED, and is version-checked', async () => {
    const created = (await create(tour('Переключатель'))).body.data;
    const off = await manager.put(`/api/sea-tours/${created.id}/active`, {});
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ status: 'CHANGED', is_active: false, name: 'Переключатель', version: 2 });
    expect(await app.db.query('SELECT is_active FROM sea_tours WHERE id = $1', [created.id])).toEqual([{ is_active: false }]);
    const on = await manager.put(`/api/sea-tours/${created.id}/active`, { version: 2 });
    expect(on.body).toMatchObject({ status: 'CHANGED', is_active: true, version: 3 });
    expect((await manager.put(`/api/sea-tours/${created.id}/active`, { version: 2 })).status).toBe(409);
    expect((await manager.put('/api/sea-tours/2147483000/active', {})).status).toBe(404);
    expect((await accountant.put(`/api/sea-tours/${created.id}/active`, {})).status).toBe(403);
  });

  it('sorts by id and name; the picker answers every role, an accountant too, and nothing else of /sea-tours', async () => {
    const [a, b] = [(await create(tour('Яхта Сортировка'))).body.data, (await create(tour('Бриз Сортировка'))).body.data];
    const byName = await manager.get(`/api/sea-tours?query=${encodeURIComponent('сортировка')}&orderBy=name&ascending=1`);
    expect(byName.body.data.map((row: { id: number }) => row.id)).toEqual([b.id, a.id]);
    const byId = await manager.get(`/api/sea-tours?query=${encodeURIComponent('сортировка')}&orderBy=id&ascending=0`);
    expect(byId.body.data.map((row: { id: number }) => row.id)).toEqual([b.id, a.id]);

    const picked = await accountant.get(`/api/sea-tours/list?query=${encodeURIComponent('бриз')}`);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toEqual([{ id: b.id, name: 'Бриз Сортировка', city_id: anapa, is_active: true, detail: 'Анапа' }]);
    expect((await accountant.get('/api/sea-tours')).status).toBe(403);
    expect((await accountant.get(`/api/sea-tours/${a.id}`)).status).toBe(403);
  });

  it('/data is bounded: cities, commissions and transfer types only', async () => {
    const data = (await manager.get('/api/sea-tours/data')).body;
    expect(Object.keys(data).sort()).toEqual(['cities', 'commissions', 'transfer_types']);
    expect(data.transfer_types).toEqual([{ id: 1, name: 'Автобус' }, { id: 2, name: 'Ж/д' }, { id: 3, name: 'Авиа' }]);
    expect(data.cities).toEqual(expect.arrayContaining([{ id: anapa, name: 'Анапа' }]));
  });
});
