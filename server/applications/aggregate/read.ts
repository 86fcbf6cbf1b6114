/**
 * The stored application (./declaration.ts, read by the kit's reader) as the editor reads it
 * (shared/applications/types.ts `ApplicationRecord`): the form's fields, the names it shows and its
 * figures. Money leaves as JSON numbers with at most two decimals (`moneyNumber`, ARCHITECTURE.md §3).
 */
import { APPLICATION_STATUSES, APPLICATION_TYPES, PAYMENT_STATUSES, type Leg, type ServiceLineKind } from '../../../shared/applications/constants.js';
import type { ApplicationDocumentsState } from '../../../shared/applications/documents.js';
import type { ApplicationRecord, ApplicationSeat, ApplicationServiceLine, ApplicationTotals, ApplicationTransfer, ApplicationTransportItem } from '../../../shared/applications/types.js';
import { moneyNumber, type MoneyLike } from '../../../shared/money.js';
import { vendorPaymentsSummary } from '../../../shared/applications/vendor-payments.js';
import type { StoredAggregate } from '../../common/aggregate/declaration.js';
import { productOfType } from '../../../shared/applications/products.js';
import { APPLICATION_AGGREGATE } from './declaration.js';

type StoredApplication = StoredAggregate<typeof APPLICATION_AGGREGATE>;

export interface ReadExtras {
  seats: (Omit<ApplicationSeat, 'tourist_name'> & { tourist_name: string | null })[];
  canEditPrice: boolean;
  canEditAgencyCommission: boolean;
  canEditPrepayment: boolean;
  canDelete: boolean;
  /** The application's own price lock (not the reader's `canEditPrice`). */
  pricesLocked: boolean;
  /** Its documents and their generation mark, outside the aggregate (documents/). */
  documents: ApplicationDocumentsState;
  /** The Source data tab's raw payloads: the administrator's only. */
  showSource: boolean;
}

/** What the totals block is made of: the stored row's columns or the engine's result (money as either). */
export type TotalsSource = { [Key in Exclude<keyof ApplicationTotals, 'max_discount'>]: MoneyLike } & { max_discount: number };

/** The totals block (GET's `totals`, calc-totals' reply). */
export function totalsOf(source: TotalsSource): ApplicationTotals {
  return {
    estimated_price_without_discount: moneyNumber(source.estimated_price_without_discount),
    price_without_discount: moneyNumber(source.price_without_discount),
    discount: moneyNumber(source.discount),
    max_discount: source.max_discount,
    price_total: moneyNumber(source.price_total),
    agency_commission: moneyNumber(source.agency_commission),
    agency_to_pay: moneyNumber(source.agency_to_pay),
  };
}

/** The stored aggregate as the editor reads it (ApplicationRecord). */
export function applicationRecord(stored: StoredApplication, extras: ReadExtras): ApplicationRecord {
  const { row, collections } = stored;
  const product = productOfType(row.type);
  const productId = product ? row[product.column] : null;
  // The aggregate's reference to the product is named by its kind (declaration.ts).
  const productName = product ? row[product.kind]?.name : undefined;
  const requester = row.agency_id !== null ? { type: 'agencies' as const, id: row.agency_id, name: row.agency?.legal_name ?? null, is_active: row.agency?.is_active } : { type: 'clients' as const, id: row.client_id ?? 0, name: row.client?.full_name ?? null, is_active: row.client?.is_active };
  const source = <Value>(value: Value) => (extras.showSource ? value : null);
  const transportOf = (leg: Leg): ApplicationTransportItem | null => {
    const item = collections.transports.find((node) => node.row.leg === leg)?.row;
    if (!item) return null;
    return {
      id: item.id,
      transport_id: item.transport_id,
      transport_name: item.transport.name,
      departure_date: item.departure_date,
      from_route_id: item.from_route_id,
      to_route_id: item.to_route_id,
      from_city: { id: item.from_city_id, name: item.from_city.name },
      to_city: { id: item.to_city_id, name: item.to_city.name },
      start_at: item.start_at,
      finish_at: item.finish_at,
      price_without_discount: moneyNumber(item.price_without_discount),
      discount_application: moneyNumber(item.discount_application),
      price_total: moneyNumber(item.total_after_discount),
      agency_commission: moneyNumber(item.agency_commission),
      payload: source(item.payload),
    };
  };
  const transferOf = (leg: Leg): ApplicationTransfer | null => {
    const item = collections.transfers.find((node) => node.row.leg === leg)?.row;
    return item
      ? {
          id: item.id,
          from_city_id: item.from_city_id,
          to_city_id: item.to_city_id,
          from_city: { id: item.from_city_id, name: item.from_city.name },
          to_city: { id: item.to_city_id, name: item.to_city.name },
          transfer_type: item.transfer_type,
          start_at: item.start_at,
          finish_at: item.finish_at,
        }
      : null;
  };
  const serviceRows = (kind: ServiceLineKind): ApplicationServiceLine[] =>
    collections.service_lines
      .filter((node) => node.row.kind === kind)
      .map(({ row: line }) => ({
        id: line.id,
        serviceable_id: line.tour_service_id ?? line.hotel_service_id ?? 0,
        count: line.count,
        price: moneyNumber(line.price),
        price_total: moneyNumber(line.price_total),
      }));
  const seatsOf = (leg: Leg) => extras.seats.filter((seat) => seat.leg === leg);
  return {
    id: row.id,
    version: row.version,
    number: row.number,
    application_type: row.type,
    application_type_name: APPLICATION_TYPES.find((item) => item.id === row.type)?.name ?? '',
    applicationable_id: productId ?? null,
    applicationable: product && productId != null && productName !== undefined ? { type: product.kind, id: productId, name: productName } : null,
    tour_date: row.tour_date,
    requester_type: requester.type === 'agencies' ? 'agency' : 'client',
    requester_id: requester.id,
    requestorable: { type: requester.type, id: requester.id, full_name: requester.name ?? '', name: requester.name ?? '', is_active: requester.is_active ?? true },
    agency_user_id: row.agency_user_id,
    agency_user: row.agency_user_id !== null && row.agency_user ? { id: row.agency_user_id, full_name: row.agency_user.full_name } : null,
    user_id: row.user_id,
    user: row.user_id !== null && row.manager ? { id: row.user_id, full_name: row.manager.full_name ?? '' } : null,
    status: row.status,
    status_name: APPLICATION_STATUSES.find((item) => item.id === row.status)?.name ?? '',
    payment_status: row.payment_status,
    payment_status_name: PAYMENT_STATUSES.find((item) => item.id === row.payment_status)?.name ?? '',
    payment_method: row.payment_method,
    prepayment: moneyNumber(row.prepayment),
    manual_price_without_discount: moneyNumber(row.manual_price_without_discount),
    discount: moneyNumber(row.discount),
    manual_agency_commission: moneyNumber(row.manual_agency_commission),
    adult_count: row.adult_count,
    child_count: row.child_count,
    children_ages: row.children_ages,
    promo_code: row.promo_code,
    phone: row.phone,
    email: row.email,
    attendant_phone: row.attendant_phone,
    comment: row.comment,
    source: row.source,
    source_payload: source(row.source_payload),
    payload: source(row.payload),
    external_id: row.external_id,
    external_vendor_id: row.external_vendor_id,
    accommodations: collections.accommodations.map(({ row: stay }) => ({
      id: stay.id,
      hotel_id: stay.hotel_id,
      room_id: stay.room_id,
      start_at: stay.start_at,
      finish_at: stay.finish_at,
      meal_id: stay.meal_id,
      adult_count: stay.adult_count,
      child_count: stay.child_count,
      adv_adult_count: stay.adv_adult_count,
      adv_child_count: stay.adv_child_count,
      child_without_count: stay.child_without_count,
      payload: source(stay.payload),
    })),
    transport_forth: transportOf('forth'),
    transport_back: transportOf('back'),
    seats_forth: seatsOf('forth'),
    seats_back: seatsOf('back'),
    transfer_forth: transferOf('forth'),
    transfer_back: transferOf('back'),
    services: serviceRows('services'),
    required_services: serviceRows('required_services'),
    additional_services: serviceRows('additional_services'),
    meals: collections.meals.map(({ row: meal }) => ({ id: meal.id, tour_meal_id: meal.tour_meal_id, persons: meal.persons })),
    tourists: collections.tourists.map(({ row: tourist }) => ({
      id: tourist.id,
      last_name: tourist.last_name,
      first_name: tourist.first_name,
      patronymic: tourist.patronymic,
      birthday_date: tourist.birthday_date,
      document: tourist.document,
      document_number: tourist.document_number ?? '',
      citizenship: tourist.citizenship,
      gender: tourist.gender,
    })),
    // Both kinds of payment as money: the client's in kopecks, the supplier's in whole roubles.
    payments: collections.payments.map(({ row: payment }) => ({ id: payment.id, status: payment.status, sum: moneyNumber(payment.sum), is_online: payment.is_online, date: payment.date })),
    vendor_payments: collections.vendor_payments.map(({ row: payment }) => ({
      id: payment.id,
      vendor_id: payment.vendor_id,
      sum: moneyNumber(payment.sum),
      date: payment.date,
      payment_method: payment.payment_method,
      vendor: payment.vendor,
    })),
    // Per vendor: the stored nets (the engine's breakdown of the last save) against the payments.
    vendor_payments_info: vendorPaymentsSummary(
      stored.links.vendor_nets,
      collections.vendor_payments.map(({ row: payment }) => payment),
      (vendorId) => stored.links.vendor_nets.find((net) => net.vendor_id === vendorId)?.vendor?.name ?? collections.vendor_payments.find((node) => node.row.vendor_id === vendorId)?.row.vendor.name ?? '',
    ),
    totals: totalsOf(row),
    can_edit_price: extras.canEditPrice,
    can_edit_agency_commission: extras.canEditAgencyCommission,
    can_edit_prepayment: extras.canEditPrepayment,
    can_delete: extras.canDelete,
    prices_locked: extras.pricesLocked,
    documents: extras.documents.data,
    need_generate_docs: extras.documents.need_generate_docs,
    start_date: row.start_date,
    city_id: row.city_id,
    created_at: row.created_at,
  };
}
