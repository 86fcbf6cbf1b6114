/**
 * The application as an aggregate (docs/adding-an-editor.md §2; migrations/1765400000000-Applications.ts):
 * its tables for the kit's writer and reader, the rows of a save (the form, the engine's totals and
 * each line's share, what every save keeps: start date, city, search text) and the stored aggregate
 * read back as the editor's record (shared/applications/types.ts).
 *
 * Transport items and transfers are one row per leg: a leg keeps its stored row id whatever the
 * client sends, so the one-per-leg key never sees two rows of a leg. The breakdown tables are link
 * lists (replaced per save). Seats are the seat store's (server/seats/), written after the rows.
 */
import {
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  ApplicationType,
  LEGS,
  PAYMENT_STATUSES,
  ProductKind,
  type Leg,
  type ServiceLineKind,
} from '../../shared/applications/constants.js';
import { transferKey, transportKey, type ApplicationForm } from '../../shared/applications/schema.js';
import type { ApplicationRecord, ApplicationSeat, ApplicationTotals, ApplicationTransportItem } from '../../shared/applications/types.js';
import { decimal, moneyNumber, moneyText, sumMoney } from '../../shared/money.js';
import type { AggregateDeclaration, AggregateNode, StoredNode } from '../common/aggregate/declaration.js';
import { rideOf, serviceLines, transportItems, type Priced } from './application-rules.js';
import type { Ground } from './application-ground.js';
import { serviceUnit, type PricedLine } from './pricing/index.js';

const SHARE_COLUMNS = {
  net: 'numeric',
  price_without_discount: 'numeric',
  discount_application: 'numeric',
  total_after_discount: 'numeric',
  agency_commission: 'numeric',
} as const;

export const APPLICATION_AGGREGATE: AggregateDeclaration = {
  table: 'applications',
  columns: {
    number: 'varchar',
    type: 'smallint',
    hotel_id: 'integer',
    tour_id: 'integer',
    transport_id: 'integer',
    sea_tour_id: 'integer',
    tour_date: 'date',
    client_id: 'integer',
    agency_id: 'integer',
    agency_user_id: 'integer',
    user_id: 'integer',
    status: 'smallint',
    payment_status: 'smallint',
    payment_method: 'smallint',
    adult_count: 'smallint',
    child_count: 'smallint',
    children_ages: 'smallint[]',
    promo_code: 'varchar',
    phone: 'varchar',
    email: 'varchar',
    attendant_phone: 'varchar',
    comment: 'text',
    prepayment: 'numeric',
    manual_price_without_discount: 'numeric',
    discount: 'numeric',
    manual_agency_commission: 'numeric',
    estimated_price_without_discount: 'numeric',
    price_without_discount: 'numeric',
    net_total: 'numeric',
    markup_total: 'numeric',
    max_discount: 'integer',
    price_total: 'numeric',
    agency_commission: 'numeric',
    agency_to_pay: 'numeric',
    services_price: 'numeric',
    required_services_price: 'numeric',
    additional_services_price: 'numeric',
    payload: 'jsonb',
    source: 'varchar',
    source_payload: 'jsonb',
    external_id: 'varchar',
    start_date: 'date',
    city_id: 'integer',
    search_text: 'text',
    created_by_id: 'integer',
  },
  references: {
    client: { table: 'clients', via: 'client_id', columns: ['full_name', 'is_active'] },
    agency: { table: 'agencies', via: 'agency_id', columns: ['legal_name', 'is_active'] },
    agency_user: { table: 'agency_users', via: 'agency_user_id', columns: ['full_name'] },
    manager: { table: 'users', via: 'user_id', columns: ['full_name'] },
    hotel: { table: 'hotels', via: 'hotel_id', columns: ['name'] },
    tour: { table: 'tours', via: 'tour_id', columns: ['name'] },
    transport: { table: 'transports', via: 'transport_id', columns: ['name'] },
    sea_tour: { table: 'sea_tours', via: 'sea_tour_id', columns: ['name'] },
  },
  collections: {
    tourists: {
      table: 'tourists',
      parentColumn: 'application_id',
      columns: {
        position: 'smallint',
        last_name: 'varchar',
        first_name: 'varchar',
        patronymic: 'varchar',
        birthday_date: 'date',
        document: 'smallint',
        document_number: 'varchar',
        citizenship: 'smallint',
        gender: 'smallint',
      },
      orderBy: 'position, id',
    },
    accommodations: {
      table: 'application_accommodations',
      parentColumn: 'application_id',
      columns: {
        position: 'smallint',
        hotel_id: 'integer',
        room_id: 'integer',
        start_at: 'date',
        finish_at: 'date',
        meal_id: 'integer',
        adult_count: 'smallint',
        child_count: 'smallint',
        adv_adult_count: 'smallint',
        adv_child_count: 'smallint',
        child_without_count: 'smallint',
        payload: 'jsonb',
        ...SHARE_COLUMNS,
      },
      orderBy: 'position, id',
    },
    transports: {
      table: 'application_transports',
      parentColumn: 'application_id',
      columns: {
        leg: 'varchar',
        transport_id: 'integer',
        departure_date: 'date',
        from_route_id: 'integer',
        to_route_id: 'integer',
        from_city_id: 'integer',
        to_city_id: 'integer',
        start_at: 'date',
        finish_at: 'date',
        payload: 'jsonb',
        ...SHARE_COLUMNS,
      },
      orderBy: 'leg DESC, id',
      references: {
        transport: { table: 'transports', via: 'transport_id', columns: ['name'] },
        from_city: { table: 'cities', via: 'from_city_id', columns: ['name'] },
        to_city: { table: 'cities', via: 'to_city_id', columns: ['name'] },
      },
    },
    transfers: {
      table: 'application_transfers',
      parentColumn: 'application_id',
      columns: { leg: 'varchar', from_city_id: 'integer', to_city_id: 'integer', transfer_type: 'smallint', start_at: 'date', finish_at: 'date' },
      orderBy: 'leg DESC, id',
    },
    service_lines: {
      table: 'application_services',
      parentColumn: 'application_id',
      columns: {
        kind: 'varchar',
        position: 'smallint',
        tour_service_id: 'integer',
        hotel_service_id: 'integer',
        count: 'numeric',
        price: 'numeric',
        price_total: 'numeric',
        ...SHARE_COLUMNS,
      },
      orderBy: 'position, id',
    },
    meals: {
      table: 'application_meals',
      parentColumn: 'application_id',
      columns: { position: 'smallint', tour_meal_id: 'integer', persons: 'smallint', ...SHARE_COLUMNS },
      orderBy: 'position, id',
    },
    payments: {
      table: 'payments',
      parentColumn: 'application_id',
      columns: { status: 'smallint', sum: 'numeric', is_online: 'boolean', date: 'date' },
      orderBy: 'date, id',
    },
    vendor_payments: {
      table: 'vendor_payments',
      parentColumn: 'application_id',
      columns: { vendor_id: 'integer', sum: 'integer', date: 'date', payment_method: 'smallint' },
      orderBy: 'date, id',
    },
  },
  links: {
    category_totals: {
      table: 'application_category_totals',
      parentColumn: 'application_id',
      columns: { category: 'varchar', net: 'numeric', markup: 'numeric', price: 'numeric', discount: 'numeric', price_total: 'numeric', agency_commission: 'numeric' },
      orderBy: 'category',
    },
    vendor_nets: {
      table: 'application_vendor_nets',
      parentColumn: 'application_id',
      columns: { vendor_id: 'integer', category: 'varchar', net: 'numeric' },
      orderBy: 'category, vendor_id',
    },
  },
};

/** The product column of each type (none for avia and railway). */
const PRODUCT_COLUMN_OF_TYPE: Record<number, string | undefined> = {
  [ApplicationType.Accommodation]: 'hotel_id',
  [ApplicationType.ExcursionTour]: 'tour_id',
  [ApplicationType.BusTour]: 'transport_id',
  [ApplicationType.SeaTour]: 'sea_tour_id',
};

/** A line's share as a row's five share columns (a row's lines summed: a stay's room and meal). */
function shares(lines: readonly PricedLine[]) {
  const sum = (field: keyof PricedLine) => moneyText(sumMoney(lines.map((item) => item[field] as string)));
  return {
    net: sum('net'),
    price_without_discount: sum('price'),
    discount_application: sum('discount'),
    total_after_discount: sum('price_total'),
    agency_commission: sum('agency_commission'),
  };
}

/** What a save writes besides the form: kept from the stored row (or set at creation) and derived. */
export interface SaveFacts {
  number: string;
  status: number;
  payment_status: number;
  payload: unknown;
  source: string | null;
  source_payload: unknown;
  external_id: string | null;
  created_by_id: number | null;
  /** When it was made, where not now: an import's or the demo's history (creation only). */
  created_at?: string;
  start_date: string | null;
  city_id: number | null;
  search_text: string;
  /** The stored rows' ids per leg (transport items, transfers) and the payments kept when absent. */
  legIds: { transports: Partial<Record<Leg, number>>; transfers: Partial<Record<Leg, number>> };
  /** The stored rows' raw payloads (accommodations by id, transport items by leg), which every save keeps. */
  rawPayloads: { accommodations: ReadonlyMap<number, unknown>; transports: Partial<Record<Leg, unknown>> };
  /** Whether the rows' sent payloads are written (an outside source's creation) or dropped. */
  writesRawPayloads: boolean;
  keptPayments: NonNullable<ApplicationForm['payments']>;
  keptVendorPayments: NonNullable<ApplicationForm['vendor_payments']>;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The rows of a save: the form, the engine's result and the save's facts. */
export function applicationNode(form: ApplicationForm, { input, result: priced }: Priced, ground: Ground, facts: SaveFacts): AggregateNode {
  const productColumn = PRODUCT_COLUMN_OF_TYPE[form.application_type];
  const linesOf = (list: string, index?: number) => priced.lines.filter((item) => item.source.list === list && (index === undefined || ('index' in item.source && item.source.index === index)));
  const isTour = form.application_type === ApplicationType.ExcursionTour;
  const items = transportItems(form);
  const lines = serviceLines(form);
  const payments = form.payments ?? facts.keptPayments;
  /** A row's raw payload: the stored one, else the sent one when this save writes them. */
  const rawPayloadOf = (stored: unknown, sent: unknown) => stored ?? (facts.writesRawPayloads ? (sent ?? null) : null);
  const vendorPayments = form.vendor_payments ?? facts.keptVendorPayments;
  return {
    path: '',
    values: {
      number: facts.number,
      type: form.application_type,
      hotel_id: null,
      tour_id: null,
      transport_id: null,
      sea_tour_id: null,
      ...(productColumn ? { [productColumn]: form.applicationable_id } : {}),
      tour_date: isTour ? form.tour_date : null,
      client_id: form.requester_type === 'client' ? form.requester_id : null,
      agency_id: form.requester_type === 'agency' ? form.requester_id : null,
      agency_user_id: form.agency_user_id,
      user_id: form.user_id,
      status: facts.status,
      payment_status: facts.payment_status,
      payment_method: form.payment_method,
      adult_count: form.adult_count,
      child_count: form.child_count,
      children_ages: form.children_ages,
      promo_code: form.promo_code,
      phone: form.phone,
      email: form.email,
      attendant_phone: form.attendant_phone,
      comment: form.comment,
      prepayment: form.prepayment,
      manual_price_without_discount: form.manual_price_without_discount,
      // The discount applied: a new manual price resets it to 0 (docs/pricing.md).
      discount: priced.discount,
      manual_agency_commission: form.manual_agency_commission,
      estimated_price_without_discount: priced.estimated_price_without_discount,
      price_without_discount: priced.price_without_discount,
      net_total: priced.net_total,
      markup_total: priced.markup_total,
      max_discount: priced.max_discount,
      price_total: priced.price_total,
      agency_commission: priced.agency_commission,
      agency_to_pay: priced.agency_to_pay,
      services_price: priced.breakdown.service_kinds.services,
      required_services_price: priced.breakdown.service_kinds.required_services,
      additional_services_price: priced.breakdown.service_kinds.additional_services,
      payload: facts.payload ?? null,
      source: facts.source,
      source_payload: facts.source_payload ?? null,
      external_id: facts.external_id,
      start_date: facts.start_date,
      city_id: facts.city_id,
      search_text: facts.search_text,
      created_by_id: facts.created_by_id,
      ...(facts.created_at ? { created_at: facts.created_at } : {}),
    },
    collections: {
      tourists: form.tourists.map((tourist, index) => ({ id: tourist.id, path: `tourists.${index}`, values: { ...tourist, position: index } })),
      accommodations: form.accommodations.map((stay, index) => ({
        id: stay.id,
        path: `accommodations.${index}`,
        values: { ...stay, position: index, payload: rawPayloadOf(stay.id == null ? undefined : facts.rawPayloads.accommodations.get(stay.id), stay.payload), ...shares(linesOf('accommodations', index)) },
      })),
      transports: items.map(({ leg, item }, index) => {
        const ride = rideOf(ground.transports.get(item.transport_id)!, item)!;
        return {
          id: facts.legIds.transports[leg] ?? null,
          path: transportKey(leg),
          values: { ...item, leg, ...ride, payload: rawPayloadOf(facts.rawPayloads.transports[leg], item.payload), ...shares(linesOf('transports', index)) },
        };
      }),
      transfers: LEGS.flatMap((leg) => {
        const transfer = form[transferKey(leg)];
        return transfer ? [{ id: facts.legIds.transfers[leg] ?? null, path: transferKey(leg), values: { ...transfer, leg } }] : [];
      }),
      service_lines: lines.map(({ kind, index, line }, position) => {
        const share = priced.lines.find((item) => item.source.list === 'services' && item.source.index === position);
        // The price read from the service, as the line shows it (a tour service's with its markup).
        const unit = serviceUnit(input.services[position]!, `${kind}.${index}`).unitPrice;
        return {
          id: line.id,
          path: `${kind}.${index}`,
          values: {
            kind,
            position,
            tour_service_id: isTour ? line.serviceable_id : null,
            hotel_service_id: isTour ? null : line.serviceable_id,
            count: line.count,
            price: moneyText(unit),
            price_total: moneyText(unit.times(decimal(line.count))),
            ...shares(share ? [share] : []),
          },
        };
      }),
      meals: form.meals.map((meal, index) => ({
        id: meal.id,
        path: `meals.${index}`,
        values: { position: index, tour_meal_id: meal.tour_meal_id, persons: meal.persons ?? form.adult_count + form.child_count, ...shares(linesOf('meals', index)) },
      })),
      payments: payments.map((payment, index) => ({ id: payment.id, path: `payments.${index}`, values: { ...payment, date: payment.date ?? today() } })),
      vendor_payments: vendorPayments.map((payment, index) => ({ id: payment.id, path: `vendor_payments.${index}`, values: { ...payment, date: payment.date ?? today() } })),
    },
    links: {
      category_totals: Object.entries(priced.breakdown.categories)
        .filter(([, totals]) => Object.values(totals).some((value) => moneyNumber(value) !== 0))
        .map(([category, totals]) => ({ path: '', values: { category, ...totals } })),
      vendor_nets: priced.breakdown.vendors.map((vendor) => ({ path: '', values: vendor })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const money = (value: unknown) => moneyText(String(value ?? 0));
const dateText = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? isoDate(value) : String(value).slice(0, 10));
/** A `date` column as the driver gives it (a local-midnight Date) → YYYY-MM-DD. */
const isoDate = (value: Date) => `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

const PRODUCT_OF_TYPE: Record<number, { kind: ProductKind; reference: string; column: string } | undefined> = {
  [ApplicationType.Accommodation]: { kind: ProductKind.Hotel, reference: 'hotel', column: 'hotel_id' },
  [ApplicationType.ExcursionTour]: { kind: ProductKind.Tour, reference: 'tour', column: 'tour_id' },
  [ApplicationType.BusTour]: { kind: ProductKind.Transport, reference: 'transport', column: 'transport_id' },
  [ApplicationType.SeaTour]: { kind: ProductKind.SeaTour, reference: 'sea_tour', column: 'sea_tour_id' },
};

export interface ReadExtras {
  seats: (Omit<ApplicationSeat, 'tourist_name'> & { tourist_name: string | null })[];
  canEditPrice: boolean;
  canEditAgencyCommission: boolean;
  canEditPrepayment: boolean;
  canDelete: boolean;
  /** The Source data tab's raw payloads: the administrator's only. */
  showSource: boolean;
}

export function totalsOf(row: Record<string, unknown>): ApplicationTotals {
  return {
    estimated_price_without_discount: money(row.estimated_price_without_discount),
    price_without_discount: money(row.price_without_discount),
    discount: money(row.discount),
    max_discount: Number(row.max_discount ?? 0),
    price_total: money(row.price_total),
    agency_commission: money(row.agency_commission),
    agency_to_pay: money(row.agency_to_pay),
  };
}

/** The stored aggregate as the editor reads it (ApplicationRecord). */
export function applicationRecord(stored: StoredNode, extras: ReadExtras): ApplicationRecord {
  const row = stored.row;
  const type = Number(row.type);
  const product = PRODUCT_OF_TYPE[type];
  const productRow = product ? (row[product.reference] as { name: string } | null) : null;
  const isAgency = row.agency_id !== null;
  const requester = (isAgency ? row.agency : row.client) as { legal_name?: string; full_name?: string; is_active: boolean } | null;
  const byLeg = <T extends Record<string, unknown>>(list: StoredNode[] | undefined, leg: Leg) => list?.find((node) => node.row.leg === leg)?.row as T | undefined;
  const transportOf = (leg: Leg): ApplicationTransportItem | null => {
    const item = byLeg(stored.collections.transports, leg);
    if (!item) return null;
    const named = (key: string) => item[key] as { name: string } | null;
    return {
      id: Number(item.id),
      transport_id: Number(item.transport_id),
      transport_name: named('transport')?.name ?? '',
      departure_date: dateText(item.departure_date)!,
      from_route_id: Number(item.from_route_id),
      to_route_id: Number(item.to_route_id),
      from_city: { id: Number(item.from_city_id), name: named('from_city')?.name ?? '' },
      to_city: { id: Number(item.to_city_id), name: named('to_city')?.name ?? '' },
      start_at: dateText(item.start_at)!,
      finish_at: dateText(item.finish_at)!,
      price_without_discount: money(item.price_without_discount),
      discount_application: money(item.discount_application),
      price_total: money(item.total_after_discount),
      agency_commission: money(item.agency_commission),
      payload: extras.showSource ? (item.payload ?? null) : null,
    } as ApplicationTransportItem;
  };
  const transferOf = (leg: Leg) => {
    const item = byLeg(stored.collections.transfers, leg);
    if (!item) return null;
    return {
      id: Number(item.id),
      from_city_id: Number(item.from_city_id),
      to_city_id: Number(item.to_city_id),
      transfer_type: Number(item.transfer_type),
      start_at: dateText(item.start_at)!,
      finish_at: dateText(item.finish_at)!,
    };
  };
  const serviceRows = (kind: ServiceLineKind) =>
    (stored.collections.service_lines ?? [])
      .filter((node) => node.row.kind === kind)
      .map(({ row: line }) => ({
        id: Number(line.id),
        serviceable_id: Number(line.tour_service_id ?? line.hotel_service_id),
        count: Number(line.count),
        price: money(line.price),
        price_total: money(line.price_total),
      }));
  const tourists = (stored.collections.tourists ?? []).map(({ row: tourist }) => ({
    id: Number(tourist.id),
    last_name: String(tourist.last_name),
    first_name: String(tourist.first_name),
    patronymic: text(tourist.patronymic),
    birthday_date: dateText(tourist.birthday_date),
    document: Number(tourist.document),
    document_number: String(tourist.document_number ?? ''),
    citizenship: Number(tourist.citizenship),
    gender: Number(tourist.gender),
  }));
  const seatsOf = (leg: Leg) => extras.seats.filter((seat) => seat.leg === leg);
  return {
    id: Number(row.id),
    version: Number(row.version),
    number: String(row.number),
    application_type: type,
    application_type_name: APPLICATION_TYPES.find((item) => item.id === type)?.name ?? '',
    applicationable_id: product ? num(row[product.column]) : null,
    applicationable: product && productRow ? { type: product.kind, id: Number(row[product.column]), name: productRow.name } : null,
    tour_date: dateText(row.tour_date),
    requester_type: isAgency ? 'agency' : 'client',
    requester_id: Number(isAgency ? row.agency_id : row.client_id),
    requestorable: {
      type: isAgency ? 'agencies' : 'clients',
      id: Number(isAgency ? row.agency_id : row.client_id),
      full_name: requester?.full_name ?? requester?.legal_name ?? '',
      name: requester?.legal_name ?? requester?.full_name ?? '',
      is_active: requester?.is_active ?? true,
    },
    agency_user_id: num(row.agency_user_id),
    agency_user: row.agency_user ? { id: Number(row.agency_user_id), full_name: (row.agency_user as { full_name: string }).full_name } : null,
    user_id: num(row.user_id),
    user: row.manager ? { id: Number(row.user_id), full_name: (row.manager as { full_name: string }).full_name } : null,
    status: Number(row.status),
    status_name: APPLICATION_STATUSES.find((item) => item.id === Number(row.status))?.name ?? '',
    payment_status: Number(row.payment_status),
    payment_status_name: PAYMENT_STATUSES.find((item) => item.id === Number(row.payment_status))?.name ?? '',
    payment_method: num(row.payment_method),
    prepayment: row.prepayment === null ? null : moneyNumber(String(row.prepayment)),
    manual_price_without_discount: row.manual_price_without_discount === null ? null : Number(row.manual_price_without_discount),
    discount: Number(row.discount),
    manual_agency_commission: row.manual_agency_commission === null ? null : moneyNumber(String(row.manual_agency_commission)),
    adult_count: Number(row.adult_count),
    child_count: Number(row.child_count),
    children_ages: ((row.children_ages as number[] | null) ?? []).map(Number),
    promo_code: text(row.promo_code),
    phone: text(row.phone),
    email: text(row.email),
    attendant_phone: text(row.attendant_phone),
    comment: text(row.comment),
    source: text(row.source),
    source_payload: extras.showSource ? (row.source_payload ?? null) : null,
    payload: extras.showSource ? (row.payload ?? null) : null,
    external_id: text(row.external_id),
    accommodations: (stored.collections.accommodations ?? []).map(({ row: stay }) => ({
      id: Number(stay.id),
      hotel_id: Number(stay.hotel_id),
      room_id: Number(stay.room_id),
      start_at: dateText(stay.start_at)!,
      finish_at: dateText(stay.finish_at)!,
      meal_id: num(stay.meal_id),
      adult_count: Number(stay.adult_count),
      child_count: Number(stay.child_count),
      adv_adult_count: Number(stay.adv_adult_count),
      adv_child_count: Number(stay.adv_child_count),
      child_without_count: Number(stay.child_without_count),
      payload: extras.showSource ? (stay.payload ?? null) : null,
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
    meals: (stored.collections.meals ?? []).map(({ row: meal }) => ({ id: Number(meal.id), tour_meal_id: Number(meal.tour_meal_id), persons: num(meal.persons) })),
    tourists,
    payments: (stored.collections.payments ?? []).map(({ row: payment }) => ({
      id: Number(payment.id),
      status: Number(payment.status),
      sum: moneyNumber(String(payment.sum)),
      is_online: Boolean(payment.is_online),
      date: dateText(payment.date),
    })),
    vendor_payments: (stored.collections.vendor_payments ?? []).map(({ row: payment }) => ({
      id: Number(payment.id),
      vendor_id: Number(payment.vendor_id),
      sum: Number(payment.sum),
      date: dateText(payment.date),
      payment_method: num(payment.payment_method),
    })),
    totals: totalsOf(row),
    can_edit_price: extras.canEditPrice,
    can_edit_agency_commission: extras.canEditAgencyCommission,
    can_edit_prepayment: extras.canEditPrepayment,
    can_delete: extras.canDelete,
    start_date: dateText(row.start_date),
    city_id: num(row.city_id),
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  } as ApplicationRecord;
}

