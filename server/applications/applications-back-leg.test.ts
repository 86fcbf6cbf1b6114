/**
 * The way back on a bus tour (issue 27) against a real PostgreSQL: the buses the «Обратно» dialog
 * offers (GET /api/applications/back-transports) and the save's rule — a bus tour's back leg rides any
 * bus from the forth leg's arrival city to its departure city leaving on or after the arrival, priced
 * from its own transport, its seats on that transport; anything else is a 422 on the back leg's path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_TRANSPORTS_LIMIT } from '../../shared/applications/editor-data.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { applicationCalls } from '../test/application-api.js';
import { insertBusGround, insertRequesters, nextWeekday, type BusGround, type RequesterGround } from '../test/application-fixtures.js';
import { insertCities } from '../test/transport-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const A = MESSAGES.applications;
let app: TestApp;
let manager: ApiClient;
let people: RequesterGround;
/** Москва → Воронеж → Сочи on Fridays, and its lines: back (Fridays, 6 000 / 4 000), back later (Saturdays), another one there, an old one back, one elsewhere. */
let there: BusGround;
let back: BusGround;
let backLater: BusGround;
let thereAgain: BusGround;
let backOld: BusGround;
let elsewhere: BusGround;
let friday: string;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
  people = await insertRequesters(app.db);
  const [moscow, voronezh, sochi] = (await insertCities(app.db, [`Москва ${Date.now()}`, `Воронеж ${Date.now()}`, `Сочи ${Date.now()}`])) as [number, number, number];
  there = await insertBusGround(app.db, { cities: [moscow, voronezh, sochi] });
  back = await insertBusGround(app.db, { cities: [sochi, voronezh, moscow] });
  await app.db.query(`UPDATE transports SET adult_price = 6000, child_price = 4000 WHERE id = $1`, [back.transportId]);
  backLater = await insertBusGround(app.db, { cities: [sochi, voronezh, moscow] });
  await app.db.query(`UPDATE transport_days SET number = 6 WHERE transport_id = $1`, [backLater.transportId]);
  thereAgain = await insertBusGround(app.db, { cities: [moscow, voronezh, sochi] });
  backOld = await insertBusGround(app.db, { cities: [sochi, voronezh, moscow] });
  await app.db.query(`UPDATE transports SET finish_date = '2027-05-01' WHERE id = $1`, [backOld.transportId]);
  elsewhere = await insertBusGround(app.db);
  friday = nextWeekday('2027-06-01', there.weekday);
});
afterAll(() => app?.close());

const { create, created, refused } = applicationCalls(
  () => app,
  () => manager,
);

const leg = (ground: BusGround, from: number, to: number, date = friday) => ({ transport_id: ground.transportId, departure_date: date, from_route_id: ground.pointIds[from], to_route_id: ground.pointIds[to] });
const seats = (numbers: number[]) => numbers.map((number, index) => ({ number, tourist_index: index }));
const busForm = (overrides: Record<string, unknown> = {}) => ({
  application_type: 3,
  applicationable_id: there.transportId,
  requester_type: 'client',
  requester_id: people.clientId,
  adult_count: 2,
  child_count: 1,
  tourists: [
    { last_name: 'Орлов', first_name: 'Олег', document_number: '4500000001' },
    { last_name: 'Орлова', first_name: 'Ольга', document_number: '4500000002' },
    { last_name: 'Орлов', first_name: 'Миша', document_number: '4500000003' },
  ],
  transport_forth: leg(there, 0, 2),
  seats_forth: seats([1, 2, 3]),
  transport_back: leg(back, 0, 2),
  seats_back: seats([4, 5, 6]),
  ...overrides,
});
const candidates = (query: Record<string, unknown>) => manager.get(`/api/applications/back-transports?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`);

describe('GET /api/applications/back-transports', () => {
  it('the Москва → Сочи leg finds the Сочи → Москва buses, earliest first, with the segment back and the departures from the arrival on', async () => {
    const reply = await candidates(leg(there, 0, 2));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const found = reply.body.data as { id: number; from_route_id: number; to_route_id: number; departures: string[] }[];
    // Not the bus there again, not the line that stopped running, not the one elsewhere.
    expect(found.map((option) => option.id)).toEqual([back.transportId, backLater.transportId]);
    expect(found[0]).toMatchObject({ from_route_id: back.pointIds[0], to_route_id: back.pointIds[2] });
    expect(found[0]!.departures.slice(0, 3)).toEqual([friday, '2027-06-11', '2027-06-18']);
    expect(found[1]!.departures[0]).toBe('2027-06-05');
    expect(found.length).toBeLessThanOrEqual(BACK_TRANSPORTS_LIMIT);
  });

  it('a leg to the stop finds the segment from that stop back to the start', async () => {
    const reply = await candidates(leg(there, 0, 1));
    expect(reply.body.data[0]).toMatchObject({ id: back.transportId, from_route_id: back.pointIds[1], to_route_id: back.pointIds[2] });
  });

  it('answers none when no bus brings them back, and 422 on a missing or unknown part of the leg', async () => {
    const none = await candidates(leg(elsewhere, 0, 2));
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const missing = await manager.get('/api/applications/back-transports');
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['departure_date', 'from_route_id', 'to_route_id', 'transport_id']);
    expect((await candidates({ ...leg(there, 0, 2), transport_id: 2_000_000_000 })).status).toBe(422);
    expect((await candidates({ ...leg(there, 0, 2), departure_date: 'вчера' })).body.errors).toHaveProperty('departure_date');
  });
});

describe('the save of a bus tour’s back leg', () => {
  it('takes a back leg on the return line: priced from its own transport (6 000 / 4 000 +300: 16 900), its seats on that bus', async () => {
    const application = await created(busForm());
    expect(application.transport_back).toMatchObject({ transport_id: back.transportId, price_without_discount: 16900, to_city: { id: there.cityIds[0] } });
    expect(application.transport_forth).toMatchObject({ transport_id: there.transportId, price_without_discount: 14400 });
    expect(application.totals.price_total).toBe(31300);
    const booked = await app.db.query<{ transport_id: number; leg: string; number: number }>(`SELECT transport_id, leg, number FROM seat_bookings WHERE application_id = $1 ORDER BY number`, [application.id]);
    expect(booked.map((seat) => `${seat.leg}:${seat.transport_id === back.transportId ? 'back' : 'there'}:${seat.number}`)).toEqual(['forth:there:1', 'forth:there:2', 'forth:there:3', 'back:back:4', 'back:back:5', 'back:back:6']);
    // Read back whole: the leg is there.
    const reread = (await manager.get(`/api/applications/${application.id}`)).body.data;
    expect(reread.transport_back).toMatchObject({ transport_id: back.transportId, departure_date: friday, from_route_id: back.pointIds[0], to_route_id: back.pointIds[2] });
  });

  it('refuses a bus the wrong way (422 on transport_id), points in other cities (on the point), a ride before the arrival (on departure_date)', async () => {
    expect(await refused(create(busForm({ transport_back: leg(thereAgain, 0, 2), seats_back: seats([7, 8, 9]) })))).toEqual({ 'transport_back.transport_id': [A.notBack] });
    expect(await refused(create(busForm({ transport_back: leg(back, 1, 2), seats_back: seats([7, 8, 9]) })))).toEqual({ 'transport_back.from_route_id': [A.notBack] });
    expect(await refused(create(busForm({ transport_back: leg(back, 0, 2, '2027-05-28'), seats_back: seats([7, 8, 9]) })))).toEqual({
      'transport_back.departure_date': [A.backBeforeArrival(friday.split('-').reverse().join('.'))],
    });
    const stored = await app.db.query(`SELECT 1 FROM seat_bookings WHERE transport_id = $1 AND number = 7`, [back.transportId]);
    expect(stored).toEqual([]);
  });

  it('without a forth leg the back leg stays on the product’s bus (an office save also needs the forth leg; an outside source’s creation need not)', async () => {
    expect(await refused(create(busForm({ transport_forth: null, seats_forth: [] })))).toEqual({
      transport_forth: [A.forthLegRequired],
      'transport_back.transport_id': [A.notOfProduct],
    });
    expect(await refused(create(busForm({ transport_forth: null, seats_forth: [], source: 'web_site' })))).toEqual({ 'transport_back.transport_id': [A.notOfProduct] });
  });
});
