import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/** The three percent markups of a tour and of a hotel group (spec 03 §5: integers 0 to 100). */
const markups = ['commission_sum', 'commission_railway_sum', 'commission_avia_sum']
  .map((column) => `${column} smallint NOT NULL DEFAULT 0 CONSTRAINT ck__${column} CHECK (${column} BETWEEN 0 AND 100),`)
  .join('\n');

/**
 * Sea tours (spec 03 §3 "Sea tour", "Hotel commission group", "Transport pair"): the versioned tour
 * (its editor saves the whole aggregate), its transfer types (a link list), hotel commission groups
 * (ids of their own) with their hotels, and there/back transport pairs. Hotels and transports are
 * referenced without cascading: one a sea tour uses cannot be deleted (403).
 *
 * PostgreSQL holds what concurrent saves could slip past: the name and the slug once each
 * (case-insensitive), a hotel in at most one group of a tour (deferred to the end of the save, so a
 * save moving a hotel from one group to another is judged on its result).
 */
export class SeaTours1765300000200 implements MigrationInterface {
  name = 'SeaTours1765300000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sea_tours (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        slug varchar(255) NOT NULL,
        city_id integer NOT NULL CONSTRAINT fk__city_id REFERENCES cities (id),
        is_active boolean NOT NULL DEFAULT true,
        info jsonb CHECK (info IS NULL OR jsonb_typeof(info) = 'array'),
        ${markups}
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const sql of versionedTableSql('sea_tours')) await db.query(sql);
    await db.query(`CREATE UNIQUE INDEX uq_sea_tours_name ON sea_tours (lower(name))`);
    await db.query(`CREATE UNIQUE INDEX uq_sea_tours_slug ON sea_tours (lower(slug))`);
    // The list: search by name (trigram), sort by name or id.
    await db.query(`CREATE INDEX ix_sea_tours_search ON sea_tours USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_sea_tours_name ON sea_tours (name, id)`);
    await db.query(`CREATE INDEX ix_sea_tours_city ON sea_tours (city_id)`);

    await db.query(`
      CREATE TABLE sea_tour_transfer_types (
        sea_tour_id integer NOT NULL REFERENCES sea_tours (id) ON DELETE CASCADE,
        transfer_type smallint NOT NULL CONSTRAINT ck__transfer_types_ids CHECK (transfer_type BETWEEN 1 AND 3),
        position smallint NOT NULL,
        PRIMARY KEY (sea_tour_id, transfer_type)
      )`);

    await db.query(`
      CREATE TABLE sea_tour_hotel_groups (
        id serial PRIMARY KEY,
        sea_tour_id integer NOT NULL REFERENCES sea_tours (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        ${markups.replace(/,$/, '')}
      )`);
    await db.query(`CREATE INDEX ix_sea_tour_hotel_groups_tour ON sea_tour_hotel_groups (sea_tour_id, position)`);
    await db.query(`
      CREATE TABLE sea_tour_group_hotels (
        group_id integer NOT NULL REFERENCES sea_tour_hotel_groups (id) ON DELETE CASCADE,
        sea_tour_id integer NOT NULL REFERENCES sea_tours (id) ON DELETE CASCADE,
        hotel_id integer NOT NULL CONSTRAINT fk__hotels_ids REFERENCES hotels (id),
        position smallint NOT NULL,
        CONSTRAINT uq_sea_tour_group_hotels_hotels_ids UNIQUE (sea_tour_id, hotel_id) DEFERRABLE INITIALLY DEFERRED
      )`);
    // The tour of a group's hotel comes from its group (the save writes groups and hotels, not this column).
    await db.query(`
      CREATE FUNCTION sea_tour_group_hotel_tour() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.sea_tour_id := (SELECT sea_tour_id FROM sea_tour_hotel_groups WHERE id = NEW.group_id);
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER trg_sea_tour_group_hotels_tour BEFORE INSERT OR UPDATE OF group_id ON sea_tour_group_hotels
        FOR EACH ROW EXECUTE FUNCTION sea_tour_group_hotel_tour()`);
    await db.query(`CREATE INDEX ix_sea_tour_group_hotels_group ON sea_tour_group_hotels (group_id)`);
    await db.query(`CREATE INDEX ix_sea_tour_group_hotels_hotel ON sea_tour_group_hotels (hotel_id)`);

    await db.query(`
      CREATE TABLE sea_tour_transports (
        sea_tour_id integer NOT NULL REFERENCES sea_tours (id) ON DELETE CASCADE,
        transport_forth_id integer NOT NULL CONSTRAINT fk__transport_forth_id REFERENCES transports (id),
        transport_back_id integer NOT NULL CONSTRAINT fk__transport_back_id REFERENCES transports (id),
        position smallint NOT NULL
      )`);
    await db.query(`CREATE INDEX ix_sea_tour_transports_tour ON sea_tour_transports (sea_tour_id)`);
    await db.query(`CREATE INDEX ix_sea_tour_transports_forth ON sea_tour_transports (transport_forth_id)`);
    await db.query(`CREATE INDEX ix_sea_tour_transports_back ON sea_tour_transports (transport_back_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sea_tour_transports, sea_tour_group_hotels, sea_tour_hotel_groups, sea_tour_transfer_types, sea_tours`);
    await db.query(`DROP FUNCTION sea_tour_group_hotel_tour()`);
  }
}
