/**
 * The bus-transport editor's whole form (spec 02 "Bus-transport form", §4, §5): one `{payload}`
 * (ARCHITECTURE.md §3) checked by this schema on both sides, with indexed error paths such as
 * `routes.intermediates.2.arrival_day`.
 */
import { z } from 'zod';
import { photoArea } from '../files.js';
import { MESSAGES } from '../messages.js';
import { pairItem } from '../resources/cities.js';
import { autoConfirmStatus, checkAutoConfirm, checkCommission, COMMISSION_BOUNDS, commissionSum, commissionType, storedAutoConfirmStatus } from '../commission.js';
import { flag, id, money, optionalId, optionalInteger, optionalRichText, optionalText, requiredDate, requiredInteger, requiredText, rowId, time, toFieldErrors, versionField, type FieldErrors } from '../validation.js';
import { DEPARTURE_TYPE, TRANSPORT_LIMITS, todayIso } from './constants.js';
import { dateRuleErrors, stopDayErrors } from './rules.js';

const V = MESSAGES.validation;

const T = MESSAGES.transport;

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
    dates: z.array(dateRowSchema, { error: V.invalid }).max(TRANSPORT_LIMITS.dates, V.maxItems(TRANSPORT_LIMITS.dates)).default([]),
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

export type TransportForm = z.output<typeof transportSchema>;

export type TransportFormInput = z.input<typeof transportSchema>;

export type RoutePointForm = z.output<typeof intermediatePointSchema>;

/** `{payload}` of POST/PUT /api/transports: the form as JSON text (ARCHITECTURE.md §3). */
export const transportPayloadSchema = z.object({ payload: z.string({ error: V.required }).min(2, V.required) });

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
