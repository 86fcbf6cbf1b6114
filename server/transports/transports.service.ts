/**
 * Bus transports (spec 02 "Bus-transport list/form", §7 "Bus transports"): the list, the editor's
 * lists (`/data`), the tours' picker (`/list`), one record, the editor's save (`{payload}` on the
 * aggregate machinery), delete.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Paged } from '../../shared/api.js';
import { COMMISSION_TYPES } from '../../shared/commission.js';
import { formatDate } from '../../shared/format.js';
import { transportationKindName } from '../../shared/transport/transportation.js';
import {
  DEPARTURE_TYPE,
  transportPickerSchema,
  transportsResource,
  WEEKDAYS,
  type TransportData,
  type TransportForm,
  type TransportListRow,
  type TransportRecord,
} from '../../shared/transport/transports.js';
import type { SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { saveAggregate, type SavedAggregate } from '../common/aggregate/save-aggregate.js';
import type { Actor, AuthUser } from '../common/auth/decorators.js';
import { foreignKeysInto, referencedValues } from '../common/database/foreign-keys.js';
import { notFound, parseInput, ValidationFailed } from '../common/http/errors.js';
import { escapeLike } from '../common/list/list-query.js';
import { removeUnreferencedUpload } from '../files/files.service.js';
import { bookingsOfTransport } from '../seats/seat-store.js';
import { TRANSPORT_AGGREGATE, transportNode } from './transport.aggregate.js';
import { LAYOUT_FIELDS, storedRuleErrors } from './transport-rules.js';
import { ResourceService } from '../common/resource/resource.service.js';
import { ALIAS, defineServerResource, type ServerResource } from '../common/resource/server-resource.js';
import { TransportEntity, TransportListEntity } from './transport.entities.js';
import { loadTransport, transportRecord } from './transport-read.js';

const DATES_SHOWN = 3;

/** A list row: route cities by kind, and the departure days (weekly) or the next dates. */
function listRow(row: TransportListEntity): Omit<TransportListRow, 'can_delete'> {
  const departures =
    row.departure_type === DEPARTURE_TYPE.days
      ? row.day_numbers.map((number) => WEEKDAYS.find((day) => day.id === number)?.short ?? '').join(', ')
      : row.next_dates.slice(0, DATES_SHOWN).map(formatDate).join(', ') + (row.next_dates.length > DATES_SHOWN ? ` и ещё ${row.next_dates.length - DATES_SHOWN}` : '');
  return {
    id: row.id,
    name: row.name,
    transportation: row.transportation ? { ...row.transportation, kind_name: transportationKindName(row.transportation.kind) } : null,
    route: {
      start: row.route.find((point) => point.kind === 'start')?.name ?? null,
      intermediates: row.route.filter((point) => point.kind === 'intermediate').map((point) => point.name),
      finish: row.route.find((point) => point.kind === 'finish')?.name ?? null,
    },
    duration: row.duration,
    departure_days: departures,
    is_excursion: row.is_excursion,
  };
}

/** The list through the generic list engine, over the view `transport_list_rows`. */
const transportListResource = defineServerResource({
  definition: transportsResource,
  entity: TransportListEntity,
  searchExpression: `${ALIAS}.name`,
  toRow: listRow,
}) as unknown as ServerResource;
/**
 * Delete through the generic machinery: 403 while a booking (or, later, a tour) points at the
 * transport; its catalogue image goes with it unless something else uses the upload.
 */
const transportDeleteResource = defineServerResource({
  definition: transportsResource,
  entity: TransportEntity,
  afterDelete: async (transport, { manager }) => {
    if (transport.catalog_image) await removeUnreferencedUpload(manager, transport.catalog_image);
  },
}) as unknown as ServerResource;

/**
 * The seat layout of a vehicle type (bookings must keep their seats), or null when there is none such.
 * `hold`: a transport moving onto this type locks it FOR SHARE, so a layout edit of the type (which
 * locks the type, then the transports already on it) cannot drop a seat of this transport's bookings
 * unseen. A transport staying on its type takes no lock here: the type's edit waits for the
 * transport's own row instead (taking both in the other order would deadlock).
 */
async function seatLayout(manager: EntityManager, transportationId: number, hold: boolean): Promise<SeatSchemeParams | null> {
  const [row] = await manager.query<SeatSchemeParams[]>(
    `SELECT ${LAYOUT_FIELDS.join(', ')} FROM transportations WHERE id = $1${hold ? ' FOR SHARE' : ''}`,
    [transportationId],
  );
  return row ?? null;
}

@Injectable()
export class TransportsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ResourceService) private readonly resources: ResourceService,
  ) {}

  /**
   * Transport ids another table still points at (a seat booking, later a tour): these cannot be
   * deleted. On `manager`'s connection: inside a save, the transaction's own.
   */
  async inUse(ids: number[], manager: EntityManager = this.db.manager): Promise<Set<number>> {
    const keys = (await foreignKeysInto(manager, 'transports')).filter((key) => key.blocksDelete && key.target === 'id');
    return referencedValues(manager, ids, keys);
  }

  /** GET /transports and /transports/schedules: paged, searched by name, sorted by id or name. */
  async list(query: Record<string, unknown>, viewer: AuthUser): Promise<Paged<TransportListRow>> {
    const page = (await this.resources.list(transportListResource, query, viewer)) as Paged<Omit<TransportListRow, 'can_delete'>>;
    const used = await this.inUse(page.data.map((row) => row.id));
    return { count: page.count, data: page.data.map((row) => ({ ...row, can_delete: !used.has(row.id) })) };
  }

  /** GET /transports/data: cities, vendors, days, transportations, commissions (spec 02 §7). */
  async data(): Promise<TransportData> {
    const [cities, vendors, transportations] = await Promise.all([
      this.db.query(`SELECT id, name FROM cities ORDER BY name, id`),
      this.db.query(`SELECT id, name FROM vendors ORDER BY name, id`),
      this.db.query(`SELECT id, name, seats, kind FROM transportations ORDER BY name, id`),
    ]);
    return {
      cities,
      vendors,
      days: WEEKDAYS.map(({ id, name, short }) => ({ id, name, short })),
      transportations,
      commissions: COMMISSION_TYPES.map(({ id, name }) => ({ id, name })),
    };
  }

  /**
   * GET /transports/list?city_id=&type=forth|back&is_excursion=&query=&limit= → {data: [{id, name}]}:
   * `forth` transports reach the city after their start, `back` ones leave it before their finish.
   */
  async picker(query: unknown): Promise<{ data: { id: number; name: string }[] }> {
    const input = parseInput(transportPickerSchema, query);
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (input.city_id !== null) {
      const city = `$${params.push(input.city_id)}`;
      if (input.type === 'forth') conditions.push(`EXISTS (SELECT 1 FROM transport_route_points p WHERE p.transport_id = t.id AND p.point_city_id = ${city} AND p.kind <> 'start')`);
      else if (input.type === 'back') conditions.push(`EXISTS (SELECT 1 FROM transport_route_points p WHERE p.transport_id = t.id AND p.point_city_id = ${city} AND p.kind <> 'finish')`);
      else conditions.push(`EXISTS (SELECT 1 FROM transport_route_points p WHERE p.transport_id = t.id AND p.point_city_id = ${city})`);
    }
    if (input.is_excursion !== null) conditions.push(`t.is_excursion = $${params.push(input.is_excursion)}`);
    if (input.query) conditions.push(`t.name ILIKE $${params.push(`%${escapeLike(input.query)}%`)}`);
    const rows = (await this.db.query(
      `SELECT t.id, t.name FROM transports t ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY t.name, t.id LIMIT $${params.push(input.limit)}`,
      params,
    )) as { id: number; name: string }[];
    return { data: rows };
  }

  /** GET /transports/{id}: the editor's record. */
  async show(id: number): Promise<{ data: TransportRecord }> {
    return { data: await this.record(id) };
  }

  async record(id: number, manager = this.db.manager): Promise<TransportRecord> {
    const transport = await loadTransport(manager, id);
    if (!transport) throw notFound();
    // One after the other on the caller's connection: inside a save it is the transaction's, and a
    // second query in parallel on it (or a second pooled connection) is what exhausted the pool.
    const [booked] = (await manager.query(`SELECT coalesce(max(to_position), -1) AS last FROM seat_bookings WHERE transport_id = $1`, [id])) as { last: number }[];
    const used = await this.inUse([id], manager);
    return transportRecord(transport, booked!.last, !used.has(id));
  }

  /** POST /transports {payload}: create, and copy (the editor sends the copy as a new transport). */
  create(form: TransportForm, actor: Actor) {
    return this.save(form, actor);
  }

  /** PUT /transports/{id} {payload}; 409 when `version` is stale. */
  update(id: number, form: TransportForm, actor: Actor) {
    return this.save(form, actor, id);
  }

  /**
   * One transaction (server/common/aggregate): the version check (which locks the transport against
   * bookings being made, see seat-store.ts), the rules that need what is stored (transport-rules.ts:
   * no route edit under bookings, fixed days and dates), then the rows. The catalogue image the
   * transport no longer names is removed with it.
   */
  private async save(form: TransportForm, actor: Actor, id?: number): Promise<{ data: SavedAggregate<TransportRecord> }> {
    let droppedImage: string | null = null;
    const data = await saveAggregate(this.db, {
      declaration: TRANSPORT_AGGREGATE,
      actor,
      id,
      version: form.version,
      build: async (manager) => {
        const stored = id === undefined ? null : await loadTransport(manager, id);
        const bookings = id === undefined ? [] : await bookingsOfTransport(manager, id);
        const layout = await seatLayout(manager, form.transportation_id, stored !== null && stored.row.transportation_id !== form.transportation_id);
        const errors = storedRuleErrors(form, stored, bookings, layout);
        if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
        if (stored?.row.catalog_image && stored.row.catalog_image !== form.catalog.image) droppedImage = stored.row.catalog_image;
        return transportNode(form);
      },
      afterWrite: async (manager) => {
        if (droppedImage) await removeUnreferencedUpload(manager, droppedImage);
      },
      read: (manager, transportId) => this.record(transportId, manager),
      input: form,
    });
    return { data };
  }

  /** DELETE /transports/{id}: 403 while bookings (or tours) use it; its route, days, dates and tariffs go with it. */
  remove(id: number, actor: Actor) {
    return this.resources.remove(transportDeleteResource, id, actor);
  }
}
