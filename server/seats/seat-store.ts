/**
 * The seat store (ARCHITECTURE.md §7): one table of seat bookings for the whole product — the
 * schedule's manual bookings and the applications' seats (syncApplicationSeats, the seat and route
 * changes' moves). A booking holds a transport, its
 * departure date, a seat number and the half-open range [from, to) of route-point positions it rides
 * (start 0, intermediate stops 1..k, finish k+1).
 *
 * PostgreSQL decides who gets a seat: the exclusion constraint `ex_seat_bookings_overlap` refuses a
 * second booking of one seat on one transport and date whose range overlaps, whoever tries at the same
 * moment, so nothing here checks-then-inserts. A booking [0, 1) leaves the seat free for [1, 2).
 *
 * Writers take the transport row FOR SHARE inside their transaction, so a route edit (which takes it
 * FOR NO KEY UPDATE through the version check) cannot move positions under a booking being made. A
 * vehicle-type edit takes every transport using the type the same way (`holdTransportsOfType`), so
 * the layout it checks the bookings against cannot lose a seat that is being booked meanwhile.
 *
 * Every writer of a seat number (bookSeat, moveBookingToSeat, syncApplicationSeats) first checks it
 * against the transport's vehicle (`assertSeatsInScheme`): a seat the scheme does not have is
 * SeatNotInScheme, which each caller answers as a 422 on its own path.
 */
import type { EntityManager } from 'typeorm';
import { SEAT_SCHEME_FIELDS, seatNumbers, type SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { PG, pgErrorOf } from '../common/http/errors.js';

/** The seat is taken on an overlapping segment (exclusion violation); `index` is its place in a list the caller sent. */
export class SeatTaken extends Error {
  constructor(
    readonly number?: number,
    readonly index?: number,
  ) {
    super(number === undefined ? 'The seat is booked on an overlapping segment' : `Seat ${number} is booked on an overlapping segment`);
  }
}

/** A list of wanted seats names one seat twice (`index` is the second mention). */
export class SeatRepeated extends Error {
  constructor(
    readonly number: number,
    readonly index: number,
  ) {
    super(`Seat ${number} is wanted twice`);
  }
}

/** A seat number the transport's vehicle does not have (its scheme numbers 1..seats); `index` is its place in a list the caller sent. */
export class SeatNotInScheme extends Error {
  constructor(
    readonly number: number,
    readonly index = 0,
  ) {
    super(`Seat ${number} is not in the vehicle's scheme`);
  }
}

/**
 * The one check of seat numbers against the vehicle: each must be a seat of the transport's vehicle
 * type (`seatNumbers` of its layout), else SeatNotInScheme naming the first that is not. The layout is
 * read in the caller's transaction after it holds the transport (holdTransport), which a layout edit
 * of the type waits for and takes before it (holdTransportsOfType): the layout read is the one the
 * seat is written under.
 */
async function assertSeatsInScheme(manager: EntityManager, transportId: number, numbers: readonly number[]): Promise<void> {
  if (numbers.length === 0) return;
  const [layout] = (await manager.query(
    `SELECT ${SEAT_SCHEME_FIELDS.map((field) => `v.${field}`).join(', ')} FROM transports t JOIN transportations v ON v.id = t.transportation_id WHERE t.id = $1`,
    [transportId],
  )) as SeatSchemeParams[];
  const seats = new Set(layout ? seatNumbers(layout) : []);
  const index = numbers.findIndex((number) => !seats.has(number));
  if (index >= 0) throw new SeatNotInScheme(numbers[index]!, index);
}

export interface NewBooking {
  transportId: number;
  /** The trip's departure date (YYYY-MM-DD), not the day the segment is ridden. */
  departureDate: string;
  number: number;
  from: number;
  to: number;
  /** An application's tourist; both absent for a manual booking. */
  applicationId?: number | null;
  touristId?: number | null;
  /** The application's leg this booking is: its transport forth or back (the EGAIS lists); required with a tourist. */
  leg?: 'forth' | 'back' | null;
  createdById?: number | null;
}

/** Locks the transport against route edits for the rest of the transaction; false when it does not exist. */
export async function holdTransport(manager: EntityManager, transportId: number): Promise<boolean> {
  const rows = (await manager.query(`SELECT id FROM transports WHERE id = $1 FOR SHARE`, [transportId])) as unknown[];
  return rows.length > 0;
}

/**
 * Locks every transport using a vehicle type against bookings (FOR NO KEY UPDATE, which a booking's
 * FOR SHARE waits for) for the rest of the transaction: a layout edit then sees every booking it
 * could drop. Call it holding the vehicle type's row (its version check): a transport moving onto
 * the type locks that row FOR SHARE first (transports.service.ts), so none joins the type unseen.
 */
export async function holdTransportsOfType(manager: EntityManager, transportationId: number): Promise<void> {
  await manager.query(`SELECT id FROM transports WHERE transportation_id = $1 ORDER BY id FOR NO KEY UPDATE`, [transportationId]);
}

/**
 * Books a seat; throws SeatNotInScheme for a seat the vehicle does not have, SeatTaken when another
 * booking of the seat overlaps. Runs inside the caller's transaction holding the transport; a
 * savepoint keeps the caller's transaction usable after a refusal.
 */
export async function bookSeat(manager: EntityManager, booking: NewBooking): Promise<number> {
  await assertSeatsInScheme(manager, booking.transportId, [booking.number]);
  try {
    const [row] = (await underSavepoint(manager, () =>
      manager.query(
        `INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position, application_id, tourist_id, leg, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [booking.transportId, booking.departureDate, booking.number, booking.from, booking.to, booking.applicationId ?? null, booking.touristId ?? null, booking.leg ?? null, booking.createdById ?? null],
      ),
    )) as { id: number }[];
    return row!.id;
  } catch (error) {
    if (isOverlap(error)) throw new SeatTaken(booking.number);
    throw error;
  }
}

export interface StoredBooking {
  id: number;
  transport_id: number;
  departure_date: string;
  number: number;
  from_position: number;
  to_position: number;
  application_id: number | null;
  tourist_id: number | null;
  leg: 'forth' | 'back' | null;
}

const BOOKING_COLUMNS = `id, transport_id, departure_date::text AS departure_date, number, from_position, to_position, application_id, tourist_id, leg`;

/** One booking of a transport, locked for the rest of the transaction; null when there is none. */
export async function lockBooking(manager: EntityManager, transportId: number, bookingId: number): Promise<StoredBooking | null> {
  const [row] = (await manager.query(`SELECT ${BOOKING_COLUMNS} FROM seat_bookings WHERE id = $1 AND transport_id = $2 FOR UPDATE`, [bookingId, transportId])) as StoredBooking[];
  return row ?? null;
}

export async function removeBooking(manager: EntityManager, bookingId: number): Promise<void> {
  await manager.query(`DELETE FROM seat_bookings WHERE id = $1`, [bookingId]);
}

/** Every booking of a transport (all dates), for checks of edits that would move positions or dates. */
export async function bookingsOfTransport(manager: EntityManager, transportId: number): Promise<StoredBooking[]> {
  return (await manager.query(`SELECT ${BOOKING_COLUMNS} FROM seat_bookings WHERE transport_id = $1 ORDER BY departure_date, number`, [transportId])) as StoredBooking[];
}

/** Every booking on the transports using a vehicle type, each with its transport's name (a layout edit's check). */
export async function bookingsOfTransportation(manager: EntityManager, transportationId: number): Promise<(StoredBooking & { transport_name: string })[]> {
  return (await manager.query(
    `SELECT ${BOOKING_COLUMNS.split(', ').map((column) => `b.${column}`).join(', ')}, t.name AS transport_name
       FROM seat_bookings b JOIN transports t ON t.id = b.transport_id
      WHERE t.transportation_id = $1 ORDER BY b.number DESC, b.departure_date, t.name`,
    [transportationId],
  )) as (StoredBooking & { transport_name: string })[];
}

type DescribedBooking = Pick<StoredBooking, 'number' | 'departure_date'> & { transport_name?: string };

/** A booking as people name it in a refusal: "место 5, 12.06.2026" (with «transport» first when given). */
export function describeBooking(booking: DescribedBooking): string {
  const [year, month, day] = booking.departure_date.split('-');
  return `${booking.transport_name ? `«${booking.transport_name}», ` : ''}место ${booking.number}, ${day}.${month}.${year}`;
}

/** Several bookings for a message: the first few, then how many more. */
export function describeBookings(bookings: readonly DescribedBooking[], shown = 5): string {
  const named = bookings.slice(0, shown).map(describeBooking).join('; ');
  return bookings.length > shown ? `${named} и ещё ${bookings.length - shown}` : named;
}

/** Runs one write under a savepoint, so an exclusion refusal leaves the caller's transaction usable. */
async function underSavepoint<T>(manager: EntityManager, write: () => Promise<T>): Promise<T> {
  await manager.query('SAVEPOINT seat_booking');
  try {
    const result = await write();
    await manager.query('RELEASE SAVEPOINT seat_booking');
    return result;
  } catch (error) {
    await manager.query('ROLLBACK TO SAVEPOINT seat_booking');
    throw error;
  }
}

/**
 * Refused for an overlapping booking. Two bookings of one seat inserted at the same moment each wait for
 * the other's exclusion check, and PostgreSQL breaks that cycle with a deadlock error for one of them
 * (execIndexing.c accepts it as the price of exclusion constraints): it lost the seat to the other.
 */
const isOverlap = (error: unknown) => [PG.exclusionViolation, PG.deadlockDetected].includes(pgErrorOf(error).code as never);

/**
 * Moves a booking to another seat number (the application's 'Смена места'): SeatNotInScheme for a
 * seat the vehicle does not have; PostgreSQL refuses it with SeatTaken when the new seat overlaps
 * another booking. Call it holding the transport and the booking (lockBooking).
 */
export async function moveBookingToSeat(manager: EntityManager, booking: Pick<StoredBooking, 'id' | 'transport_id'>, number: number): Promise<void> {
  await assertSeatsInScheme(manager, booking.transport_id, [number]);
  try {
    await underSavepoint(manager, () => manager.query(`UPDATE seat_bookings SET number = $2 WHERE id = $1`, [booking.id, number]));
  } catch (error) {
    if (isOverlap(error)) throw new SeatTaken(number);
    throw error;
  }
}

/**
 * Moves bookings to another segment of their transport (an application's route change) in one
 * statement; SeatTaken when any of them overlaps a booking of its seat there. Call it holding the
 * transport (holdTransport) and the bookings (lockApplicationBookings).
 */
export async function moveBookingsToSegment(manager: EntityManager, bookingIds: readonly number[], from: number, to: number): Promise<void> {
  if (bookingIds.length === 0) return;
  try {
    await underSavepoint(manager, () => manager.query(`UPDATE seat_bookings SET from_position = $2, to_position = $3 WHERE id = ANY($1::int[])`, [bookingIds, from, to]));
  } catch (error) {
    if (isOverlap(error)) throw new SeatTaken();
    throw error;
  }
}

/** An application's bookings (of one leg, or on one transport), locked for the rest of the transaction, by seat. */
export async function lockApplicationBookings(manager: EntityManager, applicationId: number, where: { leg?: 'forth' | 'back'; transportId?: number }): Promise<StoredBooking[]> {
  const params: unknown[] = [applicationId];
  const conditions = ['application_id = $1'];
  if (where.leg) conditions.push(`leg = $${params.push(where.leg)}`);
  if (where.transportId) conditions.push(`transport_id = $${params.push(where.transportId)}`);
  return (await manager.query(`SELECT ${BOOKING_COLUMNS} FROM seat_bookings WHERE ${conditions.join(' AND ')} ORDER BY number, id FOR UPDATE`, params)) as StoredBooking[];
}

/**
 * Releases every seat of an application (its cancellation or deletion), inside the caller's
 * transaction holding the application's row; answers how many bookings were released.
 */
export async function releaseApplicationSeats(manager: EntityManager, applicationId: number): Promise<number> {
  const [row] = (await manager.query(`WITH released AS (DELETE FROM seat_bookings WHERE application_id = $1 RETURNING id) SELECT count(*)::int AS count FROM released`, [
    applicationId,
  ])) as { count: number }[];
  return row?.count ?? 0;
}

export interface WantedSeat {
  number: number;
  /** The tourist riding it, once entered; null until then. */
  touristId: number | null;
}

export interface ApplicationLegSeats {
  applicationId: number;
  leg: 'forth' | 'back';
  transportId: number;
  /** The trip's departure date (YYYY-MM-DD). */
  departureDate: string;
  from: number;
  to: number;
  wanted: readonly WantedSeat[];
  createdById?: number | null;
}

/**
 * Makes an application's bookings of one leg the wanted seats, inside the application's save
 * transaction: a booking of a wanted seat on the same transport, date and segment is kept (its
 * tourist re-tied), the others removed, the missing ones booked. The statements are the same few
 * however many seats (lock, delete, re-tie, one insert), so a save's cost does not grow with them.
 *
 * SeatRepeated when a seat is wanted twice; SeatNotInScheme (with its index in `wanted`) for a seat
 * the vehicle does not have; SeatTaken (with the seat's index) when a
 * seat is booked by someone else on an overlapping segment — PostgreSQL decides, so two saves
 * wanting one seat at once get one booking and one SeatTaken. Answers the bookings' ids in the
 * order of `wanted`.
 */
export async function syncApplicationSeats(manager: EntityManager, seats: ApplicationLegSeats): Promise<number[]> {
  const seen = new Set<number>();
  seats.wanted.forEach((seat, index) => {
    if (seen.has(seat.number)) throw new SeatRepeated(seat.number, index);
    seen.add(seat.number);
  });
  if (seats.wanted.length > 0 && !(await holdTransport(manager, seats.transportId))) throw new Error(`Transport ${seats.transportId} does not exist`);
  await assertSeatsInScheme(manager, seats.transportId, seats.wanted.map((seat) => seat.number));
  const existing = await lockApplicationBookings(manager, seats.applicationId, { leg: seats.leg });
  const sameRide = (booking: StoredBooking) =>
    booking.transport_id === seats.transportId && booking.departure_date === seats.departureDate && booking.from_position === seats.from && booking.to_position === seats.to;
  const kept = new Map(existing.filter((booking) => sameRide(booking) && seen.has(booking.number)).map((booking) => [booking.number, booking]));
  const dropped = existing.filter((booking) => kept.get(booking.number) !== booking).map((booking) => booking.id);
  if (dropped.length > 0) await manager.query(`DELETE FROM seat_bookings WHERE id = ANY($1::int[])`, [dropped]);

  const retie = seats.wanted.filter((seat) => kept.has(seat.number) && kept.get(seat.number)!.tourist_id !== seat.touristId);
  if (retie.length > 0) {
    await manager.query(`UPDATE seat_bookings b SET tourist_id = w.tourist_id FROM unnest($1::int[], $2::int[]) AS w(id, tourist_id) WHERE b.id = w.id`, [
      retie.map((seat) => kept.get(seat.number)!.id),
      retie.map((seat) => seat.touristId),
    ]);
  }

  const fresh = seats.wanted.map((seat, index) => ({ seat, index })).filter(({ seat }) => !kept.has(seat.number));
  const ids = new Map<number, number>([...kept].map(([number, booking]) => [number, booking.id]));
  if (fresh.length > 0) {
    const common = { transportId: seats.transportId, departureDate: seats.departureDate, from: seats.from, to: seats.to, applicationId: seats.applicationId, leg: seats.leg, createdById: seats.createdById ?? null };
    try {
      const rows = (await underSavepoint(manager, () =>
        manager.query(
          `INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position, application_id, tourist_id, leg, created_by_id)
           SELECT $1, $2, w.number, $3, $4, $5, w.tourist_id, $6, $7 FROM unnest($8::int[], $9::int[]) AS w(number, tourist_id) RETURNING id, number`,
          [common.transportId, common.departureDate, common.from, common.to, common.applicationId, common.leg, common.createdById, fresh.map(({ seat }) => seat.number), fresh.map(({ seat }) => seat.touristId)],
        ),
      )) as { id: number; number: number }[];
      for (const row of rows) ids.set(row.number, row.id);
    } catch (error) {
      if (!isOverlap(error)) throw error;
      // Which seat is taken: book them one by one (the rare path) and name the first refused.
      for (const { seat, index } of fresh) {
        try {
          ids.set(seat.number, await bookSeat(manager, { ...common, number: seat.number, touristId: seat.touristId }));
        } catch (refusal) {
          if (refusal instanceof SeatTaken) throw new SeatTaken(seat.number, index);
          throw refusal;
        }
      }
    }
  }
  return seats.wanted.map((seat) => ids.get(seat.number)!);
}
