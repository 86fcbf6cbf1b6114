import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An application's number past the millionth (found by the bench's million applications): the default
 * `lpad(nextval(…)::text, 6, '0')` cut a seventh digit off (`lpad('1000001', 6, '0')` is `100000`),
 * so the millionth application would have taken an earlier one's number. Now the sequence is padded
 * to six digits and never cut: `2026-000123`, `2026-1000001`.
 */
export class ApplicationNumberPastAMillion1765400000500 implements MigrationInterface {
  name = 'ApplicationNumberPastAMillion1765400000500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION application_number(sequence_value bigint) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT to_char(now(), 'YYYY') || '-' || lpad(sequence_value::text, greatest(6, length(sequence_value::text)), '0')
      $$`);
    await db.query(`ALTER TABLE applications ALTER COLUMN number SET DEFAULT application_number(nextval('application_number_seq'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE applications ALTER COLUMN number SET DEFAULT to_char(now(), 'YYYY') || '-' || lpad(nextval('application_number_seq')::text, 6, '0')`);
    await db.query(`DROP FUNCTION application_number(bigint)`);
  }
}
