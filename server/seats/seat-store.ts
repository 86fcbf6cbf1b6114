/**
 * The seat store (ARCHITECTURE.md §7): one table of seat bookings for the whole product — the
 * schedule's manual bookings now, the applications' tourists later. A booking holds a transport, its
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
 */
import type { EntityManager } from 'typeorm';
import { PG, pgErrorOf } from '../common/http/errors.js';

/** The seat is taken on an overlapping segment (exclusion violation). */
export class SeatTaken extends Error {
  constructor() {
    super('The seat is booked on an overlapping segment');
  }
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
 * Books a seat; throws SeatTaken when another booking of the seat overlaps. Runs inside the caller's
 * transaction; a savepoint keeps the caller's transaction usable after a refusal.
 */
export async function bookSeat(manager: EntityManager, booking: NewBooking): Promise<number> {
  await manager.query('SAVEPOINT seat_booking');
  try {
    const [row] = (await manager.query(
      `INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position, application_id, tourist_id, leg, created_by_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [booking.transportId, booking.departureDate, booking.number, booking.from, booking.to, booking.applicationId ?? null, booking.touristId ?? null, booking.leg ?? null, booking.createdById ?? null],
    )) as { id: number }[];
    await manager.query('RELEASE SAVEPOINT seat_booking');
    return row!.id;
  } catch (error) {
    await manager.query('ROLLBACK TO SAVEPOINT seat_booking');
    if (pgErrorOf(error).code === PG.exclusionViolation) throw new SeatTaken();
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
}

const BOOKING_COLUMNS = `id, transport_id, departure_date::text AS departure_date, number, from_position, to_position, application_id, tourist_id`;

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
