import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/** Commission type and sum pairs (spec 03 §3 Excursion tour): type 1 fixed (≤ 1 000 000), 2 percent (≤ 100). */
const commissionPairs = (categories: readonly string[]) =>
  categories
    .map(
      (category) => `commission_${category}_type smallint NOT NULL DEFAULT 1 CHECK (commission_${category}_type IN (1, 2)),
        commission_${category}_sum integer NOT NULL DEFAULT 0
          CHECK (commission_${category}_sum BETWEEN 0 AND CASE commission_${category}_type WHEN 2 THEN 100 ELSE 1000000 END),`,
    )
    .join('\n');

/**
 * Excursion tours (spec 03 §2.5, §3 Excursion tour, Tour meal, Meal date, Catalogue section entry,
 * Checklist point; §4) and the catalogue's slider tours.
 *
 * The tour row is versioned (its editor saves the whole aggregate). Collections with ids of their
 * own: meals (with dated prices), days (with photos), dates. Link lists replaced on save, whose keys
 * do not cascade, so what a tour names is in use: hotels, trade offers, services, catalogue sections,
 * uploads. A date is once per tour (matched by `start_date` when a client sends it without an id).
 *
 * The checklist lives outside the tour's payload: `tour_checklists` says a tour has one (the Create
 * button otherwise), `tour_checklist_points` holds a point per (tour date, kind, item) with its own
 * version (the per-point 409), cascading from its date. `tour_dates.points_total/points_unchecked`
 * are kept by a trigger (as seat_booking_counts are for seats), and from them the tour's last date
 * with an unchecked point, so the list's colours read two integers per date and its incomplete
 * filter two dates per tour, never the points.
 */
export class Tours1765300000020 implements MigrationInterface {
  name = 'Tours1765300000020';

  async up(db: QueryRunner): Promise<void> {
    // Type 1 is the tour that travels by its transports (spec 03 §4, §9: the default of a new tour): it exists from the start.
    await db.query(`INSERT INTO tour_types (id, name) VALUES (1, 'Автобусный тур') ON CONFLICT DO NOTHING`);
    await db.query(`SELECT setval(pg_get_serial_sequence('tour_types', 'id'), greatest((SELECT max(id) FROM tour_types), 1))`);
    await db.query(`
      CREATE TABLE tours (
        id serial PRIMARY KEY,
        name varchar(350) NOT NULL,
        slug varchar(255) NOT NULL,
        is_active boolean NOT NULL DEFAULT false,
        is_hotel_selection boolean NOT NULL DEFAULT false,
        application_auto_confirm boolean NOT NULL DEFAULT false,
        auto_confirm_status smallint CHECK (auto_confirm_status IN (3, 5)),
        duration integer NOT NULL DEFAULT 1 CHECK (duration BETWEEN 0 AND 99999),
        tour_type_id integer NOT NULL CONSTRAINT fk__tour_type_id REFERENCES tour_types (id),
        category_id integer CONSTRAINT fk__category_id REFERENCES tour_categories (id),
        city_id integer CONSTRAINT fk__city_id REFERENCES cities (id),
        transport_forth_id integer CONSTRAINT fk__transport_forth_id REFERENCES transports (id),
        transport_back_id integer CONSTRAINT fk__transport_back_id REFERENCES transports (id),
        short_description text,
        description text,
        info text,
        additional_dates text,
        additional_cities text,
        additional_price text,
        additional_price_includes text,
        additional_extra_price text,
        meal_price integer CHECK (meal_price BETWEEN 0 AND 999999),
        adult_price integer CHECK (adult_price BETWEEN 0 AND 999999),
        child_price integer CHECK (child_price BETWEEN 0 AND 999999),
        ${commissionPairs(['transport', 'accommodation', 'agency', 'meal', 'adult', 'child'])}
        seo_h1 varchar(255),
        seo_title varchar(255),
        seo_description varchar(5000),
        external_link varchar(255),
        has_checklist boolean NOT NULL DEFAULT false,
        -- Kept by trg_tour_dates_summary: the last start date with an unchecked point, and the last start date.
        checklist_open_until date,
        last_start_date date,
        -- The tour is incomplete while this date is today or later (the list's filter, one indexed column).
        incomplete_until date GENERATED ALWAYS AS (CASE WHEN has_checklist THEN checklist_open_until ELSE last_start_date END) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT application_auto_confirm OR auto_confirm_status IS NOT NULL),
        CHECK (transport_back_id IS DISTINCT FROM transport_forth_id OR transport_back_id IS NULL)
      )`);
    // Creating the checklist, ticking points, are not edits of the tour: they do not raise its version.
    for (const sql of versionedTableSql('tours', ['has_checklist', 'checklist_open_until', 'last_start_date'])) await db.query(sql);
    await db.query(`CREATE UNIQUE INDEX uq_tours_name ON tours (lower(name))`);
    await db.query(`CREATE UNIQUE INDEX uq_tours_slug ON tours (lower(slug))`);
    await db.query(`CREATE INDEX ix_tours_search ON tours USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_tours_name ON tours (name, id)`);
    await db.query(`CREATE INDEX ix_tours_active ON tours (is_active, id)`);
    await db.query(`CREATE INDEX ix_tours_incomplete_until ON tours (incomplete_until, id)`);
    for (const column of ['tour_type_id', 'category_id', 'city_id', 'transport_forth_id', 'transport_back_id']) {
      await db.query(`CREATE INDEX ix_tours_${column} ON tours (${column})`);
    }

    // Link lists: replaced on each save, naming what the tour uses.
    await db.query(`
      CREATE TABLE tour_hotels (
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        hotel_id integer NOT NULL CONSTRAINT fk__id REFERENCES hotels (id),
        arrival_day integer CHECK (arrival_day BETWEEN 0 AND 99999),
        departure_day integer CHECK (departure_day BETWEEN 0 AND 99999),
        meal_id integer CONSTRAINT fk__meal_id REFERENCES meals (id),
        position smallint NOT NULL
      )`);
    await db.query(`
      CREATE TABLE tour_trade_offer_items (
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        item_id integer NOT NULL CONSTRAINT fk__trade_offers REFERENCES tour_trade_offers (id),
        position smallint NOT NULL,
        UNIQUE (tour_id, item_id)
      )`);
    // list: 'services' (the additional services tab) or 'required_services' (the Услуги tab).
    await db.query(`
      CREATE TABLE tour_service_items (
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        list varchar(20) NOT NULL CHECK (list IN ('services', 'required_services')),
        item_id integer NOT NULL CONSTRAINT fk__services REFERENCES tour_services (id),
        position smallint NOT NULL,
        UNIQUE (tour_id, list, item_id)
      )`);
    await db.query(`
      CREATE TABLE tour_catalog_sections (
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        item_id integer NOT NULL CONSTRAINT fk__catalog_sections REFERENCES catalog_sections (id),
        sum numeric(12, 2) NOT NULL DEFAULT 0 CHECK (sum BETWEEN 0 AND 999999.99),
        sort smallint NOT NULL DEFAULT 10 CHECK (sort BETWEEN 1 AND 100),
        position smallint NOT NULL,
        UNIQUE (tour_id, item_id)
      )`);
    // Photos, Word files and videos of the tour (POST /api/tours/files types 1, 3, 4).
    await db.query(`
      CREATE TABLE tour_uploads (
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        list varchar(10) NOT NULL CHECK (list IN ('photo', 'file', 'video')),
        path varchar(255) NOT NULL CONSTRAINT fk__path REFERENCES files (path) ON UPDATE CASCADE,
        name varchar(255) NOT NULL,
        alt varchar(50),
        position smallint NOT NULL,
        CONSTRAINT ck__path CHECK (CASE list
          WHEN 'photo' THEN starts_with(path, 'photos/tour/')
          WHEN 'file' THEN starts_with(path, 'documents/tour/')
          WHEN 'video' THEN starts_with(path, 'videos/tour/')
          ELSE false END)
      )`);
    for (const table of ['tour_hotels', 'tour_trade_offer_items', 'tour_service_items', 'tour_catalog_sections', 'tour_uploads']) {
      await db.query(`CREATE INDEX ix_${table}_tour ON ${table} (tour_id)`);
    }
    for (const [table, column] of [['tour_hotels', 'hotel_id'], ['tour_hotels', 'meal_id'], ['tour_trade_offer_items', 'item_id'], ['tour_service_items', 'item_id'], ['tour_catalog_sections', 'item_id'], ['tour_uploads', 'path']]) {
      await db.query(`CREATE INDEX ix_${table}_${column} ON ${table} (${column})`);
    }

    // Meals with dated prices.
    await db.query(`
      CREATE TABLE tour_meals (
        id serial PRIMARY KEY,
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name varchar(255),
        vendor_id integer CONSTRAINT fk__vendor_id REFERENCES vendors (id),
        days integer[] NOT NULL DEFAULT '{}',
        CHECK (name IS NOT NULL OR vendor_id IS NOT NULL)
      )`);
    await db.query(`CREATE INDEX ix_tour_meals_tour ON tour_meals (tour_id)`);
    await db.query(`CREATE INDEX ix_tour_meals_vendor ON tour_meals (vendor_id)`);
    await db.query(`
      CREATE TABLE tour_meal_dates (
        id serial PRIMARY KEY,
        meal_id integer NOT NULL REFERENCES tour_meals (id) ON DELETE CASCADE,
        date_from date NOT NULL,
        date_to date NOT NULL,
        price integer NOT NULL CHECK (price BETWEEN 0 AND 999999),
        commission_type smallint NOT NULL DEFAULT 1 CHECK (commission_type IN (1, 2)),
        commission_sum integer NOT NULL DEFAULT 0 CHECK (commission_sum BETWEEN 0 AND CASE commission_type WHEN 2 THEN 100 ELSE 1000000 END),
        CONSTRAINT ck_tour_meal_dates_to CHECK (date_from <= date_to),
        CONSTRAINT ex_tour_meal_dates_from EXCLUDE USING gist (meal_id WITH =, daterange(date_from, date_to, '[]') WITH &&)
          DEFERRABLE INITIALLY DEFERRED
      )`);
    await db.query(`CREATE INDEX ix_tour_meal_dates_meal ON tour_meal_dates (meal_id, date_from)`);

    // Days with their photos.
    await db.query(`
      CREATE TABLE tour_days (
        id serial PRIMARY KEY,
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name varchar(100) NOT NULL,
        description text NOT NULL
      )`);
    await db.query(`CREATE INDEX ix_tour_days_tour ON tour_days (tour_id)`);
    await db.query(`
      CREATE TABLE tour_day_photos (
        day_id integer NOT NULL REFERENCES tour_days (id) ON DELETE CASCADE,
        path varchar(255) NOT NULL CONSTRAINT fk__path REFERENCES files (path) ON UPDATE CASCADE
          CONSTRAINT ck__path CHECK (starts_with(path, 'photos/tour/')),
        name varchar(255) NOT NULL,
        alt varchar(50),
        position smallint NOT NULL
      )`);
    await db.query(`CREATE INDEX ix_tour_day_photos_day ON tour_day_photos (day_id)`);
    await db.query(`CREATE INDEX ix_tour_day_photos_path ON tour_day_photos (path)`);

    // Start dates, with the checklist's counts of that date (kept by trg_tour_checklist_counts).
    await db.query(`
      CREATE TABLE tour_dates (
        id serial PRIMARY KEY,
        tour_id integer NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
        start_date date NOT NULL,
        points_total integer NOT NULL DEFAULT 0,
        points_unchecked integer NOT NULL DEFAULT 0,
        CONSTRAINT uq_tour_dates_start_date UNIQUE (tour_id, start_date) DEFERRABLE INITIALLY DEFERRED
      )`);
    await db.query(`CREATE INDEX ix_tour_dates_start ON tour_dates (start_date, tour_id)`);
    await db.query(`CREATE INDEX ix_tour_dates_unchecked ON tour_dates (tour_id, start_date) WHERE points_unchecked > 0`);
    // A tour is incomplete while a date from today on has an unchecked point (or it has no checklist
    // and such a date): "today" moves, so the tour keeps the last date of each kind, and the list's
    // filter compares two columns of the tour with current_date instead of reading its dates.
    await db.query(`
      CREATE FUNCTION tour_dates_summary() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        tour integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.tour_id ELSE NEW.tour_id END;
      BEGIN
        UPDATE tours t SET checklist_open_until = s.open_until, last_start_date = s.last_date
          FROM (SELECT max(start_date) FILTER (WHERE points_unchecked > 0) AS open_until, max(start_date) AS last_date
                  FROM tour_dates WHERE tour_id = tour) s
         WHERE t.id = tour AND (t.checklist_open_until IS DISTINCT FROM s.open_until OR t.last_start_date IS DISTINCT FROM s.last_date);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER trg_tour_dates_summary AFTER INSERT OR DELETE OR UPDATE OF start_date, points_unchecked ON tour_dates
        FOR EACH ROW EXECUTE FUNCTION tour_dates_summary()`);

    await db.query(`
      CREATE TABLE tour_checklist_points (
        id serial PRIMARY KEY,
        tour_date_id integer NOT NULL REFERENCES tour_dates (id) ON DELETE CASCADE,
        checkable_alias varchar(20) NOT NULL CHECK (checkable_alias IN ('tour_service', 'hotel', 'meal', 'transport')),
        checkable_id integer NOT NULL,
        checked boolean NOT NULL DEFAULT false,
        comment varchar(2555),
        version integer NOT NULL DEFAULT 1,
        updated_by_id integer REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_tour_checklist_points_point UNIQUE (tour_date_id, checkable_alias, checkable_id)
      )`);
    await db.query(`
      CREATE FUNCTION tour_checklist_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE tour_dates SET points_total = points_total - 1, points_unchecked = points_unchecked - (NOT OLD.checked)::int
           WHERE id = OLD.tour_date_id;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          UPDATE tour_dates SET points_total = points_total + 1, points_unchecked = points_unchecked + (NOT NEW.checked)::int
           WHERE id = NEW.tour_date_id;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER trg_tour_checklist_counts AFTER INSERT OR DELETE OR UPDATE OF checked, tour_date_id ON tour_checklist_points
        FOR EACH ROW EXECUTE FUNCTION tour_checklist_counts()`);

    // A row of the tours list: the transport there and the start dates with their checklist counts,
    // computed only for the page's rows (the list sorts and filters on plain columns of tours).
    await db.query(`
      CREATE VIEW tour_list_rows AS
      SELECT t.id, t.name, t.duration, t.is_active, t.external_link, t.has_checklist, t.incomplete_until, t.transport_forth_id,
             (SELECT json_build_object('id', tr.id, 'name', tr.name) FROM transports tr WHERE tr.id = t.transport_forth_id) AS transport_forth,
             coalesce((SELECT json_agg(json_build_object('id', d.id, 'start_date', d.start_date, 'points_total', d.points_total,
                                                         'points_unchecked', d.points_unchecked) ORDER BY d.start_date)
                         FROM tour_dates d WHERE d.tour_id = t.id), '[]') AS dates
        FROM tours t`);

    // The catalogue's slider tours (spec 03 §3 Catalogue section: tours, at most 12).
    await db.query(`
      CREATE TABLE catalog_section_tours (
        section_id integer NOT NULL REFERENCES catalog_sections (id) ON DELETE CASCADE,
        tour_id integer NOT NULL CONSTRAINT fk__tour_id REFERENCES tours (id),
        title varchar(255) NOT NULL,
        price varchar(200) NOT NULL,
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 11)
      )`);
    await db.query(`CREATE INDEX ix_catalog_section_tours_section ON catalog_section_tours (section_id)`);
    await db.query(`CREATE INDEX ix_catalog_section_tours_tour ON catalog_section_tours (tour_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW tour_list_rows`);
    await db.query(`DROP TABLE catalog_section_tours, tour_checklist_points, tour_dates, tour_day_photos, tour_days, tour_meal_dates, tour_meals,
      tour_uploads, tour_catalog_sections, tour_service_items, tour_trade_offer_items, tour_hotels, tours`);
    await db.query(`DROP FUNCTION tour_checklist_counts()`);
    await db.query(`DROP FUNCTION tour_dates_summary()`);
  }
}
