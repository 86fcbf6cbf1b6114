/**
 * The seat store's application side on a real PostgreSQL: syncApplicationSeats keeps, removes, books
 * and re-ties an application's seats of a leg, names the seat taken, and under two saves wanting one
 * seat at once lets one win; the seat and segment moves refuse an overlap; every writer refuses a
 * seat the vehicle does not have.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource } from '../database/data-source.js';
import { insertApplication, type InsertedApplication } from '../test/application-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { COACH_49, daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';
import { bookSeat, moveBookingsToSegment, moveBookingToSeat, SeatNotInScheme, SeatRepeated, SeatTaken, syncApplicationSeats, type ApplicationLegSeats } from './seat-store.js';

let db: TestDatabase;
let source: DataSource;
let transportation: number;
let cities: number[];
const date = daysFromToday(20);

beforeAll(async () => {
  db = await createTestDatabase();
  source = createDataSource(db.url, { poolSize: 4 });
  await source.initialize();
  transportation = await insertTransportation(db);
  cities = await insertCities(db, ['Москва', 'Тула', 'Орёл', 'Курск']);
});
afterAll(async () => {
  await source?.destroy();
  await db?.drop();
});

const route = () => insertTransport(db, { transportationId: transportation, cities, startDate: daysFromToday(-1), finishDate: daysFromToday(60), dates: [date] });
const family = () => insertApplication(db, { tourists: [{ last_name: 'Иванов', first_name: 'Иван' }, { last_name: 'Иванова', first_name: 'Анна' }] });
const seatsOf = (applicationId: number) =>
  db.query<{ id: number; transport_id: number; number: number; from_position: number; to_position: number; tourist_id: number | null; leg: string }>(
    `SELECT id, transport_id, number, from_position, to_position, tourist_id, leg FROM seat_bookings WHERE application_id = $1 ORDER BY leg, number`,
    [applicationId],
  );
const sync = (seats: Omit<ApplicationLegSeats, 'departureDate' | 'leg'> & Partial<ApplicationLegSeats>, manager?: EntityManager) => {
  const input = { departureDate: date, leg: 'forth' as const, ...seats };
  return manager ? syncApplicationSeats(manager, input) : source.transaction((inner) => syncApplicationSeats(inner, input));
};
const refusal = async (work: Promise<unknown>) => work.then(() => null, (error: unknown) => error);

describe('syncApplicationSeats', () => {
  let transportId: number;
  let application: InsertedApplication;
  beforeAll(async () => {
    transportId = await route();
    application = await family();
  });

  it('books the wanted seats, a tourist on each once entered', async () => {
    const ids = await sync({ applicationId: application.id, transportId, from: 0, to: 3, wanted: [{ number: 5, touristId: application.tourists[0]! }, { number: 6, touristId: null }] });
    const rows = await seatsOf(application.id);
    expect(rows.map(({ number, from_position, to_position, tourist_id, leg }) => ({ number, from_position, to_position, tourist_id, leg }))).toEqual([
      { number: 5, from_position: 0, to_position: 3, tourist_id: application.tourists[0], leg: 'forth' },
      { number: 6, from_position: 0, to_position: 3, tourist_id: null, leg: 'forth' },
    ]);
    expect(ids).toEqual(rows.map((row) => row.id));
  });

  it('keeps an unchanged seat (same booking), re-ties tourists, drops a seat no longer wanted and books a new one', async () => {
    const before = await seatsOf(application.id);
    const ids = await sync({
      applicationId: application.id,
      transportId,
      from: 0,
      to: 3,
      wanted: [{ number: 7, touristId: application.tourists[0]! }, { number: 6, touristId: application.tourists[1]! }],
    });
    const after = await seatsOf(application.id);
    expect(after.map((row) => [row.number, row.tourist_id])).toEqual([
      [6, application.tourists[1]],
      [7, application.tourists[0]],
    ]);
    // Seat 6 kept its booking; seat 5 is free again.
    expect(after.find((row) => row.number === 6)!.id).toBe(before.find((row) => row.number === 6)!.id);
    expect(ids).toEqual([after[1]!.id, after[0]!.id]);
    expect(await db.query(`SELECT id FROM seat_bookings WHERE transport_id = $1 AND number = 5`, [transportId])).toEqual([]);
  });

  it('moves the seats when the segment changes and leaves the other leg alone', async () => {
    const backTransport = await route();
    await sync({ applicationId: application.id, leg: 'back', transportId: backTransport, from: 0, to: 3, wanted: [{ number: 1, touristId: application.tourists[0]! }] });
    await sync({ applicationId: application.id, transportId, from: 1, to: 3, wanted: [{ number: 6, touristId: application.tourists[1]! }, { number: 7, touristId: application.tourists[0]! }] });
    expect((await seatsOf(application.id)).map((row) => [row.leg, row.transport_id, row.number, row.from_position, row.to_position])).toEqual([
      ['back', backTransport, 1, 0, 3],
      ['forth', transportId, 6, 1, 3],
      ['forth', transportId, 7, 1, 3],
    ]);
    // No seats wanted: the leg's bookings go, the other leg stays.
    await sync({ applicationId: application.id, transportId, from: 1, to: 3, wanted: [] });
    expect((await seatsOf(application.id)).map((row) => [row.leg, row.number])).toEqual([['back', 1]]);
  });

  it('refuses a seat taken by another booking, naming it and its place in the list, and changes nothing', async () => {
    const other = await family();
    await insertBooking(db, { transportId, date, number: 12, from: 2, to: 3 });
    const error = await refusal(sync({ applicationId: other.id, transportId, from: 0, to: 3, wanted: [{ number: 11, touristId: null }, { number: 12, touristId: null }] }));
    expect(error).toBeInstanceOf(SeatTaken);
    expect(error).toMatchObject({ number: 12, index: 1 });
    expect(await seatsOf(other.id)).toEqual([]);
    // The part of the route before the manual booking is free.
    await sync({ applicationId: other.id, transportId, from: 0, to: 2, wanted: [{ number: 11, touristId: null }, { number: 12, touristId: null }] });
    expect((await seatsOf(other.id)).map((row) => row.number)).toEqual([11, 12]);
  });

  it('refuses a seat wanted twice', async () => {
    const error = await refusal(sync({ applicationId: application.id, transportId, from: 0, to: 3, wanted: [{ number: 20, touristId: null }, { number: 20, touristId: null }] }));
    expect(error).toBeInstanceOf(SeatRepeated);
    expect(error).toMatchObject({ number: 20, index: 1 });
  });

  it('lets one of two saves wanting the same seat at the same moment win; the other gets SeatTaken', async () => {
    const [first, second] = [await family(), await family()];
    const outcomes = await Promise.allSettled(
      [first, second].map((each) => sync({ applicationId: each.id, transportId, from: 0, to: 3, wanted: [{ number: 30, touristId: each.tourists[0]! }, { number: 31 + each.id, touristId: null }] })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')!;
    expect(lost.reason).toBeInstanceOf(SeatTaken);
    expect(lost.reason).toMatchObject({ number: 30, index: 0 });
    const booked = await db.query<{ application_id: number }>(`SELECT application_id FROM seat_bookings WHERE transport_id = $1 AND number = 30`, [transportId]);
    expect(booked).toHaveLength(1);
    // The loser's transaction rolled back whole: none of its seats stayed.
    const loser = booked[0]!.application_id === first.id ? second : first;
    expect(await seatsOf(loser.id)).toEqual([]);
  });
});

describe('moving bookings', () => {
  it('moves a booking to a free seat and refuses a taken one', async () => {
    const transportId = await route();
    const mine = await insertBooking(db, { transportId, date, number: 1, from: 0, to: 3 });
    await insertBooking(db, { transportId, date, number: 2, from: 1, to: 2 });
    expect(await refusal(source.transaction((manager) => moveBookingToSeat(manager, { id: mine, transport_id: transportId }, 2)))).toMatchObject({ number: 2 });
    await source.transaction((manager) => moveBookingToSeat(manager, { id: mine, transport_id: transportId }, 3));
    expect(await db.query(`SELECT number FROM seat_bookings WHERE id = $1`, [mine])).toEqual([{ number: 3 }]);
  });

  it('moves bookings to another segment together, or none when one would overlap', async () => {
    const transportId = await route();
    const a = await insertBooking(db, { transportId, date, number: 1, from: 0, to: 1 });
    const b = await insertBooking(db, { transportId, date, number: 2, from: 0, to: 1 });
    await insertBooking(db, { transportId, date, number: 2, from: 2, to: 3 });
    expect(await refusal(source.transaction((manager) => moveBookingsToSegment(manager, [a, b], 1, 3)))).toBeInstanceOf(SeatTaken);
    await source.transaction((manager) => moveBookingsToSegment(manager, [a, b], 1, 2));
    expect(await db.query(`SELECT number, from_position, to_position FROM seat_bookings WHERE id = ANY($1::int[]) ORDER BY number`, [[a, b]])).toEqual([
      { number: 1, from_position: 1, to_position: 2 },
      { number: 2, from_position: 1, to_position: 2 },
    ]);
  });
});

describe('seats the vehicle does not have (issue 25: one check for every writer)', () => {
  let transportId: number;
  beforeAll(async () => {
    const small = await insertTransportation(db, { ...COACH_49, seats: 20 });
    transportId = await insertTransport(db, { transportationId: small, cities, startDate: daysFromToday(-1), finishDate: daysFromToday(60), dates: [date] });
  });
  const numbersOnBus = async () => (await db.query<{ number: number }>(`SELECT number FROM seat_bookings WHERE transport_id = $1 ORDER BY number`, [transportId])).map((row) => row.number);

  it('bookSeat refuses 21, 41 and 999 on a 20-seat bus, books 20', async () => {
    for (const number of [21, 41, 999]) {
      const error = await refusal(source.transaction((manager) => bookSeat(manager, { transportId, departureDate: date, number, from: 0, to: 1 })));
      expect(error).toBeInstanceOf(SeatNotInScheme);
      expect(error).toMatchObject({ number, index: 0 });
    }
    await source.transaction((manager) => bookSeat(manager, { transportId, departureDate: date, number: 20, from: 0, to: 1 }));
    expect(await numbersOnBus()).toEqual([20]);
  });

  it('syncApplicationSeats refuses the whole leg, naming the first seat beyond the scheme by its index', async () => {
    const application = await family();
    const error = await refusal(sync({ applicationId: application.id, transportId, from: 1, to: 2, wanted: [{ number: 3, touristId: null }, { number: 41, touristId: null }, { number: 999, touristId: null }] }));
    expect(error).toBeInstanceOf(SeatNotInScheme);
    expect(error).toMatchObject({ number: 41, index: 1 });
    expect(await seatsOf(application.id)).toEqual([]);
  });

  it('moveBookingToSeat refuses a seat beyond the scheme and leaves the booking where it was', async () => {
    const mine = await insertBooking(db, { transportId, date, number: 5, from: 2, to: 3 });
    const error = await refusal(source.transaction((manager) => moveBookingToSeat(manager, { id: mine, transport_id: transportId }, 999)));
    expect(error).toBeInstanceOf(SeatNotInScheme);
    expect(await db.query(`SELECT number FROM seat_bookings WHERE id = $1`, [mine])).toEqual([{ number: 5 }]);
  });
});
