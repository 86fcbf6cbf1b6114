/**
 * The application editor's form (spec 03 §2.3, §3 "Application (full form)"; issue 18): the shared
 * schema's form as the fields hold it (an id null while its select is empty, a number still text
 * while typed), with the names GET gives beside the ids for the pickers; a new application, a record
 * read back, blank rows, and which tab owns which error path.
 */
import type { IdName } from '@shared/api';
import { ApplicationStatus, APPLICATION_TYPES, DEFAULT_PAYMENT_ROW_STATUS, LEGS, RequesterType, TOURIST_DEFAULTS, type Leg } from '@shared/applications/constants';
import type { ApplicationForm, AccommodationRow, MealLineRow, PaymentRow, VendorPaymentRow, SeatRow, ServiceLineRow, TouristRow, TransferRow, TransportItemRow } from '@shared/applications/schema';
import type { ProductRoutePoint } from '@shared/applications/editor-data';
import type { ApplicationRecord } from '@shared/applications/types';
import { DEFAULT_TRANSFER_TYPE } from '@shared/applications/constants';
import type { FormOf } from '../../common/editor/formOf';
import { tabOwnership } from '../../common/editor/tabOwnership';

/** Fields a select fills: an id, or null while nothing is chosen. */
type Choice = `${string}_id` | 'status' | 'payment_method' | 'document' | 'citizenship' | 'gender' | 'transfer_type' | 'application_type';

/**
 * A form row from the schema's output: a select's id is null while empty, a number may be text while
 * typed, a date or a text null while empty; the schema reads them all before a save.
 */
type Editable<Row> = FormOf<{
  [K in keyof Row]: K extends 'id' | 'version' ? Row[K] : K extends Choice ? Exclude<Row[K], string> | null : Row[K] extends number | null ? number | string | null : Row[K] extends string | null ? string | null : Row[K];
}>;

export type TouristValues = Editable<TouristRow>;
export type AccommodationValues = Editable<Omit<AccommodationRow, 'payload'>> & { payload?: unknown };
export type TransportItemValues = Editable<Omit<TransportItemRow, 'payload'>> & { payload?: unknown; transport_name?: string };
export type SeatValues = FormOf<SeatRow> & { tourist_name?: string | null };
/** With the names of its cities (GET gives them; the dialog's selects set them as they choose). */
export type TransferValues = Editable<TransferRow> & { from_city?: IdName | null; to_city?: IdName | null };
/** `price`: the service's price GET read (shown when the service is no longer among the choices). */
export type ServiceLineValues = Editable<ServiceLineRow> & { name?: string; price?: number };
export type MealLineValues = Editable<MealLineRow>;
export type PaymentValues = Editable<PaymentRow>;
/** The method is a vendor's key (`cash`…), not one of the application's numbered choices. */
export type VendorPaymentValues = Editable<Omit<VendorPaymentRow, 'payment_method'>> & { payment_method: string | null };

type Rows = 'payments' | 'vendor_payments' | 'accommodations' | 'transport_forth' | 'transport_back' | 'seats_forth' | 'seats_back' | 'transfer_forth' | 'transfer_back' | 'services' | 'required_services' | 'additional_services' | 'meals' | 'tourists';

export type ApplicationValues = Omit<Editable<Omit<ApplicationForm, Rows | 'payment_status' | 'source_payload' | 'requester_type'>>, 'application_type' | 'requester_id' | 'children_ages'> & {
  application_type: number | null;
  /** Each child's age as typed (null while a field is empty). */
  children_ages: (number | string | null)[];
  requester_type: RequesterType;
  requester_id: number | null;
  accommodations: AccommodationValues[];
  transport_forth: TransportItemValues | null;
  transport_back: TransportItemValues | null;
  seats_forth: SeatValues[];
  seats_back: SeatValues[];
  transfer_forth: TransferValues | null;
  transfer_back: TransferValues | null;
  services: ServiceLineValues[];
  required_services: ServiceLineValues[];
  additional_services: ServiceLineValues[];
  meals: MealLineValues[];
  tourists: TouristValues[];
  source_payload?: unknown;
  /** The Payments tab's rows (the administrator's and the accountant's); absent, the server keeps them as stored. */
  payments?: PaymentValues[];
  /** The Учет ДС tab's rows; a stored row's vendor is fixed (the server's 422 otherwise). */
  vendor_payments?: VendorPaymentValues[];
  /** Sent once after «Подтвердить переплату?»: paying a vendor above its net. */
  confirm_overpayment?: boolean;
  /** Names beside the ids (GET gives them; a picker sets them as it chooses). */
  applicationable?: IdName | null;
  requester?: IdName | null;
  user?: IdName | null;
  agency_user?: IdName | null;
};

export const blankApplication = (): ApplicationValues => ({
  application_type: APPLICATION_TYPES[0].id,
  applicationable_id: null,
  applicationable: null,
  tour_date: null,
  requester_type: RequesterType.Client,
  requester_id: null,
  requester: null,
  agency_user_id: null,
  user_id: null,
  status: ApplicationStatus.New,
  payment_method: null,
  prepayment: null,
  manual_price_without_discount: null,
  discount: 0,
  manual_agency_commission: null,
  adult_count: 1,
  child_count: 0,
  children_ages: [],
  promo_code: null,
  phone: null,
  email: null,
  attendant_phone: null,
  comment: null,
  source: null,
  external_id: null,
  accommodations: [],
  transport_forth: null,
  transport_back: null,
  seats_forth: [],
  seats_back: [],
  transfer_forth: null,
  transfer_back: null,
  services: [],
  required_services: [],
  additional_services: [],
  meals: [],
  tourists: [],
  payments: undefined,
  vendor_payments: undefined,
});

export const blankTourist = (): TouristValues => ({
  last_name: '',
  first_name: '',
  patronymic: null,
  birthday_date: null,
  document: TOURIST_DEFAULTS.document,
  document_number: '',
  citizenship: TOURIST_DEFAULTS.citizenship,
  gender: TOURIST_DEFAULTS.gender,
});

export const blankAccommodation = (hotelId: number | null = null): AccommodationValues => ({
  hotel_id: hotelId,
  room_id: null,
  start_at: null,
  finish_at: null,
  meal_id: null,
  adult_count: 1,
  child_count: 0,
  adv_adult_count: 0,
  adv_child_count: 0,
  child_without_count: 0,
});

export const blankTransportItem = (transportId: number | null = null): TransportItemValues => ({ transport_id: transportId, departure_date: null, from_route_id: null, to_route_id: null });
export const blankTransfer = (): TransferValues => ({ from_city_id: null, to_city_id: null, transfer_type: DEFAULT_TRANSFER_TYPE, start_at: null, finish_at: null });
export const blankServiceLine = (): ServiceLineValues => ({ serviceable_id: null, count: 1 });
export const blankMealLine = (): MealLineValues => ({ tour_meal_id: null, persons: null });
export const blankPayment = (today: string): PaymentValues => ({ status: DEFAULT_PAYMENT_ROW_STATUS, sum: null, is_online: false, date: today });
export const blankVendorPayment = (today: string): VendorPaymentValues => ({ vendor_id: null, sum: null, date: today, payment_method: null });

/** A record read back (GET /api/applications/{id}) as the form: its fields, names beside ids, the seats' tourists. */
export function applicationFromRecord(stored: ApplicationRecord): ApplicationValues {
  const blank = blankApplication();
  const item = (leg: Leg): TransportItemValues | null => {
    const found = stored[`transport_${leg}`];
    return found
      ? { id: found.id, transport_id: found.transport_id, transport_name: found.transport_name, departure_date: found.departure_date, from_route_id: found.from_route_id, to_route_id: found.to_route_id, payload: (found as { payload?: unknown }).payload }
      : null;
  };
  const seats = (leg: Leg): SeatValues[] => (stored[`seats_${leg}`] ?? []).map((seat) => ({ id: seat.id, number: seat.number, tourist_id: seat.tourist_id, tourist_index: null, tourist_name: seat.tourist_name }));
  const named = (value: { id: number; full_name?: string; name?: string } | null | undefined): IdName | null => (value ? { id: value.id, name: value.full_name || value.name || '' } : null);
  return {
    ...blank,
    ...(Object.fromEntries(Object.entries(stored).filter(([key]) => key in blank)) as Partial<ApplicationValues>),
    id: stored.id,
    version: stored.version,
    applicationable: stored.applicationable ? { id: stored.applicationable.id, name: stored.applicationable.name } : null,
    requester_type: stored.requestorable?.type === 'agencies' ? RequesterType.Agency : stored.requester_type,
    requester: stored.requestorable ? { id: stored.requestorable.id, name: stored.requestorable.type === 'agencies' ? stored.requestorable.name || stored.requestorable.full_name : stored.requestorable.full_name || stored.requestorable.name } : null,
    user: named(stored.user),
    agency_user: named(stored.agency_user),
    accommodations: (stored.accommodations ?? []).map((row) => ({ ...row })),
    transport_forth: item('forth'),
    transport_back: item('back'),
    seats_forth: seats('forth'),
    seats_back: seats('back'),
    transfer_forth: stored.transfer_forth ? { ...stored.transfer_forth } : null,
    transfer_back: stored.transfer_back ? { ...stored.transfer_back } : null,
    services: (stored.services ?? []).map((line) => ({ ...line })),
    required_services: (stored.required_services ?? []).map((line) => ({ ...line })),
    additional_services: (stored.additional_services ?? []).map((line) => ({ ...line })),
    meals: (stored.meals ?? []).map((meal) => ({ ...meal })),
    tourists: (stored.tourists ?? []).map((tourist) => ({ ...tourist })),
    // Sent back as read: the server keeps them unless the administrator or the accountant changed them.
    payments: stored.payments?.map((row) => ({ ...row })),
    vendor_payments: stored.vendor_payments?.map(({ id, vendor_id, sum, date, payment_method }) => ({ id, vendor_id, sum, date, payment_method })),
  };
}

/** A copy: a new application for the same product and requester, without its seats, payments and raw payloads. */
export function copyApplication(form: ApplicationValues): ApplicationValues {
  const strip = <Row extends { id?: number }>(row: Row): Row => ({ ...row, id: undefined });
  return {
    ...form,
    id: undefined,
    version: undefined,
    status: ApplicationStatus.New,
    source: null,
    source_payload: undefined,
    external_id: null,
    accommodations: form.accommodations.map((row) => ({ ...strip(row), payload: undefined })),
    transport_forth: form.transport_forth ? { ...strip(form.transport_forth), payload: undefined } : null,
    transport_back: form.transport_back ? { ...strip(form.transport_back), payload: undefined } : null,
    seats_forth: [],
    seats_back: [],
    transfer_forth: form.transfer_forth ? strip(form.transfer_forth) : null,
    transfer_back: form.transfer_back ? strip(form.transfer_back) : null,
    services: form.services.map(strip),
    required_services: form.required_services.map(strip),
    additional_services: form.additional_services.map(strip),
    meals: form.meals.map(strip),
    tourists: form.tourists.map(strip),
    payments: undefined,
    vendor_payments: undefined,
  };
}

/** Error paths of each tab; the rest (statuses, prices, counts, the header's fields) shows on the general tab. */
const TABS = tabOwnership({
  accommodations: ['accommodations'],
  transport: ['transport_', 'seats_'],
  transfers: ['transfer_'],
  services: ['services', 'required_services', 'additional_services'],
  meals: ['meals'],
  tourists: ['tourists'],
  contacts: ['phone', 'email', 'attendant_phone'],
  // The money's own tabs: not the general tab's, so a cancelled application's lock of it leaves them open.
  payments: ['payments'],
  vendorPayments: ['vendor_payments'],
});
export const APPLICATION_TAB_OWNS = TABS.owns;
export const generalOwns = TABS.rest;

export const LEG_TITLES: Record<Leg, string> = { forth: 'Туда', back: 'Обратно' };
export { LEGS };

/** The people riding a transport leg: one seat each (spec 03 §4 "Seats on a transport"). */
export const ridersOf = (form: Pick<ApplicationValues, 'adult_count' | 'child_count'>): number => (Number(form.adult_count) || 0) + (Number(form.child_count) || 0);

/** A cell of a value as typed: empty when there is none. */
export const cellText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** A tourist's full name. */
export const touristName = (tourist: Pick<TouristValues, 'last_name' | 'first_name' | 'patronymic'>): string => [tourist.last_name, tourist.first_name, tourist.patronymic].filter(Boolean).join(' ');

/** A seat's tourist as one key: a stored tourist by id, a new one by its index in the form. */
export const touristKey = (seat: Pick<SeatValues, 'tourist_id' | 'tourist_index'>) =>
  seat.tourist_id !== null && seat.tourist_id !== undefined ? `id:${seat.tourist_id}` : seat.tourist_index !== null && seat.tourist_index !== undefined ? `index:${seat.tourist_index}` : '';

/** The stops a leg may start at (before the chosen arrival) and end at (after the chosen departure). */
export function routeOptions(route: ProductRoutePoint[], fromId: number | null, toId: number | null) {
  const points = [...route].sort((a, b) => a.position - b.position);
  const from = points.find((stop) => stop.id === fromId);
  const to = points.find((stop) => stop.id === toId);
  return {
    departures: points.filter((stop, index) => index < points.length - 1 && (!to || stop.position < to.position)),
    arrivals: points.filter((stop, index) => index > 0 && (!from || stop.position > from.position)),
  };
}
