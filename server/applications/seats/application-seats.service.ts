/**
 * An application's seats as the editor reads them (issue 18 "Seats"; spec 03 §4, §7): the seats of a
 * transport that are the application's, and the ones taken by others. The seat and route changes are
 * the application's commands (../commands/application-commands.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { applicationSeatsQuerySchema, takenSeatsQuerySchema } from '../../../shared/applications/seats.js';
import type { ApplicationSeat } from '../../../shared/applications/types.js';
import { notFound, parseInput } from '../../common/http/errors.js';
import { loadTransport } from '../../transports/transport-read.js';
import { segmentOf } from './segment.js';

const SEAT_COLUMNS = `b.id, b.number, b.transport_id, b.leg, b.tourist_id,
  CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.last_name, t.first_name, t.patronymic) END AS tourist_name`;

@Injectable()
export class ApplicationSeatsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private async seats(manager: EntityManager, where: string, params: unknown[]): Promise<ApplicationSeat[]> {
    return (await manager.query(`SELECT ${SEAT_COLUMNS} FROM seat_bookings b LEFT JOIN tourists t ON t.id = b.tourist_id WHERE ${where} ORDER BY b.leg DESC, b.number`, params)) as ApplicationSeat[];
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
    const segment = segmentOf(transport, input.from_route_id, input.to_route_id);
    const rows = (await this.db.query(
      `SELECT DISTINCT number FROM seat_bookings
        WHERE transport_id = $1 AND departure_date = $2 AND int4range(from_position, to_position) && int4range($3, $4) AND ($5::int IS NULL OR application_id IS DISTINCT FROM $5)
        ORDER BY number`,
      [transportId, input.date, segment.from.position, segment.to.position, input.application_id],
    )) as { number: number }[];
    return { data: rows.map((row) => row.number) };
  }
}
