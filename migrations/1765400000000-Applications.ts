import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * Applications (issue 18 "The model", docs/applications.md; spec 03 §3 "Application (full form)",
 * Accommodation, Tourist, Service line, Transport item, Payment, Vendor payment): `applications` and
 * `tourists` started in the transport migration with the columns the schedule reads; here they get the
 * rest, and the application's child rows get their tables.
 *
 * What PostgreSQL keeps true whoever writes:
 * - the number is readable and unique: the year and a sequence (`2026-000123`; gaps are fine);
 * - the type's product is set, and only it (one nullable key per product kind, not cascading, so a
 *   product an application sells is in use: its delete is refused);
 * - one requester: a client, or an agency (optionally one of its employees);
 * - at most one transport item and one transfer per leg; no service twice in one application;
 * - the keys from the rows to hotels, rooms, transports, route points, tour services and meals do not
 *   cascade: a record an application names cannot be deleted from under it.
 *
 * The pricing engine's result is stored at every save: the totals on the application, each line's
 * share on its row, the breakdown per category (`application_category_totals`) and the net per vendor
 * (`application_vendor_nets`), so analytics and the vendor summary never re-price.
 */
export class Applications1765400000000 implements MigrationInterface {
  name = 'Applications1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE application_number_seq`);
    // Applications written before this migration (the schedule's) keep their numbers; the sequence starts after them.
    await db.query(`SELECT setval('application_number_seq', greatest((SELECT count(*) FROM applications), 1))`);

    // A line's share of the application's totals (the engine's PricedLine, summed over a row's lines).
    const shares = `
        net numeric(12, 2) NOT NULL DEFAULT 0,
        price_without_discount numeric(12, 2) NOT NULL DEFAULT 0,
        discount_application numeric(12, 2) NOT NULL DEFAULT 0,
        total_after_discount numeric(12, 2) NOT NULL DEFAULT 0,
        agency_commission numeric(12, 2) NOT NULL DEFAULT 0`;

    // Rows written before this migration were the schedule's passengers' applications: they become
    // bus-free "Авиа" applications without a requester (NOT VALID keeps the requester rule for new rows only).
    await db.query(`
      ALTER TABLE applications
        ALTER COLUMN number SET DEFAULT to_char(now(), 'YYYY') || '-' || lpad(nextval('application_number_seq')::text, 6, '0'),
        ADD COLUMN type smallint NOT NULL DEFAULT 5 CHECK (type BETWEEN 1 AND 6),
        ADD COLUMN hotel_id integer CONSTRAINT fk__hotel_id REFERENCES hotels (id),
        ADD COLUMN tour_id integer CONSTRAINT fk__tour_id REFERENCES tours (id),
        ADD COLUMN transport_id integer CONSTRAINT fk__transport_id REFERENCES transports (id),
        ADD COLUMN sea_tour_id integer CONSTRAINT fk__sea_tour_id REFERENCES sea_tours (id),
        -- The excursion tour's date the application is for (one of tour_dates' start dates when made).
        ADD COLUMN tour_date date,
        ADD COLUMN client_id integer CONSTRAINT fk__client_id REFERENCES clients (id),
        ADD COLUMN agency_id integer CONSTRAINT fk__agency_id REFERENCES agencies (id),
        ADD COLUMN agency_user_id integer CONSTRAINT fk__agency_user_id REFERENCES agency_users (id),
        ADD COLUMN requester_type varchar(6) GENERATED ALWAYS AS (CASE WHEN agency_id IS NULL THEN 'client' ELSE 'agency' END) STORED,
        ADD COLUMN user_id integer CONSTRAINT fk__user_id REFERENCES users (id),
        ADD COLUMN status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 7),
        ADD COLUMN payment_status smallint NOT NULL DEFAULT 1 CHECK (payment_status BETWEEN 1 AND 4),
        ADD COLUMN payment_method smallint CHECK (payment_method BETWEEN 1 AND 4),
        ADD COLUMN adult_count smallint NOT NULL DEFAULT 0 CHECK (adult_count BETWEEN 0 AND 999),
        ADD COLUMN child_count smallint NOT NULL DEFAULT 0 CHECK (child_count BETWEEN 0 AND 999),
        ADD COLUMN children_ages smallint[] NOT NULL DEFAULT '{}',
        ADD COLUMN promo_code varchar(255),
        ADD COLUMN attendant_phone varchar(30),
        ADD COLUMN comment text CHECK (length(comment) <= 10000),
        ADD COLUMN prepayment numeric(12, 2) CHECK (prepayment BETWEEN 0 AND 999999.99),
        ADD COLUMN manual_price_without_discount numeric(12, 2) CHECK (manual_price_without_discount BETWEEN 0 AND 999999),
        ADD COLUMN discount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
        ADD COLUMN manual_agency_commission numeric(12, 2) CHECK (manual_agency_commission BETWEEN 0 AND 999999.99),
        -- The engine's totals (server/applications/pricing).
        ADD COLUMN estimated_price_without_discount numeric(12, 2) NOT NULL DEFAULT 0,
        ADD COLUMN price_without_discount numeric(12, 2) NOT NULL DEFAULT 0,
        ADD COLUMN net_total numeric(12, 2) NOT NULL DEFAULT 0,
        ADD COLUMN markup_total numeric(12, 2) NOT NULL DEFAULT 0,
        ADD COLUMN max_discount integer NOT NULL DEFAULT 0,
        ADD COLUMN price_total numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price_total BETWEEN 0 AND 99999999.99),
        ADD COLUMN agency_commission numeric(12, 2) NOT NULL DEFAULT 0,
        ADD COLUMN agency_to_pay numeric(12, 2) NOT NULL DEFAULT 0,
        -- The price without discount of the three kinds of service lines (analytics' services columns).
        ADD COLUMN services_price numeric(12, 2) NOT NULL DEFAULT 0,
        ADD COLUMN required_services_price numeric(12, 2) NOT NULL DEFAULT 0,
        ADD COLUMN additional_services_price numeric(12, 2) NOT NULL DEFAULT 0,
        -- Raw, as received (the Source data tab); source null for an application made in the office.
        ADD COLUMN payload jsonb,
        ADD COLUMN source varchar(32) CHECK (source IN ('search_module', 'web_site', 'mobile_application', 'vk_application')),
        ADD COLUMN source_payload jsonb,
        ADD COLUMN external_id varchar(255),
        ADD COLUMN external_vendor_id integer CONSTRAINT fk__external_vendor_id REFERENCES vendors (id),
        ADD COLUMN edited_from_front boolean NOT NULL DEFAULT false,
        -- Kept by every save: the earliest start of the items, and the product's city (a bus transport's finish city).
        ADD COLUMN start_date date,
        ADD COLUMN city_id integer CONSTRAINT fk__city_id REFERENCES cities (id),
        -- Number, requester's name, phone, e-mail, tourists' names: the list's search (issue 19 indexes it).
        ADD COLUMN search_text text NOT NULL DEFAULT '',
        -- Marks, not data: opening the page and document generation never make a colleague's save stale.
        ADD COLUMN is_watched boolean NOT NULL DEFAULT false,
        ADD COLUMN need_generate_docs boolean NOT NULL DEFAULT false,
        ADD COLUMN created_by_id integer REFERENCES users (id) ON DELETE SET NULL`);
    await db.query(`ALTER TABLE applications ALTER COLUMN type DROP DEFAULT`);
    await db.query(`
      ALTER TABLE applications ADD CONSTRAINT ck__product CHECK (
        num_nonnulls(hotel_id, tour_id, transport_id, sea_tour_id) = CASE WHEN type IN (5, 6) THEN 0 ELSE 1 END
        AND (type <> 1 OR hotel_id IS NOT NULL) AND (type <> 2 OR tour_id IS NOT NULL)
        AND (type <> 3 OR transport_id IS NOT NULL) AND (type <> 4 OR sea_tour_id IS NOT NULL))`);
    await db.query(`ALTER TABLE applications ADD CONSTRAINT ck__requester CHECK (num_nonnulls(client_id, agency_id) = 1 AND (agency_user_id IS NULL OR agency_id IS NOT NULL)) NOT VALID`);
    for (const statement of versionedTableSql('applications', ['is_watched', 'need_generate_docs'])) await db.query(statement);
    await db.query(`CREATE INDEX ix_applications_start_date ON applications (start_date, id)`);
    await db.query(`CREATE INDEX ix_applications_city ON applications (city_id, id)`);
    // The product keys: "in use" checks and the product's applications are index reads.
    for (const column of ['hotel_id', 'tour_id', 'transport_id', 'sea_tour_id', 'client_id', 'agency_id', 'user_id']) {
      await db.query(`CREATE INDEX ix_applications_${column} ON applications (${column}, id) WHERE ${column} IS NOT NULL`);
    }

    await db.query(`
      ALTER TABLE tourists
        ADD COLUMN position smallint NOT NULL DEFAULT 0,
        ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);

    await db.query(`
      CREATE TABLE application_accommodations (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        position smallint NOT NULL DEFAULT 0,
        hotel_id integer NOT NULL CONSTRAINT fk__hotel_id REFERENCES hotels (id),
        room_id integer NOT NULL CONSTRAINT fk__room_id REFERENCES hotel_rooms (id),
        start_at date NOT NULL,
        finish_at date NOT NULL,
        meal_id integer CONSTRAINT fk__meal_id REFERENCES meals (id),
        adult_count smallint NOT NULL DEFAULT 0 CHECK (adult_count >= 0),
        child_count smallint NOT NULL DEFAULT 0 CHECK (child_count >= 0),
        adv_adult_count smallint NOT NULL DEFAULT 0 CHECK (adv_adult_count >= 0),
        adv_child_count smallint NOT NULL DEFAULT 0 CHECK (adv_child_count >= 0),
        child_without_count smallint NOT NULL DEFAULT 0 CHECK (child_without_count >= 0),
        payload jsonb,
        ${shares},
        CHECK (finish_at > start_at)
      )`);
    await db.query(`CREATE INDEX ix_application_accommodations_application ON application_accommodations (application_id)`);
    await db.query(`CREATE INDEX ix_application_accommodations_hotel ON application_accommodations (hotel_id)`);
    await db.query(`CREATE INDEX ix_application_accommodations_room ON application_accommodations (room_id)`);

    // A transport item: one leg of a bus transport, a segment [from, to) of the trip leaving on departure_date.
    await db.query(`
      CREATE TABLE application_transports (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        leg varchar(5) NOT NULL CHECK (leg IN ('forth', 'back')),
        transport_id integer NOT NULL CONSTRAINT fk__transport_id REFERENCES transports (id),
        -- The trip's departure date (the schedule's date), as the seat store keys bookings.
        departure_date date NOT NULL,
        from_route_id integer NOT NULL CONSTRAINT fk__from_route_id REFERENCES transport_route_points (id),
        to_route_id integer NOT NULL CONSTRAINT fk__to_route_id REFERENCES transport_route_points (id),
        from_city_id integer NOT NULL CONSTRAINT fk__from_city_id REFERENCES cities (id),
        to_city_id integer NOT NULL CONSTRAINT fk__to_city_id REFERENCES cities (id),
        start_at date NOT NULL,
        finish_at date NOT NULL,
        payload jsonb,
        ${shares},
        CONSTRAINT uq_application_transports_leg UNIQUE (application_id, leg),
        CHECK (finish_at >= start_at)
      )`);
    await db.query(`CREATE INDEX ix_application_transports_transport ON application_transports (transport_id, departure_date)`);
    await db.query(`CREATE INDEX ix_application_transports_from_route ON application_transports (from_route_id)`);
    await db.query(`CREATE INDEX ix_application_transports_to_route ON application_transports (to_route_id)`);
    // An application's seat booking is always one of its legs.
    await db.query(`ALTER TABLE seat_bookings ADD CONSTRAINT ck__leg CHECK (application_id IS NULL OR leg IS NOT NULL)`);

    await db.query(`
      CREATE TABLE application_transfers (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        leg varchar(5) NOT NULL CHECK (leg IN ('forth', 'back')),
        from_city_id integer NOT NULL CONSTRAINT fk__from_city_id REFERENCES cities (id),
        to_city_id integer NOT NULL CONSTRAINT fk__to_city_id REFERENCES cities (id),
        transfer_type smallint NOT NULL DEFAULT 1 CHECK (transfer_type BETWEEN 1 AND 3),
        start_at date NOT NULL,
        finish_at date NOT NULL,
        CONSTRAINT uq_application_transfers_leg UNIQUE (application_id, leg),
        CHECK (finish_at >= start_at)
      )`);

    // Service lines: a tour service, or a hotel's service (the hotel_services handbook row the hotel prices).
    await db.query(`
      CREATE TABLE application_services (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        kind varchar(24) NOT NULL CHECK (kind IN ('services', 'required_services', 'additional_services')),
        position smallint NOT NULL DEFAULT 0,
        tour_service_id integer CONSTRAINT fk__tour_service_id REFERENCES tour_services (id),
        hotel_service_id integer CONSTRAINT fk__hotel_service_id REFERENCES hotel_services (id),
        count numeric(8, 2) NOT NULL DEFAULT 1 CHECK (count BETWEEN 0 AND 999999.99),
        price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price BETWEEN 0 AND 999999.99),
        -- count × price (spec 03 §3 "Service line").
        price_total numeric(12, 2) NOT NULL DEFAULT 0,
        ${shares},
        CHECK (num_nonnulls(tour_service_id, hotel_service_id) = 1)
      )`);
    await db.query(`CREATE INDEX ix_application_services_application ON application_services (application_id)`);
    await db.query(`CREATE UNIQUE INDEX uq_application_services_tour_service ON application_services (application_id, tour_service_id) WHERE tour_service_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX uq_application_services_hotel_service ON application_services (application_id, hotel_service_id) WHERE hotel_service_id IS NOT NULL`);
    await db.query(`CREATE INDEX ix_application_services_tour_service ON application_services (tour_service_id) WHERE tour_service_id IS NOT NULL`);

    // Meals of an excursion tour (a hotel's meal is its accommodation's meal_id).
    await db.query(`
      CREATE TABLE application_meals (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        position smallint NOT NULL DEFAULT 0,
        tour_meal_id integer NOT NULL CONSTRAINT fk__tour_meal_id REFERENCES tour_meals (id),
        persons smallint NOT NULL DEFAULT 0 CHECK (persons >= 0),
        ${shares},
        CONSTRAINT uq_application_meals_meal UNIQUE (application_id, tour_meal_id)
      )`);
    await db.query(`CREATE INDEX ix_application_meals_meal ON application_meals (tour_meal_id)`);

    // Customer payments and payments to vendors: rows of the aggregate now, their tabs and rules later.
    await db.query(`
      CREATE TABLE payments (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        status smallint NOT NULL DEFAULT 2 CHECK (status BETWEEN 1 AND 3),
        sum numeric(12, 2) NOT NULL CHECK (sum >= 0),
        is_online boolean NOT NULL DEFAULT false,
        date date NOT NULL DEFAULT current_date,
        created_by_id integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_payments_application ON payments (application_id)`);
    await db.query(`
      CREATE TABLE vendor_payments (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        vendor_id integer NOT NULL CONSTRAINT fk__vendor_id REFERENCES vendors (id),
        sum integer NOT NULL CHECK (sum BETWEEN 0 AND 99999999),
        date date NOT NULL DEFAULT current_date,
        payment_method smallint,
        created_by_id integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_vendor_payments_application ON vendor_payments (application_id)`);
    await db.query(`CREATE INDEX ix_vendor_payments_vendor ON vendor_payments (vendor_id)`);

    // The engine's breakdown (PricingBreakdown): per category, and the net per vendor and category.
    await db.query(`
      CREATE TABLE application_category_totals (
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        category varchar(24) NOT NULL,
        net numeric(12, 2) NOT NULL,
        markup numeric(12, 2) NOT NULL,
        price numeric(12, 2) NOT NULL,
        discount numeric(12, 2) NOT NULL,
        price_total numeric(12, 2) NOT NULL,
        agency_commission numeric(12, 2) NOT NULL,
        PRIMARY KEY (application_id, category)
      )`);
    await db.query(`
      CREATE TABLE application_vendor_nets (
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        vendor_id integer CONSTRAINT fk__vendor_id REFERENCES vendors (id),
        category varchar(24) NOT NULL,
        net numeric(12, 2) NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_application_vendor_nets ON application_vendor_nets (application_id, coalesce(vendor_id, 0), category)`);
    await db.query(`CREATE INDEX ix_application_vendor_nets_vendor ON application_vendor_nets (vendor_id) WHERE vendor_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['application_vendor_nets', 'application_category_totals', 'vendor_payments', 'payments', 'application_meals', 'application_services', 'application_transfers', 'application_transports', 'application_accommodations']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await db.query(`ALTER TABLE seat_bookings DROP CONSTRAINT IF EXISTS ck__leg`);
    await db.query(`ALTER TABLE tourists DROP COLUMN IF EXISTS position, DROP COLUMN IF EXISTS created_at`);
    await db.query(`DROP TRIGGER IF EXISTS trg_applications_version ON applications`);
    const columns = [
      'type', 'hotel_id', 'tour_id', 'transport_id', 'sea_tour_id', 'tour_date', 'requester_type', 'client_id', 'agency_id', 'agency_user_id', 'user_id', 'status', 'payment_status',
      'payment_method', 'adult_count', 'child_count', 'children_ages', 'promo_code', 'attendant_phone', 'comment', 'prepayment', 'manual_price_without_discount', 'discount',
      'manual_agency_commission', 'estimated_price_without_discount', 'price_without_discount', 'net_total', 'markup_total', 'max_discount', 'price_total', 'agency_commission',
      'agency_to_pay', 'services_price', 'required_services_price', 'additional_services_price', 'payload', 'source', 'source_payload', 'external_id', 'external_vendor_id',
      'edited_from_front', 'start_date', 'city_id', 'search_text', 'is_watched', 'need_generate_docs', 'created_by_id', 'version', 'updated_by_id', 'updated_at',
    ];
    await db.query(`ALTER TABLE applications ${columns.map((column) => `DROP COLUMN IF EXISTS ${column} CASCADE`).join(', ')}`);
    await db.query(`ALTER TABLE applications ALTER COLUMN number DROP DEFAULT`);
    await db.query(`DROP SEQUENCE IF EXISTS application_number_seq`);
  }
}
