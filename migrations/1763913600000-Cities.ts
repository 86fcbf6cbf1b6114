import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cities with their linked cities and SEO blocks, catalogue directions and hotel directions. */
export class Cities1763913600000 implements MigrationInterface {
  name = 'Cities1763913600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE cities (
        id serial PRIMARY KEY,
        name varchar(128) NOT NULL,
        country_id integer NOT NULL CONSTRAINT fk__country_id REFERENCES countries (id),
        slug varchar(128) NOT NULL,
        catalog_image varchar(255) CONSTRAINT "fk__catalog.image" REFERENCES files (path) ON UPDATE CASCADE ON DELETE SET NULL,
        catalog_price numeric(12, 2) CHECK (catalog_price >= 0),
        seo_settings jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_cities_slug ON cities (lower(slug))`);
    await db.query(`CREATE INDEX ix_cities_search ON cities USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_cities_name ON cities (name, id)`);
    await db.query(`CREATE INDEX ix_cities_country ON cities (country_id)`);

    // A city's lists of other cities; removing a listed city just drops it from the lists.
    for (const list of ['near', 'railway_transfer', 'aviation_transfer']) {
      await db.query(`
        CREATE TABLE city_${list}_cities (
          city_id integer NOT NULL REFERENCES cities (id) ON DELETE CASCADE,
          linked_city_id integer NOT NULL CONSTRAINT fk__${list}_cities REFERENCES cities (id) ON DELETE CASCADE,
          PRIMARY KEY (city_id, linked_city_id)
        )`);
      await db.query(`CREATE INDEX ix_city_${list}_cities_linked ON city_${list}_cities (linked_city_id)`);
    }

    await db.query(`
      CREATE TABLE directions (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        sort smallint NOT NULL DEFAULT 100 CHECK (sort BETWEEN 1 AND 100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_directions_search ON directions USING gin (name gin_trgm_ops)`);
    // A city in a direction is in use: it cannot be deleted while listed.
    await db.query(`
      CREATE TABLE direction_cities (
        direction_id integer NOT NULL REFERENCES directions (id) ON DELETE CASCADE,
        city_id integer NOT NULL CONSTRAINT fk__cities REFERENCES cities (id),
        PRIMARY KEY (direction_id, city_id)
      )`);
    await db.query(`CREATE INDEX ix_direction_cities_city ON direction_cities (city_id)`);

    await db.query(`
      CREATE TABLE hotel_directions (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        city_id integer NOT NULL CONSTRAINT fk__city_id REFERENCES cities (id),
        info varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_hotel_directions_search ON hotel_directions USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_hotel_directions_city ON hotel_directions (city_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE hotel_directions, direction_cities, directions, city_aviation_transfer_cities,
      city_railway_transfer_cities, city_near_cities, cities`);
  }
}
