/**
 * The application's rules that need stored data (issue 18, docs/applications.md), each a 422 on the
 * payload's indexed path, and the pricing engine's input built from the same loaded ground
 * (./application-ground.ts): a save and calc-totals price with exactly these functions.
 */
import {
  APPLICATION_PAYMENT_METHODS,
  ApplicationStatus,
  LEGS,
  applicationStatus,
  RequesterType,
  SERVICE_LINE_KINDS,
  canEditAgencyCommission,
  canEditPrepayment,
  canEditPrice,
  paymentMethodsFor,
  type Leg,
  type ServiceLineKind,
} from '../../shared/applications/constants.js';
import { roleMayChange } from '../../shared/applications/field-rules.js';
import { seatsKey, transferKey, transportKey, type ApplicationForm, type TransportItemRow } from '../../shared/applications/schema.js';
import { MESSAGES } from '../../shared/messages.js';
import { sameMoney, type MoneyLike } from '../../shared/money.js';
import { Role } from '../../shared/roles.js';
import { TransferType } from '../../shared/transfers.js';
import { departureDates } from '../../shared/transport/rules.js';
import type { FieldErrors } from '../../shared/validation.js';
import { backLegErrors, forthRide } from './back-leg.js';
import { pointOf, type Ground, type GroundRequest, type TransportGround } from './application-ground.js';
import { PricingError, priceApplication, type PricingInput, type PricingResult, type ServiceLineInput, type TransportItemInput } from './pricing/index.js';
import { ValidationFailed } from '../common/http/errors.js';
import { rideDates } from '../transports/transport-read.js';

const A = MESSAGES.applications;
const V = MESSAGES.validation;

/** What the rules compare with: the stored application before this save (null when creating). */
export interface StoredState {
  status: number;
  payment_method: number | null;
  payment_status: number;
  user_id: number | null;
  manual_price_without_discount: string | null;
  discount: string;
  manual_agency_commission: string | null;
  prepayment: string | null;
  has_payments: boolean;
}

/** The fields of a form the ground is loaded for and the engine prices (a saved form, or one laid over the stored application). */
export type PricedForm = Pick<
  ApplicationForm,
  | 'application_type'
  | 'applicationable_id'
  | 'tour_date'
  | 'requester_type'
  | 'requester_id'
  | 'agency_user_id'
  | 'user_id'
  | 'adult_count'
  | 'child_count'
  | 'accommodations'
  | 'transport_forth'
  | 'transport_back'
  | 'transfer_forth'
  | 'transfer_back'
  | 'services'
  | 'required_services'
  | 'additional_services'
  | 'meals'
  | 'manual_price_without_discount'
  | 'discount'
  | 'manual_agency_commission'
>;

/** The transport items of a form, forth first. */
export const transportItems = (form: Pick<PricedForm, 'transport_forth' | 'transport_back'>) =>
  LEGS.flatMap((leg) => (form[transportKey(leg)] ? [{ leg, item: form[transportKey(leg)]! }] : []));

/** The service lines of a form in one list (services, required, additional), with their paths. */
export const serviceLines = (form: Pick<PricedForm, ServiceLineKind>) =>
  SERVICE_LINE_KINDS.flatMap((kind) => form[kind].map((line, index) => ({ kind, index, line })));

export function groundRequest(form: PricedForm): GroundRequest {
  return {
    application_type: form.application_type,
    applicationable_id: form.applicationable_id,
    requester_type: form.requester_type,
    requester_id: form.requester_id,
    agency_user_id: form.agency_user_id,
    user_id: form.user_id,
    accommodations: form.accommodations,
    transports: transportItems(form).map(({ item }) => item),
    service_ids: serviceLines(form).map(({ line }) => line.serviceable_id),
    meal_ids: form.meals.map((meal) => meal.tour_meal_id),
  };
}

/** A transport item's ride: its points' positions and cities, and the days it starts and ends (the trip's days from the departure). */
export function rideOf(transport: TransportGround, item: TransportItemRow) {
  const from = pointOf(transport, item.from_route_id);
  const to = pointOf(transport, item.to_route_id);
  if (!from || !to || from.position >= to.position) return null;
  return {
    from_position: from.position,
    to_position: to.position,
    from_city_id: from.point_city_id,
    to_city_id: to.point_city_id,
    ...rideDates({ row: transport, points: transport.points }, item.departure_date, from.position, to.position),
  };
}

const isDeparture = (transport: TransportGround, date: string) =>
  departureDates({ ...transport, days: transport.days, dates: transport.dates }, { from: date, to: date }).includes(date);

/** The hotels whose services a service line of this product may name (hotel services; none for a tour). */
function serviceHotelIds(ground: Ground): number[] {
  const product = ground.product;
  if (product?.kind === 'hotel') return [product.id];
  if (product?.kind === 'sea_tour') return product.hotel_ids;
  return [];
}

/** The hotel of a hotel-service line: the first of the product's hotels that sells it. */
function hotelSelling(ground: Ground, serviceId: number) {
  return serviceHotelIds(ground)
    .map((id) => ground.hotels.get(id))
    .find((hotel) => hotel?.services.some((item) => item.item_id === serviceId));
}

/** The product, its rows and the requester: what the stored data says of the form's references. */
export function groundErrors(form: PricedForm, ground: Ground): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const product = ground.product;

  if (product === null) add('applicationable_id', A.notOfProduct);
  if (product?.kind === 'tour') {
    if (form.tour_date === null) add('tour_date', V.required);
    else if (!product.dates.includes(form.tour_date)) add('tour_date', A.notOfProduct);
  }

  form.accommodations.forEach((stay, index) => {
    const path = `accommodations.${index}`;
    const hotel = ground.hotels.get(stay.hotel_id);
    const allowedHotels = product?.kind === 'hotel' ? [product.id] : product?.kind === 'tour' || product?.kind === 'sea_tour' ? product.hotel_ids : null;
    if (!hotel || (allowedHotels !== null && !allowedHotels.includes(stay.hotel_id))) {
      add(`${path}.hotel_id`, A.notOfProduct);
      return;
    }
    const room = ground.rooms.get(stay.room_id);
    if (!room || room.hotel_id !== stay.hotel_id) {
      add(`${path}.room_id`, A.notOfProduct);
    } else {
      const caps = { adult_count: room.adult_count, child_count: room.child_count, adv_adult_count: room.adv_adult_count, adv_child_count: room.adv_child_count, child_without_count: room.child_without } as const;
      for (const [field, cap] of Object.entries(caps)) if (stay[field as keyof typeof caps] > cap) add(`${path}.${field}`, A.roomCap(cap));
    }
    if (stay.meal_id !== null && !hotel.meals.some((meal) => meal.item_id === stay.meal_id)) add(`${path}.meal_id`, A.notOfProduct);
  });

  for (const { leg, item } of transportItems(form)) {
    const path = transportKey(leg);
    const transport = ground.transports.get(item.transport_id);
    // A bus tour's back leg rides any bus that brings it back to where its forth leg started (back-leg.ts).
    const forthTransport = leg === 'back' && product?.kind === 'transport' && form.transport_forth ? ground.transports.get(form.transport_forth.transport_id) : undefined;
    const forth = forthTransport && form.transport_forth ? forthRide(forthTransport, form.transport_forth) : null;
    const allowed = forth
      ? null
      : product?.kind === 'transport'
        ? [product.id]
        : product?.kind === 'tour'
          ? product.transport_ids
          : product?.kind === 'sea_tour'
            ? product.transport_ids.map((pair) => pair[leg])
            : null;
    if (!transport || (allowed !== null && !allowed.includes(item.transport_id))) {
      add(`${path}.transport_id`, A.notOfProduct);
      continue;
    }
    const from = pointOf(transport, item.from_route_id);
    const to = pointOf(transport, item.to_route_id);
    if (!from) add(`${path}.from_route_id`, A.notOfProduct);
    if (!to) add(`${path}.to_route_id`, A.notOfProduct);
    if (from && to && from.position >= to.position) add(`${path}.to_route_id`, V.oneOf);
    if (!isDeparture(transport, item.departure_date)) add(`${path}.departure_date`, A.notOfProduct);
    if (forth) for (const [field, messages] of Object.entries(backLegErrors(forth, transport, item))) messages.forEach((message) => add(field, message));
  }

  for (const { kind, index, line } of serviceLines(form)) {
    const path = `${kind}.${index}.serviceable_id`;
    const ok = product?.kind === 'tour' ? product.service_ids.includes(line.serviceable_id) && ground.tourServices.has(line.serviceable_id) : hotelSelling(ground, line.serviceable_id) !== undefined;
    if (!ok) add(path, A.notOfProduct);
  }
  form.meals.forEach((meal, index) => {
    if (product?.kind !== 'tour' || !product.meal_ids.includes(meal.tour_meal_id)) add(`meals.${index}.tour_meal_id`, A.notOfProduct);
  });

  if (!ground.requester) add('requester_id', V.oneOf);
  if (form.agency_user_id !== null && (!ground.agencyUser || ground.agencyUser.agency_id !== form.requester_id || form.requester_type !== RequesterType.Agency)) {
    add('agency_user_id', V.oneOf);
  }
  if (form.user_id !== null && !ground.manager) add('user_id', V.oneOf);
  return errors;
}


/**
 * The rules of who may change what (docs/applications.md "can_edit_price", the statuses, the
 * manager rule), judged against the stored application (the status as the editor opened it).
 */
export function lockErrors(form: ApplicationForm, stored: StoredState | null, actor: { id: number; role: number }): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const privileged = actor.role === Role.Administrator || actor.role === Role.Accountant;
  const status = stored?.status ?? form.status;
  const hasPayments = stored?.has_payments ?? false;
  const before = stored ?? { manual_price_without_discount: null, discount: '0', manual_agency_commission: null, prepayment: null, user_id: null };

  if (!canEditPrice(status, hasPayments, privileged)) {
    if (!sameMoney(form.manual_price_without_discount, before.manual_price_without_discount)) add('manual_price_without_discount', A.priceLocked);
    if (!sameMoney(form.discount, before.discount)) add('discount', A.priceLocked);
  }
  if (!sameMoney(form.manual_agency_commission, before.manual_agency_commission) && !canEditAgencyCommission(status, hasPayments, privileged)) {
    add('manual_agency_commission', A.agencyCommissionLocked);
  }
  if (!sameMoney(form.prepayment, before.prepayment) && !canEditPrepayment(status, hasPayments)) add('prepayment', A.prepaymentLocked);

  if (form.status === ApplicationStatus.Cancelled && stored?.status !== ApplicationStatus.Cancelled) add('status', A.cancelOnlyByAction);
  // Payment method (spec 03 §5, §6): the administrator and the accountant set any (a change by another
  // role is the rule table's refusal, judged by the commands); a new application's method from another
  // role must serve its requester type.
  if (!stored && !roleMayChange('payment_method', actor.role) && form.payment_method !== null && !paymentMethodsFor(form.requester_type).some((method) => method.id === form.payment_method)) {
    add('payment_method', V.oneOf);
  }
  if (actor.role === Role.Manager && form.user_id !== null && form.user_id !== actor.id && form.user_id !== before.user_id) add('user_id', A.managerOnlySelf);
  return errors;
}

/**
 * The payment rows this save adds (spec 03 §5; the stored rows are kept whatever they are): none before
 * a payment method is chosen; under a method without manual payments (online) only online rows; an
 * online row only from the system or an outside source — the office does not take money online.
 */
export function addedPaymentErrors(form: Pick<ApplicationForm, 'payments' | 'payment_method'>, storedIds: ReadonlySet<number>, outside: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const added = (form.payments ?? []).flatMap((row, index) => (row.id != null && storedIds.has(row.id) ? [] : [{ row, index }]));
  if (added.length === 0) return errors;
  if (form.payment_method === null) return { payment_method: [A.paymentMethodFirst] };
  const method = APPLICATION_PAYMENT_METHODS.find((candidate) => candidate.id === form.payment_method);
  for (const { row, index } of added) {
    if (method && !method.manualPayments && !row.is_online) errors[`payments.${index}.is_online`] = [A.paymentOnlineOnly];
    else if (row.is_online && !outside) errors[`payments.${index}.is_online`] = [A.paymentOnlineNotByOffice];
  }
  return errors;
}

/** The seats of each leg with a transport item: exactly one per riding adult and child, tied to this application's tourists. */
export function seatErrors(form: ApplicationForm, storedTouristIds: ReadonlySet<number>): FieldErrors {
  const errors: FieldErrors = {};
  const riders = form.adult_count + form.child_count;
  for (const leg of LEGS) {
    const key = seatsKey(leg);
    const seats = form[key];
    if (form[transportKey(leg)] && seats.length !== riders) errors[key] = [A.seatsCount(riders)];
    seats.forEach((seat, index) => {
      if (seat.tourist_id !== null && (!storedTouristIds.has(seat.tourist_id) || !form.tourists.some((tourist) => tourist.id === seat.tourist_id))) {
        errors[`${key}.${index}.tourist_id`] = [V.oneOf];
      }
    });
  }
  return errors;
}

/** The earliest start of the accommodations, transport items and transfers. */
export function startDateOf(form: PricedForm, ground: Ground): string | null {
  const starts = [
    ...form.accommodations.map((stay) => stay.start_at),
    ...transportItems(form).map(({ item }) => {
      const transport = ground.transports.get(item.transport_id);
      return (transport && rideOf(transport, item)?.start_at) ?? item.departure_date;
    }),
    ...LEGS.flatMap((leg) => (form[transferKey(leg)] ? [form[transferKey(leg)]!.start_at] : [])),
  ].filter((date): date is string => Boolean(date));
  return starts.length === 0 ? null : starts.sort()[0]!;
}

/** The engine's input from the form and its ground (the ground checked by `groundErrors` first). */
export function pricingInput(form: PricedForm, ground: Ground, previousManual: MoneyLike | null | undefined): PricingInput {
  const product = ground.product!;
  const transfer = form.transfer_forth ?? form.transfer_back;
  const productInput: PricingInput['product'] =
    product.kind === 'tour'
      ? { kind: 'tour', tour: { ...product.row, id: product.id, start_date: form.tour_date! } }
      : product.kind === 'sea_tour'
        ? {
            kind: 'sea_tour',
            seaTour: { ...product.row, id: product.id, groups: product.groups },
            transfer_type: (transfer?.transfer_type as TransferType | undefined) ?? TransferType.Bus,
          }
        : { kind: product.kind };
  const requester = ground.requester!;
  const startDate = startDateOf(form, ground);
  const transports: TransportItemInput[] = transportItems(form).map(({ leg, item }) => {
    const transport = ground.transports.get(item.transport_id)!;
    const ride = rideOf(transport, item)!;
    const finish = transport.points.at(-1)?.position ?? 0;
    return {
      leg,
      transport: { ...transport, finish_position: finish },
      departure_date: item.departure_date,
      from_position: ride.from_position,
      to_position: ride.to_position,
      adult_count: form.adult_count,
      child_count: form.child_count,
    };
  });
  const services: ServiceLineInput[] = serviceLines(form).map(({ kind, line }) => {
    if (product.kind === 'tour') return { kind, count: line.count, service: { source: 'tour', row: ground.tourServices.get(line.serviceable_id)! }, date: startDate ?? form.tour_date };
    const hotel = hotelSelling(ground, line.serviceable_id)!;
    const item = hotel.services.find((service) => service.item_id === line.serviceable_id)!;
    return { kind, count: line.count, service: { source: 'hotel', item_id: item.item_id, sum: item.sum, vendor_id: hotel.vendor_id }, date: startDate };
  });
  return {
    product: productInput,
    requester: requester.type === RequesterType.Agency ? { type: RequesterType.Agency, commission_type: requester.commission_type, commission_sum: requester.commission_sum } : { type: RequesterType.Client },
    adult_count: form.adult_count,
    child_count: form.child_count,
    accommodations: form.accommodations.map((stay) => ({
      ...stay,
      hotel: ground.hotels.get(stay.hotel_id)!,
      periods: ground.rooms.get(stay.room_id)!.periods,
    })),
    transports,
    services,
    meals: form.meals.map((meal) => ({ meal: ground.tourMeals.get(meal.tour_meal_id)!, start_date: form.tour_date!, persons: meal.persons ?? form.adult_count + form.child_count })),
    manual_price_without_discount: form.manual_price_without_discount,
    discount: form.discount,
    previous_manual_price_without_discount: previousManual,
    manual_agency_commission: form.manual_agency_commission,
  };
}

/** The engine's refusal as a 422 on the form's own path (the engine numbers transport items, the form names their legs). */
/**
 * Status 6 (Оплачена) is set only on a payment status of 3 or 4 — the one this save derives (of its
 * payments and new prices), not the stored one nor a sent one.
 */
export function paidStatusErrors(form: Pick<ApplicationForm, 'status'>, stored: Pick<StoredState, 'status'> | null, derivedPaymentStatus: number): FieldErrors {
  const allowed: readonly number[] = applicationStatus(ApplicationStatus.Paid)!.paymentStatuses ?? [];
  if (form.status !== ApplicationStatus.Paid || stored?.status === ApplicationStatus.Paid || allowed.includes(derivedPaymentStatus)) return {};
  return { status: [A.paidNeedsPayment] };
}

export function pricingRefusal(error: PricingError, form: PricedForm): ValidationFailed {
  const legs = transportItems(form).map(({ leg }) => leg);
  const path = error.path.replace(/^transports\.(\d+)/, (_match, index: string) => transportKey(legs[Number(index)] as Leg));
  return new ValidationFailed({ [path]: [error.message] });
}

/** The engine's input and its answer. */
export interface Priced {
  input: PricingInput;
  result: PricingResult;
}

/** Checks the ground, then prices: a 422 for either refusal. */
export function priceForm(form: PricedForm, ground: Ground, previousManual: MoneyLike | null | undefined, extraErrors: FieldErrors = {}): Priced {
  const errors = { ...groundErrors(form, ground), ...extraErrors };
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const input = pricingInput(form, ground, previousManual);
  try {
    return { input, result: priceApplication(input) };
  } catch (error) {
    if (error instanceof PricingError) throw pricingRefusal(error, form);
    throw error;
  }
}
