import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * Excursion tour services (spec 03 §2.9, §3 "Tour service", "Service date period"): the service
 * (versioned: its dialog saves the whole record with its price periods), price periods with ids of
 * their own, and each period's child age brackets (a link list, replaced on save).
 *
 * PostgreSQL keeps what concurrent savers could slip past: a name once (case-insensitive) and no two
 * overlapping price periods in one service (whole days, both ends included; deferred to the end of
 * the save so that two periods moved past each other are judged on the result). A vendor a service
 * names cannot be deleted (the key does not cascade); a tour or an application naming a service
 * makes it in use likewise (their migrations).
 */
export class TourServices1765300000000 implements MigrationInterface {
  name = 'TourServices1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tour_services (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        class smallint NOT NULL CHECK (class IN (1, 2, 3)),
        vendor_id integer CONSTRAINT fk__vendor_id REFERENCES vendors (id),
        description text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const sql of versionedTableSql('tour_services')) await db.query(sql);
    await db.query(`CREATE UNIQUE INDEX uq_tour_services_name ON tour_services (lower(name))`);
    await db.query(`CREATE INDEX ix_tour_services_search ON tour_services USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_tour_services_name ON tour_services (name, id)`);
    await db.query(`CREATE INDEX ix_tour_services_class ON tour_services (class, id)`);
    await db.query(`CREATE INDEX ix_tour_services_vendor ON tour_services (vendor_id)`);

    await db.query(`
      CREATE TABLE tour_service_dates (
        id serial PRIMARY KEY,
        service_id integer NOT NULL REFERENCES tour_services (id) ON DELETE CASCADE,
        date_from date NOT NULL,
        date_to date NOT NULL,
        vendor_price integer CHECK (vendor_price BETWEEN 0 AND 999999),
        adult_price integer NOT NULL CHECK (adult_price BETWEEN 0 AND 999999),
        commission_adult_type smallint NOT NULL DEFAULT 1 CHECK (commission_adult_type IN (1, 2)),
        commission_adult_sum integer NOT NULL DEFAULT 0 CHECK (commission_adult_sum >= 0),
        commission_child_type smallint NOT NULL DEFAULT 1 CHECK (commission_child_type IN (1, 2)),
        commission_child_sum integer NOT NULL DEFAULT 0 CHECK (commission_child_sum >= 0),
        CONSTRAINT ck_tour_service_dates_to CHECK (date_from <= date_to),
        CONSTRAINT ex_tour_service_dates_from EXCLUDE USING gist (service_id WITH =, daterange(date_from, date_to, '[]') WITH &&)
          DEFERRABLE INITIALLY DEFERRED
      )`);
    await db.query(`CREATE INDEX ix_tour_service_dates_service ON tour_service_dates (service_id, date_from)`);

    await db.query(`
      CREATE TABLE tour_service_child_prices (
        date_id integer NOT NULL REFERENCES tour_service_dates (id) ON DELETE CASCADE,
        age_from smallint NOT NULL CHECK (age_from BETWEEN 0 AND 14),
        age_to smallint NOT NULL CHECK (age_to BETWEEN 0 AND 14),
        price integer NOT NULL DEFAULT 0 CHECK (price BETWEEN 0 AND 999999),
        position smallint NOT NULL,
        CHECK (age_to > age_from)
      )`);
    await db.query(`CREATE INDEX ix_tour_service_child_prices_date ON tour_service_child_prices (date_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tour_service_child_prices, tour_service_dates, tour_services`);
  }
}
