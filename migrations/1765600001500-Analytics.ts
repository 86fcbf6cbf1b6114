import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analytics (issue 29): its month, charts and creation-period filters go by `created_at` (Moscow days
 * as a timestamptz range), read through `ix_applications_created_at`; the view `analytics_rows` is the
 * list engine's entity of the analytics table — the application's own columns its filters and order
 * read (server/analytics/analytics.list.ts), the row's content is read for the page's ids apart.
 */
export class Analytics1765600001500 implements MigrationInterface {
  name = 'Analytics1765600001500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX ix_applications_created_at ON applications (created_at, id)`);
    await db.query(`
      CREATE VIEW analytics_rows AS
      SELECT id, number, created_at, type, status, payment_status, payment_method, city_id, client_id, agency_id, agency_user_id, user_id,
             hotel_id, tour_id, transport_id, sea_tour_id, start_date, source_key, platform
        FROM applications`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW analytics_rows`);
    await db.query(`DROP INDEX ix_applications_created_at`);
  }
}
