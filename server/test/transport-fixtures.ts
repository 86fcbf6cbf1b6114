/**
 * Rows of the transport features written straight into a test database (and the bench's): cities,
 * a vehicle type, a bus transport with its route and departures, seat bookings (the applications
 * they belong to: ./application-fixtures.ts). Tests of the HTTP calls build on these instead of on
 * each other's endpoints.
 */
import { randomBytes } from 'node:crypto';
import { seatSchemeSvg, type SeatSchemeParams } from '../../shared/transport/seat-scheme.js';

export interface Sql {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

const unique = () => randomBytes(4).toString('hex');
/** A number for names people see (the browser walks check that visible text has no Latin words). */
const uniqueNumber = () => randomBytes(4).readUInt32BE(0);

/** Cities (with a country of their own), ids in the order of the names. */
export async function insertCities(db: Sql, names: string[]): Promise<number[]> {
  const [country] = await db.query<{ id: number }>(`INSERT INTO countries (name) VALUES ($1) RETURNING id`, [`Страна ${uniqueNumber()}`]);
  const ids: number[] = [];
  for (const name of names) {
    const [city] = await db.query<{ id: number }>(`INSERT INTO cities (name, country_id, slug) VALUES ($1, $2, $3) RETURNING id`, [name, country!.id, `c-${unique()}`]);
    ids.push(city!.id);
  }
  return ids;
}

export const COACH_49: SeatSchemeParams = { seats: 49, rear_seats: 5, rows: 11, columns_at_door: 2, second_door: false, second_door_rows: null, second_door_length: null };

export async function insertTransportation(db: Sql, params: SeatSchemeParams = COACH_49, name = `Автобус ${uniqueNumber()}`): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO transportations (name, kind, seats, rear_seats, rows, columns_at_door, second_door, second_door_rows, second_door_length, schema_svg)
     VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [name, params.seats, params.rear_seats, params.rows, params.columns_at_door, params.second_door, params.second_door_rows ?? null, params.second_door_length ?? null, seatSchemeSvg(params)],
  );
  return row!.id;
}

export interface NewTransport {
  name?: string;
  transportationId: number;
  /** Route cities in order: start, intermediate stops, finish. */
  cities: number[];
  isExcursion?: boolean;
  duration?: number;
  startDate: string;
  finishDate: string;
  /** Weekly days (1 Monday … 7 Sunday), or specific dates. */
  days?: number[];
  dates?: string[];
}

/** A bus transport with its route (start 08:00, stops on day 1, finish 20:00), departures and zero tariffs. */
export async function insertTransport(db: Sql, transport: NewTransport): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO transports (name, transportation_id, duration, start_date, finish_date, departure_type, is_excursion)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [transport.name ?? `Рейс ${uniqueNumber()}`, transport.transportationId, transport.duration ?? 1, transport.startDate, transport.finishDate, transport.dates ? 2 : 1, transport.isExcursion ?? false],
  );
  const id = row!.id;
  const last = transport.cities.length - 1;
  for (const [position, city] of transport.cities.entries()) {
    const kind = position === 0 ? 'start' : position === last ? 'finish' : 'intermediate';
    await db.query(
      `INSERT INTO transport_route_points (transport_id, position, kind, point_city_id, info, start_time, finish_time, arrival_day, departure_day)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        position,
        kind,
        city,
        kind === 'intermediate' ? 'Остановка у вокзала' : null,
        kind === 'finish' ? null : `${String(8 + position).padStart(2, '0')}:00`,
        kind === 'start' ? null : kind === 'finish' ? '20:00' : `${String(7 + position).padStart(2, '0')}:45`,
        kind === 'intermediate' ? 1 : null,
        kind === 'intermediate' ? 1 : null,
      ],
    );
  }
  for (const number of transport.days ?? []) await db.query(`INSERT INTO transport_days (transport_id, number) VALUES ($1, $2)`, [id, number]);
  for (const date of transport.dates ?? []) await db.query(`INSERT INTO transport_dates (transport_id, start_date) VALUES ($1, $2)`, [id, date]);
  for (let from = 0; from < last; from++) {
    for (let to = from + 1; to <= last; to++) await db.query(`INSERT INTO transport_tariffs (transport_id, from_position, to_position, tariff) VALUES ($1, $2, $3, 0)`, [id, from, to]);
  }
  return id;
}

/** A tourist's seat as the applications feature will write it. */
export async function insertBooking(
  db: Sql,
  booking: { transportId: number; date: string; number: number; from: number; to: number; applicationId?: number; touristId?: number; leg?: 'forth' | 'back' },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position, application_id, tourist_id, leg)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [booking.transportId, booking.date, booking.number, booking.from, booking.to, booking.applicationId ?? null, booking.touristId ?? null, booking.leg ?? (booking.applicationId ? 'forth' : null)],
  );
  return row!.id;
}

/** A calendar date `days` from today, YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
