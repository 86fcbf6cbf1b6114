/**
 * Bus transports (spec 02 "Bus-transport list/form", §3 "Bus transport", §4, §5, §7 "Bus transports",
 * §9): a tour or route on a vehicle type with route points, weekly departure days or specific dates,
 * a tariff for every ordered pair of route points, and catalogue content. The editor sends the whole
 * form as one `{payload}` (ARCHITECTURE.md §3); this schema checks it on both sides, with indexed
 * error paths such as `routes.intermediates.2.arrival_day`.
 */
import { z } from 'zod';
import { photoArea } from '../files.js';
import { pickerQuerySchema } from '../list.js';
import { MESSAGES } from '../messages.js';
import { pairItem } from '../resources/cities.js';
import { defineResource } from '../resources/define.js';
import { autoConfirmStatus, checkAutoConfirm, checkCommission, COMMISSION_BOUNDS, commissionSum, commissionType, storedAutoConfirmStatus } from '../commission.js';
import { flag, id, money, optionalId, optionalInteger, optionalRichText, optionalText, requiredDate, requiredInteger, requiredText, rowId, time, toFieldErrors, versionField, type FieldErrors } from '../validation.js';
import { copyName } from '../copy.js';

const V = MESSAGES.validation;
const T = MESSAGES.transport;

/** Spec 02 §5, §9. */
export const TRANSPORT_LIMITS = {
  name: 255,
  duration: { min: 0, max: 100, default: 1 },
  price: 999_999.99,
  tariff: 999_999,
  weekdays: 7,
  /** Route-point positions are `smallint` columns. */
  position: 32_767,
  freight: 999_999.99,
  info: 5000,
  catalogTitle: 255,
  catalogPrice: 999_999.99,
  sort: { min: 1, max: 100 },
  seoText: 255,
  seoDescription: 1000,
  blockTitle: 200,
  richText: 20_000,
  faqQuestion: 200,
  advantageTitle: 200,
} as const;

/** Spec 02 §3: departure_type 1 days (weekly), 2 dates. */
export const DEPARTURE_TYPE = { days: 1, dates: 2 } as const;
/** Spec 02 §3: days carry a number (1–7, ISO: 1 is Monday) and a short label. */
export const WEEKDAYS = [
  { id: 1, name: 'Понедельник', short: 'Пн' },
  { id: 2, name: 'Вторник', short: 'Вт' },
  { id: 3, name: 'Среда', short: 'Ср' },
  { id: 4, name: 'Четверг', short: 'Чт' },
  { id: 5, name: 'Пятница', short: 'Пт' },
  { id: 6, name: 'Суббота', short: 'Сб' },
  { id: 7, name: 'Воскресенье', short: 'Вс' },
] as const;
export const weekdayName = (number: number) => WEEKDAYS.find((day) => day.id === number)?.name ?? '';

/** The calendar date of today here, YYYY-MM-DD (dates are calendar dates, never instants). */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A required calendar date YYYY-MM-DD (the one date rule of the forms: a real day, 'Введите дату в формате ДД.ММ.ГГГГ.'). */
export const calendarDate = () => requiredDate();
/** Commission of a day or date row: type 1 fixed (±999 999), 2 percent (±100), with kopecks. */
const commission = {
  commission_type: commissionType(),
  commission_sum: commissionSum(COMMISSION_BOUNDS.transport),
  freight: money(0, TRANSPORT_LIMITS.freight),
};
const commissionWithinType = (row: Record<string, unknown>, context: z.RefinementCtx) => checkCommission(row, context, COMMISSION_BOUNDS.transport);

export const dayRowSchema = z.object({ id: rowId(), number: requiredInteger(1, 7), ...commission }).superRefine(commissionWithinType);
export const dateRowSchema = z.object({ id: rowId(), start_date: calendarDate(), ...commission }).superRefine(commissionWithinType);

const info = (required: boolean) => (required ? requiredText(TRANSPORT_LIMITS.info) : optionalText(TRANSPORT_LIMITS.info));

/** Start: city, info, departure time. */
export const startPointSchema = z.object({ id: rowId(), point_city_id: id(), info: info(false), start_time: time(), finish_time: time().optional() });
/** An intermediate stop: all six fields required (spec 02 §5), days 1..duration (checked with the whole form). */
export const intermediatePointSchema = z.object({
  id: rowId(),
  point_city_id: id(),
  info: info(true),
  finish_time: time({ required: true }),
  start_time: time({ required: true }),
  arrival_day: requiredInteger(1, TRANSPORT_LIMITS.duration.max),
  departure_day: requiredInteger(1, TRANSPORT_LIMITS.duration.max),
});
/** Finish: city, info, arrival time. */
export const finishPointSchema = z.object({ id: rowId(), point_city_id: id(), info: info(false), finish_time: time(), start_time: time().optional() });

export const tariffSchema = z.object({
  from_city_id: optionalId(),
  to_city_id: optionalId(),
  /** Positions of the two route points; outside clients may send cities only (see `tariffPositions`). */
  from_position: optionalInteger(0, TRANSPORT_LIMITS.position),
  to_position: optionalInteger(0, TRANSPORT_LIMITS.position),
  tariff: money(-TRANSPORT_LIMITS.tariff, TRANSPORT_LIMITS.tariff),
});

const seoText = optionalText(TRANSPORT_LIMITS.seoText);
const block = z.object({ title: optionalText(TRANSPORT_LIMITS.blockTitle), text: optionalRichText(TRANSPORT_LIMITS.richText) }).prefault({ title: null, text: null });

export const catalogSchema = z
  .object({
    title: optionalText(TRANSPORT_LIMITS.catalogTitle),
    price: money(0, TRANSPORT_LIMITS.catalogPrice),
    /** Storage path of the image (POST /api/photos with entity=bus: jpg or png up to 2 MB): a bus photo only, as the database's CHECK holds too. */
    image: optionalText(255).refine((path) => path === null || (path as string).startsWith(photoArea('bus')), MESSAGES.files.wrongKind),
    sort: z.preprocess((value) => (value === 0 || value === '0' ? null : value), optionalInteger(TRANSPORT_LIMITS.sort.min, TRANSPORT_LIMITS.sort.max)),
    seo_settings: z
      .object({
        meta: z.object({ h1: seoText, title: seoText, description: optionalText(TRANSPORT_LIMITS.seoDescription) }).prefault({ h1: null, title: null, description: null }),
        advantages: z.array(pairItem('title', TRANSPORT_LIMITS.advantageTitle, 'text', TRANSPORT_LIMITS.richText)).default([]),
        faq: z.array(pairItem('question', TRANSPORT_LIMITS.faqQuestion, 'answer', TRANSPORT_LIMITS.richText)).default([]),
        top_block: block,
        bottom_block: block,
      })
      .prefault({}),
  })
  .prefault({ title: null, price: 0, image: null, sort: null });

const routesSchema = z.object({
  start: startPointSchema,
  intermediates: z.array(intermediatePointSchema, { error: V.invalid }).default([]),
  finish: finishPointSchema,
});

/** The editor's whole form (POST /api/transports and PUT /api/transports/{id}: `{payload: JSON text of this}`). */
export const transportSchema = z
  .object({
    transportation_id: id(),
    vendor_id: optionalId(),
    name: requiredText(TRANSPORT_LIMITS.name),
    duration: requiredInteger(TRANSPORT_LIMITS.duration.min, TRANSPORT_LIMITS.duration.max),
    adult_price: money(0, TRANSPORT_LIMITS.price),
    child_price: money(0, TRANSPORT_LIMITS.price),
    start_date: calendarDate(),
    finish_date: calendarDate(),
    departure_type: z.preprocess((value) => (blank(value) ? DEPARTURE_TYPE.days : typeof value === 'string' ? Number(value) : value), z.union([z.literal(1), z.literal(2)], { error: V.oneOf })),
    is_excursion: flag(),
    application_auto_confirm: flag(),
    auto_confirm_status: autoConfirmStatus(),
    days: z.array(dayRowSchema, { error: V.invalid }).max(TRANSPORT_LIMITS.weekdays, V.max(TRANSPORT_LIMITS.weekdays)).default([]),
    dates: z.array(dateRowSchema, { error: V.invalid }).default([]),
    routes: routesSchema,
    tariffs: z.array(tariffSchema, { error: V.invalid }).default([]),
    catalog: catalogSchema,
    version: versionField(),
  })
  .superRefine((form, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
    if (form.start_date && form.finish_date && form.finish_date < form.start_date) issue(['finish_date'], T.finishBeforeStart);
    checkAutoConfirm(form, context);

    // Days of intermediate stops: within 1..duration, departure not before arrival, in route order.
    let previousDeparture = 1;
    form.routes.intermediates.forEach((stop, index) => {
      for (const [field, messages] of Object.entries(stopDayErrors(stop, form.duration, previousDeparture))) issue(['routes', 'intermediates', index, field], messages[0]!);
      previousDeparture = stop.departure_day;
    });

    // One mode at a time: weekly days, or specific dates (spec 02 §4 "Departure mode").
    if (form.departure_type === DEPARTURE_TYPE.days && form.dates.length > 0) issue(['dates'], T.modeLocked);
    if (form.departure_type === DEPARTURE_TYPE.dates && form.days.length > 0) issue(['days'], T.modeLocked);
    form.days.forEach((day, index) => {
      if (form.days.slice(0, index).some((earlier) => earlier.number === day.number)) issue(['days', index, 'number'], T.dayTaken);
    });
    const today = todayIso();
    form.dates.forEach((date, index) => {
      for (const [field, messages] of Object.entries(dateRuleErrors(date, form.dates.slice(0, index), today))) issue(['dates', index, field], messages[0]!);
    });
  })
  // What is stored: the auto-confirm status only while auto-confirm is on (spec 02 §4).
  .transform((form) => ({ ...form, auto_confirm_status: storedAutoConfirmStatus(form) }));

/**
 * The day rules of one intermediate stop (spec 02 §5: day values capped at the duration): its days
 * within the duration, departure not before arrival, arrival not before the previous stop's departure
 * (1 for the first stop). Errors by field, for the whole form's schema and for the stop's dialog.
 */
export function stopDayErrors(stop: { arrival_day: number; departure_day: number }, duration: number, previousDeparture: number): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of ['arrival_day', 'departure_day'] as const) if (stop[field] > duration) add(field, T.dayAfterDuration(duration));
  if (stop.departure_day < stop.arrival_day) add('departure_day', T.departureBeforeArrival);
  if (stop.arrival_day < previousDeparture) add('arrival_day', T.stopBeforePrevious);
  return errors;
}

/** A new date is not in the past (a saved one stays as it was: the server keeps it unchanged), and no date is there twice. */
function dateRuleErrors(date: { id?: number | null; start_date: string }, others: readonly { start_date: string }[], today: string): FieldErrors {
  const errors: FieldErrors = {};
  if (others.some((other) => other.start_date === date.start_date)) (errors.start_date ??= []).push(T.dateTaken);
  if (!date.id && date.start_date < today) (errors.start_date ??= []).push(T.datePast);
  return errors;
}

/** Errors of a row checked on its own (a dialog's Save), by field. */
function rowErrors<S extends z.ZodType>(schema: S, row: unknown, more: (parsed: z.output<S>) => FieldErrors): FieldErrors {
  const parsed = schema.safeParse(row);
  return parsed.success ? more(parsed.data) : toFieldErrors(parsed.error);
}

/** The intermediate stop's dialog: all six fields required, then its days (spec 02 §5). */
export const intermediateStopErrors = (stop: unknown, duration: number, previousDeparture: number) =>
  rowErrors(intermediatePointSchema, stop, (parsed) => stopDayErrors(parsed, duration, previousDeparture));

/** A weekly day's dialog: a weekday the other rows do not have, and the commission within its type. */
export const dayRowErrors = (day: unknown, others: readonly { number: number }[]) =>
  rowErrors(dayRowSchema, day, (parsed): FieldErrors => (others.some((other) => other.number === parsed.number) ? { number: [T.dayTaken] } : {}));

/** A date's dialog: not in the past when new, not one the other rows have. */
export const dateRowErrors = (date: unknown, others: readonly { start_date: string }[], today = todayIso()) =>
  rowErrors(dateRowSchema, date, (parsed) => dateRuleErrors(parsed, others, today));

export type TransportForm = z.output<typeof transportSchema>;
export type TransportFormInput = z.input<typeof transportSchema>;
export type RoutePointForm = z.output<typeof intermediatePointSchema>;

/** `{payload}` of POST/PUT /api/transports: the form as JSON text (ARCHITECTURE.md §3). */
export const transportPayloadSchema = z.object({ payload: z.string({ error: V.required }).min(2, V.required) });

/** A route point as one list: start 0, intermediates 1..k, finish k+1 (the positions of the seat store). */
export interface RoutePointRef {
  position: number;
  point_city_id: number;
}

export function routePositions(routes: { start: { point_city_id: number }; intermediates: { point_city_id: number }[]; finish: { point_city_id: number } }): RoutePointRef[] {
  return [routes.start, ...routes.intermediates, routes.finish].map((point, position) => ({ position, point_city_id: point.point_city_id }));
}

/**
 * The segment between two cities of a route, as the seat store holds it (a half-open range of
 * positions [from, to)): from = the first position with `fromCity`, to = the first later position with
 * `toCity`. Null when the route does not lead from one to the other.
 */
export function segmentOf(points: readonly RoutePointRef[], fromCity: number, toCity: number): { from: number; to: number } | null {
  const from = points.find((point) => point.point_city_id === fromCity);
  if (!from) return null;
  const to = points.find((point) => point.position > from.position && point.point_city_id === toCity);
  return to ? { from: from.position, to: to.position } : null;
}

/**
 * The segment between two route points named by their positions (a booking on a route visiting one
 * city twice), or null unless both are points of the route, in order, and stand in the cities named
 * beside them (when named).
 */
export function positionSegment(
  points: readonly RoutePointRef[],
  named: { from_position: number | null; to_position: number | null; from_city_id?: number | null; to_city_id?: number | null },
): { from: number; to: number } | null {
  const { from_position: from, to_position: to } = named;
  if (from === null || to === null || from >= to || to >= points.length) return null;
  if (named.from_city_id != null && points[from]!.point_city_id !== named.from_city_id) return null;
  if (named.to_city_id != null && points[to]!.point_city_id !== named.to_city_id) return null;
  return { from, to };
}

/** Every ordered pair of route points (i before j): the cells of the tariff matrix. */
export function tariffPairs(pointCount: number): { from_position: number; to_position: number }[] {
  const pairs: { from_position: number; to_position: number }[] = [];
  for (let from = 0; from < pointCount; from++) for (let to = from + 1; to < pointCount; to++) pairs.push({ from_position: from, to_position: to });
  return pairs;
}

/** Where a tariff row of a payload stands in the matrix, or why it stands nowhere. */
export type TariffPlace = { from_position: number; to_position: number } | { refused: 'pair' | 'twice' | 'ambiguous' };

/**
 * Places the tariff rows of a payload on the route's ordered pairs of points (spec 02 "Tariffs tab").
 * - A row naming its pair by positions whose cities (when given) stand there takes that pair (the
 *   editor; the GET → PUT round trip).
 * - A row naming only cities takes the pairs with those cities in route order, one per mention: the
 *   k-th row naming A→B takes the k-th pair of points from A to B. So a list of every pair in route
 *   order works even when two points are in one city (start in A, a stop at B's bus station, finish
 *   at B's embankment: A→B, A→B, B→B), and a list keyed by city pairs the route has once works in
 *   any order. A city pair the route has several times and the list names fewer times is ambiguous.
 * A row for a pair the route does not have, or a second row for a pair, is refused; callers ignore
 * such a row priced 0 (clients that send every pair of cities of some other route shape).
 */
export function tariffPlaces(
  points: readonly RoutePointRef[],
  rows: readonly { from_position?: number | null; to_position?: number | null; from_city_id?: number | null; to_city_id?: number | null }[],
): TariffPlace[] {
  const pairs = tariffPairs(points.length);
  const cityOf = (position: number) => points[position]!.point_city_id;
  const byPosition = (row: (typeof rows)[number]) =>
    row.from_position != null &&
    row.to_position != null &&
    row.from_position < row.to_position &&
    row.to_position < points.length &&
    (row.from_city_id == null || cityOf(row.from_position) === row.from_city_id) &&
    (row.to_city_id == null || cityOf(row.to_position) === row.to_city_id);
  const cityKey = (from: number, to: number) => `${from}>${to}`;
  /** The route's pairs of points by their cities, in route order. */
  const pairsOfCities = new Map<string, { from_position: number; to_position: number }[]>();
  for (const pair of pairs) {
    const key = cityKey(cityOf(pair.from_position), cityOf(pair.to_position));
    pairsOfCities.set(key, [...(pairsOfCities.get(key) ?? []), pair]);
  }
  const mentions = new Map<string, number>();
  for (const row of rows) {
    if (!byPosition(row) && row.from_city_id != null && row.to_city_id != null) {
      const key = cityKey(row.from_city_id, row.to_city_id);
      mentions.set(key, (mentions.get(key) ?? 0) + 1);
    }
  }
  const taken = new Set<string>();
  const seen = new Map<string, number>();
  return rows.map((row): TariffPlace => {
    let pair: { from_position: number; to_position: number } | undefined;
    if (byPosition(row)) pair = { from_position: row.from_position!, to_position: row.to_position! };
    else if (row.from_city_id != null && row.to_city_id != null) {
      const key = cityKey(row.from_city_id, row.to_city_id);
      const candidates = pairsOfCities.get(key) ?? [];
      if (candidates.length === 0) return { refused: 'pair' };
      if (candidates.length > 1 && mentions.get(key)! < candidates.length) return { refused: 'ambiguous' };
      const mention = seen.get(key) ?? 0;
      seen.set(key, mention + 1);
      pair = candidates[mention];
      if (!pair) return { refused: 'twice' };
    } else return { refused: 'pair' };
    const key = `${pair.from_position}-${pair.to_position}`;
    if (taken.has(key)) return { refused: 'twice' };
    taken.add(key);
    return pair;
  });
}

/**
 * The tariff matrix rebuilt for a route (spec 02 §4: rebuilt whenever route points change): one row
 * per ordered pair, keeping the price of a pair whose two cities are still at those positions.
 */
export function rebuildTariffs(
  points: readonly RoutePointRef[],
  previous: readonly { from_position?: number; to_position?: number; from_city_id?: number | null; to_city_id?: number | null; tariff: number }[],
): { from_position: number; to_position: number; from_city_id: number; to_city_id: number; tariff: number }[] {
  return tariffPairs(points.length).map(({ from_position, to_position }) => {
    const from_city_id = points[from_position]!.point_city_id;
    const to_city_id = points[to_position]!.point_city_id;
    const kept = previous.find((row) => row.from_position === from_position && row.to_position === to_position && row.from_city_id === from_city_id && row.to_city_id === to_city_id);
    return { from_position, to_position, from_city_id, to_city_id, tariff: kept?.tariff ?? 0 };
  });
}

/**
 * A copy of a bus transport's form (spec 02 §4: copy sends a new record; tariffs reset to zero on
 * copy): every id dropped, the tariff matrix kept in shape with zero prices, dates already past left
 * out (a new record cannot have them), the name marked as a copy (names are unique).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the editor's form or a record read back
export function copyTransport<Form extends Record<string, any>>(form: Form, today = todayIso()): Form {
  const withoutId = <Row extends { id?: unknown }>(row: Row): Row => ({ ...row, id: null });
  const routes = form.routes as TransportForm['routes'];
  return {
    ...form,
    id: undefined,
    version: undefined,
    name: copyName(String(form.name ?? '')),
    routes: { start: withoutId(routes.start), intermediates: (routes.intermediates ?? []).map(withoutId), finish: withoutId(routes.finish) },
    days: ((form.days ?? []) as TransportForm['days']).map(withoutId),
    dates: ((form.dates ?? []) as TransportForm['dates']).filter((date) => date.start_date >= today).map(withoutId),
    tariffs: ((form.tariffs ?? []) as TransportForm['tariffs']).map((tariff) => ({ ...tariff, tariff: 0 })),
  };
}

/** Departure days of the weekly mode, or dates of the dates mode, between start and finish (inclusive). */
export function departureDates(
  transport: { departure_type: number; start_date: string; finish_date: string; days: readonly { number: number }[]; dates: readonly { start_date: string }[] },
  range: { from?: string; to?: string } = {},
): string[] {
  const from = range.from && range.from > transport.start_date ? range.from : transport.start_date;
  const to = range.to && range.to < transport.finish_date ? range.to : transport.finish_date;
  if (transport.departure_type === DEPARTURE_TYPE.dates) {
    return transport.dates.map((date) => date.start_date).filter((date) => date >= from && date <= to).sort();
  }
  const weekdays = new Set(transport.days.map((day) => day.number));
  const result: string[] = [];
  const cursor = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  for (; cursor <= end; cursor.setUTCDate(cursor.getUTCDate() + 1)) {
    const isoDay = cursor.getUTCDay() === 0 ? 7 : cursor.getUTCDay();
    if (weekdays.has(isoDay)) result.push(cursor.toISOString().slice(0, 10));
  }
  return result;
}

/** Paths of the bus-transport editor (spec 02 §7 "Bus transports"); the catalogue image goes to POST /api/photos with entity `bus`. */
export const TRANSPORT_PATHS = { list: '/transports', data: '/transports/data', photos: '/photos', photoEntity: 'bus' } as const;

/** GET /api/transports/data (spec 02 §7): the lists of the editor. */
export interface TransportData {
  cities: { id: number; name: string }[];
  vendors: { id: number; name: string }[];
  days: { id: number; name: string; short: string }[];
  transportations: { id: number; name: string; seats: number; kind: number }[];
  commissions: { id: number; name: string }[];
}

export interface RoutePointRow {
  id: number;
  point_city_id: number;
  point_city: { id: number; name: string };
  info: string | null;
  start_time: string | null;
  finish_time: string | null;
  arrival_day?: number | null;
  departure_day?: number | null;
  can_delete?: boolean;
}

/** GET /api/transports/{id}: the form as the editor reads it (the same shape it sends, plus names). */
export interface TransportRecord {
  id: number;
  transportation_id: number;
  transportation: { id: number; name: string; schema_svg: string } | null;
  vendor_id: number | null;
  name: string;
  duration: number;
  adult_price: number;
  child_price: number;
  start_date: string;
  finish_date: string;
  departure_type: 1 | 2;
  is_excursion: boolean;
  application_auto_confirm: boolean;
  auto_confirm_status: 3 | 5 | null;
  days: { id: number; number: number; name: string; commission_type: 1 | 2; commission_sum: number; freight: number }[];
  dates: { id: number; start_date: string; commission_type: 1 | 2; commission_sum: number; freight: number }[];
  routes: { start: RoutePointRow; intermediates: RoutePointRow[]; finish: RoutePointRow };
  tariffs: { from_city_id: number; to_city_id: number; from_position: number; to_position: number; tariff: number }[];
  catalog: TransportForm['catalog'] & { image_url: string | null };
  version: number;
  can_delete: boolean;
}

/** A row of GET /api/transports (spec 02 "Bus-transport list"). */
export interface TransportListRow {
  id: number;
  name: string;
  transportation: { id: number; name: string; kind: number; kind_name: string; seats: number } | null;
  route: { start: string | null; intermediates: string[]; finish: string | null };
  duration: number;
  departure_days: string;
  is_excursion: boolean;
  can_delete: boolean;
}

/** /transports: the list (search, sort by id and name) and delete of the generic screen; the editor sends `{payload}`. */
export const transportsResource = defineResource({
  path: TRANSPORT_PATHS.list,
  createSchema: transportPayloadSchema,
  updateSchema: transportPayloadSchema,
  sortable: ['id', 'name'],
  messages: { saved: T.transportSaved, deleted: MESSAGES.success.deleted, loadFailed: MESSAGES.errors.unexpected },
});

/**
 * GET /api/transports/list (spec 03 §7): transports for a tour's pickers, bounded like every picker
 * (`query`, `limit` of shared/list.ts). `type=forth` reaches `city_id`, `back` leaves it.
 */
export const transportPickerSchema = pickerQuerySchema.extend({
  city_id: optionalId(),
  type: z.preprocess((value) => (blank(value) ? null : value), z.enum(['forth', 'back'], { error: V.oneOf }).nullable()),
  is_excursion: z.preprocess((value) => (blank(value) ? null : value === '1' || value === 1 || value === 'true' ? true : value === '0' || value === 0 || value === 'false' ? false : value), z.boolean({ error: V.oneOf }).nullable()),
});
