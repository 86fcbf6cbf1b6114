/** Vehicle types (/api/transportation): CRUD for administrator and manager, the drawn scheme, limits, version check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { seatNumbers } from '../../shared/transport/seat-scheme.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
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

  it('refuses more seats than the scheme holds (the seats beyond could never be booked), on create and update', async () => {
    // 11 rows of 2+2, one row cut by the second door, a rear bench of 5: 47 places.
    const refused = await admin.post('/api/transportation', form({ name: 'Neoplan 48', seats: 48 }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ seats: [MESSAGES.transport.seatsBeyondScheme(47)] });
    const { body } = await admin.post('/api/transportation', form({ name: 'Neoplan 35', seats: 35 }));
    expect(body.data.seats).toBe(35);
    // Shrinking the layout under the numbered seats is refused too (8 rows + rear of 5 hold 35).
    const shrunk = await admin.put(`/api/transportation/${body.data.id}`, { rows: 7, version: body.data.version });
    expect(shrunk.status).toBe(422);
    expect(shrunk.body.errors).toEqual({ seats: [MESSAGES.transport.seatsBeyondScheme(31)] });
    expect((await admin.put(`/api/transportation/${body.data.id}`, { rows: 8, second_door: false, version: body.data.version })).status).toBe(200);
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
    // Fewer rows with the same seat count (5 rows hold 25 places): refused before any booking is looked
    // at, as more seats than the scheme holds (issue 16); the seat count is the field to fix.
    const fewerRows = await manager.put(`/api/transportation/${transportationId}`, { ...coach, rows: 5 });
    expect(fewerRows.body.errors).toEqual({ seats: [T.seatsBeyondScheme(25)] });
    // Fewer rows and seats to match: the booked seat 45 is gone, said on the seats.
    const fewerBoth = await manager.put(`/api/transportation/${transportationId}`, { ...coach, rows: 5, seats: 25 });
    expect(fewerBoth.body.errors).toEqual({ seats: [message] });
    expect(await layout(transportationId)).toEqual({ seats: 49, rows: 11 });

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
