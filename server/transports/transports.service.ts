/**
 * Bus transports (spec 02 "Bus-transport list/form", §7 "Bus transports"): the list, the editor's
 * lists (`/data`), the tours' picker (`/list`), one record, the editor's save (`{payload}` on the
 * aggregate machinery), delete.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { COMMISSION_TYPES } from '../../shared/commission.js';
import { WEEKDAYS } from '../../shared/transport/constants.js';
import type { TransportForm } from '../../shared/transport/schema.js';
import type { TransportData, TransportRecord } from '../../shared/transport/types.js';
import { SEAT_SCHEME_FIELDS, type SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { readLookups } from '../common/aggregate/lookups.js';
import { notFound, ValidationFailed } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { bookingsOfTransport } from '../seats/seat-store.js';
import { TRANSPORT_AGGREGATE, transportNode } from './transport.aggregate.js';
import { storedRuleErrors } from './transport-rules.js';
import { loadTransport, transportRecord } from './transport-read.js';
import { TRANSPORTS_LIST } from './transports.list.js';

/**
 * The seat layout of a vehicle type (bookings must keep their seats), or null when there is none such.
 * `hold`: a transport moving onto this type locks it FOR SHARE, so a layout edit of the type (which
 * locks the type, then the transports already on it) cannot drop a seat of this transport's bookings
 * unseen. A transport staying on its type takes no lock here: the type's edit waits for the
 * transport's own row instead (taking both in the other order would deadlock).
 */
async function seatLayout(manager: EntityManager, transportationId: number, hold: boolean): Promise<SeatSchemeParams | null> {
  const [row] = await manager.query<SeatSchemeParams[]>(
    `SELECT ${SEAT_SCHEME_FIELDS.join(', ')} FROM transportations WHERE id = $1${hold ? ' FOR SHARE' : ''}`,
    [transportationId],
  );
  return row ?? null;
}

/**
 * The bus-transport editor on the aggregate machinery (AggregateEditor: the list and the tours'
 * picker, show, create, update, delete), plus its `/data`. A save is one transaction: the version
 * check (which locks the transport against bookings being made, see seat-store.ts), the rules that
 * need what is stored (transport-rules.ts: no route edit under bookings, fixed days and dates, seats
 * kept in the vehicle's scheme), then the rows. The catalogue image it no longer names, or held when
 * deleted, goes unless something else uses the upload. Delete: 403 while bookings (or tours) use it.
 */
@Injectable()
export class TransportsService extends AggregateEditor<TransportForm, TransportRecord> {
  constructor(@Inject(DataSource) db: DataSource, @Inject(ListService) lists: ListService) {
    super(db, lists, { aggregate: TRANSPORT_AGGREGATE, list: TRANSPORTS_LIST });
  }

  /** GET /transports/data: cities, vendors, days, transportations, commissions (spec 02 §7). */
  async data(): Promise<TransportData> {
    const { cities, vendors, transportations } = await readLookups<Pick<TransportData, 'cities' | 'vendors' | 'transportations'>>(this.db, {
      cities: 'cities',
      vendors: 'vendors',
      transportations: { table: 'transportations', columns: ['seats', 'kind'] },
    });
    return {
      cities,
      vendors,
      days: WEEKDAYS.map(({ id, name, short }) => ({ id, name, short })),
      transportations,
      commissions: COMMISSION_TYPES.map(({ id, name }) => ({ id, name })),
    };
  }

  /** The editor's record (GET /transports/{id}), with the stops a booking still holds not deletable. */
  async read(manager: EntityManager, id: number): Promise<TransportRecord> {
    const transport = await loadTransport(manager, id);
    if (!transport) throw notFound();
    // One after the other on the caller's connection: inside a save it is the transaction's, and a
    // second query in parallel on it (or a second pooled connection) is what exhausted the pool.
    const [booked] = (await manager.query(`SELECT coalesce(max(to_position), -1) AS last FROM seat_bookings WHERE transport_id = $1`, [id])) as { last: number }[];
    return transportRecord(transport, booked!.last, await this.isDeletable(manager, id));
  }

  protected async build(manager: EntityManager, form: TransportForm, id: number | undefined) {
    const stored = id === undefined ? null : await loadTransport(manager, id);
    const bookings = id === undefined ? [] : await bookingsOfTransport(manager, id);
    const layout = await seatLayout(manager, form.transportation_id, stored !== null && stored.row.transportation_id !== form.transportation_id);
    const errors = storedRuleErrors(form, stored, bookings, layout);
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return transportNode(form);
  }
}
