/**
 * Applications (issue 18) against a real PostgreSQL, the save's cost and its seats: a bus tour's
 * seats written through the seat store in the save's transaction (tied to the tourists, moved,
 * dropped with the leg, one sale of a seat when two saves want it), its transport items' rules,
 * products and rows in use, and the statements of a save not growing with its rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { observeAggregateStatements } from '../common/aggregate/save-aggregate.js';
import { applicationCalls, hotelApplication, pinnedStay } from '../test/application-api.js';
import { insertBusGround, insertHotelGround, insertReturnBus, insertRequesters, nextWeekday, type BusGround, type HotelGround, type RequesterGround } from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { COACH_49 } from '../test/transport-fixtures.js';

const A = MESSAGES.applications;
let app: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let accountant: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.signInAs(Role.Administrator)).client;
  manager = (await app.signInAs(Role.Manager)).client;
  accountant = (await app.signInAs(Role.Accountant)).client;
  hotel = await insertHotelGround(app.db);
  people = await insertRequesters(app.db);
});
afterAll(() => app?.close());

const hotelForm = (overrides: Record<string, unknown> = {}, ground: HotelGround = hotel) => hotelApplication(ground, people, overrides);
const { create, update, created, refused, row } = applicationCalls(
  () => app,
  () => manager,
);

describe('a bus tour and its seats', () => {
  let bus: BusGround;
  /** Its return line from the stop the forth leg rides to (issue 27: the back leg brings them back). */
  let back: BusGround;
  let friday: string;
  beforeAll(async () => {
    bus = await insertBusGround(app.db);
    back = await insertReturnBus(app.db, bus);
    friday = nextWeekday('2027-06-01', bus.weekday);
  });
  const tourists = [
    { last_name: 'Орлов', first_name: 'Олег', document_number: '4500000001' },
    { last_name: 'Орлова', first_name: 'Ольга', document_number: '4500000002' },
    { last_name: 'Орлов', first_name: 'Миша', document_number: '4500000003' },
  ];
  const seats = (numbers: number[]) => numbers.map((number, index) => ({ number, tourist_index: index }));
  const busForm = (overrides: Record<string, unknown> = {}) => ({
    application_type: 3,
    applicationable_id: bus.transportId,
    requester_type: 'client',
    requester_id: people.clientId,
    adult_count: 2,
    child_count: 1,
    tourists,
    transport_forth: { transport_id: bus.transportId, departure_date: friday, from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[1] },
    seats_forth: seats([1, 2, 3]),
    transport_back: { transport_id: back.transportId, departure_date: friday, from_route_id: back.pointIds[0], to_route_id: back.pointIds[2] },
    seats_back: seats([11, 12, 13]),
    ...overrides,
  });
  const bookings = (id: number) =>
    app.db.query<{ leg: string; number: number; tourist_id: number | null; from_position: number; to_position: number }>(
      `SELECT leg, number, tourist_id, from_position, to_position FROM seat_bookings WHERE application_id = $1 ORDER BY leg DESC, number`,
      [id],
    );

  it('prices a segment (2 500 +300 a passenger: 8 400) and the whole route (5 000 / 3 500 +300: 14 400), and books one seat per rider tied to the tourists', async () => {
    const application = await created(busForm());
    expect(application.totals.price_total).toBe(22800);
    expect(application.transport_forth).toMatchObject({ transport_id: bus.transportId, price_without_discount: 8400, start_at: friday, finish_at: friday });
    expect(application.transport_back).toMatchObject({ transport_id: back.transportId, price_without_discount: 14400, to_city: { id: bus.cityIds[0] } });
    expect((await row(application.id)).city_id).toBe(bus.finishCityId);
    const ids = application.tourists.map((tourist: { id: number }) => tourist.id);
    expect(await bookings(application.id)).toEqual([
      { leg: 'forth', number: 1, tourist_id: ids[0], from_position: 0, to_position: 1 },
      { leg: 'forth', number: 2, tourist_id: ids[1], from_position: 0, to_position: 1 },
      { leg: 'forth', number: 3, tourist_id: ids[2], from_position: 0, to_position: 1 },
      { leg: 'back', number: 11, tourist_id: ids[0], from_position: 0, to_position: 2 },
      { leg: 'back', number: 12, tourist_id: ids[1], from_position: 0, to_position: 2 },
      { leg: 'back', number: 13, tourist_id: ids[2], from_position: 0, to_position: 2 },
    ]);
    expect(application.seats_forth[1]).toMatchObject({ number: 2, tourist_id: ids[1], tourist_name: 'Орлова Ольга', leg: 'forth' });

    // A seat changed in the form moves; a leg dropped drops its seats.
    const moved = await update(application.id, {
      ...application,
      seats_forth: [{ number: 1, tourist_id: ids[0] }, { number: 2, tourist_id: ids[1] }, { number: 5, tourist_id: ids[2] }],
      transport_back: null,
      seats_back: [],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await bookings(application.id)).map((booking) => `${booking.leg}:${booking.number}`)).toEqual(['forth:1', 'forth:2', 'forth:5']);
    expect(moved.body.data.transport_back).toBeNull();
    expect(moved.body.data.totals.price_total).toBe(8400);
  });

  it('a cancelled bus application (its seats released) still takes a payment: no seat rule, no seats written', async () => {
    // A payment is added only under a payment method (spec 03 §5), and a cancelled application's method is fixed.
    const application = await created(busForm({ payment_method: 1, seats_forth: seats([21, 22, 23]), seats_back: seats([31, 32, 33]) }));
    const cancel = await manager.put(`/api/applications/cancel/${application.id}`, { version: application.version });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await bookings(application.id)).toEqual([]);
    const cancelled = (await accountant.get(`/api/applications/${application.id}`)).body.data;
    expect(cancelled.seats_forth).toEqual([]);
    const paid = await update(application.id, { ...cancelled, payments: [{ sum: '1000', date: '2026-11-20' }] }, accountant);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payments).toEqual([expect.objectContaining({ sum: 1000 })]);
    expect(await bookings(application.id)).toEqual([]);
  });

  it('a route change moves the seats and re-prices with the save’s engine while the prices may change', async () => {
    const application = await created(busForm({ transport_back: null, seats_back: [], seats_forth: seats([41, 42, 43]) }));
    expect(application.totals.price_total).toBe(8400);
    const itemId = application.transport_forth.id as number;
    const changed = await manager.put(`/api/applications/${application.id}/transports/${itemId}/routes`, { from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[2] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ price_without_discount: 14400, to_city: { id: bus.finishCityId } });
    const after = (await manager.get(`/api/applications/${application.id}`)).body.data;
    expect(after.totals.price_total).toBe(14400);
    expect(after.version).toBeGreaterThan(application.version);
    expect(after.tourists.map((tourist: { id: number }) => tourist.id)).toEqual(application.tourists.map((tourist: { id: number }) => tourist.id));
    expect((await bookings(application.id)).map((booking) => [booking.number, booking.to_position])).toEqual([
      [41, 2],
      [42, 2],
      [43, 2],
    ]);
    const [category] = await app.db.query(`SELECT price FROM application_category_totals WHERE application_id = $1 AND category = 'transport'`, [application.id]);
    expect(category).toEqual({ price: '14400.00' });
  });

  it('refuses seats that do not number the riders, a day the bus does not leave, a point of another transport', async () => {
    expect((await refused(create(busForm({ seats_forth: seats([21, 22]) })))).seats_forth).toEqual([A.seatsCount(3)]);
    const thursday = nextWeekday('2027-06-01', 4);
    expect((await refused(create(busForm({ transport_forth: { transport_id: bus.transportId, departure_date: thursday, from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[1] } })))))
      .toMatchObject({ 'transport_forth.departure_date': [A.notOfProduct] });
    const other = await insertBusGround(app.db);
    const errors = await refused(create(busForm({ transport_forth: { transport_id: bus.transportId, departure_date: friday, from_route_id: other.pointIds[0], to_route_id: bus.pointIds[1] } })));
    expect(errors['transport_forth.from_route_id']).toEqual([A.notOfProduct]);
    const backwards = await refused(create(busForm({ transport_forth: { transport_id: bus.transportId, departure_date: friday, from_route_id: bus.pointIds[2], to_route_id: bus.pointIds[1] } })));
    expect(backwards['transport_forth.to_route_id']).toBeTruthy();
  });

  it('refuses a seat the bus does not have (999, 41 on a 20-seat bus) on its path, storing nothing; an update too (issue 25)', async () => {
    const small = await insertBusGround(app.db, { layout: { ...COACH_49, seats: 20 } });
    const smallBack = await insertReturnBus(app.db, small, { layout: { ...COACH_49, seats: 20 } });
    const ride = (ground: BusGround) => ({ transport_id: ground.transportId, departure_date: friday, from_route_id: ground.pointIds[0], to_route_id: ground.pointIds[ground === small ? 1 : 2] });
    const smallForm = (overrides: Record<string, unknown> = {}) =>
      busForm({ applicationable_id: small.transportId, transport_forth: ride(small), seats_forth: seats([1, 2, 3]), transport_back: ride(smallBack), seats_back: seats([11, 12, 13]), ...overrides });
    const stored = async () => ({
      applications: (await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM applications`))[0]!.count,
      seats: (await app.db.query<{ number: number }>(`SELECT number FROM seat_bookings WHERE transport_id = ANY($1::int[]) ORDER BY number`, [[small.transportId, smallBack.transportId]])).map((booking) => booking.number),
    });
    const before = await stored();
    expect(await refused(create(smallForm({ seats_forth: seats([999, 2, 3]) })))).toEqual({ 'seats_forth.0.number': [MESSAGES.transport.noSuchSeat] });
    expect(await refused(create(smallForm({ seats_forth: seats([41, 2, 3]) })))).toEqual({ 'seats_forth.0.number': [MESSAGES.transport.noSuchSeat] });
    expect(await refused(create(smallForm({ seats_back: seats([11, 12, 21]) })))).toEqual({ 'seats_back.2.number': [MESSAGES.transport.noSuchSeat] });
    expect(await stored()).toEqual(before);

    // The last seat is sold; an update moving a rider beyond the scheme is refused and changes nothing.
    const application = await created(smallForm({ seats_back: seats([18, 19, 20]) }));
    const kept = await stored();
    const reread = (await manager.get(`/api/applications/${application.id}`)).body.data;
    const moved = reread.seats_forth.map((seat: Record<string, unknown>, index: number) => (index === 1 ? { ...seat, number: 500 } : seat));
    expect(await refused(update(application.id, { ...reread, seats_forth: moved }))).toEqual({ 'seats_forth.1.number': [MESSAGES.transport.noSuchSeat] });
    expect(await stored()).toEqual(kept);
    expect(kept.seats).toEqual([1, 2, 3, 18, 19, 20]);
  });

  it('two applications saved at once wanting one seat: one wins, the other is a 422 on that seat', async () => {
    const date = nextWeekday('2027-07-01', bus.weekday);
    const form = busForm({
      adult_count: 1,
      child_count: 0,
      tourists: [],
      transport_forth: { transport_id: bus.transportId, departure_date: date, from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[2] },
      seats_forth: [{ number: 7 }],
      transport_back: null,
      seats_back: [],
    });
    const answers = await Promise.all([create(form), create(form, admin)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const loser = answers.find((answer) => answer.status === 422)!;
    expect(loser.body.errors).toEqual({ 'seats_forth.0.number': [A.seatTaken] });
    const taken = await app.db.query(`SELECT application_id FROM seat_bookings WHERE transport_id = $1 AND departure_date = $2 AND number = 7`, [bus.transportId, date]);
    expect(taken).toHaveLength(1);
    // Taken already: refused at once, nothing written.
    const before = await app.db.query(`SELECT count(*)::int AS count FROM applications`);
    expect((await refused(create(form)))['seats_forth.0.number']).toEqual([A.seatTaken]);
    expect(await app.db.query(`SELECT count(*)::int AS count FROM applications`)).toEqual(before);
  });

  it('a product in use cannot be deleted: the hotel and the bus transport answer 403', async () => {
    await created(busForm({ transport_back: null, seats_back: [], seats_forth: seats([31, 32, 33]) }));
    await created(hotelForm());
    const transport = await admin.delete(`/api/transports/${bus.transportId}`);
    expect(transport.status).toBe(403);
    const hotelDelete = await admin.delete(`/api/hotels/${hotel.hotelId}`);
    expect(hotelDelete.status).toBe(403);
    expect(await app.db.query(`SELECT id FROM hotels WHERE id = $1`, [hotel.hotelId])).toHaveLength(1);
  });

  it('a room an application uses cannot be removed through the hotel editor: 422 on the room, not a 500', async () => {
    const own = await insertHotelGround(app.db);
    await created(hotelForm({}, own));
    const stored = (await admin.get(`/api/hotels/${own.hotelId}`)).body.data;
    const response = await admin.put(`/api/hotels/${own.hotelId}`, toPayloadBody({ ...stored, rooms: [] }));
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['rooms.0']);
  });
});

describe('the cost of a save', () => {
  it('sends as many statements for 4 accommodations and 6 tourists as for 1 and 1 (one statement per table, never per row)', async () => {
    const tourist = (index: number) => ({ last_name: 'Гость', first_name: `Номер${'а'.repeat(index + 1)}`, document_number: `45000${index}` });
    const stays = (count: number) => Array.from({ length: count }, (_, index) => pinnedStay(hotel, { start_at: `2027-06-${String(1 + index * 5).padStart(2, '0')}`, finish_at: `2027-06-${String(3 + index * 5).padStart(2, '0')}` }));
    const count = async (form: Record<string, unknown>) => {
      const statements: string[] = [];
      observeAggregateStatements((sql) => statements.push(sql));
      try {
        await created(form);
      } finally {
        observeAggregateStatements(null);
      }
      return statements.length;
    };
    // The first save of a process reads the number's column default once (then cached).
    await count(hotelForm());
    // Six adults: as many persons as the bigger form's tourists (the persons rule), the same in both.
    const small = await count(hotelForm({ adult_count: 6, accommodations: stays(1), tourists: [tourist(0)], services: [{ serviceable_id: hotel.serviceId }] }));
    const big = await count(hotelForm({ adult_count: 6, accommodations: stays(4), tourists: [0, 1, 2, 3, 4, 5].map(tourist), services: [{ serviceable_id: hotel.serviceId }] }));
    expect(big).toBe(small);
    expect(small).toBeLessThan(30);
  });
});
