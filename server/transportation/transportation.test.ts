/** Vehicle types (/api/transportation): CRUD for administrator and manager, the drawn scheme, limits, version check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { seatNumbers } from '../../shared/transport/seat-scheme.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { insertTourGround, tourPayload } from '../test/tour-fixtures.js';
import { COACH_49, daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

let app: TestApp;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  [admin, accountant, manager] = (await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Accountant), app.signInAs(Role.Manager)])).map((entry) => entry.client) as [
    ApiClient,
    ApiClient,
    ApiClient,
  ];
});
afterAll(() => app?.close());

const V = MESSAGES.validation;
const form = (overrides: Record<string, unknown> = {}) => ({
  kind: 1,
  name: 'Neoplan 49',
  seats: '47',
  rear_seats: 5,
  rows: 11,
  columns_at_door: 2,
  second_door: true,
  second_door_rows: 5,
  second_door_length: 1,
  ...overrides,
});
const svgSeats = (svg: string) => [...svg.matchAll(/data-seat="(\d+)"/g)].map((match) => Number(match[1]));

describe('vehicle types', () => {
  it('creates a type and answers the scheme drawn from its layout', async () => {
    const created = await admin.post('/api/transportation', form());
    expect(created.status).toBe(201);
    const row = created.body.data;
    expect(row).toMatchObject({ name: 'Neoplan 49', kind: 1, kind_name: 'Автобус', seats: 47, rear_seats: 5, rows: 11, second_door: true, second_door_rows: 5, second_door_length: 1, version: 1 });
    expect(svgSeats(row.schema_svg)).toEqual(seatNumbers(row));
    expect(svgSeats(row.schema_svg)).toHaveLength(47); // 11 rows × 4 − 2 at the door + 5 at the rear = 47 places
    const [stored] = await app.db.query<{ schema_svg: string }>('SELECT schema_svg FROM transportations WHERE id = $1', [row.id]);
    expect(stored!.schema_svg).toBe(row.schema_svg);

    const list = await manager.get('/api/transportation?query=neoplan');
    expect(list.status).toBe(200);
    expect(list.body.data.map((item: { id: number }) => item.id)).toEqual([row.id]);
    expect(list.body.data[0].can_delete).toBe(true);
  });

  it('redraws the scheme when the layout changes, and drops the second door with one column at the door', async () => {
    const { body } = await admin.post('/api/transportation', form({ name: 'Setra' }));
    const updated = await admin.put(`/api/transportation/${body.data.id}`, form({ name: 'Setra', columns_at_door: 1, rows: 4, seats: 14, version: body.data.version }));
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ columns_at_door: 1, second_door: false, second_door_rows: null, second_door_length: null, version: 2 });
    expect(svgSeats(updated.body.data.schema_svg)).toEqual(Array.from({ length: 14 }, (_, index) => index + 1));
    expect(updated.body.data.schema_svg).not.toContain('data-door="second"');
  });

  it('refuses bad input with the field messages', async () => {
    const refused = await admin.post('/api/transportation', form({ name: ' ', kind: 7, seats: -1, rear_seats: 6, rows: 1.5, columns_at_door: 3, second_door_rows: null }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      name: [V.required],
      kind: [V.oneOf],
      seats: [V.min(0)],
      rear_seats: [V.oneOf],
      rows: [V.integer],
      columns_at_door: [V.oneOf],
    });
    const noDoorRows = await admin.post('/api/transportation', form({ second_door_rows: '' }));
    expect(noDoorRows.body.errors).toEqual({ second_door_rows: [V.required] });
  });

  it('takes more seats than the declared rows hold: the scheme grows rows to place each, the fields stay as sent, on create and update', async () => {
    // 11 rows of 2+2, one row cut by the second door, a rear bench of 5: 47 places declared; one row more for 48.
    const grown = await admin.post('/api/transportation', form({ name: 'Neoplan 48', seats: 48 }));
    expect(grown.status).toBe(201);
    expect(grown.body.data).toMatchObject({ seats: 48, rows: 11 });
    expect(svgSeats(grown.body.data.schema_svg)).toEqual(Array.from({ length: 48 }, (_, index) => index + 1));
    // Fewer rows under the same seats: the drawing grows again, every seat still numbered.
    const shrunk = await admin.put(`/api/transportation/${grown.body.data.id}`, { ...form({ name: 'Neoplan 48' }), seats: 48, rows: 7, version: grown.body.data.version });
    expect(shrunk.status).toBe(200);
    expect(shrunk.body.data).toMatchObject({ seats: 48, rows: 7 });
    expect(svgSeats(shrunk.body.data.schema_svg)).toHaveLength(48);
  });

  it('answers 409 to a save of a stale version', async () => {
    const { body } = await admin.post('/api/transportation', form({ name: 'MAN' }));
    expect((await manager.put(`/api/transportation/${body.data.id}`, form({ name: 'MAN Lion', version: 1 }))).status).toBe(200);
    const stale = await admin.put(`/api/transportation/${body.data.id}`, form({ name: 'MAN Tourliner', version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ name: 'MAN Lion', version: 2 });
  });

  it('is for the administrator and the manager only', async () => {
    expect((await accountant.get('/api/transportation')).status).toBe(403);
    expect((await accountant.post('/api/transportation', form())).status).toBe(403);
  });
});

describe("the original system's outside client (issue 25): a type whose declared rows hold fewer places than its seats", () => {
  /** Its vehicle type exactly as it sends it: 4 rows, a second door after row 3 declared 12 rows long, 35 seats. */
  const clientType = { columns_at_door: 2, rear_seats: 4, kind: 1, name: 'Клиентский автобус', seats: 35, rows: 4, second_door: true, second_door_rows: 3, second_door_length: 12 };
  const allSeats = Array.from({ length: 35 }, (_, index) => index + 1);
  const stored = (id: number) =>
    app.db.query(`SELECT seats, rows, rear_seats, columns_at_door, second_door, second_door_rows, second_door_length FROM transportations WHERE id = $1`, [id]).then((rows) => rows[0]);
  const asSent = { seats: 35, rows: 4, rear_seats: 4, columns_at_door: 2, second_door: true, second_door_rows: 3, second_door_length: 12 };

  it('is accepted as sent (and with 0/1 flags and numbers as text), drawn with all 35 seats, and kept by a GET → PUT round trip', async () => {
    const created = await manager.post('/api/transportation', clientType);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject(asSent);
    expect(svgSeats(created.body.data.schema_svg)).toEqual(allSeats);
    expect(await stored(created.body.data.id)).toEqual(asSent);

    for (const variant of [
      { ...clientType, name: 'Клиентский автобус 1', second_door: 1 },
      { ...clientType, name: 'Клиентский автобус 2', second_door: '1', seats: '35', rows: '4', rear_seats: '4', columns_at_door: '2', kind: '1', second_door_rows: '3', second_door_length: '12' },
    ]) {
      const reply = await manager.post('/api/transportation', variant);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(await stored(reply.body.data.id)).toEqual(asSent);
      expect(svgSeats(reply.body.data.schema_svg)).toEqual(allSeats);
    }

    const read = await manager.get(`/api/transportation/${created.body.data.id}`);
    expect(read.status).toBe(200);
    const putBack = await manager.put(`/api/transportation/${created.body.data.id}`, read.body.data);
    expect(putBack.status, JSON.stringify(putBack.body)).toBe(200);
    expect(putBack.body.data).toMatchObject(asSent);
    expect(await stored(created.body.data.id)).toEqual(asSent);
    expect(putBack.body.data.schema_svg).toBe(created.body.data.schema_svg);
  });

  it('carries its bus transports and its tour, and every one of the 35 seats is bookable (36 is not)', async () => {
    const type = await manager.post('/api/transportation', { ...clientType, name: 'Клиентский автобус 3' });
    expect(type.status).toBe(201);
    const ground = await insertTourGround(app.db);
    const [from, to] = ground.cityIds as [number, number];
    const date = daysFromToday(10);
    const transport = (name: string, cities: [number, number]) => ({
      transportation_id: type.body.data.id,
      name,
      duration: '1',
      adult_price: '2500',
      start_date: daysFromToday(1),
      finish_date: daysFromToday(90),
      departure_type: '2',
      is_excursion: 0,
      dates: [{ start_date: date }],
      routes: { start: { point_city_id: cities[0], start_time: '08:00' }, finish: { point_city_id: cities[1], finish_time: '20:00' } },
    });
    const forth = await manager.post('/api/transports', toPayloadBody(transport('Клиент: туда', [from, to])));
    expect(forth.status, JSON.stringify(forth.body)).toBe(201);
    expect(svgSeats(forth.body.data.transportation.schema_svg)).toEqual(allSeats);
    const back = await manager.post('/api/transports', toPayloadBody(transport('Клиент: обратно', [to, from])));
    expect(back.status, JSON.stringify(back.body)).toBe(201);

    const tour = await manager.post('/api/tours', toPayloadBody({ ...tourPayload({ ...ground, transportForthId: forth.body.data.id, transportBackId: back.body.data.id }, 'Тур клиента') }));
    expect(tour.status, JSON.stringify(tour.body)).toBe(201);
    expect(tour.body.data).toMatchObject({ transport_forth: { id: forth.body.data.id }, transport_back: { id: back.body.data.id } });

    const book = (number: number) => manager.post(`/api/transports/${forth.body.data.id}/seats`, { number, start_date: date, from_city_id: from, to_city_id: to });
    for (const number of allSeats) expect((await book(number)).status, `seat ${number}`).toBe(201);
    const beyond = await book(36);
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors.number).toEqual([MESSAGES.transport.noSuchSeat]);
    const booked = await app.db.query<{ number: number }>(`SELECT number FROM seat_bookings WHERE transport_id = $1 ORDER BY number`, [forth.body.data.id]);
    expect(booked.map((row) => row.number)).toEqual(allSeats);
  });
});

describe('a layout edit under bookings (bookings must keep their seats)', () => {
  const T = MESSAGES.transport;
  const date = daysFromToday(10);
  const coach = { kind: 1, name: 'Coach', ...COACH_49 };
  /** A vehicle type (49 seats) used by a bus transport; the transport's id and name. */
  async function typeInUse(name: string) {
    const transportationId = await insertTransportation(app.db);
    const cities = await insertCities(app.db, ['Москва', 'Тула']);
    const transportId = await insertTransport(app.db, { name, transportationId, cities, startDate: daysFromToday(-5), finishDate: daysFromToday(30), dates: [date] });
    return { transportationId, transportId, cities: cities as [number, number] };
  }
  const layout = (id: number) => app.db.query<{ seats: number; rows: number }>(`SELECT seats, rows FROM transportations WHERE id = $1`, [id]).then((rows) => rows[0]!);
  const dateText = date.split('-').reverse().join('.');

  it('refuses to drop a booked seat, on the field that drops it, naming the booking; a layout that keeps it saves', async () => {
    const { transportationId, transportId } = await typeInUse('Рейс в Тулу');
    await insertBooking(app.db, { transportId, date, number: 45, from: 0, to: 1 });
    const message = T.bookingsInTheWay(`«Рейс в Тулу», место 45, ${dateText}`);

    const fewerSeats = await manager.put(`/api/transportation/${transportationId}`, { ...coach, seats: 20 });
    expect(fewerSeats.status).toBe(422);
    expect(fewerSeats.body.errors).toEqual({ seats: [message] });
    // Fewer rows and seats to match: the booked seat 45 is gone, said on the seats.
    const fewerBoth = await manager.put(`/api/transportation/${transportationId}`, { ...coach, rows: 5, seats: 25 });
    expect(fewerBoth.body.errors).toEqual({ seats: [message] });
    expect(await layout(transportationId)).toEqual({ seats: 49, rows: 11 });
    // Fewer rows with the same seat count: the scheme grows rows to place all 49 (issue 25), so seat 45 stays.
    const fewerRows = await manager.put(`/api/transportation/${transportationId}`, { ...coach, rows: 5 });
    expect(fewerRows.status).toBe(200);
    expect(await layout(transportationId)).toEqual({ seats: 49, rows: 5 });

    const kept = await manager.put(`/api/transportation/${transportationId}`, { ...coach, seats: 45 });
    expect(kept.status).toBe(200);
    expect(kept.body.data.seats).toBe(45);
    // The transport still saves: its seat is in the scheme.
    const transport = (await manager.get(`/api/transports/${transportId}`)).body.data;
    expect((await manager.put(`/api/transports/${transportId}`, { payload: JSON.stringify(transport) })).status).toBe(200);
  });

  it('never lets a booking and a layout edit made at the same moment both pass', async () => {
    for (let round = 0; round < 8; round++) {
      const { transportationId, transportId, cities } = await typeInUse(`Рейс ${round}`);
      const [booking, edit] = await Promise.all([
        manager.post(`/api/transports/${transportId}/seats`, { number: 45, start_date: date, from_city_id: cities[0], to_city_id: cities[1] }),
        admin.put(`/api/transportation/${transportationId}`, { ...coach, seats: 20 }),
      ]);
      const statuses = [booking.status, edit.status];
      expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(1);
      expect(statuses.filter((status) => status === 422)).toHaveLength(1);
      const { seats } = await layout(transportationId);
      const booked = await app.db.query<{ number: number }>(`SELECT number FROM seat_bookings WHERE transport_id = $1`, [transportId]);
      for (const { number } of booked) expect(number).toBeLessThanOrEqual(seats);
    }
  });
});
