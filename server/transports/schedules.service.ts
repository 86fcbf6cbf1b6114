/**
 * The schedule of a bus transport (spec 02 "Schedule screen", §7 "Schedules"): the seats of a date,
 * manual bookings through the seat store, the departure data of a date and its notification, and the
 * seat dashboard (spec 01 §2.15).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import {
  dashboardQuerySchema,
  dateDataSchema,
  scheduleDateSchema,
  seatBookingSchema,
  type DateDataRow,
  type ScheduleOfDate,
  type SeatBookingRow,
} from '../../shared/transport/schedules.js';
import { positionSegment, segmentOf } from '../../shared/transport/rules.js';
import { todayIso } from '../../shared/transport/constants.js';
import type { Actor } from '../common/auth/decorators.js';
import { notFound, parseInput, pgErrorOf, PG, ValidationFailed } from '../common/http/errors.js';
import { JobQueue } from '../jobs/job-queue.js';
import { bookSeat, holdTransport, lockBooking, removeBooking, SeatNotInScheme, SeatTaken } from '../seats/seat-store.js';
import { NOTIFY_DATE } from './notifications.js';
import { departsOn, loadTransport, pointMoment, routeOf, schedulePayload, tripMoment, type LoadedTransport } from './transport-read.js';

const T = MESSAGES.transport;

/**
 * The seat dashboard's statement (also timed by server/bench/scenarios/transport.ts): the year's counters
 * as one series per transport and boarding point — the days (offsets from 1 January) and the seats
 * booked from there — shaped into the reply (SeatDashboard) by PostgreSQL as JSON text. The counters'
 * key (transport, boarding point, date) with the count in the index (migrations/1765100000010) makes
 * the year one index-only scan already in group and date order: no sort, and int arrays instead of a
 * JSON value per cell. The cities and the type filter join the ~100 series afterwards.
 */
export const DASHBOARD_SQL = `
  WITH series AS (
    SELECT c.transport_id, c.from_position,
           array_agg(c.departure_date - make_date($1, 1, 1) ORDER BY c.departure_date) AS days,
           array_agg(c.count ORDER BY c.departure_date) AS counts
      FROM seat_booking_counts c
     WHERE c.departure_date >= make_date($1, 1, 1) AND c.departure_date < make_date($1 + 1, 1, 1) AND c.count > 0
     GROUP BY c.transport_id, c.from_position
  ),
  placed AS (
    SELECT s.transport_id, s.from_position, p.point_city_id AS city_id, s.days, s.counts
      FROM series s
      JOIN transports t ON t.id = s.transport_id
      JOIN transport_route_points p ON p.transport_id = s.transport_id AND p.position = s.from_position
     WHERE $2::boolean IS NULL OR t.is_excursion = $2
  )
  SELECT json_build_object(
    'year', $1::int,
    'cities', (SELECT coalesce(json_object_agg(id, name), '{}') FROM cities WHERE id IN (SELECT city_id FROM placed)),
    'transports', (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'series', row.series) ORDER BY t.name, t.id), '[]')
                     FROM (SELECT transport_id, json_agg(json_build_array(city_id, days, counts) ORDER BY from_position) AS series FROM placed GROUP BY transport_id) row
                     JOIN transports t ON t.id = row.transport_id)
  )::text AS data`;

/** A booking refusal: under its own field and under `to_city_id`, whose first message the schedule shows (spec 02 §8). */
const bookingRefused = (field: string, message: string) => new ValidationFailed(field === 'to_city_id' ? { to_city_id: [message] } : { [field]: [message], to_city_id: [message] });

@Injectable()
export class SchedulesService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  private async transport(manager: EntityManager, id: number): Promise<LoadedTransport> {
    const transport = await loadTransport(manager, id);
    if (!transport) throw notFound();
    return transport;
  }

  /** GET /transports/{id}/schedules: the route, departure days and dates, and the seat scheme. */
  async payload(id: number) {
    const transport = await this.transport(this.db.manager, id);
    return { data: schedulePayload(transport, transport.row.start_date) };
  }

  /** POST /transports/{id}/schedules {date}: the seats, applications and departure data of the date. */
  async ofDate(id: number, body: unknown): Promise<{ data: ScheduleOfDate }> {
    const { date } = parseInput(scheduleDateSchema, body);
    const transport = await this.transport(this.db.manager, id);
    const [seats, applications, dates] = await Promise.all([this.seats(transport, date), this.applications(id, date), this.dateData(id, date)]);
    return { data: { seats, applications, dates } };
  }

  /**
   * POST /transports/{id}/seats: a manual booking. Excursion transports book the whole route whatever
   * cities are sent; others book from the first point in `from_city_id` to the first later point in
   * `to_city_id`. The seat store refuses an overlapping booking of the seat; a departure before today
   * cannot be booked.
   */
  async book(id: number, body: unknown, actor: Actor): Promise<{ message: string; data: SeatBookingRow }> {
    const input = parseInput(seatBookingSchema, body);
    return this.db.transaction(async (manager) => {
      if (!(await holdTransport(manager, id))) throw notFound();
      const transport = await this.transport(manager, id);
      // Past as the transport editor decides it for a new date: before today's calendar date here.
      if (input.start_date < todayIso()) throw bookingRefused('start_date', T.bookingPast);
      if (!departsOn(transport, input.start_date)) throw bookingRefused('start_date', T.noDeparture);
      const route = routeOf(transport);
      let segment: { from: number; to: number } | null;
      if (transport.row.is_excursion) segment = { from: 0, to: route.length - 1 };
      else if (input.from_position !== null || input.to_position !== null) {
        // By positions: a route visiting one city twice (B's bus station, then B's embankment).
        segment = positionSegment(route, input);
        if (!segment) throw bookingRefused('to_position', T.noSegment);
      } else {
        if (input.from_city_id === null) throw bookingRefused('from_city_id', MESSAGES.validation.required);
        if (input.to_city_id === null) throw bookingRefused('to_city_id', MESSAGES.validation.required);
        segment = segmentOf(route, input.from_city_id, input.to_city_id);
        if (!segment) throw bookingRefused('to_city_id', T.noSegment);
      }
      let bookingId: number;
      try {
        bookingId = await bookSeat(manager, { transportId: id, departureDate: input.start_date, number: input.number, from: segment.from, to: segment.to, createdById: actor.user.id });
      } catch (error) {
        if (error instanceof SeatNotInScheme) throw bookingRefused('number', T.noSuchSeat);
        if (error instanceof SeatTaken) throw bookingRefused('number', T.seatTaken);
        throw error;
      }
      const [row] = await this.seats(transport, input.start_date, bookingId, manager);
      return { message: T.booked, data: row! };
    });
  }

  /** DELETE /transports/{id}/seats/{seatId}: only a manual booking can be cancelled (spec 02 §4). */
  async cancel(id: number, bookingId: number): Promise<{ message: string }> {
    await this.db.transaction(async (manager) => {
      const booking = await lockBooking(manager, id, bookingId);
      if (!booking) throw notFound();
      // An application's seat (a tourist's, or one waiting for its tourist) goes with the application.
      if (booking.application_id !== null) throw new ValidationFailed({ number: [T.onlyManual] });
      await removeBooking(manager, bookingId);
    });
    return { message: T.unbooked };
  }

  /** Bookings of a date (or one booking), with their tourist, cities and times. */
  private async seats(transport: LoadedTransport, date: string, bookingId?: number, manager: EntityManager = this.db.manager): Promise<SeatBookingRow[]> {
    const rows = (await manager.query(
      `SELECT b.id, b.number, b.from_position, b.to_position, b.application_id, b.tourist_id, t.last_name, t.first_name, t.patronymic
         FROM seat_bookings b LEFT JOIN tourists t ON t.id = b.tourist_id
        WHERE b.transport_id = $1 AND b.departure_date = $2 ${bookingId ? 'AND b.id = $3' : ''}
        ORDER BY b.number, b.from_position`,
      bookingId ? [transport.row.id, date, bookingId] : [transport.row.id, date],
    )) as {
      id: number;
      number: number;
      from_position: number;
      to_position: number;
      application_id: number | null;
      tourist_id: number | null;
      last_name: string | null;
      first_name: string | null;
      patronymic: string | null;
    }[];
    const city = (position: number) => {
      const point = transport.points.find((candidate) => candidate.position === position);
      return { id: point?.point_city_id ?? 0, name: point?.city_name ?? '' };
    };
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      tourist: row.tourist_id === null ? null : { id: row.tourist_id, last_name: row.last_name ?? '', first_name: row.first_name ?? '', patronymic: row.patronymic },
      application_id: row.application_id,
      from_city: city(row.from_position),
      to_city: city(row.to_position),
      from_position: row.from_position,
      to_position: row.to_position,
      start_at: tripMoment(date, pointMoment(transport, row.from_position, 'leave')),
      finish_at: tripMoment(date, pointMoment(transport, row.to_position, 'reach')),
    }));
  }

  /** Applications with seats on the date, each with its seat numbers (spec 02 §3 "Applications in schedule"). */
  private async applications(id: number, date: string): Promise<ScheduleOfDate['applications']> {
    return (await this.db.query(
      `SELECT a.id, a.number, array_agg(DISTINCT b.number ORDER BY b.number) AS seats_numbers
         FROM seat_bookings b JOIN applications a ON a.id = b.application_id
        WHERE b.transport_id = $1 AND b.departure_date = $2
        GROUP BY a.id, a.number ORDER BY a.number`,
      [id, date],
    )) as ScheduleOfDate['applications'];
  }

  // -------------------------------------------------------------------------------------------
  // Departure data of a date (spec 02 §3 "Date data", §5)

  /** GET /transports/{id}/date-data (optionally ?date=): the departures table. */
  async dateDataList(id: number, date: unknown) {
    await this.transport(this.db.manager, id);
    const day = typeof date === 'string' && date ? parseInput(scheduleDateSchema, { date }).date : undefined;
    return { data: await this.dateData(id, day) };
  }

  private async dateData(transportId: number, date?: string, id?: number, manager: EntityManager = this.db.manager): Promise<DateDataRow[]> {
    const conditions = ['d.transport_id = $1'];
    const params: unknown[] = [transportId];
    if (date) conditions.push(`d.date = $${params.push(date)}`);
    if (id) conditions.push(`d.id = $${params.push(id)}`);
    return (await manager.query(
      `SELECT d.id, d.transport_id, d.date::text AS date, d.name, d.number, d.glonas_url, d.departure_place, to_char(d.departure_time, 'HH24:MI') AS departure_time,
              coalesce(array_agg(a.id ORDER BY a.number) FILTER (WHERE a.id IS NOT NULL), '{}') AS applications_ids,
              coalesce(array_agg(a.number ORDER BY a.number) FILTER (WHERE a.id IS NOT NULL), '{}') AS applications_numbers
         FROM transport_date_data d
         LEFT JOIN transport_date_data_applications l ON l.date_data_id = d.id
         LEFT JOIN applications a ON a.id = l.application_id
        WHERE ${conditions.join(' AND ')}
        GROUP BY d.id ORDER BY d.date, d.id`,
      params,
    )) as DateDataRow[];
  }

  /** POST /transports/{id}/date-data and POST /transports/{id}/date (update with `dateId`: PATCH /transports/{id}/date/{dateId}). */
  async saveDateData(transportId: number, body: unknown, dateId?: number): Promise<{ message: string; data: DateDataRow }> {
    const input = parseInput(dateDataSchema, body);
    try {
      return await this.db.transaction(async (manager) => {
        const transport = await loadTransport(manager, transportId);
        if (!transport) throw notFound();
        if (!departsOn(transport, input.date)) throw new ValidationFailed({ date: [T.noDeparture] });
        const applications = [...new Set(input.applications_ids)];
        await this.assertSeated(manager, transportId, input.date, applications);
        const values = [input.date, input.name, input.number, input.glonas_url, input.departure_place, input.departure_time];
        let id = dateId;
        if (id === undefined) {
          const [row] = (await manager.query(
            `INSERT INTO transport_date_data (transport_id, date, name, number, glonas_url, departure_place, departure_time) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [transportId, ...values],
          )) as { id: number }[];
          id = row!.id;
        } else {
          const [, updated] = (await manager.query(
            `UPDATE transport_date_data SET date = $3, name = $4, number = $5, glonas_url = $6, departure_place = $7, departure_time = $8, updated_at = now()
              WHERE id = $1 AND transport_id = $2`,
            [id, transportId, ...values],
          )) as [unknown, number];
          if (!updated) throw notFound();
          await manager.query(`DELETE FROM transport_date_data_applications WHERE date_data_id = $1`, [id]);
        }
        if (applications.length > 0) {
          await manager.query(`INSERT INTO transport_date_data_applications (date_data_id, application_id) SELECT $1, unnest($2::int[])`, [id, applications]);
        }
        const [row] = await this.dateData(transportId, undefined, id, manager);
        return { message: T.dateDataSaved, data: row! };
      });
    } catch (error) {
      if (pgErrorOf(error).code === PG.foreignKeyViolation && pgErrorOf(error).constraint === 'fk__applications_ids') {
        throw new ValidationFailed({ applications_ids: [MESSAGES.validation.oneOf] });
      }
      throw error;
    }
  }

  /**
   * A departure row names only applications riding that transport on that date (their letters say
   * so): each must have a seat booking there, else 422 on `applications_ids` naming the others. The
   * bookings found are held (FOR KEY SHARE) until the save commits, so none is removed meanwhile.
   * An id of no application stays the foreign key's refusal (oneOf).
   */
  private async assertSeated(manager: EntityManager, transportId: number, date: string, applications: number[]): Promise<void> {
    if (applications.length === 0) return;
    const seated = new Set(
      ((await manager.query(`SELECT application_id FROM seat_bookings WHERE transport_id = $1 AND departure_date = $2 AND application_id = ANY($3::int[]) FOR KEY SHARE`, [
        transportId,
        date,
        applications,
      ])) as { application_id: number }[]).map((row) => row.application_id),
    );
    const others = applications.filter((id) => !seated.has(id));
    if (others.length === 0) return;
    const numbers = ((await manager.query(`SELECT number FROM applications WHERE id = ANY($1::int[]) ORDER BY number`, [others])) as { number: string }[]).map((row) => row.number);
    if (numbers.length < others.length) throw new ValidationFailed({ applications_ids: [MESSAGES.validation.oneOf] });
    throw new ValidationFailed({ applications_ids: [T.applicationsNotSeated(numbers.join(', '))] });
  }

  /** DELETE /transports/{id}/date/{dateId}. */
  async removeDateData(transportId: number, dateId: number): Promise<{ message: string }> {
    const [, deleted] = (await this.db.query(`DELETE FROM transport_date_data WHERE id = $1 AND transport_id = $2`, [dateId, transportId])) as [unknown, number];
    if (!deleted) throw notFound();
    return { message: MESSAGES.success.deleted };
  }

  /**
   * GET /transports/{id}/date/{dateId}/notify: queues the letters to the contacts of the date's
   * applications and answers at once (the job queue sends them, server/transports/notifications.ts).
   * While a job of this row waits, another click queues nothing (NOTIFY_DATE's policy) and gets the
   * same answer: the letters it asks for are on their way.
   */
  async notify(transportId: number, dateId: number): Promise<{ message: string }> {
    const [row] = (await this.db.query(`SELECT id FROM transport_date_data WHERE id = $1 AND transport_id = $2`, [dateId, transportId])) as unknown[];
    if (!row) throw notFound();
    await this.jobs.send(NOTIFY_DATE, { transportId, dateId }, { singletonKey: String(dateId) });
    return { message: T.notifyQueued };
  }

  // -------------------------------------------------------------------------------------------
  // The seat dashboard (spec 01 §2.15)

  /**
   * GET /transports/schedules/seats?year=&type=: booked seats per transport and departure date of the
   * year, with the boarding cities. PostgreSQL keeps the counts as bookings come and go
   * (`seat_booking_counts`, maintained by triggers on the seat store) and shapes the reply, so a year
   * is read as counters and never travels through Node as rows: the reply is `{"data": <its JSON>}`.
   */
  async dashboardJson(query: unknown): Promise<string> {
    const { year, type } = parseInput(dashboardQuerySchema, query);
    const [row] = (await this.db.query(DASHBOARD_SQL, [year, type === null ? null : type === 1])) as { data: string }[];
    return `{"data":${row!.data}}`;
  }
}
