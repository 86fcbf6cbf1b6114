import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/** A money column of issue 30's limits: roubles with kopecks within [0, max]. */
const money = (column: string, max: string) => `${column} numeric(12,2) NOT NULL DEFAULT 0 CONSTRAINT ck__${column} CHECK (${column} BETWEEN 0 AND ${max})`;
/** A jsonb list of rows the schema checks (a day's meals, services, additional services; the tour's services). */
const rows = (column: string) => `${column} jsonb NOT NULL DEFAULT '[]' CONSTRAINT ck__${column} CHECK (jsonb_typeof(${column}) = 'array')`;
const count = (column: string) => `${column} smallint NOT NULL DEFAULT 0 CONSTRAINT ck__${column} CHECK (${column} BETWEEN 0 AND 999)`;

/**
 * Tour calculators (spec 03 §3 "Tour calculator", "Calculator day", "Calculator hotel"; issue 30):
 * the versioned calculator with its results of the last save, its days (ids of their own; their
 * meals, services and additional services are typed snapshots kept as jsonb lists — a handbook's
 * id there only says where a name was picked from), its hotels with their room lines.
 *
 * Nothing points at a calculator, so it can always be deleted. The tour it was built from may be
 * deleted (the calculator keeps its copy of the days: the link is cleared); a hotel or meal a
 * calculator names may not (403), as everywhere.
 */
export class TourCalculators1765600003000 implements MigrationInterface {
  name = 'TourCalculators1765600003000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tour_calculators (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        tour_id integer CONSTRAINT fk__tour_id REFERENCES tours (id) ON DELETE SET NULL,
        duration smallint NOT NULL CONSTRAINT ck__duration CHECK (duration BETWEEN 1 AND 60),
        ${count('adult_count')},
        ${count('child_count')},
        ${count('retiree_count')},
        ${count('free_count')},
        ${money('commission_sum', '100')},
        ${rows('services')},
        ${rows('additional_services')},
        ${rows('results')},
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const sql of versionedTableSql('tour_calculators')) await db.query(sql);
    // The list: search by name (trigram), sort by name or id.
    await db.query(`CREATE INDEX ix_tour_calculators_search ON tour_calculators USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_tour_calculators_name ON tour_calculators (name, id)`);
    await db.query(`CREATE INDEX ix_tour_calculators_tour ON tour_calculators (tour_id)`);

    await db.query(`
      CREATE TABLE tour_calculator_days (
        id serial PRIMARY KEY,
        calculator_id integer NOT NULL REFERENCES tour_calculators (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name varchar(255) NOT NULL,
        description text,
        ${money('tour_guide_price', '999999')},
        ${money('auto_price', '999999')},
        ${rows('meals')},
        ${rows('services')},
        ${rows('additional_services')}
      )`);
    await db.query(`CREATE INDEX ix_tour_calculator_days_calculator ON tour_calculator_days (calculator_id, position)`);

    await db.query(`
      CREATE TABLE tour_calculator_hotels (
        id serial PRIMARY KEY,
        calculator_id integer NOT NULL REFERENCES tour_calculators (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        hotel_id integer NOT NULL CONSTRAINT fk__hotel_id REFERENCES hotels (id),
        arrival_day smallint NOT NULL CONSTRAINT ck__arrival_day CHECK (arrival_day BETWEEN 1 AND 60),
        departure_day smallint NOT NULL CONSTRAINT ck__departure_day CHECK (departure_day BETWEEN arrival_day AND 60),
        meal_id integer CONSTRAINT fk__meal_id REFERENCES meals (id)
      )`);
    await db.query(`CREATE INDEX ix_tour_calculator_hotels_calculator ON tour_calculator_hotels (calculator_id, position)`);
    await db.query(`CREATE INDEX ix_tour_calculator_hotels_hotel ON tour_calculator_hotels (hotel_id)`);
    await db.query(`CREATE INDEX ix_tour_calculator_hotels_meal ON tour_calculator_hotels (meal_id)`);

    await db.query(`
      CREATE TABLE tour_calculator_rooms (
        id serial PRIMARY KEY,
        hotel_row_id integer NOT NULL REFERENCES tour_calculator_hotels (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name varchar(255) NOT NULL,
        ${count('count')},
        duration smallint NOT NULL CONSTRAINT ck__duration CHECK (duration BETWEEN 0 AND 60),
        ${money('sum', '999999.99')},
        ${money('extra_sum', '999999.99')}
      )`);
    await db.query(`CREATE INDEX ix_tour_calculator_rooms_hotel ON tour_calculator_rooms (hotel_row_id, position)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tour_calculator_rooms, tour_calculator_hotels, tour_calculator_days, tour_calculators`);
  }
}
