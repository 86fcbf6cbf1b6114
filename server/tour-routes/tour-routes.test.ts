/**
 * Routes (spec 03 §2.4, §5, §7 "Routes") against a real PostgreSQL: a plain JSON body as outside
 * clients send it, the GET → PUT round trip keeping point ids, each rule's indexed 422, 409 on a
 * stale save, the 403s of a transport and a hotel a route uses, delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { toPayloadBody } from '../../shared/editor.js';
import { insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const R = MESSAGES.tourRoutes;

let app: TestApp;
let manager: ApiClient;
let admin: ApiClient;
/** Moscow (start) → Tula (stop) → Orel (finish). */
let cities: { moscow: number; tula: number; orel: number };
let transportId: number;
let otherTransportId: number;
/** The transport's route points by position. */
let points: number[];
let hotels: { moscow: number; orel: number; orel2: number; tula: number };

const hotel = async (city: number, name: string) =>
  (await app.db.query<{ id: number }>(`INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3) RETURNING id`, [city, name, `h-${Math.random().toString(36).slice(2)}`]))[0]!.id;

beforeAll(async () => {
  app = await startTestApp();
  [manager, admin] = (await Promise.all([app.signInAs(Role.Manager, { surname: 'Маршрутова', name: 'Анна', patronymic: null }), app.signInAs(Role.Administrator)])).map(({ client }) => client);
  const [moscow, tula, orel] = await insertCities(app.db, ['Москва', 'Тула', 'Орёл']);
  cities = { moscow: moscow!, tula: tula!, orel: orel! };
  const transportationId = await insertTransportation(app.db);
  transportId = await insertTransport(app.db, { name: 'Москва — Орёл', transportationId, cities: [moscow!, tula!, orel!], startDate: '2026-01-01', finishDate: '2026-12-31', days: [5] });
  otherTransportId = await insertTransport(app.db, { name: 'Тула — Орёл', transportationId, cities: [tula!, orel!], startDate: '2026-01-01', finishDate: '2026-12-31', days: [6] });
  points = (await app.db.query<{ id: number }>('SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position', [transportId])).map((row) => row.id);
  hotels = { moscow: await hotel(moscow!, 'Космос'), orel: await hotel(orel!, 'Река'), orel2: await hotel(orel!, 'Орёл-Отель'), tula: await hotel(tula!, 'Тула-Центр') };
});
afterAll(() => app?.close());

const create = (body: unknown, client = manager) => client.post('/api/routes', body);
const update = (id: number, body: unknown, client = manager) => client.put(`/api/routes/${id}`, body);

/** A route there and back as an outside client sends it: numbers as text, flags 0/1, no version, no point ids. */
/** A point as a client sends it: loose JSON (the server validates it). */
type PointBody = { is_forth: unknown; transport_route_id: unknown; hotels?: Record<string, unknown>[] };

const outsideBody = (): Record<string, unknown> & { routes: PointBody[] } => ({
  transport_type: '1',
  transport_id: String(transportId),
  kind: 1,
  forth_date: '05.06.2026',
  back_date: '12.06.2026',
  routes: [
    { is_forth: 1, transport_route_id: String(points[2]), hotels: [{ hotel_id: String(hotels.orel), arrival_date: '05.06.2026', arrival_time: '20:30' }] },
    { is_forth: '0', transport_route_id: points[0], hotels: [{ id: hotels.moscow, arrival_date: '12.06.2026', arrival_time: '21:00' }] },
    { is_forth: 1, transport_route_id: points[1] },
  ],
});

describe('an outside client', () => {
  it('POSTs a route, finds it in the list, GETs it, changes one field and PUTs it back: point ids stay', async () => {
    const created = await create(outsideBody());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      version: 1,
      kind: 1,
      kind_name: 'Туда и обратно',
      transport_type: 1,
      transport_type_name: 'Автобусный тур',
      forth_date: '05.06.2026',
      back_date: '12.06.2026',
      transport: { id: transportId, name: 'Москва — Орёл' },
    });
    const { transport } = created.body.data;
    // 'Туда' in route order, 'Обратно' reversed; the stop is named by its info.
    expect(transport.routes.forth.map((point: { id: number }) => point.id)).toEqual(points);
    expect(transport.routes.back.map((point: { id: number }) => point.id)).toEqual([...points].reverse());
    expect(transport.routes.forth[0]).toMatchObject({ point_type: 1, point_city_id: cities.moscow, point_city: { name: 'Москва' }, point_stop: null, arrival_time: '08:00' });
    expect(transport.routes.forth[1]).toMatchObject({ point_type: 2, point_city_id: cities.tula, point_stop: 'Остановка у вокзала', arrival_time: '08:45' });
    expect(created.body.data.forth_transport_routes).toHaveLength(2);
    expect(created.body.data.back_transport_routes).toEqual([
      expect.objectContaining({ is_forth: false, transport_route_id: points[0], point_type: 1, hotels: [{ id: hotels.moscow, hotel_id: hotels.moscow, name: 'Космос', arrival_date: '12.06.2026', arrival_time: '21:00' }] }),
    ]);
    expect(await app.db.query('SELECT forth_date::text, back_date::text, transport_type, kind FROM tour_routes WHERE id = $1', [id])).toEqual([{ forth_date: '2026-06-05', back_date: '2026-06-12', transport_type: 1, kind: 1 }]);
    expect(await app.db.query('SELECT h.hotel_id, h.arrival_date::text, h.arrival_time::text FROM tour_route_hotels h JOIN tour_route_points p ON p.id = h.point_id WHERE p.route_id = $1 ORDER BY h.hotel_id', [id])).toEqual(
      [
        { hotel_id: hotels.moscow, arrival_date: '2026-06-12', arrival_time: '21:00:00' },
        { hotel_id: hotels.orel, arrival_date: '2026-06-05', arrival_time: '20:30:00' },
      ].sort((a, b) => a.hotel_id - b.hotel_id),
    );

    const found = await manager.get(`/api/routes?query=${encodeURIComponent('москва — ор')}&limit=10`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      count: 1,
      data: [{ id, kind_name: 'Туда и обратно', transport: { id: transportId, name: 'Москва — Орёл' }, transport_type_name: 'Автобусный тур', forth_date: '05.06.2026', back_date: '12.06.2026', can_delete: true }],
    });
    const sorted = await manager.get('/api/routes?orderBy=forth_date&ascending=0&limit=10');
    expect(sorted.status).toBe(200);

    const read = await manager.get(`/api/routes/${id}`);
    expect(read.status).toBe(200);
    const pointIds = (await app.db.query<{ id: number }>('SELECT id FROM tour_route_points WHERE route_id = $1 ORDER BY id', [id])).map((row) => row.id);
    const saved = await update(id, { ...read.body.data, back_date: '13.06.2026' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ version: 2, back_date: '13.06.2026' });
    const { version: _v1, back_date: _b1, ...savedRest } = saved.body.data;
    const { version: _v2, back_date: _b2, ...readRest } = read.body.data;
    expect(savedRest).toEqual(readRest);
    expect((await app.db.query<{ id: number }>('SELECT id FROM tour_route_points WHERE route_id = $1 ORDER BY id', [id])).map((row) => row.id)).toEqual(pointIds);
  });

  it('reads dates typed YYYY-MM-DD too, and stores no date and no point the kind does not use', async () => {
    const created = await create({ ...outsideBody(), kind: '2', forth_date: '2026-07-01', back_date: '10.07.2026' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ kind_name: 'Только туда', forth_date: '01.07.2026', back_date: null, back_transport_routes: [] });
    expect(created.body.data.forth_transport_routes).toHaveLength(2);
    const backOnly = await create({ ...outsideBody(), kind: 3, forth_date: '', back_date: '10.07.2026' });
    expect(backOnly.status, JSON.stringify(backOnly.body)).toBe(201);
    expect(backOnly.body.data).toMatchObject({ forth_date: null, back_date: '10.07.2026', forth_transport_routes: [] });
  });
});

describe('rules (spec 03 §5 "Routes")', () => {
  const errorsOf = async (body: unknown) => {
    const reply = await create(body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    return reply.body.errors as Record<string, string[]>;
  };

  it('the kind decides which dates are required; neither date before the other', async () => {
    expect(await errorsOf({ ...outsideBody(), forth_date: null, back_date: '' })).toEqual({ forth_date: [MESSAGES.validation.required], back_date: [MESSAGES.validation.required] });
    expect(await errorsOf({ ...outsideBody(), kind: 2, forth_date: null })).toEqual({ forth_date: [MESSAGES.validation.required] });
    expect(await errorsOf({ ...outsideBody(), kind: 3, back_date: null })).toEqual({ back_date: [MESSAGES.validation.required] });
    expect(await errorsOf({ ...outsideBody(), forth_date: '12.06.2026', back_date: '05.06.2026' })).toEqual({ forth_date: [R.forthAfterBack], back_date: [R.backBeforeForth] });
    expect(await errorsOf({ ...outsideBody(), forth_date: '31.02.2026' })).toEqual({ forth_date: [MESSAGES.dates.format] });
    expect(await errorsOf({ ...outsideBody(), kind: 4, transport_type: 2 })).toEqual({ kind: [MESSAGES.validation.oneOf], transport_type: [MESSAGES.validation.oneOf] });
  });

  it('a hotel needs its arrival date and time (indexed paths); a point and a hotel at a point are given once', async () => {
    const body = outsideBody();
    body.routes[1]!.hotels = [{ id: hotels.moscow, arrival_date: '', arrival_time: '25:00' }];
    expect(await errorsOf(body)).toEqual({ 'routes.1.hotels.0.arrival_date': [MESSAGES.validation.required], 'routes.1.hotels.0.arrival_time': [MESSAGES.fields.time] });
    const missingTime = outsideBody();
    missingTime.routes[1]!.hotels = [{ id: hotels.moscow, arrival_date: '12.06.2026' }];
    expect(await errorsOf(missingTime)).toEqual({ 'routes.1.hotels.0.arrival_time': [MESSAGES.validation.required] });
    const twice = outsideBody();
    twice.routes.push({ is_forth: 1, transport_route_id: points[1] });
    twice.routes[0]!.hotels!.push({ hotel_id: String(hotels.orel), arrival_date: '06.06.2026', arrival_time: '10:00' });
    expect(await errorsOf(twice)).toEqual({ 'routes.3.transport_route_id': [R.pointTwice], 'routes.0.hotels.1.id': [R.hotelTwice] });
  });

  it('what needs stored data is checked in the save: the transport, its points, the hotels of each point’s city', async () => {
    expect(await errorsOf({ ...outsideBody(), transport_id: 2147483000 })).toEqual({ transport_id: [MESSAGES.validation.oneOf] });
    const otherPoint = (await app.db.query<{ id: number }>('SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position LIMIT 1', [otherTransportId]))[0]!.id;
    const foreign = outsideBody();
    foreign.routes[2] = { is_forth: 1, transport_route_id: otherPoint };
    expect(await errorsOf(foreign)).toEqual({ 'routes.2.transport_route_id': [R.notTransportPoint] });
    const wrongCity = outsideBody();
    wrongCity.routes[0]!.hotels = [
      { hotel_id: String(hotels.orel2), arrival_date: '05.06.2026', arrival_time: '20:30' },
      { hotel_id: String(hotels.tula), arrival_date: '05.06.2026', arrival_time: '20:30' },
      { hotel_id: '2147483000', arrival_date: '05.06.2026', arrival_time: '20:30' },
    ];
    expect(await errorsOf(wrongCity)).toEqual({ 'routes.0.hotels.1.id': [R.hotelNotInCity], 'routes.0.hotels.2.id': [MESSAGES.validation.oneOf] });
    // A stop has a city too: its hotels are that city's.
    const atStop = outsideBody();
    atStop.routes[2] = { is_forth: 1, transport_route_id: points[1], hotels: [{ hotel_id: String(hotels.tula), arrival_date: '05.06.2026', arrival_time: '12:00' }] };
    expect((await create(atStop)).status).toBe(201);
  });
});

describe('versions and deletes', () => {
  it('a save with a stale version gets 409 with the current route; nothing is written', async () => {
    const created = (await create(outsideBody())).body.data;
    expect((await update(created.id, { ...created, forth_date: '06.06.2026' })).body.data.version).toBe(2);
    const stale = await update(created.id, { ...created, forth_date: '07.06.2026' }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ saved_by: 'Маршрутова Анна', data: { id: created.id, forth_date: '06.06.2026', version: 2 } });
    expect(await app.db.query('SELECT forth_date::text, version FROM tour_routes WHERE id = $1', [created.id])).toEqual([{ forth_date: '2026-06-06', version: 2 }]);
  });

  it('a transport or a hotel a route uses cannot be deleted (403); the transport keeps the points a route uses; the route itself can be', async () => {
    const transportationId = await insertTransportation(app.db);
    const ownTransport = await insertTransport(app.db, { name: 'Москва — Тула — Орёл', transportationId, cities: [cities.moscow, cities.tula, cities.orel], startDate: '2026-01-01', finishDate: '2026-12-31', days: [1] });
    const own = (await app.db.query<{ id: number }>('SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position', [ownTransport])).map((row) => row.id);
    const usedHotel = await hotel(cities.tula, 'Занятый');
    const created = await create({
      transport_type: 1,
      transport_id: ownTransport,
      kind: 2,
      forth_date: '01.08.2026',
      routes: [{ is_forth: true, transport_route_id: own[1], hotels: [{ id: usedHotel, arrival_date: '01.08.2026', arrival_time: '12:00' }] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;

    expect(await admin.delete(`/api/hotels/${usedHotel}`)).toMatchObject({ status: 403, body: { message: MESSAGES.errors.inUse } });
    expect(await admin.delete(`/api/transports/${ownTransport}`)).toMatchObject({ status: 403, body: { message: MESSAGES.errors.inUse } });
    // The transport editor cannot drop the stop a route uses.
    const transport = (await manager.get(`/api/transports/${ownTransport}`)).body.data;
    const dropped = await manager.put(`/api/transports/${ownTransport}`, toPayloadBody({ ...transport, routes: { ...transport.routes, intermediates: [] } }));
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(422);
    expect((await app.db.query('SELECT count(*)::int AS count FROM transport_route_points WHERE transport_id = $1', [ownTransport]))[0]).toEqual({ count: 3 });

    const list = await manager.get(`/api/routes?transport_id=${ownTransport}`);
    expect(list.body).toMatchObject({ count: 1, data: [{ id, can_delete: true }] });
    expect((await manager.get(`/api/routes/${id}`)).body.data).toMatchObject({ id, can_delete: true });
    const deleted = await manager.delete(`/api/routes/${id}`);
    expect(deleted.status).toBe(200);
    expect((await manager.get(`/api/routes/${id}`)).status).toBe(404);
    expect((await app.db.query('SELECT count(*)::int AS count FROM tour_route_points WHERE route_id = $1', [id]))[0]).toEqual({ count: 0 });
    expect((await admin.delete(`/api/hotels/${usedHotel}`)).status).toBe(200);
    expect((await manager.delete(`/api/routes/${id}`)).status).toBe(404);
  });

  it('routes are for the administrator and the manager; the short lists answer {data}', async () => {
    expect((await manager.get('/api/routes/kinds/list')).body).toEqual({ data: [{ id: 1, name: 'Туда и обратно' }, { id: 2, name: 'Только туда' }, { id: 3, name: 'Только обратно' }] });
    expect((await manager.get('/api/routes/transport-types/list')).body).toEqual({ data: [{ id: 1, name: 'Автобусный тур' }] });
    const { client: accountant } = await app.signInAs(Role.Accountant);
    for (const path of ['/api/routes', '/api/routes/kinds/list', '/api/routes/1']) expect((await accountant.get(path)).status, path).toBe(403);
    expect((await accountant.post('/api/routes', outsideBody())).status).toBe(403);
  });
});
