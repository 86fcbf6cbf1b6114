/**
 * The application's tables for the kit's writer and reader (docs/adding-an-editor.md §2;
 * migrations/1765400000000-Applications.ts): what a save writes (./write.ts) and what the editor's
 * record is read from (./read.ts), each column typed as its migration says.
 *
 * Transport items and transfers are one row per leg: a leg keeps its stored row id whatever the
 * client sends, so the one-per-leg key never sees two rows of a leg. The breakdown tables are link
 * lists (replaced per save). Seats are the seat store's (server/seats/), written after the rows.
 */
import type { Leg, ServiceLineKind } from '../../../shared/applications/constants.js';
import { PRODUCTS, type ProductKind } from '../../../shared/applications/products.js';
import { defineAggregate, narrow } from '../../common/aggregate/declaration.js';

/** A priced row's share of the totals (a stay, a transport item, a service line, a meal). */
const SHARE_COLUMNS = {
  net: 'numeric',
  price_without_discount: 'numeric',
  discount_application: 'numeric',
  total_after_discount: 'numeric',
  agency_commission: 'numeric',
} as const;

const name = { name: 'varchar' } as const;

/** The product of each type, a reference named by its kind (shared/applications/products.ts). */
const productReferences = Object.fromEntries(PRODUCTS.map((product) => [product.kind, { table: product.table, via: product.column, columns: name }])) as {
  [Kind in ProductKind]: { table: Extract<(typeof PRODUCTS)[number], { kind: Kind }>['table']; via: Extract<(typeof PRODUCTS)[number], { kind: Kind }>['column']; columns: typeof name };
};

const leg = narrow<Leg>()('varchar');

export const APPLICATION_AGGREGATE = defineAggregate({
  table: 'applications',
  columns: {
    number: 'varchar',
    type: 'smallint',
    hotel_id: 'integer?',
    tour_id: 'integer?',
    transport_id: 'integer?',
    sea_tour_id: 'integer?',
    tour_date: 'date?',
    client_id: 'integer?',
    agency_id: 'integer?',
    agency_user_id: 'integer?',
    user_id: 'integer?',
    status: 'smallint',
    payment_status: 'smallint',
    payment_method: 'smallint?',
    adult_count: 'smallint',
    child_count: 'smallint',
    children_ages: 'smallint[]',
    promo_code: 'varchar?',
    phone: 'varchar?',
    email: 'varchar?',
    attendant_phone: 'varchar?',
    comment: 'text?',
    prepayment: 'numeric?',
    manual_price_without_discount: 'numeric?',
    discount: 'numeric',
    manual_agency_commission: 'numeric?',
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
    payload: 'jsonb?',
    source: 'varchar?',
    source_payload: 'jsonb?',
    external_id: 'varchar?',
    start_date: 'date?',
    city_id: 'integer?',
    search_text: 'text',
    created_by_id: 'integer?',
  },
  // The vendor an outside application came from (set by the site's API): the Comments tab talks to its supplier.
  readOnly: { created_at: 'timestamptz', external_vendor_id: 'integer?' },
  references: {
    client: { table: 'clients', via: 'client_id', columns: { full_name: 'text?', is_active: 'boolean' } },
    agency: { table: 'agencies', via: 'agency_id', columns: { legal_name: 'varchar', is_active: 'boolean' } },
    agency_user: { table: 'agency_users', via: 'agency_user_id', columns: { full_name: 'varchar' } },
    manager: { table: 'users', via: 'user_id', columns: { full_name: 'text?' } },
    ...productReferences,
  },
  collections: {
    tourists: {
      table: 'tourists',
      parentColumn: 'application_id',
      columns: {
        position: 'smallint',
        last_name: 'varchar',
        first_name: 'varchar',
        patronymic: 'varchar?',
        birthday_date: 'date?',
        document: 'smallint',
        document_number: 'varchar?',
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
        meal_id: 'integer?',
        adult_count: 'smallint',
        child_count: 'smallint',
        adv_adult_count: 'smallint',
        adv_child_count: 'smallint',
        child_without_count: 'smallint',
        payload: 'jsonb?',
        ...SHARE_COLUMNS,
      },
      orderBy: 'position, id',
    },
    transports: {
      table: 'application_transports',
      parentColumn: 'application_id',
      columns: {
        leg,
        transport_id: 'integer',
        departure_date: 'date',
        from_route_id: 'integer',
        to_route_id: 'integer',
        from_city_id: 'integer',
        to_city_id: 'integer',
        start_at: 'date',
        finish_at: 'date',
        payload: 'jsonb?',
        ...SHARE_COLUMNS,
      },
      orderBy: 'leg DESC, id',
      references: {
        transport: { table: 'transports', via: 'transport_id', columns: name },
        from_city: { table: 'cities', via: 'from_city_id', columns: name },
        to_city: { table: 'cities', via: 'to_city_id', columns: name },
      },
    },
    transfers: {
      table: 'application_transfers',
      parentColumn: 'application_id',
      columns: { leg, from_city_id: 'integer', to_city_id: 'integer', transfer_type: 'smallint', start_at: 'date', finish_at: 'date' },
      orderBy: 'leg DESC, id',
      // The cities' names: the Трансферы tab shows them, never the ids (docs/adding-an-editor.md).
      references: {
        from_city: { table: 'cities', via: 'from_city_id', columns: name },
        to_city: { table: 'cities', via: 'to_city_id', columns: name },
      },
    },
    service_lines: {
      table: 'application_services',
      parentColumn: 'application_id',
      columns: {
        kind: narrow<ServiceLineKind>()('varchar'),
        position: 'smallint',
        tour_service_id: 'integer?',
        hotel_service_id: 'integer?',
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
      // Whole roubles (integer), as the supplier is paid.
      // payment_method: a key of the vendors' methods (shared/resources/vendors.ts), CHECKed by the table.
      columns: { vendor_id: 'integer', sum: 'integer', date: 'date', payment_method: 'varchar?' },
      orderBy: 'date, id',
      references: { vendor: { table: 'vendors', via: 'vendor_id', columns: name } },
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
      columns: { vendor_id: 'integer?', category: 'varchar', net: 'numeric' },
      orderBy: 'category, vendor_id',
      references: { vendor: { table: 'vendors', via: 'vendor_id', columns: name } },
    },
  },
});
