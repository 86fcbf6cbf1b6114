/**
 * The schedule of a bus transport on a real PostgreSQL: the seat store (no double sale under
 * concurrency, segments, excursions, manual bookings only cancelled), the seats of a date, the
 * departure data, and the seat dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { dashboardGrid } from '../../shared/transport/schedules.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { insertApplication } from '../test/application-fixtures.js';
import { COACH_49, daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

let app: TestApp;
let manager: ApiClient, accountant: ApiClient;
let moscow: number, tula: number, orel: number, kursk: number;
let transportation: number;

const T = MESSAGES.transport;
const date = daysFromToday(10);

beforeAll(async () => {
  app = await startTestApp();
  [manager, accountant] = (await Promise.all([app.signInAs(Role.Manager), app.signInAs(Role.Accountant)])).map((entry) => entry.client) as [ApiClient, ApiClient];
  [moscow, tula, orel, kursk] = (await insertCities(app.db, ['Москва', 'Тула', 'Орёл', 'Курск'])) as [number, number, number, number];
  transportation = await insertTransportation(app.db);
});
afterAll(() => app?.close());

/** Moscow → Tula → Orel → Kursk, departing on `date`. */
const route = (extra: Partial<Parameters<typeof insertTransport>[1]> = {}) =>
  insertTransport(app.db, { transportationId: transportation, cities: [moscow, tula, orel, kursk], startDate: daysFromToday(-30), finishDate: daysFromToday(60), dates: [date], ...extra });
const book = (transportId: number, body: Record<string, unknown>) => manager.post(`/api/transports/${transportId}/seats`, { start_date: date, ...body });
const bookingsOf = (transportId: number) =>
  app.db.query<{ number: number; from_position: number; to_position: number }>(`SELECT number, from_position, to_position FROM seat_bookings WHERE transport_id = $1 ORDER BY from_position`, [transportId]);

describe('seat booking', () => {
  it('sells a seat once when 100 managers try at the same moment', async () => {
    const transportId = await route();
    // A manager told «Сервер сейчас перегружен» (503 with Retry-After: every pooled connection stayed busy
    // for the whole wait, as on a loaded CI machine) tries again, as the reply asks; what counts is the seat.
    const attempt = async () => {
      for (let tries = 1; ; tries++) {
        const reply = await book(transportId, { number: 7, from_city_id: moscow, to_city_id: orel });
        if (reply.status !== 503 || tries === 5) return reply;
        await new Promise((resolve) => setTimeout(resolve, 250 * tries));
      }
    };
    const attempts = await Promise.all(Array.from({ length: 100 }, attempt));
    const won = attempts.filter((reply) => reply.status === 201);
    const refused = attempts.filter((reply) => reply.status === 422);
    // What the others got, should one day they not all be the seat's 422 (a busy pool, a deadlock).
    const statuses = JSON.stringify(attempts.filter((reply) => reply.status !== 201 && reply.status !== 422).map((reply) => [reply.status, reply.body]).slice(0, 3));
    expect(won, statuses).toHaveLength(1);
    expect(refused, statuses).toHaveLength(99);
    for (const reply of refused) expect(reply.body.errors.to_city_id[0]).toBe(T.seatTaken);
    expect(won[0]!.body).toMatchObject({ message: T.booked, data: { number: 7, tourist: null, from_city: { id: moscow, name: 'Москва' }, to_city: { id: orel, name: 'Орёл' } } });
    expect(await bookingsOf(transportId)).toEqual([{ number: 7, from_position: 0, to_position: 2 }]);
  });

  it('keeps a seat booked Moscow→Tula free for Tula→Orel, and refuses an overlapping segment', async () => {
    const transportId = await route();
    expect((await book(transportId, { number: 3, from_city_id: moscow, to_city_id: tula })).status).toBe(201);
    expect((await book(transportId, { number: 3, from_city_id: tula, to_city_id: orel })).status).toBe(201);
    const overlapping = await book(transportId, { number: 3, from_city_id: moscow, to_city_id: kursk });
    expect(overlapping.status).toBe(422);
    expect(overlapping.body).toEqual({ message: T.seatTaken, errors: { number: [T.seatTaken], to_city_id: [T.seatTaken] } });
    expect((await book(transportId, { number: 3, from_city_id: orel, to_city_id: kursk })).status).toBe(201);
    expect(await bookingsOf(transportId)).toEqual([
      { number: 3, from_position: 0, to_position: 1 },
      { number: 3, from_position: 1, to_position: 2 },
      { number: 3, from_position: 2, to_position: 3 },
    ]);
  });

  it('maps cities to the first position of the one and the first later position of the other', async () => {
    // Moscow → Tula → Moscow → Orel: Tula→Moscow is [1, 2), Moscow→Orel is [0, 3).
    const transportId = await route({ cities: [moscow, tula, moscow, orel] });
    const back = await book(transportId, { number: 1, from_city_id: tula, to_city_id: moscow });
    expect(back.body.data).toMatchObject({ from_position: 1, to_position: 2, start_at: `${date} 09:00`, finish_at: `${date} 09:45` });
    expect((await book(transportId, { number: 2, from_city_id: moscow, to_city_id: orel })).body.data).toMatchObject({ from_position: 0, to_position: 3 });
    const backwards = await book(transportId, { number: 4, from_city_id: orel, to_city_id: tula });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ to_city_id: [T.noSegment] });
    const missing = await book(transportId, { number: 4, from_city_id: moscow });
    expect(missing.body.errors.to_city_id).toEqual([MESSAGES.validation.required]);
  });

  it('books the whole route of an excursion transport whatever cities are sent', async () => {
    const transportId = await route({ isExcursion: true });
    const reply = await book(transportId, { number: 10, from_city_id: tula, to_city_id: orel });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ from_city: { id: moscow }, to_city: { id: kursk }, from_position: 0, to_position: 3 });
    expect((await book(transportId, { number: 10 })).body.errors.to_city_id).toEqual([T.seatTaken]);
  });

  it('refuses a seat the scheme does not have and a date without a departure', async () => {
    const transportId = await route();
    const noSeat = await book(transportId, { number: 50, from_city_id: moscow, to_city_id: tula });
    expect(noSeat.body.errors).toEqual({ number: [T.noSuchSeat], to_city_id: [T.noSuchSeat] });
    // A 20-seat bus: 21, 41 and 999 are not its seats (the seat store's one check), 20 is.
    const small = await route({ transportationId: await insertTransportation(app.db, { ...COACH_49, seats: 20 }) });
    for (const number of [21, 41, 999]) {
      const beyond = await book(small, { number, from_city_id: moscow, to_city_id: tula });
      expect(beyond.status).toBe(422);
      expect(beyond.body.errors).toEqual({ number: [T.noSuchSeat], to_city_id: [T.noSuchSeat] });
    }
    expect((await book(small, { number: 20, from_city_id: moscow, to_city_id: tula })).status).toBe(201);
    expect((await bookingsOf(small)).map((booking) => booking.number)).toEqual([20]);
    const noTrip = await manager.post(`/api/transports/${transportId}/seats`, { number: 1, start_date: daysFromToday(11), from_city_id: moscow, to_city_id: tula });
    expect(noTrip.body.errors).toEqual({ start_date: [T.noDeparture], to_city_id: [T.noDeparture] });
    expect((await manager.post(`/api/transports/999999/seats`, { number: 1, start_date: date, from_city_id: moscow, to_city_id: tula })).status).toBe(404);
  });

  it('refuses a manual booking of a departure before today, and books today', async () => {
    const yesterday = daysFromToday(-1);
    const today = daysFromToday(0);
    const transportId = await route({ dates: [yesterday, today, date] });
    const past = await manager.post(`/api/transports/${transportId}/seats`, { number: 1, start_date: yesterday, from_city_id: moscow, to_city_id: tula });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ start_date: [T.bookingPast], to_city_id: [T.bookingPast] });
    expect((await manager.post(`/api/transports/${transportId}/seats`, { number: 1, start_date: today, from_city_id: moscow, to_city_id: tula })).status).toBe(201);
    expect((await bookingsOf(transportId)).map((row) => row.number)).toEqual([1]);
  });

  it('books on the weekly days between the start and finish dates', async () => {
    const monday = (() => {
      const day = new Date(`${daysFromToday(7)}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + ((8 - (day.getUTCDay() || 7)) % 7));
      return day.toISOString().slice(0, 10);
    })();
    const transportId = await route({ dates: undefined, days: [1] });
    expect((await manager.post(`/api/transports/${transportId}/seats`, { number: 1, start_date: monday, from_city_id: moscow, to_city_id: tula })).status).toBe(201);
    const tuesday = new Date(`${monday}T00:00:00Z`);
    tuesday.setUTCDate(tuesday.getUTCDate() + 1);
    const refused = await manager.post(`/api/transports/${transportId}/seats`, { number: 1, start_date: tuesday.toISOString().slice(0, 10), from_city_id: moscow, to_city_id: tula });
    expect(refused.body.errors.start_date).toEqual([T.noDeparture]);
  });

  it('cancels only manual bookings', async () => {
    const transportId = await route();
    const application = await insertApplication(app.db, { tourists: [{ last_name: 'Петров', first_name: 'Пётр' }] });
    const touristBooking = await insertBooking(app.db, { transportId, date, number: 12, from: 0, to: 3, applicationId: application.id, touristId: application.tourists[0] });
    const refused = await manager.delete(`/api/transports/${transportId}/seats/${touristBooking}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ number: [T.onlyManual] });
    // An application's seat still waiting for its tourist is the application's too.
    const awaiting = await insertBooking(app.db, { transportId, date, number: 14, from: 0, to: 3, applicationId: application.id, leg: 'forth' });
    expect((await manager.delete(`/api/transports/${transportId}/seats/${awaiting}`)).body.errors).toEqual({ number: [T.onlyManual] });

    const manual = (await book(transportId, { number: 13, from_city_id: moscow, to_city_id: tula })).body.data.id;
    expect(await manager.delete(`/api/transports/${transportId}/seats/${manual}`)).toMatchObject({ status: 200, body: { message: T.unbooked } });
    expect((await manager.delete(`/api/transports/${transportId}/seats/${manual}`)).status).toBe(404);
    expect((await bookingsOf(transportId)).map((row) => row.number).sort((a, b) => a - b)).toEqual([12, 14]);
  });
});

describe('the schedule of a date', () => {
  it('answers the route and scheme, then the seats with tourists and the applications with their seat numbers', async () => {
    const transportId = await route();
    const payload = await manager.get(`/api/transports/${transportId}/schedules`);
    expect(payload.status).toBe(200);
    expect(payload.body.data.routes.map((point: { point_city: { name: string } }) => point.point_city.name)).toEqual(['Москва', 'Тула', 'Орёл', 'Курск']);
    expect(payload.body.data).toMatchObject({ is_excursion: false, dates: [date], departures: [date] });
    expect(payload.body.data.transportation.schema_svg).toContain('data-seat="49"');

    const application = await insertApplication(app.db, { number: 'З-100', tourists: [{ last_name: 'Сидорова', first_name: 'Анна' }, { last_name: 'Сидоров', first_name: 'Олег' }] });
    await insertBooking(app.db, { transportId, date, number: 21, from: 0, to: 3, applicationId: application.id, touristId: application.tourists[0] });
    await insertBooking(app.db, { transportId, date, number: 22, from: 1, to: 3, applicationId: application.id, touristId: application.tourists[1] });
    await book(transportId, { number: 5, from_city_id: tula, to_city_id: orel });

    const day = await manager.post(`/api/transports/${transportId}/schedules`, { date });
    expect(day.status).toBe(200);
    expect(day.body.data.applications).toEqual([{ id: application.id, number: 'З-100', seats_numbers: [21, 22] }]);
    expect(day.body.data.seats.map((seat: { number: number; tourist: { last_name: string } | null }) => [seat.number, seat.tourist?.last_name ?? null])).toEqual([
      [5, null],
      [21, 'Сидорова'],
      [22, 'Сидоров'],
    ]);
    expect(day.body.data.seats[1]).toMatchObject({ start_at: `${date} 08:00`, finish_at: `${date} 20:00`, from_city: { name: 'Москва' }, to_city: { name: 'Курск' } });
    expect((await manager.post(`/api/transports/${transportId}/schedules`, { date: 'вчера' })).body.errors.date).toEqual([MESSAGES.dates.format]);
  });

  it('lists the applications riding either leg on the transport that date, each once with all its seats', async () => {
    const transportId = await route({ dates: [date, daysFromToday(11)] });
    const outward = await insertApplication(app.db, { number: 'З-110', tourists: [{ last_name: 'Лебедев', first_name: 'Игорь' }, { last_name: 'Лебедева', first_name: 'Ольга' }] });
    const homeward = await insertApplication(app.db, { number: 'З-111', tourists: [{ last_name: 'Зайцев', first_name: 'Павел' }] });
    const otherDay = await insertApplication(app.db, { number: 'З-112', tourists: [{ last_name: 'Волков', first_name: 'Антон' }] });
    await insertBooking(app.db, { transportId, date, number: 14, from: 0, to: 3, applicationId: outward.id, touristId: outward.tourists[1], leg: 'forth' });
    await insertBooking(app.db, { transportId, date, number: 3, from: 0, to: 3, applicationId: outward.id, touristId: outward.tourists[0], leg: 'forth' });
    await insertBooking(app.db, { transportId, date, number: 9, from: 2, to: 3, applicationId: homeward.id, touristId: homeward.tourists[0], leg: 'back' });
    await insertBooking(app.db, { transportId, date: daysFromToday(11), number: 9, from: 0, to: 3, applicationId: otherDay.id, touristId: otherDay.tourists[0], leg: 'forth' });
    await book(transportId, { number: 4, from_city_id: moscow, to_city_id: tula });

    const day = (await manager.post(`/api/transports/${transportId}/schedules`, { date })).body.data;
    expect(day.applications).toEqual([
      { id: outward.id, number: 'З-110', seats_numbers: [3, 14] },
      { id: homeward.id, number: 'З-111', seats_numbers: [9] },
    ]);
    // The scheme tells the application seats (with their tourist and application) from the manual one.
    expect(day.seats.map((seat: { number: number; application_id: number | null; tourist: { last_name: string } | null }) => [seat.number, seat.application_id, seat.tourist?.last_name ?? null])).toEqual([
      [3, outward.id, 'Лебедев'],
      [4, null, null],
      [9, homeward.id, 'Зайцев'],
      [14, outward.id, 'Лебедева'],
    ]);
  });

  it('keeps departure data of a date: add, list, edit, delete, with the field limits', async () => {
    const transportId = await route();
    const application = await insertApplication(app.db, { number: 'З-200', tourists: [{ last_name: 'Орлова', first_name: 'Мария' }] });
    await insertBooking(app.db, { transportId, date, number: 30, from: 0, to: 3, applicationId: application.id, touristId: application.tourists[0] });
    const created = await manager.post(`/api/transports/${transportId}/date-data`, {
      date,
      name: 'Автобус 1',
      number: 'А123ВС77',
      glonas_url: 'https://glonass.example/track/1',
      departure_place: 'м. Комсомольская',
      departure_time: '07:30',
      applications_ids: [application.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: T.dateDataSaved, data: { date, name: 'Автобус 1', departure_time: '07:30', applications_ids: [application.id], applications_numbers: ['З-200'] } });
    const dateId = created.body.data.id;

    const viaDate = await manager.post(`/api/transports/${transportId}/date`, { transport_id: transportId, date, name: 'Автобус 2', departure_time: '' });
    expect(viaDate.status).toBe(201);
    expect(viaDate.body.data.departure_time).toBeNull();

    const bad = await manager.post(`/api/transports/${transportId}/date-data`, { date, name: 'x'.repeat(256), departure_time: '25:00', applications_ids: [999999] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['departure_time', 'name']);
    const unknownApplication = await manager.post(`/api/transports/${transportId}/date-data`, { date, applications_ids: [999999] });
    expect(unknownApplication.body.errors).toEqual({ applications_ids: [MESSAGES.validation.oneOf] });
    const noTrip = await manager.post(`/api/transports/${transportId}/date-data`, { date: daysFromToday(12) });
    expect(noTrip.body.errors).toEqual({ date: [T.noDeparture] });

    const patched = await manager.request('PATCH', `/api/transports/${transportId}/date/${dateId}`, { body: { date, name: 'Автобус 1 (замена)', departure_time: '08:15', applications_ids: [] } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Автобус 1 (замена)', departure_time: '08:15', applications_ids: [] });

    const list = await manager.get(`/api/transports/${transportId}/date-data?date=${date}`);
    expect(list.body.data.map((row: { name: string }) => row.name)).toEqual(['Автобус 1 (замена)', 'Автобус 2']);
    expect((await manager.post(`/api/transports/${transportId}/schedules`, { date })).body.data.dates).toHaveLength(2);

    expect(await manager.delete(`/api/transports/${transportId}/date/${dateId}`)).toMatchObject({ status: 200, body: { message: MESSAGES.success.deleted } });
    expect((await manager.delete(`/api/transports/${transportId}/date/${dateId}`)).status).toBe(404);
  });

  it('links to departure data only applications with a seat on that transport and date', async () => {
    const transportId = await route({ dates: [date, daysFromToday(11)] });
    const other = await route();
    const seated = await insertApplication(app.db, { number: 'З-300', tourists: [{ last_name: 'Носов', first_name: 'Иван' }] });
    const otherDay = await insertApplication(app.db, { number: 'З-301', tourists: [{ last_name: 'Белов', first_name: 'Пётр' }] });
    const otherTransport = await insertApplication(app.db, { number: 'З-302', tourists: [{ last_name: 'Ершов', first_name: 'Олег' }] });
    const seatless = await insertApplication(app.db, { number: 'З-303', email: 'seatless@example.test' });
    await insertBooking(app.db, { transportId, date, number: 1, from: 0, to: 3, applicationId: seated.id, touristId: seated.tourists[0] });
    await insertBooking(app.db, { transportId, date: daysFromToday(11), number: 2, from: 0, to: 3, applicationId: otherDay.id, touristId: otherDay.tourists[0] });
    await insertBooking(app.db, { transportId: other, date, number: 3, from: 0, to: 3, applicationId: otherTransport.id, touristId: otherTransport.tourists[0] });

    const refused = await manager.post(`/api/transports/${transportId}/date-data`, { date, name: 'Автобус 1', applications_ids: [seated.id, seatless.id, otherDay.id, otherTransport.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ applications_ids: [T.applicationsNotSeated('З-301, З-302, З-303')] });
    expect(await app.db.query(`SELECT id FROM transport_date_data WHERE transport_id = $1`, [transportId])).toEqual([]);

    const created = await manager.post(`/api/transports/${transportId}/date-data`, { date, name: 'Автобус 1', applications_ids: [seated.id] });
    expect(created.status).toBe(201);
    expect(created.body.data.applications_numbers).toEqual(['З-300']);
    const patched = await manager.request('PATCH', `/api/transports/${transportId}/date/${created.body.data.id}`, { body: { date, applications_ids: [seated.id, seatless.id] } });
    expect(patched.body.errors).toEqual({ applications_ids: [T.applicationsNotSeated('З-303')] });
    expect((await manager.get(`/api/transports/${transportId}/date-data`)).body.data[0].applications_numbers).toEqual(['З-300']);
  });

  it('is for the administrator and the manager', async () => {
    const transportId = await route();
    expect((await accountant.get('/api/transports/schedules')).status).toBe(403);
    expect((await accountant.get(`/api/transports/${transportId}/schedules`)).status).toBe(403);
    expect((await accountant.post(`/api/transports/${transportId}/seats`, { number: 1, start_date: date, from_city_id: moscow, to_city_id: tula })).status).toBe(403);
    const list = await manager.get('/api/transports/schedules?query=Рейс');
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
    expect(list.body.data[0].route).toMatchObject({ start: 'Москва', intermediates: ['Тула', 'Орёл'], finish: 'Курск' });
  });
});

describe('seat dashboard', () => {
  it('keeps its counters equal to the bookings through inserts, updates and deletes', async () => {
    const transportId = await route();
    const recount = () =>
      app.db.query(
        `SELECT departure_date::text, from_position, count(*)::int AS count FROM seat_bookings WHERE transport_id = $1 GROUP BY 1, 2
         EXCEPT SELECT departure_date::text, from_position, count FROM seat_booking_counts WHERE transport_id = $1 AND count > 0`,
        [transportId],
      );
    const counters = () => app.db.query<{ from_position: number; count: number }>(`SELECT from_position, count FROM seat_booking_counts WHERE transport_id = $1 AND count > 0 ORDER BY 1`, [transportId]);
    for (const seat of [1, 2, 3]) await book(transportId, { number: seat, from_city_id: moscow, to_city_id: tula });
    const fromTula = (await book(transportId, { number: 4, from_city_id: tula, to_city_id: kursk })).body.data.id;
    await app.db.query(`INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position) SELECT $1, $2, s, 2, 3 FROM generate_series(10, 14) s`, [transportId, date]);
    expect(await counters()).toEqual([{ from_position: 0, count: 3 }, { from_position: 1, count: 1 }, { from_position: 2, count: 5 }]);
    await manager.delete(`/api/transports/${transportId}/seats/${fromTula}`);
    await app.db.query(`UPDATE seat_bookings SET from_position = 1, to_position = 2 WHERE transport_id = $1 AND number = 1`, [transportId]);
    expect(await counters()).toEqual([{ from_position: 0, count: 2 }, { from_position: 1, count: 1 }, { from_position: 2, count: 5 }]);
    expect(await recount()).toEqual([]);
  });

  it('counts the year’s bookings per transport and date with the boarding cities, for all three roles', async () => {
    const year = 2031;
    const day1 = `${year}-05-01`;
    const day2 = `${year}-05-02`;
    const flight = await insertTransport(app.db, { name: 'Дашборд рейс', transportationId: transportation, cities: [moscow, tula, orel], startDate: `${year}-01-01`, finishDate: `${year}-12-31`, dates: [day1, day2] });
    const excursion = await insertTransport(app.db, { name: 'Дашборд экскурсия', transportationId: transportation, cities: [moscow, kursk], isExcursion: true, startDate: `${year}-01-01`, finishDate: `${year}-12-31`, dates: [day1] });
    await insertBooking(app.db, { transportId: flight, date: day1, number: 1, from: 0, to: 2 });
    await insertBooking(app.db, { transportId: flight, date: day1, number: 2, from: 0, to: 1 });
    await insertBooking(app.db, { transportId: flight, date: day1, number: 2, from: 1, to: 2 });
    await insertBooking(app.db, { transportId: flight, date: day2, number: 5, from: 1, to: 2 });
    await insertBooking(app.db, { transportId: excursion, date: day1, number: 9, from: 0, to: 1 });
    await insertBooking(app.db, { transportId: flight, date: `${year + 1}-01-01`, number: 1, from: 0, to: 1 });

    const reply = await accountant.get(`/api/transports/schedules/seats?year=${year}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('application/json');
    const data = reply.body.data;
    // One series per transport and boarding point: [city, days from 1 January, seats], in route order.
    const may1 = 120;
    expect(data).toEqual({
      year,
      cities: { [moscow]: 'Москва', [tula]: 'Тула' },
      transports: [
        { id: flight, name: 'Дашборд рейс', series: [[moscow, [may1], [2]], [tula, [may1, may1 + 1], [1, 1]]] },
        { id: excursion, name: 'Дашборд экскурсия', series: [[moscow, [may1], [1]]] },
      ],
    });
    // Laid out as the screen shows it: the dates with bookings, their totals, each cell with its cities.
    const grid = dashboardGrid(data);
    expect(grid.dates).toEqual([day1, day2]);
    expect(grid.totals).toEqual([4, 1]);
    expect(grid.rows.map((row) => [row.name, [...row.cells.entries()]])).toEqual([
      ['Дашборд рейс', [[0, { count: 3, cities: [[moscow, 2], [tula, 1]] }], [1, { count: 1, cities: [[tula, 1]] }]]],
      ['Дашборд экскурсия', [[0, { count: 1, cities: [[moscow, 1]] }]]],
    ]);

    const excursions = await manager.get(`/api/transports/schedules/seats?year=${year}&type=1`);
    expect(excursions.body.data.transports.map((transport: { name: string }) => transport.name)).toEqual(['Дашборд экскурсия']);
    const flights = await manager.get(`/api/transports/schedules/seats?year=${year}&type=0`);
    expect(flights.body.data.transports.map((transport: { name: string }) => transport.name)).toEqual(['Дашборд рейс']);
    expect((await manager.get(`/api/transports/schedules/seats?year=1990`)).status).toBe(422);
    expect((await manager.get(`/api/transports/schedules/seats?year=2040`)).body.data).toEqual({ year: 2040, cities: {}, transports: [] });
  });
});
