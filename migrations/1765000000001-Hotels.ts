import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/** Commission type and sum pairs (spec 02 §3): the hotel has a meal pair too, a price period does not. */
const commissionPairs = (categories: readonly string[]) =>
  categories.map((category) => `commission_${category}_type smallint NOT NULL DEFAULT 1, commission_${category}_sum integer NOT NULL DEFAULT 0,`).join('\n');

/** Lists of a room that name rows of a dictionary, each with a sum (spec 02 §3 Room). */
const ROOM_ITEM_LISTS = {
  services: 'hotel_services',
  r_services: 'room_services',
  r_equipments: 'room_equipment',
  r_furnitures: 'room_furniture',
  r_bathrooms: 'room_bathrooms',
} as const;

/**
 * Hotels (spec 02 §3 Hotel, Room, Price period): the hotel row (versioned: its editor saves the whole
 * aggregate), rooms, price periods and premises with ids of their own, and link lists (services,
 * meals, infrastructure, files, photos, videos, room items, child ages) whose foreign keys make a
 * handbook row or an upload "in use" while a hotel names it.
 *
 * PostgreSQL enforces what concurrent writers could otherwise slip past: a name once per city and a
 * slug once (unique indexes, case-insensitive), and no two overlapping price periods in one room (an
 * exclusion constraint over the room and the whole-day range, both ends included; deferred to the
 * end of the save, so a save that moves two periods past each other is judged on its result).
 */
export class Hotels1765000000001 implements MigrationInterface {
  name = 'Hotels1765000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await db.query(`
      CREATE TABLE hotels (
        id serial PRIMARY KEY,
        city_id integer NOT NULL CONSTRAINT fk__city_id REFERENCES cities (id),
        name varchar(255) NOT NULL,
        slug varchar(255) NOT NULL,
        address varchar(255),
        latitude varchar(10),
        longitude varchar(10),
        category_type smallint,
        stars smallint,
        rating numeric(3, 1) CHECK (rating BETWEEN 0 AND 10),
        arrival_time time,
        departure_time time,
        vendor_id integer CONSTRAINT fk__vendor_id REFERENCES vendors (id),
        promotion_id integer CONSTRAINT fk__promotion_id REFERENCES promotions (id),
        description text,
        short_description text,
        info jsonb CHECK (info IS NULL OR jsonb_typeof(info) = 'array'),
        is_excursion boolean NOT NULL DEFAULT false,
        is_search_priority boolean NOT NULL DEFAULT false,
        application_auto_confirm boolean NOT NULL DEFAULT false,
        auto_confirm_status smallint CHECK (auto_confirm_status IN (3, 5)),
        sea_distance smallint,
        site_url varchar(255),
        site_description varchar(255),
        catalog_price numeric(12, 2) CHECK (catalog_price >= 0),
        catalog_sort smallint CHECK (catalog_sort BETWEEN 1 AND 100),
        seo_h1 varchar(255),
        seo_title varchar(255),
        seo_description varchar(5000),
        external_link varchar(255),
        commission_general_sum integer NOT NULL DEFAULT 0,
        is_differentiate boolean NOT NULL DEFAULT false,
        ${commissionPairs(['adult', 'child', 'adv_adult', 'adv_child', 'child_without_place', 'meal'])}
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const sql of versionedTableSql('hotels')) await db.query(sql);
    await db.query(`CREATE UNIQUE INDEX uq_hotels_name ON hotels (city_id, lower(name))`);
    await db.query(`CREATE UNIQUE INDEX uq_hotels_slug ON hotels (lower(slug))`);
    await db.query(`CREATE INDEX ix_hotels_search ON hotels USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_hotels_name ON hotels (name, id)`);
    await db.query(`CREATE INDEX ix_hotels_address ON hotels (address, id)`);
    for (const column of ['vendor_id', 'promotion_id']) await db.query(`CREATE INDEX ix_hotels_${column} ON hotels (${column})`);

    // Link lists of the hotel: replaced whole on each save, referencing what they name.
    await db.query(`
      CREATE TABLE hotel_service_items (
        hotel_id integer NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
        item_id integer NOT NULL CONSTRAINT fk__id REFERENCES hotel_services (id),
        sum numeric(12, 2) NOT NULL DEFAULT 0,
        position smallint NOT NULL
      )`);
    await db.query(`
      CREATE TABLE hotel_meal_items (
        hotel_id integer NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
        item_id integer NOT NULL CONSTRAINT fk__id REFERENCES meals (id),
        sum numeric(12, 2) NOT NULL DEFAULT 0,
        position smallint NOT NULL
      )`);
    await db.query(`
      CREATE TABLE hotel_infrastructure_items (
        hotel_id integer NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
        item_id integer NOT NULL CONSTRAINT fk__id REFERENCES infrastructures (id),
        pay boolean NOT NULL DEFAULT false,
        position smallint NOT NULL
      )`);
    // Description and memo files, photos and the video: uploads the hotel keeps (in use while named).
    await db.query(`
      CREATE TABLE hotel_uploads (
        hotel_id integer NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
        list varchar(10) NOT NULL CHECK (list IN ('desc', 'memo', 'photo', 'video')),
        path varchar(255) NOT NULL CONSTRAINT fk__path REFERENCES files (path) ON UPDATE CASCADE,
        name varchar(255) NOT NULL,
        alt varchar(50),
        position smallint NOT NULL
      )`);
    for (const table of ['hotel_service_items', 'hotel_meal_items', 'hotel_infrastructure_items', 'hotel_uploads']) {
      await db.query(`CREATE INDEX ix_${table}_hotel ON ${table} (hotel_id)`);
    }
    for (const table of ['hotel_service_items', 'hotel_meal_items', 'hotel_infrastructure_items']) {
      await db.query(`CREATE INDEX ix_${table}_item ON ${table} (item_id)`);
    }
    await db.query(`CREATE INDEX ix_hotel_uploads_path ON hotel_uploads (path)`);

    await db.query(`
      CREATE TABLE hotel_rooms (
        id serial PRIMARY KEY,
        hotel_id integer NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        type_id integer NOT NULL CONSTRAINT fk__type_id REFERENCES room_types (id),
        description_id integer CONSTRAINT fk__description_id REFERENCES room_descriptions (id),
        accommodation_id integer NOT NULL CONSTRAINT fk__accommodation_id REFERENCES accommodations (id),
        place_id integer NOT NULL CONSTRAINT fk__place_id REFERENCES room_places (id),
        quota boolean NOT NULL DEFAULT false,
        quota_count integer CHECK (quota_count BETWEEN 0 AND 1000),
        adult_count integer NOT NULL CHECK (adult_count >= 0),
        child_count integer NOT NULL CHECK (child_count >= 0),
        adv_adult_count integer NOT NULL CHECK (adv_adult_count >= 0),
        adv_child_count integer NOT NULL CHECK (adv_child_count >= 0),
        child_without integer NOT NULL DEFAULT 0 CHECK (child_without >= 0),
        is_children_in_adult_places boolean NOT NULL DEFAULT false,
        is_children_in_adv_adult_places boolean NOT NULL DEFAULT false,
        area varchar(50),
        external_id varchar(255),
        payload jsonb
      )`);
    await db.query(`CREATE INDEX ix_hotel_rooms_hotel ON hotel_rooms (hotel_id)`);
    for (const column of ['type_id', 'description_id', 'accommodation_id', 'place_id']) {
      await db.query(`CREATE INDEX ix_hotel_rooms_${column} ON hotel_rooms (${column})`);
    }

    for (const [list, dictionary] of Object.entries(ROOM_ITEM_LISTS)) {
      await db.query(`
        CREATE TABLE hotel_room_${list} (
          room_id integer NOT NULL REFERENCES hotel_rooms (id) ON DELETE CASCADE,
          item_id integer NOT NULL CONSTRAINT fk__id REFERENCES ${dictionary} (id),
          sum numeric(12, 2) NOT NULL DEFAULT 0,
          position smallint NOT NULL
        )`);
      await db.query(`CREATE INDEX ix_hotel_room_${list}_room ON hotel_room_${list} (room_id)`);
      await db.query(`CREATE INDEX ix_hotel_room_${list}_item ON hotel_room_${list} (item_id)`);
    }
    await db.query(`
      CREATE TABLE hotel_room_meals (
        room_id integer NOT NULL REFERENCES hotel_rooms (id) ON DELETE CASCADE,
        item_id integer NOT NULL CONSTRAINT fk__meals REFERENCES meals (id),
        position smallint NOT NULL
      )`);
    // Child ages of a room by list (spec 02 §3): 1 children, 2 without a place, 3 extra children,
    // 4 on adult places, 5 on extra adult places.
    await db.query(`
      CREATE TABLE hotel_room_ages (
        room_id integer NOT NULL REFERENCES hotel_rooms (id) ON DELETE CASCADE,
        type smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
        age smallint NOT NULL CHECK (age BETWEEN 0 AND 17),
        position smallint NOT NULL
      )`);
    await db.query(`
      CREATE TABLE hotel_room_photos (
        room_id integer NOT NULL REFERENCES hotel_rooms (id) ON DELETE CASCADE,
        path varchar(255) NOT NULL CONSTRAINT fk__path REFERENCES files (path) ON UPDATE CASCADE,
        name varchar(255) NOT NULL,
        alt varchar(50),
        position smallint NOT NULL
      )`);
    for (const table of ['hotel_room_meals', 'hotel_room_ages', 'hotel_room_photos']) {
      await db.query(`CREATE INDEX ix_${table}_room ON ${table} (room_id)`);
    }
    await db.query(`CREATE INDEX ix_hotel_room_meals_item ON hotel_room_meals (item_id)`);
    await db.query(`CREATE INDEX ix_hotel_room_photos_path ON hotel_room_photos (path)`);

    await db.query(`
      CREATE TABLE hotel_room_premises (
        id serial PRIMARY KEY,
        room_id integer NOT NULL REFERENCES hotel_rooms (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name varchar(50) NOT NULL,
        area numeric(5, 2) CHECK (area BETWEEN 0 AND 999.99)
      )`);
    await db.query(`CREATE INDEX ix_hotel_room_premises_room ON hotel_room_premises (room_id)`);

    await db.query(`
      CREATE TABLE hotel_room_prices (
        id serial PRIMARY KEY,
        room_id integer NOT NULL REFERENCES hotel_rooms (id) ON DELETE CASCADE,
        date_from date NOT NULL,
        date_to date NOT NULL,
        is_total_price boolean NOT NULL DEFAULT false,
        total_price integer CHECK (total_price BETWEEN 0 AND 999999),
        adult_price integer CHECK (adult_price BETWEEN 0 AND 999999),
        child_price integer CHECK (child_price BETWEEN 0 AND 999999),
        child_without_price integer NOT NULL CHECK (child_without_price BETWEEN 0 AND 999999),
        adv_adult_price integer NOT NULL CHECK (adv_adult_price BETWEEN 0 AND 999999),
        adv_child_price integer NOT NULL CHECK (adv_child_price BETWEEN 0 AND 999999),
        commission_general_sum integer NOT NULL DEFAULT 0,
        is_differentiate boolean NOT NULL DEFAULT false,
        ${commissionPairs(['adult', 'child', 'adv_adult', 'adv_child', 'child_without_place'])}
        CONSTRAINT ck_hotel_room_prices_to CHECK (date_from <= date_to),
        -- Whole days, both ends included: a period ending 10.06 and one starting 11.06 do not overlap.
        CONSTRAINT ex_hotel_room_prices_from EXCLUDE USING gist (room_id WITH =, daterange(date_from, date_to, '[]') WITH &&)
          DEFERRABLE INITIALLY DEFERRED
      )`);
    await db.query(`CREATE INDEX ix_hotel_room_prices_room ON hotel_room_prices (room_id, date_from)`);
  }

  async down(db: QueryRunner): Promise<void> {
    const roomItems = Object.keys(ROOM_ITEM_LISTS).map((list) => `hotel_room_${list}`).join(', ');
    await db.query(`DROP TABLE hotel_room_prices, hotel_room_premises, hotel_room_photos, hotel_room_ages, hotel_room_meals, ${roomItems},
      hotel_rooms, hotel_uploads, hotel_infrastructure_items, hotel_meal_items, hotel_service_items, hotels`);
  }
}
