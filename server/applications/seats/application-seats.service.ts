/**
 * An application's seats outside its save (issue 18 "Seats"; spec 03 §4 "Seats on a transport", §7):
 * the seat change, the seats of a transport, and the route change of a transport item. Each is one
 * transaction that writes through the seat store (server/seats/seat-store.ts) and raises the
 * application's version, so a colleague's open copy of the application is stale afterwards.
 *
 * Locks are taken in the order the application's save takes them — the application, the transport
 * (FOR SHARE), its bookings — so a change and a save of one application queue instead of deadlocking.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ApplicationStatus, canEditPrice } from '../../../shared/applications/constants.js';
import { applicationSeatsQuerySchema, routeChangeSchema, seatChangeSchema, takenSeatsQuerySchema } from '../../../shared/applications/seats.js';
import type { ApplicationSeat, ApplicationTransportItem } from '../../../shared/applications/types.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import type { Actor } from '../../common/auth/decorators.js';
import { notFound, parseInput, ValidationFailed } from '../../common/http/errors.js';
import { actAs } from '../../common/version.js';
import { holdTransport, lockApplicationBookings, lockBooking, moveBookingsToSegment, moveBookingToSeat, SeatNotInScheme, SeatTaken } from '../../seats/seat-store.js';
import { loadTransport, rideDates, type LoadedTransport } from '../../transports/transport-read.js';

const A = MESSAGES.applications;

/**
 * Re-prices an application inside the caller's transaction and stores its totals, raising its version
 * and keeping its start date as a save does (the save's pricing, docs/applications.md "Pricing in the save"). The applications module provides it under this token;
 * the route change calls it while the application's prices may change (`can_edit_price`).
 */
export const APPLICATION_REPRICER = Symbol('ApplicationRepricer');
export type ApplicationRepricer = (manager: EntityManager, applicationId: number) => Promise<void>;

interface LockedApplication {
  id: number;
  status: number;
  has_payments: boolean;
}

const SEAT_COLUMNS = `b.id, b.number, b.transport_id, b.leg, b.tourist_id,
  CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.last_name, t.first_name, t.patronymic) END AS tourist_name`;

@Injectable()
export class ApplicationSeatsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Optional() @Inject(APPLICATION_REPRICER) private readonly reprice?: ApplicationRepricer,
  ) {}

  /** The application's row locked against other writers for the rest of the transaction (its save, another change). */
  private async lockApplication(manager: EntityManager, id: number): Promise<LockedApplication | null> {
    const [row] = (await manager.query(
      `SELECT a.id, a.status, EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.id) AS has_payments FROM applications a WHERE a.id = $1 FOR NO KEY UPDATE OF a`,
      [id],
    )) as LockedApplication[];
    return row ?? null;
  }

  /**
   * Raises the version (seat and route changes are edits of the application) and keeps `start_date`,
   * the earliest start of its items, as a save stores it.
   */
  private async touchApplication(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `UPDATE applications SET version = version + 1,
              start_date = (SELECT min(start_at) FROM (
                SELECT start_at FROM application_accommodations WHERE application_id = $1
                UNION ALL SELECT start_at FROM application_transports WHERE application_id = $1
                UNION ALL SELECT start_at FROM application_transfers WHERE application_id = $1) AS starts)
        WHERE id = $1`,
      [id],
    );
  }

  private async seats(manager: EntityManager, where: string, params: unknown[]): Promise<ApplicationSeat[]> {
    return (await manager.query(`SELECT ${SEAT_COLUMNS} FROM seat_bookings b LEFT JOIN tourists t ON t.id = b.tourist_id WHERE ${where} ORDER BY b.leg DESC, b.number`, params)) as ApplicationSeat[];
  }

  /**
   * POST /transports/{id}/seats/change {number, transport_seat_id}: the application's booking moves
   * to seat `number` — same tourist, leg and segment. Refused (422 on `number`) when the seat is not
   * in the scheme, is already one of the application's on this trip, or is taken on an overlapping
   * segment (the seat store decides).
   */
  async change(transportId: number, body: unknown, actor: Actor): Promise<{ message: string; data: ApplicationSeat }> {
    const input = parseInput(seatChangeSchema, body);
    return this.db.transaction(async (manager) => {
      const notOurs = () => new ValidationFailed({ transport_seat_id: [A.notApplicationSeat] });
      const [owner] = (await manager.query(`SELECT application_id FROM seat_bookings WHERE id = $1 AND transport_id = $2`, [input.transport_seat_id, transportId])) as {
        application_id: number | null;
      }[];
      if (!owner) {
        if (!(await holdTransport(manager, transportId))) throw notFound();
        throw notOurs();
      }
      if (owner.application_id === null) throw notOurs();
      const application = await this.lockApplication(manager, owner.application_id);
      if (!application) throw notOurs();
      if (application.status === ApplicationStatus.Cancelled) throw new ValidationFailed({ number: [A.cancelledLocked] });
      if (!(await holdTransport(manager, transportId))) throw notFound();
      const booking = await lockBooking(manager, transportId, input.transport_seat_id);
      // Gone or handed over between the first read and the locks: not this application's seat any more.
      if (!booking || booking.application_id !== application.id) throw notOurs();
      const [mine] = (await manager.query(`SELECT 1 FROM seat_bookings WHERE application_id = $1 AND transport_id = $2 AND departure_date = $3 AND number = $4`, [
        application.id,
        transportId,
        booking.departure_date,
        input.number,
      ])) as unknown[];
      if (mine) throw new ValidationFailed({ number: [A.seatTwice] });
      await actAs(manager, actor.user.id);
      try {
        await moveBookingToSeat(manager, booking, input.number);
      } catch (error) {
        if (error instanceof SeatNotInScheme) throw new ValidationFailed({ number: [MESSAGES.transport.noSuchSeat] });
        if (error instanceof SeatTaken) throw new ValidationFailed({ number: [A.seatTaken] });
        throw error;
      }
      await this.touchApplication(manager, application.id);
      const [seat] = await this.seats(manager, 'b.id = $1', [booking.id]);
      return { message: A.seatChanged, data: seat! };
    });
  }

  /** GET /applications/{id}/seats?transport_id=: the application's seats on a transport, forth before back, by number. */
  async list(applicationId: number, query: unknown): Promise<{ data: ApplicationSeat[] }> {
    const { transport_id: transportId } = parseInput(applicationSeatsQuerySchema, query);
    const [application] = (await this.db.query(`SELECT id FROM applications WHERE id = $1`, [applicationId])) as unknown[];
    if (!application) throw notFound();
    return { data: await this.seats(this.db.manager, 'b.application_id = $1 AND b.transport_id = $2', [applicationId, transportId]) };
  }

  /**
   * GET /transports/{id}/seats/taken?date=&from_route_id=&to_route_id=[&application_id=]: seat numbers
   * booked by others (manual bookings and other applications) on a segment overlapping the ride.
   */
  async taken(transportId: number, query: unknown): Promise<{ data: number[] }> {
    const input = parseInput(takenSeatsQuerySchema, query);
    const transport = await loadTransport(this.db.manager, transportId);
    if (!transport) throw notFound();
    const segment = this.segment(transport, input.from_route_id, input.to_route_id);
    const rows = (await this.db.query(
      `SELECT DISTINCT number FROM seat_bookings
        WHERE transport_id = $1 AND departure_date = $2 AND int4range(from_position, to_position) && int4range($3, $4) AND ($5::int IS NULL OR application_id IS DISTINCT FROM $5)
        ORDER BY number`,
      [transportId, input.date, segment.from.position, segment.to.position, input.application_id],
    )) as { number: number }[];
    return { data: rows.map((row) => row.number) };
  }

  /** The route points of a ride, the departure before the arrival; 422 on the point that is not. */
  private segment(transport: LoadedTransport, fromId: number, toId: number) {
    const from = transport.points.find((point) => point.id === fromId);
    const to = transport.points.find((point) => point.id === toId);
    const wrong: Record<string, string[]> = {};
    if (!from) wrong.from_route_id = [MESSAGES.validation.oneOf];
    if (!to) wrong.to_route_id = [MESSAGES.validation.oneOf];
    else if (from && to.position <= from.position) wrong.to_route_id = [A.arrivalAfterDeparture];
    if (!from || !to || Object.keys(wrong).length > 0) throw new ValidationFailed(wrong);
    return { from, to };
  }

  /**
   * PUT /applications/{id}/transports/{itemId}/routes {from_route_id, to_route_id}: the item rides
   * between other points of its transport, and all its seats move to that segment together — or
   * none, with 'Невозможно поменять маршрут…' when any is taken there. The item's cities and dates
   * follow from the points; its price is re-calculated while the application's prices may change.
   */
  async changeRoute(applicationId: number, itemId: number, body: unknown, actor: Actor): Promise<{ message: string; data: ApplicationTransportItem }> {
    const input = parseInput(routeChangeSchema, body);
    return this.db.transaction(async (manager) => {
      const application = await this.lockApplication(manager, applicationId);
      if (!application) throw notFound();
      const [item] = (await manager.query(`SELECT id, leg, transport_id, departure_date::text AS departure_date FROM application_transports WHERE id = $1 AND application_id = $2 FOR UPDATE`, [
        itemId,
        applicationId,
      ])) as { id: number; leg: 'forth' | 'back'; transport_id: number; departure_date: string }[];
      if (!item) throw notFound();
      if (application.status === ApplicationStatus.Cancelled) throw new ValidationFailed({ to_route_id: [A.cancelledLocked] });
      if (!(await holdTransport(manager, item.transport_id))) throw notFound();
      const transport = (await loadTransport(manager, item.transport_id))!;
      const { from, to } = this.segment(transport, input.from_route_id, input.to_route_id);

      const bookings = (await lockApplicationBookings(manager, applicationId, { leg: item.leg, transportId: item.transport_id })).filter((booking) => booking.departure_date === item.departure_date);
      await actAs(manager, actor.user.id);
      try {
        await moveBookingsToSegment(
          manager,
          bookings.map((booking) => booking.id),
          from.position,
          to.position,
        );
      } catch (error) {
        if (error instanceof SeatTaken) throw new ValidationFailed({ to_route_id: [A.routeChangeImpossible] });
        throw error;
      }
      const dates = rideDates(transport, item.departure_date, from.position, to.position);
      await manager.query(`UPDATE application_transports SET from_route_id = $2, to_route_id = $3, from_city_id = $4, to_city_id = $5, start_at = $6, finish_at = $7 WHERE id = $1`, [
        item.id,
        from.id,
        to.id,
        from.point_city_id,
        to.point_city_id,
        dates.start_at,
        dates.finish_at,
      ]);
      const privileged = actor.user.role === Role.Administrator || actor.user.role === Role.Accountant;
      // The repricer writes the application as a save does (its version and start date too); otherwise the change touches it.
      if (this.reprice && canEditPrice(application.status, application.has_payments, privileged)) await this.reprice(manager, applicationId);
      else await this.touchApplication(manager, applicationId);
      return { message: A.routeChanged, data: await this.item(manager, item.id) };
    });
  }

  /** A transport item as the application's GET answers it (ApplicationTransportItem). */
  private async item(manager: EntityManager, id: number): Promise<ApplicationTransportItem> {
    const [row] = (await manager.query(
      `SELECT i.id, i.transport_id, tr.name AS transport_name, i.departure_date::text AS departure_date, i.from_route_id, i.to_route_id,
              json_build_object('id', fc.id, 'name', fc.name) AS from_city, json_build_object('id', tc.id, 'name', tc.name) AS to_city,
              i.start_at::text AS start_at, i.finish_at::text AS finish_at, i.price_without_discount, i.discount_application,
              i.total_after_discount AS price_total, i.agency_commission
         FROM application_transports i
         JOIN transports tr ON tr.id = i.transport_id
         JOIN cities fc ON fc.id = i.from_city_id
         JOIN cities tc ON tc.id = i.to_city_id
        WHERE i.id = $1`,
      [id],
    )) as ApplicationTransportItem[];
    return row!;
  }
}
