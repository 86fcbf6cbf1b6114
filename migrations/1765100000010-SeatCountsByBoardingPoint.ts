import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seat dashboard reads a year of counters as one series per transport and boarding point (the
 * dates and their counts, in date order). Keyed (transport, boarding point, date) with the count in
 * the index, the year is one index-only scan that comes out already grouped and ordered: no sort and
 * no per-cell JSON in PostgreSQL. The date index it replaces served only the old statement.
 * The triggers' ON CONFLICT names the same three columns (any order matches the key).
 */
export class SeatCountsByBoardingPoint1765100000010 implements MigrationInterface {
  name = 'SeatCountsByBoardingPoint1765100000010';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE seat_booking_counts DROP CONSTRAINT seat_booking_counts_pkey`);
    await db.query(`ALTER TABLE seat_booking_counts ADD CONSTRAINT seat_booking_counts_pkey PRIMARY KEY (transport_id, from_position, departure_date) INCLUDE (count)`);
    await db.query(`DROP INDEX ix_seat_booking_counts_date`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX ix_seat_booking_counts_date ON seat_booking_counts (departure_date) INCLUDE (transport_id, from_position, count)`);
    await db.query(`ALTER TABLE seat_booking_counts DROP CONSTRAINT seat_booking_counts_pkey`);
    await db.query(`ALTER TABLE seat_booking_counts ADD CONSTRAINT seat_booking_counts_pkey PRIMARY KEY (transport_id, departure_date, from_position)`);
  }
}
