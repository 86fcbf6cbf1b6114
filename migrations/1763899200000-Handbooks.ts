import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Hotel handbooks, room dictionaries and tour dictionaries: names unique case-insensitively, trigram-searched. */
export class Handbooks1763899200000 implements MigrationInterface {
  name = 'Handbooks1763899200000';

  async up(db: QueryRunner): Promise<void> {
    const handbook = async (table: string, nameMax: number, columns = '') => {
      await db.query(`
        CREATE TABLE ${table} (
          id serial PRIMARY KEY,
          name varchar(${nameMax}) NOT NULL,
          ${columns}
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
      await db.query(`CREATE UNIQUE INDEX uq_${table}_name ON ${table} (lower(name))`);
      await db.query(`CREATE INDEX ix_${table}_search ON ${table} USING gin (name gin_trgm_ops)`);
    };

    await handbook('meals', 50, `category_type smallint NOT NULL CHECK (category_type BETWEEN 1 AND 5),`);
    await handbook('accommodations', 128);
    await handbook('hotel_services', 128, `
      icon varchar(64),
      is_filter boolean NOT NULL DEFAULT false,
      is_point_filter boolean NOT NULL DEFAULT false,`);
    await handbook('promotions', 128, `
      description text,
      published_date date,
      date_from date,
      date_to date,
      discount boolean NOT NULL DEFAULT false,
      percent smallint CHECK (percent BETWEEN 0 AND 100),
      CHECK (date_from IS NULL OR date_to IS NULL OR date_from <= date_to),`);
    await handbook('infrastructure_types', 128);
    await handbook('infrastructures', 128, `
      infrastructure_type_id integer NOT NULL CONSTRAINT fk__infrastructure_type_id REFERENCES infrastructure_types (id),
      is_filter boolean NOT NULL DEFAULT false,
      is_point_filter boolean NOT NULL DEFAULT false,`);
    await db.query(`CREATE INDEX ix_infrastructures_type ON infrastructures (infrastructure_type_id)`);

    await handbook('room_types', 128);
    await handbook('room_places', 128, `
      places_count integer NOT NULL DEFAULT 0 CHECK (places_count BETWEEN 0 AND 999999),
      adv_places_count integer NOT NULL DEFAULT 0 CHECK (adv_places_count BETWEEN 0 AND 999999),`);
    await handbook('room_descriptions', 128);
    await handbook('room_services', 128);
    await handbook('room_equipment', 128);
    await handbook('room_furniture', 128);
    await handbook('room_bathrooms', 128);

    await handbook('tour_categories', 50);
    await handbook('tour_trade_offers', 128, `icon varchar(64),`);
    await handbook('tour_types', 50);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tour_types, tour_trade_offers, tour_categories, room_bathrooms, room_furniture, room_equipment,
      room_services, room_descriptions, room_places, room_types, infrastructures, infrastructure_types, promotions,
      hotel_services, accommodations, meals`);
  }
}
