/**
 * A bus transport as read through its declaration (transport.aggregate.ts, the aggregate store's one
 * reader): the record of the editor (GET /transports/{id}), the schedule payload, and the facts the
 * seat store checks against (route positions, departures, the seat layout).
 */
import type { EntityManager } from 'typeorm';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import type { StoredAggregate } from '../common/aggregate/declaration.js';
import { storageUrl } from '../../shared/files.js';
import { moneyNumber } from '../../shared/money.js';
import type { SchedulePayload } from '../../shared/transport/schedules.js';
import { departureDates } from '../../shared/transport/rules.js';
import { weekdayName } from '../../shared/transport/constants.js';
import { type RoutePointRow, type TransportRecord } from '../../shared/transport/types.js';
import { TRANSPORT_AGGREGATE } from './transport.aggregate.js';

/** A numeric(12,2) column for the wire (NULL, as the catalogue price may be, is 0). */
const money = (value: string | number | null) => moneyNumber(value ?? 0);
const hhmm = (value: string | null) => (value ? value.slice(0, 5) : null);

type StoredTransport = StoredAggregate<typeof TRANSPORT_AGGREGATE>;
type StoredChildRow<Key extends keyof StoredTransport['collections']> = Omit<StoredTransport['collections'][Key][number]['row'], 'transport_id'>;

/** The stored row of a transport (numerics as numbers, dates `YYYY-MM-DD`): the record's own fields, the catalogue in columns. */
type TransportRow = Omit<StoredTransport['row'], 'transportation'>;

export interface StoredRoutePoint {
  id: number;
  position: number;
  kind: 'start' | 'intermediate' | 'finish';
  point_city_id: number;
  city_name: string;
  info: string | null;
  start_time: string | null;
  finish_time: string | null;
  arrival_day: number | null;
  departure_day: number | null;
}

export interface LoadedTransport {
  row: TransportRow;
  points: StoredRoutePoint[];
  days: StoredChildRow<'days'>[];
  dates: StoredChildRow<'dates'>[];
  tariffs: Omit<StoredTransport['links']['tariffs'][number], 'transport_id'>[];
  transportation: SchedulePayload['transportation'];
}

/** The transport and its children, or null, on `manager`'s connection. */
export async function loadTransport(manager: EntityManager, id: number): Promise<LoadedTransport | null> {
  const [stored] = await readAggregates(manager, TRANSPORT_AGGREGATE, [id]);
  return stored ? loadedTransport(stored) : null;
}

/** The stored nodes in the shape the schedule, the seat store's checks and the exports read. */
function loadedTransport({ row: { transportation, ...row }, collections, links }: StoredTransport): LoadedTransport {
  return {
    row,
    points: collections.route_points.map(({ row: { point_city, ...point } }) => ({
      ...point,
      city_name: point_city.name,
      start_time: hhmm(point.start_time),
      finish_time: hhmm(point.finish_time),
    })),
    days: collections.days.map((day) => day.row),
    dates: collections.dates.map((date) => date.row),
    tariffs: links.tariffs,
    transportation,
  };
}

/** Positions and cities of the route, in order. */
export const routeOf = (transport: LoadedTransport) => transport.points.map(({ position, point_city_id }) => ({ position, point_city_id }));

/** Whether the transport departs on this date (a weekly day between start and finish, or one of its dates). */
export function departsOn(transport: LoadedTransport, date: string): boolean {
  return departureDates(departureRules(transport), { from: date, to: date }).includes(date);
}

export const departureRules = (transport: LoadedTransport) => ({
  departure_type: transport.row.departure_type,
  start_date: transport.row.start_date,
  finish_date: transport.row.finish_date,
  days: transport.days,
  dates: transport.dates,
});

/**
 * The trip day and time at which a route point is left (`leave`) or reached: the start is left on day 1,
 * an intermediate stop is reached and left on its own days, the finish is reached on the last day.
 */
export function pointMoment(transport: RideTransport, position: number, moment: 'leave' | 'reach'): { day: number; time: string | null } {
  const point = transport.points.find((candidate) => candidate.position === position);
  if (!point) return { day: 1, time: null };
  if (point.kind === 'start') return { day: 1, time: point.start_time ?? null };
  if (point.kind === 'finish') return { day: Math.max(1, transport.row.duration), time: point.finish_time ?? null };
  return moment === 'leave' ? { day: point.departure_day ?? 1, time: point.start_time ?? null } : { day: point.arrival_day ?? 1, time: point.finish_time ?? null };
}

/** What the trip's days of a ride need of a transport (a loaded transport, or the application save's ground). */
export interface RideTransport {
  row: { duration: number };
  points: readonly (Pick<StoredRoutePoint, 'position' | 'kind' | 'arrival_day' | 'departure_day'> & Partial<Pick<StoredRoutePoint, 'start_time' | 'finish_time'>>)[];
}

/** `YYYY-MM-DD HH:mm` of a trip day counted from the departure date (the date alone without a time). */
export function tripMoment(departureDate: string, moment: { day: number; time: string | null }): string {
  const date = new Date(`${departureDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + moment.day - 1);
  const day = date.toISOString().slice(0, 10);
  return moment.time ? `${day} ${moment.time}` : day;
}

/** The days a ride of the trip leaving on `departureDate` starts and ends: from `from` left, to `to` reached. */
export function rideDates(transport: RideTransport, departureDate: string, from: number, to: number): { start_at: string; finish_at: string } {
  return {
    start_at: tripMoment(departureDate, { day: pointMoment(transport, from, 'leave').day, time: null }),
    finish_at: tripMoment(departureDate, { day: pointMoment(transport, to, 'reach').day, time: null }),
  };
}

function pointRow(point: StoredRoutePoint, canDelete: boolean): RoutePointRow {
  return {
    id: point.id,
    point_city_id: point.point_city_id,
    point_city: { id: point.point_city_id, name: point.city_name },
    info: point.info,
    start_time: point.start_time,
    finish_time: point.finish_time,
    ...(point.kind === 'intermediate' ? { arrival_day: point.arrival_day, departure_day: point.departure_day, can_delete: canDelete } : {}),
  };
}

/**
 * The editor's record (GET /transports/{id}): the shape the editor sends back, plus names. Removing
 * an intermediate stop shifts every later position, so it can be deleted only beyond the last
 * position a booking reaches (`lastBookedPosition`, -1 without bookings).
 */
export function transportRecord(transport: LoadedTransport, lastBookedPosition: number, canDelete: boolean): TransportRecord {
  const { row, points } = transport;
  const byPosition = new Map(points.map((point) => [point.position, point]));
  const start = points.find((point) => point.kind === 'start')!;
  const finish = points.find((point) => point.kind === 'finish')!;
  return {
    id: row.id,
    transportation_id: row.transportation_id,
    transportation: { id: transport.transportation.id, name: transport.transportation.name, schema_svg: transport.transportation.schema_svg },
    vendor_id: row.vendor_id,
    name: row.name,
    duration: row.duration,
    adult_price: money(row.adult_price),
    child_price: money(row.child_price),
    start_date: row.start_date,
    finish_date: row.finish_date,
    departure_type: row.departure_type,
    is_excursion: row.is_excursion,
    application_auto_confirm: row.application_auto_confirm,
    auto_confirm_status: row.auto_confirm_status,
    days: transport.days.map((day) => ({ id: day.id, number: day.number, name: weekdayName(day.number), commission_type: day.commission_type, commission_sum: money(day.commission_sum), freight: money(day.freight) })),
    dates: transport.dates.map((date) => ({ id: date.id, start_date: date.start_date, commission_type: date.commission_type, commission_sum: money(date.commission_sum), freight: money(date.freight) })),
    routes: {
      start: pointRow(start, false),
      intermediates: points.filter((point) => point.kind === 'intermediate').map((point) => pointRow(point, point.position > lastBookedPosition)),
      finish: pointRow(finish, false),
    },
    tariffs: transport.tariffs.map((tariff) => ({
      from_position: tariff.from_position,
      to_position: tariff.to_position,
      from_city_id: byPosition.get(tariff.from_position)?.point_city_id ?? 0,
      to_city_id: byPosition.get(tariff.to_position)?.point_city_id ?? 0,
      tariff: money(tariff.tariff),
    })),
    catalog: {
      title: row.catalog_title,
      price: money(row.catalog_price),
      image: row.catalog_image,
      image_url: row.catalog_image ? storageUrl(row.catalog_image) : null,
      sort: row.catalog_sort,
      seo_settings: row.seo_settings,
    },
    version: row.version,
    can_delete: canDelete,
  };
}

/** GET /transports/{id}/schedules (spec 02 §3 "Schedule payload"), departures from `from` on. */
export function schedulePayload(transport: LoadedTransport, from: string): SchedulePayload {
  const { row } = transport;
  return {
    id: row.id,
    name: row.name,
    is_excursion: row.is_excursion,
    departure_type: row.departure_type,
    start_date: row.start_date,
    finish_date: row.finish_date,
    duration: row.duration,
    routes: transport.points.map((point) => ({
      position: point.position,
      kind: point.kind,
      point_city: { id: point.point_city_id, name: point.city_name },
      info: point.info,
      start_time: point.start_time,
      finish_time: point.finish_time,
      arrival_day: point.arrival_day,
      departure_day: point.departure_day,
    })),
    days: transport.days.map((day) => ({ number: day.number, name: weekdayName(day.number) })),
    dates: transport.dates.map((date) => date.start_date),
    departures: departureDates(departureRules(transport), { from }),
    transportation: transport.transportation,
  };
}
