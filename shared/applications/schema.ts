/**
 * The application's whole form (spec 03 §3 "Application (full form)", Accommodation, Tourist,
 * Service line, Transport item, Seat, Payment, Vendor payment; §5 "Applications"): one `{payload}`
 * (POST /api/applications, PUT /api/applications/{id}, POST /api/applications/calc-totals) checked by
 * this schema on both sides, with indexed paths (`tourists.1.document_number`, `accommodations.0.start_at`,
 * `services.2.serviceable_id`, `seats_forth.1.number`).
 *
 * Outside clients (the site, the search module, the apps) send flags as 0/1, numbers as text and leave
 * optional keys out; they may name the product and the requester as objects (`applicationable: {id}`,
 * `requestorable: {type: 'agencies', id}`), as GET answers them. One normal form is stored.
 *
 * What needs stored data (a room's caps, the product's own rows, a seat taken, the manager rule, the
 * price locks) is the server's (server/applications/), with the same paths.
 */
import { z } from 'zod';
import { daysBetween } from '../dates.js';
import { VENDOR_PAYMENT_METHOD_TYPES } from './vendor-payments.js';
import { MESSAGES } from '../messages.js';
import { TRANSFER_TYPES } from '../transfers.js';
import {
  flag,
  id,
  maskedPhone,
  money,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalInteger,
  optionalMoney,
  optionalOneOf,
  optionalText,
  requiredChoice,
  requiredDate,
  requiredInteger,
  requiredText,
  rowId,
  toFieldErrors,
  versionField,
  type FieldErrors,
} from '../validation.js';
import {
  APPLICATION_LIMITS as L,
  APPLICATION_PAYMENT_METHODS,
  APPLICATION_SOURCES,
  APPLICATION_STATUS_IDS,
  APPLICATION_TYPE_IDS,
  ApplicationStatus,
  LEGS,
  PAYMENT_ROW_STATUSES,
  PAYMENT_STATUSES,
  RequesterType,
  SERVICE_LINE_KINDS,
  SOURCE_PLATFORMS,
  TOURIST_CITIZENSHIPS,
  TOURIST_DEFAULTS,
  TOURIST_DOCUMENTS,
  TOURIST_GENDERS,
  type Leg,
  type ServiceLineKind,
} from './constants.js';

const V = MESSAGES.validation;
const A = MESSAGES.applications;

type Issue = (path: (string | number)[], message: string) => void;
const issuer = (context: z.RefinementCtx): Issue => (path, message) => context.addIssue({ code: 'custom', path, message });

const ids = <T extends { id: number }>(list: readonly T[]): number[] => list.map((item) => item.id);
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A reference sent as an id or as the object GET answers (`{id: 3, name: …}`). */
const idOf = (value: unknown) => (isObject(value) && 'id' in value ? value.id : value);

/** The largest people count of one application or one room line. */
const COUNT_MAX = 999;
/** A child's age in the children's ages list. */
const CHILD_AGE_MAX = 17;

// ---------------------------------------------------------------------------------------------
// Rows

/** A tourist (spec 03 §3 "Tourist"): names ≤ 128, document number required ≤ 13, dictionaries default 1. */
export const touristSchema = z.object({
  id: rowId(),
  last_name: requiredText(L.touristName),
  first_name: requiredText(L.touristName),
  patronymic: optionalText(L.touristName),
  birthday_date: optionalDate(),
  document: z.preprocess((value) => idOf(value) ?? undefined, requiredChoice(ids(TOURIST_DOCUMENTS)).default(TOURIST_DEFAULTS.document)),
  document_number: requiredText(L.documentNumber),
  citizenship: z.preprocess((value) => idOf(value) ?? undefined, requiredChoice(ids(TOURIST_CITIZENSHIPS)).default(TOURIST_DEFAULTS.citizenship)),
  gender: z.preprocess((value) => idOf(value) ?? undefined, requiredChoice(ids(TOURIST_GENDERS)).default(TOURIST_DEFAULTS.gender)),
});

/**
 * An accommodation: a room of the hotel for a stay, and who sleeps there (the five categories; the
 * room's caps are the server's check). The room fixes the category, placement and description.
 */
export const accommodationSchema = z
  .object({
    id: rowId(),
    hotel_id: z.preprocess(idOf, id()),
    room_id: z.preprocess(idOf, id()),
    start_at: requiredDate(),
    finish_at: requiredDate(),
    meal_id: z.preprocess(idOf, optionalId()),
    adult_count: requiredInteger(0, COUNT_MAX, { blank: 0 }),
    child_count: requiredInteger(0, COUNT_MAX, { blank: 0 }),
    adv_adult_count: requiredInteger(0, COUNT_MAX, { blank: 0 }),
    adv_child_count: requiredInteger(0, COUNT_MAX, { blank: 0 }),
    child_without_count: requiredInteger(0, COUNT_MAX, { blank: 0 }),
    /** Raw, as an outside client sent the row (the Source data tab); never edited in the office. */
    payload: z.unknown().optional(),
  })
  .superRefine((row, context) => {
    if (row.start_at && row.finish_at && row.finish_at <= row.start_at) issuer(context)(['finish_at'], A.stayOrder);
    else if (row.start_at && row.finish_at && daysBetween(row.start_at, row.finish_at) > L.stayNights) issuer(context)(['finish_at'], A.stayTooLong(L.stayNights));
    if (row.adult_count + row.child_count + row.adv_adult_count + row.adv_child_count + row.child_without_count === 0) issuer(context)(['adult_count'], A.nobodyInRoom);
  });

/**
 * A transport item: one leg of a bus transport — the trip leaving on `departure_date` (the schedule's
 * date), ridden from one route point to a later one. Cities and the ride's dates follow from the points
 * (the server fills them); outside clients may send them and they are ignored.
 */
export const transportItemSchema = z.object({
  id: rowId(),
  transport_id: z.preprocess(idOf, id()),
  departure_date: requiredDate(),
  from_route_id: id(),
  to_route_id: id(),
  payload: z.unknown().optional(),
});

/** A seat of a leg: a seat number held for the application, tied to a tourist once the tourist is entered. */
export const seatSchema = z.object({
  /** The seat booking's id (GET answers it); a new seat has none. */
  id: rowId(),
  number: requiredInteger(1, 999),
  /** A stored tourist's id, or — for a tourist added in the same save — its index in `tourists`. */
  tourist_id: optionalId(),
  tourist_index: optionalInteger(0, 999),
});

/** A transfer (forth / back): from and to city, the transfer type, dates; no price. */
export const transferSchema = z
  .object({
    id: rowId(),
    from_city_id: z.preprocess(idOf, id()),
    to_city_id: z.preprocess(idOf, id()),
    transfer_type: z.preprocess((value) => idOf(value) ?? undefined, requiredChoice(ids(TRANSFER_TYPES)).default(TRANSFER_TYPES[0].id)),
    start_at: requiredDate(),
    finish_at: requiredDate(),
  })
  .superRefine((row, context) => {
    if (row.start_at && row.finish_at && row.finish_at < row.start_at) issuer(context)(['finish_at'], MESSAGES.dates.order);
  });

/**
 * A service line (spec 03 §3 "Service line"): the service and a count; its price is read from the
 * service by the server (a sent price is ignored), total = count × price.
 */
export const serviceLineSchema = z.object({
  id: rowId(),
  serviceable_id: z.preprocess(idOf, id()),
  count: money(0, L.serviceCount, { required: false }).default(1),
});

/** A meal of an excursion tour, eaten by `persons` (the application's people when not sent). */
export const mealLineSchema = z.object({
  id: rowId(),
  tour_meal_id: z.preprocess(idOf, id()),
  persons: optionalInteger(0, COUNT_MAX),
});

/** A customer payment (the Payments tab, issue 28: the administrator's and the accountant's). */
export const paymentSchema = z.object({
  id: rowId(),
  status: z.preprocess((value) => idOf(value) ?? undefined, requiredChoice(ids(PAYMENT_ROW_STATUSES)).default(2)),
  sum: money(0, L.total, { required: true }),
  is_online: flag(),
  date: optionalDate(),
});

/** A payment to a vendor: a whole sum 0 to 99 999 999, the date defaults to today. */
export const vendorPaymentSchema = z.object({
  id: rowId(),
  vendor_id: z.preprocess(idOf, id()),
  sum: requiredInteger(0, L.vendorPayment),
  date: optionalDate(),
  // The vendors' own methods (shared/resources/vendors.ts), not the application's numbered ones.
  payment_method: optionalOneOf(VENDOR_PAYMENT_METHOD_TYPES),
});

// ---------------------------------------------------------------------------------------------
// The application

const REQUESTER_ALIASES: Record<string, RequesterType> = { client: 'client', clients: 'client', agency: 'agency', agencies: 'agency' };

/**
 * The requester and the product may come as GET's objects (`requestorable: {type: 'agencies', id: 4}`,
 * `applicationable: {id: 7}`); they become `requester_type` + `requester_id` and `applicationable_id`.
 * Flat keys win when both are sent.
 */
function flattenReferences(value: unknown): unknown {
  if (!isObject(value)) return value;
  const form = { ...value };
  const requester = form.requestorable;
  if (isObject(requester)) {
    form.requester_type ??= requester.type;
    form.requester_id ??= requester.id;
  }
  form.requester_type ??= form.requestorable_type;
  form.requester_id ??= form.requestorable_id;
  if (typeof form.requester_type === 'string') form.requester_type = REQUESTER_ALIASES[form.requester_type.trim().toLowerCase()] ?? form.requester_type;
  if (isObject(form.applicationable)) form.applicationable_id ??= form.applicationable.id;
  form.application_type ??= form.type;
  // Payment method empty or 0 is "none" (spec 03 §4).
  if (form.payment_method === 0 || form.payment_method === '0') form.payment_method = null;
  delete form.requestorable;
  delete form.applicationable;
  return form;
}

/**
 * A leg (transport item, transfer): its row, or none — null, absent, or an empty list or map as PHP
 * clients send an empty value. Anything else (`"x"`, `5`, a list of rows) is refused on the leg's path.
 */
const isNoLeg = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
const leg = <T extends z.ZodType>(row: T) =>
  z
    .preprocess((value, context) => {
      if (isNoLeg(value)) return null;
      if (!isObject(value)) context.addIssue({ code: 'custom', message: V.invalid });
      return isObject(value) ? value : null;
    }, row.nullable())
    .default(null);
/** A collection of rows, at most `max` (issue 25: a form's size bounds what one request may cost). */
const rows = <T extends z.ZodType>(row: T, max: number) => z.array(row, { error: V.invalid }).max(max, V.maxItems(max)).default([]);
/** Lists the office never edits in this editor yet (payments): absent means "keep as stored". */
const keptRows = <T extends z.ZodType>(row: T, max: number) => z.array(row, { error: V.invalid }).max(max, V.maxItems(max)).optional();

const applicationShape = {
  id: rowId(),
  version: versionField(),
  application_type: requiredChoice(APPLICATION_TYPE_IDS),
  /** The product (hotel, tour, bus transport, sea tour) of the type; none for avia and railway. */
  applicationable_id: optionalId(),
  /** The excursion tour's date the application is for (type 2). */
  tour_date: optionalDate(),
  requester_type: z.enum([RequesterType.Client, RequesterType.Agency], { error: V.required }),
  requester_id: id(),
  agency_user_id: z.preprocess(idOf, optionalId()),
  /** The manager (a staff user). */
  user_id: z.preprocess(idOf, optionalId()),
  status: z.preprocess((value) => idOf(value) ?? undefined, requiredChoice(APPLICATION_STATUS_IDS).default(ApplicationStatus.New)),
  /**
   * The administrator's and the accountant's (spec 03 §5, §6; shared/applications/field-rules.ts); a
   * value that names no payment status (an outside client's '' or 0) is no change, as an absent one.
   */
  payment_status: z.preprocess((value) => {
    const status = Number(idOf(value));
    return PAYMENT_STATUSES.some((item) => item.id === status) ? status : undefined;
  }, z.number().optional()),
  payment_method: z.preprocess(idOf, optionalId().refine((value) => value === null || ids(APPLICATION_PAYMENT_METHODS).includes(value as never), V.oneOf)),
  prepayment: optionalMoney(0, L.money),
  manual_price_without_discount: optionalInteger(0, L.manualPrice),
  discount: requiredInteger(0, L.manualPrice, { blank: 0 }),
  manual_agency_commission: optionalMoney(0, L.money),
  adult_count: requiredInteger(0, COUNT_MAX, { blank: 0 }),
  child_count: requiredInteger(0, COUNT_MAX, { blank: 0 }),
  children_ages: z.array(requiredInteger(0, CHILD_AGE_MAX), { error: V.invalid }).max(L.persons, V.maxItems(L.persons)).default([]),
  promo_code: optionalText(255),
  phone: maskedPhone(),
  email: optionalEmail(L.email),
  attendant_phone: maskedPhone(),
  comment: optionalText(L.comment),
  /** Where an outside application came from (none: made in the office); kept as first received. */
  source: z.preprocess((value) => (value === '' ? null : value), z.enum(APPLICATION_SOURCES.map((item) => item.id) as [string, ...string[]], { error: V.oneOf }).nullable().optional()),
  source_payload: z.unknown().optional(),
  external_id: optionalText(255),
  accommodations: rows(accommodationSchema, L.accommodations),
  transport_forth: leg(transportItemSchema),
  transport_back: leg(transportItemSchema),
  seats_forth: rows(seatSchema, L.persons),
  seats_back: rows(seatSchema, L.persons),
  transfer_forth: leg(transferSchema),
  transfer_back: leg(transferSchema),
  services: rows(serviceLineSchema, L.serviceLines),
  required_services: rows(serviceLineSchema, L.serviceLines),
  additional_services: rows(serviceLineSchema, L.serviceLines),
  meals: rows(mealLineSchema, L.meals),
  tourists: rows(touristSchema, L.tourists),
  payments: keptRows(paymentSchema, L.payments),
  vendor_payments: keptRows(vendorPaymentSchema, L.payments),
};

/** Each value once: the issue on the later one. */
function checkOnce(values: readonly unknown[], issue: Issue, path: (index: number) => (string | number)[], message: string) {
  const seen = new Set<unknown>();
  values.forEach((value, index) => {
    if (value !== null && value !== undefined && seen.has(value)) issue(path(index), message);
    seen.add(value);
  });
}

/** The form as the object parses it (ApplicationForm; named apart so the refinement's type does not refer to itself). */
type ParsedForm = z.output<z.ZodObject<typeof applicationShape>>;

/**
 * The form's own rules (no stored data needed). On a whole form all of them; on the fields of a form
 * the schema refused that parsed alone (`parsedFields`), those whose fields all parsed — so a save
 * answers them together with the refused fields' errors, not one round after another.
 */
function formIssues(form: Partial<ParsedForm>, issue: Issue) {
  const type = form.application_type !== undefined && APPLICATION_TYPE_IDS.includes(form.application_type) ? form.application_type : null;
  if (type !== null && type <= 4 && form.applicationable_id === null) issue(['applicationable_id'], V.required);
  if (form.agency_user_id != null && form.requester_type !== undefined && form.requester_type !== RequesterType.Agency) issue(['agency_user_id'], A.agencyUserOnlyForAgency);
  if (form.children_ages && form.child_count !== undefined && form.children_ages.length > form.child_count) issue(['children_ages'], A.childrenAges(form.child_count));
  if (form.adult_count !== undefined && form.child_count !== undefined && form.adult_count + form.child_count > L.persons) issue(['adult_count'], A.personsMax(L.persons));
  if (form.source !== 'mobile_application' && isObject(form.source_payload) && form.source_payload.platform && !SOURCE_PLATFORMS.includes(form.source_payload.platform as never)) {
    issue(['source_payload'], V.oneOf);
  }
  // No service twice, within a kind and across kinds (the later one is refused).
  const services = SERVICE_LINE_KINDS.flatMap((kind) => (form[kind] ?? []).map((line, index) => ({ kind, index, id: line.serviceable_id })));
  checkOnce(services.map((line) => line.id), issue, (index) => [services[index]!.kind, services[index]!.index, 'serviceable_id'], A.serviceTwice);
  checkOnce((form.meals ?? []).map((meal) => meal.tour_meal_id), issue, (index) => ['meals', index, 'tour_meal_id'], A.mealTwice);
  for (const side of LEGS) {
    const seats = form[seatsKey(side)] ?? [];
    checkOnce(seats.map((seat) => seat.number), issue, (index) => [seatsKey(side), index, 'number'], A.seatTwice);
    if (form.tourists) {
      const count = form.tourists.length;
      seats.forEach((seat, index) => {
        if (seat.tourist_index !== null && seat.tourist_index >= count) issue([seatsKey(side), index, 'tourist_index'], V.oneOf);
      });
    }
    if (seats.length > 0 && form[transportKey(side)] === null) issue([seatsKey(side)], A.seatsWithoutTransport);
  }
}

export const applicationSchema = z.preprocess(
  flattenReferences,
  z.object(applicationShape).superRefine((form, context) => formIssues(form, issuer(context))),
);

/** The top-level fields of a form that parse each on its own (a refused one is absent): what the rules not reading a refused field judge. */
export function parsedFields(input: unknown): Partial<ApplicationForm> {
  const form = flattenReferences(input);
  if (!isObject(form)) return {};
  const parsed: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(applicationShape)) {
    const result = (schema as z.ZodType).safeParse(form[key]);
    if (result.success) parsed[key] = result.data;
  }
  return parsed as Partial<ApplicationForm>;
}

/** The form's own rules on the fields that parsed (`formIssues`), as errors by path. */
export function partialFormErrors(form: Partial<ApplicationForm>): FieldErrors {
  const errors: FieldErrors = {};
  formIssues(form, (path, message) => (errors[path.join('.')] ??= []).push(message));
  return errors;
}

export type ApplicationForm = z.output<typeof applicationSchema>;
export type ApplicationInput = z.input<typeof applicationSchema>;
export type TouristRow = z.output<typeof touristSchema>;
export type AccommodationRow = z.output<typeof accommodationSchema>;
export type TransportItemRow = z.output<typeof transportItemSchema>;
export type SeatRow = z.output<typeof seatSchema>;
export type TransferRow = z.output<typeof transferSchema>;
export type ServiceLineRow = z.output<typeof serviceLineSchema>;
export type MealLineRow = z.output<typeof mealLineSchema>;
export type PaymentRow = z.output<typeof paymentSchema>;
export type VendorPaymentRow = z.output<typeof vendorPaymentSchema>;

export const transportKey = (side: Leg) => (side === 'forth' ? 'transport_forth' : 'transport_back') as `transport_${Leg}`;
export const seatsKey = (side: Leg) => (side === 'forth' ? 'seats_forth' : 'seats_back') as `seats_${Leg}`;
export const transferKey = (side: Leg) => (side === 'forth' ? 'transfer_forth' : 'transfer_back') as `transfer_${Leg}`;

/**
 * `POST /api/applications/{id}/calc-totals` (spec 03 §7): the four fields the General tab changes,
 * laid over the stored application. The services lists are whole when sent.
 */
export const calcTotalsSchema = z.object({
  discount: requiredInteger(0, L.manualPrice, { blank: 0 }),
  manual_price_without_discount: optionalInteger(0, L.manualPrice),
  manual_agency_commission: optionalMoney(0, L.money),
  services: z.array(serviceLineSchema, { error: V.invalid }).optional(),
  required_services: z.array(serviceLineSchema, { error: V.invalid }).optional(),
  additional_services: z.array(serviceLineSchema, { error: V.invalid }).optional(),
});
export type CalcTotalsInput = z.output<typeof calcTotalsSchema>;

/** A form's errors by path, as the server answers them (the renderer checks before saving). */
export const applicationErrors = (form: unknown) => {
  const result = applicationSchema.safeParse(form);
  return result.success ? {} : toFieldErrors(result.error);
};

export type { ServiceLineKind };
