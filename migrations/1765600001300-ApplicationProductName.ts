import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The name of an application's product by its type (1 hotel, 2 tour, 3 bus tour, 4 sea tour), as one
 * SQL function for every reader after the order book (the agency monthly report, analytics, the
 * generated documents): the order book's own copy lives in its frozen migration
 * (1765400000700-ApplicationListContent) and says the same.
 */
export class ApplicationProductName1765600001300 implements MigrationInterface {
  name = 'ApplicationProductName1765600001300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION application_product_name(a applications) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT CASE a.type
          WHEN 1 THEN (SELECT name FROM hotels WHERE id = a.hotel_id)
          WHEN 2 THEN (SELECT name FROM tours WHERE id = a.tour_id)
          WHEN 3 THEN (SELECT name FROM transports WHERE id = a.transport_id)
          WHEN 4 THEN (SELECT name FROM sea_tours WHERE id = a.sea_tour_id)
        END
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION application_product_name(applications)`);
  }
}
