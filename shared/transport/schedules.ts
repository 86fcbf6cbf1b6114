/**
 * The schedule of a bus transport (spec 02 "Schedule screen", §3 "Seat booking", "Date data", §5, §7
 * "Schedules", §8) and the seat dashboard (spec 01 §2.15, §7 "Dashboard"): request schemas and reply
 * shapes shared by the server and the renderer.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { id, optionalId, optionalInteger, optionalText, optionalUrl, requiredInteger, time } from '../validation.js';
import { SEAT_SCHEME_LIMITS } from './seat-scheme.js';
import type { TransportationRow } from './transportation.js';
import { calendarDate as date } from './schema.js';
import { TRANSPORT_LIMITS } from './constants.js';

const V = MESSAGES.validation;
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * POST /api/transports/{id}/seats: a manual booking of one seat between two points of the route —
 * named by their positions (start 0, stops 1..k, finish k+1: a route visiting one city twice), or by
 * their cities (the first point in `from_city_id`, the first later one in `to_city_id`).
 */
export const seatBookingSchema = z.object({
  number: requiredInteger(1, SEAT_SCHEME_LIMITS.seats),
  start_date: date(),
  /** Ignored for excursion transports, which book the whole route. */
  from_city_id: optionalId(),
  to_city_id: optionalId(),
  from_position: optionalInteger(0, TRANSPORT_LIMITS.position),
  to_position: optionalInteger(0, TRANSPORT_LIMITS.position),
});
export type SeatBookingInput = z.input<typeof seatBookingSchema>;

/** POST /api/transports/{id}/schedules: the date whose seats are shown. */
export const scheduleDateSchema = z.object({ date: date() });

/** Spec 02 §5 "Date data": texts up to 255, departure time HH:MM. */
export const DATE_DATA_LIMITS = { text: 255 } as const;

/** POST /api/transports/{id}/date-data, POST /api/transports/{id}/date, PATCH /api/transports/{id}/date/{dateId}. */
export const dateDataSchema = z.object({
  date: date(),
  name: optionalText(DATE_DATA_LIMITS.text),
  number: optionalText(DATE_DATA_LIMITS.text),
  glonas_url: optionalUrl(DATE_DATA_LIMITS.text),
  departure_place: optionalText(DATE_DATA_LIMITS.text),
  departure_time: time(),
  applications_ids: z.array(id(), { error: V.invalid }).default([]),
  /** Sent by POST /date (spec 02 §7); the path's id is the one used. */
  transport_id: z.unknown().optional(),
});
export type DateDataInput = z.input<typeof dateDataSchema>;

/** Exports of the schedule's unloading tab (spec 02 §7). */
export const EGAIS_TYPES = ['egais-forth', 'egais-back'] as const;
export type EgaisType = (typeof EGAIS_TYPES)[number];
export const egaisExportSchema = z.object({ date: date(), type: z.enum(EGAIS_TYPES, { error: V.oneOf }) });
export const seatingExportSchema = z.object({ date: date(), type: z.literal('seating', { error: V.oneOf }) });

/** A seat booking as the schedule shows it (spec 02 §3 "Seat booking"). */
export interface SeatBookingRow {
  id: number;
  number: number;
  /** Absent (null) for a manual booking. */
  tourist: { id: number; last_name: string; first_name: string; patronymic: string | null } | null;
  application_id: number | null;
  from_city: { id: number; name: string };
  to_city: { id: number; name: string };
  from_position: number;
  to_position: number;
  /** Departure from `from_city` and arrival at `to_city`: `YYYY-MM-DD HH:mm` (or the date alone without a time). */
  start_at: string;
  finish_at: string;
}

/** A row of the departures table (spec 02 §3 "Date data"). */
export interface DateDataRow {
  id: number;
  transport_id: number;
  date: string;
  name: string | null;
  number: string | null;
  glonas_url: string | null;
  departure_place: string | null;
  departure_time: string | null;
  applications_ids: number[];
  applications_numbers: string[];
}

/** POST /api/transports/{id}/schedules → {data: this}. */
export interface ScheduleOfDate {
  seats: SeatBookingRow[];
  /** Applications with seats on this date (spec 02 §3 "Applications in schedule"). */
  applications: { id: number; number: string; seats_numbers: number[] }[];
  dates: DateDataRow[];
}

/** GET /api/transports/{id}/schedules → {data: this} (spec 02 §3 "Schedule payload"). */
export interface SchedulePayload {
  id: number;
  name: string;
  is_excursion: boolean;
  departure_type: 1 | 2;
  start_date: string;
  finish_date: string;
  duration: number;
  routes: {
    position: number;
    kind: 'start' | 'intermediate' | 'finish';
    point_city: { id: number; name: string };
    info: string | null;
    start_time: string | null;
    finish_time: string | null;
    arrival_day: number | null;
    departure_day: number | null;
  }[];
  days: { number: number; name: string }[];
  dates: string[];
  /** Departure dates from the start date on (weekly days expanded), for the date picker. */
  departures: string[];
  transportation: Pick<TransportationRow, 'id' | 'name' | 'schema_svg' | 'seats' | 'rear_seats' | 'rows' | 'columns_at_door' | 'second_door' | 'second_door_rows' | 'second_door_length'>;
}

/** GET /api/transports/schedules/seats?year=&type= (spec 01 §2.15): type 1 excursion, 0 flight, absent all. */
export const dashboardQuerySchema = z.object({
  year: z.preprocess((value) => (blank(value) ? new Date().getFullYear() : Number(value)), z.number({ error: V.integer }).int(V.integer).min(2000, V.min(2000)).max(2100, V.max(2100))),
  type: z.preprocess((value) => (blank(value) ? null : Number(value)), z.union([z.literal(0), z.literal(1)], { error: V.oneOf }).nullable()),
});

/**
 * → {data: this}: the year's booked seats as PostgreSQL keeps them — per transport, one series per
 * boarding point: its city, the days that have bookings (offsets from 1 January of `year`, ascending)
 * and the seats booked from there on each. Compact on purpose (a year of 50 transports is ~18 000
 * cells); `dashboardGrid` lays it out as the screen shows it.
 */
export interface SeatDashboard {
  year: number;
  cities: Record<string, string>;
  transports: { id: number; name: string; series: DashboardSeries[] }[];
}

export type DashboardSeries = [cityId: number, days: number[], counts: number[]];

/** One cell of the grid: seats booked on the date, and from which cities (route order). */
export interface DashboardCell {
  count: number;
  cities: [cityId: number, count: number][];
}

/**
 * The dashboard's grid (spec 01 §2.15): the dates that have bookings (the columns, ascending), their
 * totals (the Sum row), and each transport's cells by column index.
 */
export function dashboardGrid(data: SeatDashboard): { dates: string[]; totals: number[]; rows: { id: number; name: string; cells: Map<number, DashboardCell> }[] } {
  const days = [...new Set(data.transports.flatMap((transport) => transport.series.flatMap(([, list]) => list)))].sort((a, b) => a - b);
  const column = new Map(days.map((day, index) => [day, index]));
  const totals = days.map(() => 0);
  const rows = data.transports.map((transport) => {
    const cells = new Map<number, DashboardCell>();
    for (const [city, list, counts] of transport.series) {
      list.forEach((day, at) => {
        const index = column.get(day)!;
        const count = counts[at]!;
        const cell = cells.get(index) ?? { count: 0, cities: [] };
        cell.count += count;
        cell.cities.push([city, count]);
        cells.set(index, cell);
        totals[index]! += count;
      });
    }
    return { id: transport.id, name: transport.name, cells };
  });
  const first = Date.UTC(data.year, 0, 1);
  const dates = days.map((day) => new Date(first + day * 86_400_000).toISOString().slice(0, 10));
  return { dates, totals, rows };
}

export const SCHEDULE_PATHS = {
  list: '/transports/schedules',
  dashboard: '/transports/schedules/seats',
  schedule: (id: number) => `/transports/${id}/schedules`,
  seats: (id: number) => `/transports/${id}/seats`,
  seat: (id: number, seatId: number) => `/transports/${id}/seats/${seatId}`,
  dateData: (id: number) => `/transports/${id}/date-data`,
  date: (id: number, dateId?: number) => (dateId === undefined ? `/transports/${id}/date` : `/transports/${id}/date/${dateId}`),
  notify: (id: number, dateId: number) => `/transports/${id}/date/${dateId}/notify`,
  egais: (id: number) => `/transports/${id}/schedules/export/egais`,
  seating: (id: number) => `/transports/${id}/schedules/export`,
} as const;

/** The file name of an EGAIS list: date-name-direction.xlsx (spec 02 §7). */
export function egaisFileName(date: string, name: string, type: EgaisType): string {
  const safe = name.replace(/[\\/:*?"<>|]+/g, ' ').trim();
  return `${date}-${safe}-${type === 'egais-forth' ? 'forth' : 'back'}.xlsx`;
}

export function seatingFileName(date: string, name: string): string {
  return `${date}-${name.replace(/[\\/:*?"<>|]+/g, ' ').trim()}-seating.docx`;
}
