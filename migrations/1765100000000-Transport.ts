import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * Transport (spec 02 §3 "Transportation", "Bus transport", "Seat booking", "Date data"): vehicle
 * types, bus transports with their route points, departure days and dates, tariffs and catalogue
 * content, the seat store, and the per-date departure data.
 *
 * The seat store (ARCHITECTURE.md §7) is one table for the whole product. A booking holds the range
 * of route-point positions it rides, half-open: [from, to). PostgreSQL itself forbids two bookings of
 * one seat on one transport and departure date whose ranges overlap (an exclusion constraint, GiST
 * with btree_gist for the plain columns), so no two writers can sell a seat twice, while a seat
 * booked 0→1 stays free for 1→2.
 *
 * `applications` and `tourists` start here with the columns the transport features read (number and
 * contacts; the passenger data of spec 03 §3 "Tourist"): the seat store points at them, the EGAIS
 * list and the seating plan print them, notifications mail them. The applications feature extends
 * these tables with the rest of spec 03.
 */
export class Transport1765100000000 implements MigrationInterface {
  name = 'Transport1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    await db.query(`
      CREATE TABLE transportations (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        kind smallint NOT NULL CHECK (kind BETWEEN 1 AND 4),
        seats smallint NOT NULL CHECK (seats BETWEEN 0 AND 999),
        rear_seats smallint NOT NULL DEFAULT 4 CHECK (rear_seats IN (4, 5)),
        rows smallint NOT NULL CHECK (rows BETWEEN 0 AND 100),
        columns_at_door smallint NOT NULL DEFAULT 2 CHECK (columns_at_door IN (1, 2)),
        second_door boolean NOT NULL DEFAULT false,
        second_door_rows smallint CHECK (second_door_rows BETWEEN 0 AND 100),
        second_door_length smallint CHECK (second_door_length BETWEEN 0 AND 100),
        -- Drawn by shared/transport/seat-scheme.ts on every save.
        schema_svg text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_transportations_search ON transportations USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_transportations_name ON transportations (name, id)`);
    for (const sql of versionedTableSql('transportations')) await db.query(sql);

    await db.query(`
      CREATE TABLE transports (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        transportation_id integer NOT NULL CONSTRAINT fk__transportation_id REFERENCES transportations (id),
        vendor_id integer CONSTRAINT fk__vendor_id REFERENCES vendors (id),
        duration smallint NOT NULL DEFAULT 1 CHECK (duration BETWEEN 0 AND 100),
        adult_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (adult_price BETWEEN 0 AND 999999.99),
        child_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (child_price BETWEEN 0 AND 999999.99),
        start_date date NOT NULL,
        finish_date date NOT NULL CHECK (finish_date >= start_date),
        departure_type smallint NOT NULL DEFAULT 1 CHECK (departure_type IN (1, 2)),
        is_excursion boolean NOT NULL DEFAULT false,
        application_auto_confirm boolean NOT NULL DEFAULT false,
        auto_confirm_status smallint CHECK (auto_confirm_status IN (3, 5)),
        catalog_title varchar(255),
        catalog_price numeric(12, 2) CHECK (catalog_price BETWEEN 0 AND 999999.99),
        catalog_image varchar(255) CONSTRAINT "fk__catalog.image" REFERENCES files (path) ON UPDATE CASCADE ON DELETE SET NULL,
        catalog_sort smallint CHECK (catalog_sort BETWEEN 1 AND 100),
        seo_settings jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT application_auto_confirm OR auto_confirm_status IS NOT NULL)
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_transports_name ON transports (lower(name))`);
    await db.query(`CREATE INDEX ix_transports_search ON transports USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_transports_name ON transports (name, id)`);
    await db.query(`CREATE INDEX ix_transports_transportation ON transports (transportation_id)`);
    await db.query(`CREATE INDEX ix_transports_vendor ON transports (vendor_id)`);
    for (const sql of versionedTableSql('transports')) await db.query(sql);

    // Route points in route order: start 0, intermediate stops 1..k, finish k+1.
    await db.query(`
      CREATE TABLE transport_route_points (
        id serial PRIMARY KEY,
        transport_id integer NOT NULL REFERENCES transports (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position >= 0),
        kind varchar(12) NOT NULL CHECK (kind IN ('start', 'intermediate', 'finish')),
        point_city_id integer NOT NULL CONSTRAINT fk__point_city_id REFERENCES cities (id),
        info text,
        -- Departure (start_time) and arrival (finish_time) at this point, HH:MM.
        start_time time,
        finish_time time,
        -- Trip days (1 = the departure day) of arrival and departure at an intermediate stop.
        arrival_day smallint CHECK (arrival_day BETWEEN 1 AND 100),
        departure_day smallint CHECK (departure_day BETWEEN 1 AND 100),
        CONSTRAINT uq_transport_route_points_position UNIQUE (transport_id, position) DEFERRABLE INITIALLY DEFERRED
      )`);
    await db.query(`CREATE INDEX ix_transport_route_points_city ON transport_route_points (point_city_id, kind)`);

    await db.query(`
      CREATE TABLE transport_days (
        id serial PRIMARY KEY,
        transport_id integer NOT NULL REFERENCES transports (id) ON DELETE CASCADE,
        number smallint NOT NULL CHECK (number BETWEEN 1 AND 7),
        commission_type smallint NOT NULL DEFAULT 1 CHECK (commission_type IN (1, 2)),
        commission_sum numeric(12, 2) NOT NULL DEFAULT 0,
        freight numeric(12, 2) NOT NULL DEFAULT 0,
        CONSTRAINT uq_transport_days_number UNIQUE (transport_id, number)
      )`);
    await db.query(`
      CREATE TABLE transport_dates (
        id serial PRIMARY KEY,
        transport_id integer NOT NULL REFERENCES transports (id) ON DELETE CASCADE,
        start_date date NOT NULL,
        commission_type smallint NOT NULL DEFAULT 1 CHECK (commission_type IN (1, 2)),
        commission_sum numeric(12, 2) NOT NULL DEFAULT 0,
        freight numeric(12, 2) NOT NULL DEFAULT 0,
        CONSTRAINT uq_transport_dates_start_date UNIQUE (transport_id, start_date)
      )`);
    // A price for every pair of route points (from before to), by position.
    await db.query(`
      CREATE TABLE transport_tariffs (
        transport_id integer NOT NULL REFERENCES transports (id) ON DELETE CASCADE,
        from_position smallint NOT NULL CHECK (from_position >= 0),
        to_position smallint NOT NULL,
        tariff numeric(12, 2) NOT NULL DEFAULT 0 CHECK (tariff BETWEEN -999999 AND 999999),
        PRIMARY KEY (transport_id, from_position, to_position),
        CHECK (from_position < to_position)
      )`);

    await db.query(`
      CREATE TABLE applications (
        id serial PRIMARY KEY,
        number varchar(32) NOT NULL,
        email varchar(255),
        phone varchar(30),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_applications_number ON applications (number)`);
    await db.query(`
      CREATE TABLE tourists (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        last_name varchar(128) NOT NULL,
        first_name varchar(128) NOT NULL,
        patronymic varchar(128),
        birthday_date date,
        document smallint NOT NULL DEFAULT 1,
        document_number varchar(13),
        citizenship smallint NOT NULL DEFAULT 1,
        gender smallint NOT NULL DEFAULT 1
      )`);
    await db.query(`CREATE INDEX ix_tourists_application ON tourists (application_id)`);

    // The seat store. A booking without a tourist is a manual booking (made on the schedule).
    await db.query(`
      CREATE TABLE seat_bookings (
        id serial PRIMARY KEY,
        -- Not cascading: a transport whose seats are booked cannot be deleted (can_delete false).
        transport_id integer NOT NULL REFERENCES transports (id),
        -- The trip's departure date (the schedule's date), not the day the segment is ridden.
        departure_date date NOT NULL,
        number smallint NOT NULL CHECK (number >= 1),
        from_position smallint NOT NULL CHECK (from_position >= 0),
        to_position smallint NOT NULL,
        application_id integer REFERENCES applications (id) ON DELETE CASCADE,
        tourist_id integer REFERENCES tourists (id) ON DELETE CASCADE,
        -- Which leg of its application a tourist's booking is (transport_forth or transport_back): the EGAIS lists.
        leg varchar(5) CHECK (leg IN ('forth', 'back')),
        created_by_id integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (from_position < to_position),
        CHECK (tourist_id IS NULL OR (application_id IS NOT NULL AND leg IS NOT NULL)),
        CONSTRAINT ex_seat_bookings_overlap EXCLUDE USING gist (
          transport_id WITH =, departure_date WITH =, number WITH =, int4range(from_position, to_position) WITH &&
        )
      )`);
    await db.query(`CREATE INDEX ix_seat_bookings_date ON seat_bookings (departure_date, transport_id)`);
    // Booked seats per transport, departure date and boarding point, kept by PostgreSQL itself as
    // bookings come and go (statement triggers: one upsert per statement, however many rows), so the
    // seat dashboard reads a year as ~20 000 counters instead of counting ~700 000 bookings.
    await db.query(`
      CREATE TABLE seat_booking_counts (
        transport_id integer NOT NULL REFERENCES transports (id) ON DELETE CASCADE,
        departure_date date NOT NULL,
        from_position smallint NOT NULL,
        count integer NOT NULL CHECK (count >= 0),
        PRIMARY KEY (transport_id, departure_date, from_position)
      )`);
    await db.query(`CREATE INDEX ix_seat_booking_counts_date ON seat_booking_counts (departure_date) INCLUDE (transport_id, from_position, count)`);
    await db.query(`
      CREATE FUNCTION count_seat_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE seat_booking_counts c SET count = c.count - gone.count
            FROM (SELECT transport_id, departure_date, from_position, count(*)::int AS count FROM old_rows GROUP BY 1, 2, 3) gone
           WHERE c.transport_id = gone.transport_id AND c.departure_date = gone.departure_date AND c.from_position = gone.from_position;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          -- In key order, so two statements counting the same keys lock them in the same order.
          INSERT INTO seat_booking_counts AS c (transport_id, departure_date, from_position, count)
          SELECT transport_id, departure_date, from_position, count(*)::int FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (transport_id, departure_date, from_position) DO UPDATE SET count = c.count + EXCLUDED.count;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER trg_seat_bookings_count_insert AFTER INSERT ON seat_bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_seat_bookings()`);
    await db.query(`CREATE TRIGGER trg_seat_bookings_count_delete AFTER DELETE ON seat_bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_seat_bookings()`);
    await db.query(
      `CREATE TRIGGER trg_seat_bookings_count_update AFTER UPDATE ON seat_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_seat_bookings()`,
    );
    await db.query(`CREATE INDEX ix_seat_bookings_application ON seat_bookings (application_id) WHERE application_id IS NOT NULL`);
    await db.query(`CREATE INDEX ix_seat_bookings_tourist ON seat_bookings (tourist_id) WHERE tourist_id IS NOT NULL`);

    // Departure data of one date (spec 02 §3 "Date data"): the bus, its tracking link, where and when it leaves.
    await db.query(`
      CREATE TABLE transport_date_data (
        id serial PRIMARY KEY,
        transport_id integer NOT NULL REFERENCES transports (id) ON DELETE CASCADE,
        date date NOT NULL,
        name varchar(255),
        number varchar(255),
        glonas_url varchar(255),
        departure_place varchar(255),
        departure_time time,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_transport_date_data_date ON transport_date_data (transport_id, date)`);
    await db.query(`
      CREATE TABLE transport_date_data_applications (
        date_data_id integer NOT NULL REFERENCES transport_date_data (id) ON DELETE CASCADE,
        application_id integer NOT NULL CONSTRAINT fk__applications_ids REFERENCES applications (id) ON DELETE CASCADE,
        PRIMARY KEY (date_data_id, application_id)
      )`);
    await db.query(`CREATE INDEX ix_transport_date_data_applications ON transport_date_data_applications (application_id)`);

    // Rows of the bus-transport list (GET /transports, /transports/schedules): the page's few rows get
    // their route and departure days from subqueries, never the whole table.
    await db.query(`
      CREATE VIEW transport_list_rows AS
      SELECT t.id, t.name, t.duration, t.is_excursion, t.departure_type, t.start_date, t.finish_date,
             json_build_object('id', v.id, 'name', v.name, 'kind', v.kind, 'seats', v.seats) AS transportation,
             coalesce((SELECT json_agg(json_build_object('kind', p.kind, 'name', c.name) ORDER BY p.position)
                         FROM transport_route_points p JOIN cities c ON c.id = p.point_city_id WHERE p.transport_id = t.id), '[]') AS route,
             coalesce((SELECT array_agg(d.number ORDER BY d.number) FROM transport_days d WHERE d.transport_id = t.id), '{}') AS day_numbers,
             coalesce((SELECT array_agg(d.start_date::text ORDER BY d.start_date) FROM transport_dates d
                        WHERE d.transport_id = t.id AND d.start_date >= current_date), '{}') AS next_dates
        FROM transports t JOIN transportations v ON v.id = t.transportation_id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW IF EXISTS transport_list_rows`);
    await db.query(`DROP TABLE IF EXISTS seat_booking_counts`);
    await db.query(`DROP FUNCTION IF EXISTS count_seat_bookings() CASCADE`);
    for (const table of [
      'transport_date_data_applications',
      'transport_date_data',
      'seat_booking_counts',
      'seat_bookings',
      'tourists',
      'applications',
      'transport_tariffs',
      'transport_dates',
      'transport_days',
      'transport_route_points',
      'transports',
      'transportations',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
