import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * Routes (spec 03 §2.4, §3 "Route", "Route point"): a bus transport's route taken there and/or back
 * on given dates, with hotels chosen at its points. The route points are the transport's own
 * (`transport_route_points`) and the hotels are hotels: neither key cascades, so a transport, a
 * point of its route or a hotel a route uses cannot be deleted (403, or the transport editor's 422
 * on the point). A hotel is chosen once per point.
 */
export class Routes1765300000100 implements MigrationInterface {
  name = 'Routes1765300000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tour_routes (
        id serial PRIMARY KEY,
        -- 1 bus transport (the one owner type today).
        transport_type smallint NOT NULL CHECK (transport_type IN (1)),
        transport_id integer NOT NULL CONSTRAINT fk__transport_id REFERENCES transports (id),
        -- 1 there and back, 2 there only, 3 back only: which dates the route has.
        kind smallint NOT NULL CHECK (kind IN (1, 2, 3)),
        forth_date date,
        back_date date,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck__forth_date CHECK ((kind = 3) = (forth_date IS NULL)),
        CONSTRAINT ck__back_date CHECK ((kind = 2) = (back_date IS NULL) AND (forth_date IS NULL OR back_date IS NULL OR forth_date <= back_date))
      )`);
    await db.query(`CREATE INDEX ix_tour_routes_transport ON tour_routes (transport_id, id)`);
    await db.query(`CREATE INDEX ix_tour_routes_kind ON tour_routes (kind, id)`);
    await db.query(`CREATE INDEX ix_tour_routes_forth_date ON tour_routes (forth_date, id)`);
    await db.query(`CREATE INDEX ix_tour_routes_back_date ON tour_routes (back_date, id)`);
    for (const sql of versionedTableSql('tour_routes')) await db.query(sql);

    await db.query(`
      CREATE TABLE tour_route_points (
        id serial PRIMARY KEY,
        route_id integer NOT NULL REFERENCES tour_routes (id) ON DELETE CASCADE,
        is_forth boolean NOT NULL,
        transport_route_id integer NOT NULL CONSTRAINT fk__transport_route_id REFERENCES transport_route_points (id),
        CONSTRAINT uq_tour_route_points_transport_route_id UNIQUE (route_id, is_forth, transport_route_id) DEFERRABLE INITIALLY DEFERRED
      )`);
    await db.query(`CREATE INDEX ix_tour_route_points_transport_route ON tour_route_points (transport_route_id)`);

    await db.query(`
      CREATE TABLE tour_route_hotels (
        point_id integer NOT NULL REFERENCES tour_route_points (id) ON DELETE CASCADE,
        hotel_id integer NOT NULL CONSTRAINT fk__hotel_id REFERENCES hotels (id),
        arrival_date date NOT NULL,
        arrival_time time NOT NULL,
        position smallint NOT NULL CHECK (position >= 0),
        CONSTRAINT uq_tour_route_hotels_hotel_id UNIQUE (point_id, hotel_id) DEFERRABLE INITIALLY DEFERRED
      )`);
    await db.query(`CREATE INDEX ix_tour_route_hotels_hotel ON tour_route_hotels (hotel_id)`);

    // Rows of the routes list (GET /routes): the transport's name beside the route, searched through
    // the transports' trigram index and joined by ix_tour_routes_transport.
    await db.query(`
      CREATE VIEW tour_route_list_rows AS
      SELECT r.id, r.kind, r.transport_type, r.transport_id, r.forth_date, r.back_date, t.name AS transport_name
        FROM tour_routes r JOIN transports t ON t.id = r.transport_id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW IF EXISTS tour_route_list_rows`);
    for (const table of ['tour_route_hotels', 'tour_route_points', 'tour_routes']) await db.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
