/**
 * An application's seat change, seats of a transport and route change on a real PostgreSQL, against
 * the seat store: refused when the seat is taken or already the application's, the route refused
 * when a seat is taken on the new segment, everything or nothing moved, the version raised.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationStatus } from '../../../shared/applications/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { createDataSource } from '../../database/data-source.js';
import { insertApplication, insertTransportItem } from '../../test/application-fixtures.js';
import { eventually } from '../../test/data-folder.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import { COACH_49, daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../../test/transport-fixtures.js';
import { ApplicationsService } from '../applications.service.js';
import type { ApplicationActor } from '../commands/actor.js';
import { ApplicationCommands } from '../commands/application-commands.js';

const A = MESSAGES.applications;
let app: TestApp;
let manager: ApiClient, accountant: ApiClient, admin: ApiClient;
let cities: [number, number, number, number];
let transportation: number;
const date = daysFromToday(15);
const nextDay = daysFromToday(16);

beforeAll(async () => {
  app = await startTestApp();
  [manager, accountant, admin] = (await Promise.all([app.signInAs(Role.Manager), app.signInAs(Role.Accountant), app.signInAs(Role.Administrator)])).map((entry) => entry.client) as [
    ApiClient,
    ApiClient,
    ApiClient,
  ];
  cities = (await insertCities(app.db, ['Москва', 'Тула', 'Орёл', 'Курск'])) as [number, number, number, number];
  transportation = await insertTransportation(app.db);
});
afterAll(() => app?.close());

/** Москва → Тула → Орёл → Курск over two days (the stops on day 1, Курск reached on day 2), leaving on `date`. */
const route = () => insertTransport(app.db, { transportationId: transportation, cities, duration: 2, startDate: daysFromToday(-1), finishDate: daysFromToday(60), dates: [date] });
const pointIds = async (transportId: number) =>
  (await app.db.query<{ id: number }>(`SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position`, [transportId])).map((row) => row.id);
const versionOf = async (id: number) => (await app.db.query<{ version: number }>(`SELECT version FROM applications WHERE id = $1`, [id]))[0]!.version;
const bookings = (applicationId: number) =>
  app.db.query<{ id: number; number: number; from_position: number; to_position: number; tourist_id: number | null }>(
    `SELECT id, number, from_position, to_position, tourist_id FROM seat_bookings WHERE application_id = $1 ORDER BY number`,
    [applicationId],
  );

/** A bus-tour application of the transport with two tourists riding [from, to) on seats `seats` (forth). */
async function seated(transportId: number, seats: [number, number], segment: { from: number; to: number } = { from: 0, to: 3 }, status: number = ApplicationStatus.New) {
  const application = await insertApplication(app.db, { transportId, tourists: [{ last_name: 'Громов', first_name: 'Илья' }, { last_name: 'Громова', first_name: 'Вера', patronymic: 'Петровна' }] });
  await app.db.query(`UPDATE applications SET status = $2 WHERE id = $1`, [application.id, status]);
  const item = await insertTransportItem(app.db, { applicationId: application.id, transportId, date, ...segment });
  const ids = [];
  for (const [index, number] of seats.entries()) {
    ids.push(await insertBooking(app.db, { transportId, date, number, ...segment, applicationId: application.id, touristId: application.tourists[index], leg: 'forth' }));
  }
  return { ...application, item, bookings: ids as [number, number] };
}

describe('POST /transports/{id}/seats/change', () => {
  let transportId: number;
  beforeAll(async () => {
    transportId = await route();
  });
  const change = (client: ApiClient, body: Record<string, unknown>, transport = transportId) => client.post(`/api/transports/${transport}/seats/change`, body);

  it('moves the booking to a free seat — same tourist, leg and segment — and raises the version', async () => {
    const application = await seated(transportId, [1, 2]);
    const before = await versionOf(application.id);
    const reply = await change(manager, { number: 5, transport_seat_id: application.bookings[1] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: A.seatChanged,
      data: { id: application.bookings[1], number: 5, transport_id: transportId, leg: 'forth', tourist_id: application.tourists[1], tourist_name: 'Громова Вера Петровна' },
    });
    expect(await bookings(application.id)).toEqual([
      { id: application.bookings[0], number: 1, from_position: 0, to_position: 3, tourist_id: application.tourists[0] },
      { id: application.bookings[1], number: 5, from_position: 0, to_position: 3, tourist_id: application.tourists[1] },
    ]);
    expect(await versionOf(application.id)).toBe(before + 1);
    // Outside clients send numbers as text.
    expect((await change(accountant, { number: '6', transport_seat_id: String(application.bookings[1]) })).body.data.number).toBe(6);
  });

  it('refuses a seat taken on an overlapping segment, and one already in the application, changing nothing', async () => {
    const application = await seated(transportId, [10, 11], { from: 1, to: 3 });
    await insertBooking(app.db, { transportId, date, number: 12, from: 2, to: 3 });
    const before = await versionOf(application.id);
    const taken = await change(manager, { number: 12, transport_seat_id: application.bookings[0] });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ message: A.seatTaken, errors: { number: [A.seatTaken] } });
    const twice = await change(manager, { number: 11, transport_seat_id: application.bookings[0] });
    expect(twice.body.errors).toEqual({ number: [A.seatTwice] });
    expect((await change(manager, { number: 10, transport_seat_id: application.bookings[0] })).body.errors).toEqual({ number: [A.seatTwice] });
    expect((await bookings(application.id)).map((row) => row.number)).toEqual([10, 11]);
    expect(await versionOf(application.id)).toBe(before);
    // Seat 12 is free before Орёл: a seat booked [0, 1) elsewhere does not block [1, 3).
    await insertBooking(app.db, { transportId, date, number: 13, from: 0, to: 1 });
    expect((await change(manager, { number: 13, transport_seat_id: application.bookings[0] })).status).toBe(200);
  });

  it('refuses a seat a 20-seat bus does not have (21, 41, 999), the booking staying where it was; moves to 20', async () => {
    const small = await insertTransport(app.db, {
      transportationId: await insertTransportation(app.db, { ...COACH_49, seats: 20 }),
      cities,
      duration: 2,
      startDate: daysFromToday(-1),
      finishDate: daysFromToday(60),
      dates: [date],
    });
    const application = await seated(small, [1, 2]);
    for (const number of [21, 41, 999]) {
      const beyond = await change(manager, { number, transport_seat_id: application.bookings[0] }, small);
      expect(beyond.status).toBe(422);
      expect(beyond.body.errors).toEqual({ number: [MESSAGES.transport.noSuchSeat] });
    }
    expect((await bookings(application.id)).map((row) => row.number)).toEqual([1, 2]);
    expect((await change(manager, { number: 20, transport_seat_id: application.bookings[0] }, small)).status).toBe(200);
    expect((await bookings(application.id)).map((row) => row.number)).toEqual([2, 20]);
  });

  it('refuses a seat the scheme lacks, a manual booking, a booking of another transport, and answers 404 for no transport', async () => {
    const application = await seated(transportId, [20, 21]);
    expect((await change(manager, { number: 50, transport_seat_id: application.bookings[0] })).body.errors).toEqual({ number: [MESSAGES.transport.noSuchSeat] });
    const manual = await insertBooking(app.db, { transportId, date, number: 22, from: 0, to: 3 });
    expect((await change(manager, { number: 23, transport_seat_id: manual })).body.errors).toEqual({ transport_seat_id: [A.notApplicationSeat] });
    const other = await route();
    expect((await change(manager, { number: 23, transport_seat_id: application.bookings[0] }, other)).body.errors).toEqual({ transport_seat_id: [A.notApplicationSeat] });
    expect((await change(manager, { number: 23, transport_seat_id: application.bookings[0] }, 999999)).status).toBe(404);
    const missing = await change(manager, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['number', 'transport_seat_id']);
  });

  it('refuses any change of a cancelled application', async () => {
    const application = await seated(transportId, [24, 25], { from: 0, to: 3 }, ApplicationStatus.Cancelled);
    expect((await change(admin, { number: 26, transport_seat_id: application.bookings[0] })).body.errors).toEqual({ number: [A.cancelledLocked] });
  });

  it('gives a seat two applications ask for at the same moment to one of them', async () => {
    const [first, second] = [await seated(transportId, [30, 31]), await seated(transportId, [32, 33])];
    const replies = await Promise.all([change(manager, { number: 40, transport_seat_id: first.bookings[0] }), change(accountant, { number: 40, transport_seat_id: second.bookings[0] })]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 422]);
    expect(replies.find((reply) => reply.status === 422)!.body.errors).toEqual({ number: [A.seatTaken] });
    expect(await app.db.query(`SELECT count(*)::int AS count FROM seat_bookings WHERE transport_id = $1 AND number = 40`, [transportId])).toEqual([{ count: 1 }]);
  });
});

describe('GET /applications/{id}/seats', () => {
  it('answers the application’s seats on the transport, with their tourists', async () => {
    const transportId = await route();
    const back = await route();
    const application = await seated(transportId, [3, 4]);
    const waiting = await insertBooking(app.db, { transportId: back, date, number: 9, from: 0, to: 3, applicationId: application.id, leg: 'back' });
    const reply = await accountant.get(`/api/applications/${application.id}/seats?transport_id=${transportId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([
      { id: application.bookings[0], number: 3, transport_id: transportId, leg: 'forth', tourist_id: application.tourists[0], tourist_name: 'Громов Илья' },
      { id: application.bookings[1], number: 4, transport_id: transportId, leg: 'forth', tourist_id: application.tourists[1], tourist_name: 'Громова Вера Петровна' },
    ]);
    expect((await manager.get(`/api/applications/${application.id}/seats?transport_id=${back}`)).body.data).toEqual([
      { id: waiting, number: 9, transport_id: back, leg: 'back', tourist_id: null, tourist_name: null },
    ]);
    expect((await manager.get(`/api/applications/${application.id}/seats`)).body.errors.transport_id).toEqual([MESSAGES.validation.required]);
    expect((await manager.get(`/api/applications/999999/seats?transport_id=${transportId}`)).status).toBe(404);
  });
});

describe('GET /transports/{id}/seats/taken', () => {
  it('answers the seats others hold on a segment overlapping the ride, leaving out the application’s own', async () => {
    const transportId = await route();
    const points = await pointIds(transportId);
    const application = await seated(transportId, [1, 2], { from: 1, to: 3 });
    await insertBooking(app.db, { transportId, date, number: 7, from: 0, to: 1 });
    await insertBooking(app.db, { transportId, date, number: 8, from: 2, to: 3 });
    await insertBooking(app.db, { transportId, date: daysFromToday(17), number: 9, from: 0, to: 3 });
    const taken = (query: string) => accountant.get(`/api/transports/${transportId}/seats/taken?date=${date}&${query}`);
    // Москва → Тула overlaps seat 7 only; Тула → Курск seats 1, 2 (the application's) and 8.
    expect((await taken(`from_route_id=${points[0]}&to_route_id=${points[1]}`)).body.data).toEqual([7]);
    expect((await taken(`from_route_id=${points[1]}&to_route_id=${points[3]}`)).body.data).toEqual([1, 2, 8]);
    expect((await taken(`from_route_id=${points[0]}&to_route_id=${points[3]}&application_id=${application.id}`)).body.data).toEqual([7, 8]);
    expect((await taken(`from_route_id=${points[2]}&to_route_id=${points[1]}`)).body.errors).toEqual({ to_route_id: [A.arrivalAfterDeparture] });
    expect((await manager.get(`/api/transports/999999/seats/taken?date=${date}&from_route_id=${points[0]}&to_route_id=${points[1]}`)).status).toBe(404);
  });
});

describe('PUT /applications/{id}/transports/{itemId}/routes', () => {
  let transportId: number;
  let points: number[];
  beforeAll(async () => {
    transportId = await route();
    points = await pointIds(transportId);
  });
  const changeRoute = (client: ApiClient, application: { id: number; item: number }, from: number, to: number, extra: Record<string, unknown> = {}) =>
    client.put(`/api/applications/${application.id}/transports/${application.item}/routes`, { from_route_id: from, to_route_id: to, ...extra });

  it('moves every seat of the item to the new segment, with the item’s cities and dates, and raises the version', async () => {
    const application = await seated(transportId, [1, 2], { from: 1, to: 2 });
    const before = await versionOf(application.id);
    // The original client sends the cities too; they follow from the points.
    const reply = await changeRoute(manager, application, points[0]!, points[3]!, { from_city_id: cities[0], to_city_id: cities[3] });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(A.routeChanged);
    expect(reply.body.data).toMatchObject({
      id: application.item,
      transport_id: transportId,
      departure_date: date,
      from_route_id: points[0],
      to_route_id: points[3],
      from_city: { id: cities[0], name: 'Москва' },
      to_city: { id: cities[3], name: 'Курск' },
      start_at: date,
      finish_at: nextDay,
    });
    expect((await bookings(application.id)).map((row) => [row.id, row.number, row.from_position, row.to_position, row.tourist_id])).toEqual([
      [application.bookings[0], 1, 0, 3, application.tourists[0]],
      [application.bookings[1], 2, 0, 3, application.tourists[1]],
    ]);
    expect(await versionOf(application.id)).toBe(before + 1);
    expect(await app.db.query(`SELECT start_date::text FROM applications WHERE id = $1`, [application.id])).toEqual([{ start_date: date }]);
    // All three roles edit applications.
    expect((await changeRoute(accountant, application, points[1]!, points[2]!)).status).toBe(200);
    expect((await bookings(application.id)).map((row) => [row.from_position, row.to_position])).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('refuses with the message when a seat is taken on the new segment, and moves none', async () => {
    const application = await seated(transportId, [5, 6], { from: 1, to: 3 });
    await insertBooking(app.db, { transportId, date, number: 6, from: 0, to: 1 });
    const before = await versionOf(application.id);
    const reply = await changeRoute(manager, application, points[0]!, points[3]!);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ message: A.routeChangeImpossible, errors: { to_route_id: [A.routeChangeImpossible] } });
    expect((await bookings(application.id)).map((row) => [row.number, row.from_position, row.to_position])).toEqual([
      [5, 1, 3],
      [6, 1, 3],
    ]);
    expect(await app.db.query(`SELECT from_route_id, to_route_id FROM application_transports WHERE id = $1`, [application.item])).toEqual([{ from_route_id: points[1], to_route_id: points[3] }]);
    expect(await versionOf(application.id)).toBe(before);
  });

  it('takes a departure before the arrival and points of the item’s own transport', async () => {
    const application = await seated(transportId, [7, 8]);
    expect((await changeRoute(manager, application, points[2]!, points[1]!)).body.errors).toEqual({ to_route_id: [A.arrivalAfterDeparture] });
    expect((await changeRoute(manager, application, points[2]!, points[2]!)).body.errors).toEqual({ to_route_id: [A.arrivalAfterDeparture] });
    const foreign = await pointIds(await route());
    expect((await changeRoute(manager, application, foreign[0]!, points[1]!)).body.errors).toEqual({ from_route_id: [MESSAGES.validation.oneOf] });
    expect((await changeRoute(manager, application, points[0]!, foreign[1]!)).body.errors).toEqual({ to_route_id: [MESSAGES.validation.oneOf] });
    const other = await seated(transportId, [9, 10]);
    expect((await changeRoute(manager, { id: other.id, item: application.item }, points[0]!, points[1]!)).status).toBe(404);
    expect((await bookings(application.id)).map((row) => [row.from_position, row.to_position])).toEqual([
      [0, 3],
      [0, 3],
    ]);
  });

  it('marks the made documents to be made again: the ride’s cities and dates are printed on them', async () => {
    const application = await seated(transportId, [11, 12], { from: 1, to: 2 });
    expect((await manager.get(`/api/applications/${application.id}/documents/regenerate`, { proof: true })).status).toBe(200);
    const mark = async () =>
      (
        await app.db.query<{ made: number; need_generate_docs: boolean }>(
          `SELECT (SELECT count(path)::int FROM application_documents WHERE application_id = a.id) AS made, need_generate_docs FROM applications a WHERE a.id = $1`,
          [application.id],
        )
      )[0]!;
    // The job worker makes both (it looks for jobs every second).
    await eventually(async () => ((await mark()).made === 2 ? true : undefined), 20_000, 'the documents made by the job');
    expect((await mark()).need_generate_docs).toBe(false);
    expect((await changeRoute(manager, application, points[0]!, points[3]!)).status).toBe(200);
    expect(await mark()).toEqual({ made: 2, need_generate_docs: true });
  });
});

describe('re-pricing on a route change', () => {
  let source: DataSource;
  beforeAll(async () => {
    source = createDataSource(app.db.url, { poolSize: 2 });
    await source.initialize();
  });
  afterAll(() => source?.destroy());

  it('re-prices the application (the commands’ reprice) in the change’s transaction only while the prices may change', async () => {
    const transportId = await route();
    const points = await pointIds(transportId);
    const seen: { id: number; item: string }[] = [];
    // A command called without HTTP, as a job would; its re-pricing watched.
    const service = new ApplicationCommands(source, new ApplicationsService(source));
    const reprice = vi.spyOn(service, 'reprice').mockImplementation(async (manager: EntityManager, id: number) => {
      // Inside the change's transaction: the item already rides the new segment.
      const [row] = (await manager.query(`SELECT to_route_id::text AS item FROM application_transports WHERE application_id = $1`, [id])) as { item: string }[];
      seen.push({ id, item: row!.item });
    });
    const user = await app.createUser();
    const actor = (role: Role): ApplicationActor => ({ kind: 'staff', user: { id: user.id, role } });

    const fresh = await seated(transportId, [1, 2], { from: 0, to: 1 });
    await service.changeRoute(fresh.id, fresh.item, { from_route_id: points[0], to_route_id: points[2] }, actor(Role.Manager));
    expect(seen).toEqual([{ id: fresh.id, item: String(points[2]) }]);

    const confirmed = await seated(transportId, [3, 4], { from: 0, to: 1 }, ApplicationStatus.ConfirmedPaymentRequired);
    await service.changeRoute(confirmed.id, confirmed.item, { from_route_id: points[0], to_route_id: points[2] }, actor(Role.Manager));
    expect(reprice).toHaveBeenCalledTimes(1);
    // The administrator and the accountant may still change prices (can_edit_price for them).
    await service.changeRoute(confirmed.id, confirmed.item, { from_route_id: points[0], to_route_id: points[3] }, actor(Role.Accountant));
    expect(reprice).toHaveBeenCalledTimes(2);

    const paid = await seated(transportId, [5, 6], { from: 0, to: 1 });
    await app.db.query(`INSERT INTO payments (application_id, sum) VALUES ($1, 100)`, [paid.id]);
    await service.changeRoute(paid.id, paid.item, { from_route_id: points[0], to_route_id: points[2] }, actor(Role.Manager));
    expect(reprice).toHaveBeenCalledTimes(2);
  });
});
