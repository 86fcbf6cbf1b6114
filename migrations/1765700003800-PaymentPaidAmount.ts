import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A payment row's delta to its application's figures (`row` NEW or OLD) as 1765600001600-ApplicationFigures wrote it, and as it is now. */
const ROW_AMOUNT_BEFORE = (row: 'NEW' | 'OLD') => `(CASE ${row}.status WHEN 2 THEN ${row}.sum WHEN 3 THEN -${row}.sum ELSE 0 END)`;
const ROW_AMOUNT_NOW = (row: 'NEW' | 'OLD') => `payment_paid_amount(${row}.status, ${row}.sum)`;

/** `application_paid` as 1765600000000-DerivedPaymentStatus wrote it, and as it is now. */
const APPLICATION_PAID_BEFORE = `coalesce(sum(CASE p.status WHEN 2 THEN p.sum WHEN 3 THEN -p.sum ELSE 0 END), 0)`;
const APPLICATION_PAID_NOW = `coalesce(sum(payment_paid_amount(p.status, p.sum)), 0)`;

const applicationPaid = (paid: string) => `
  CREATE OR REPLACE FUNCTION application_paid(application_id integer) RETURNS numeric LANGUAGE sql STABLE AS $$
    SELECT ${paid} FROM payments p WHERE p.application_id = $1
  $$`;

/** The payments' trigger of `application_figures` (otherwise as 1765600001600 made it): takes off what OLD brought, adds what NEW brings. */
const figuresPayments = (amount: (row: 'NEW' | 'OLD') => string) => `
  CREATE OR REPLACE FUNCTION application_figures_payments() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE application_figures SET paid = paid - ${amount('OLD')} WHERE application_id = OLD.application_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE application_figures SET paid = paid + ${amount('NEW')} WHERE application_id = NEW.application_id;
    END IF;
    RETURN NULL;
  END $$`;

/**
 * One home for "paid" in SQL (issue 38): `payment_paid_amount(status, sum)` is what one payment row
 * adds to its application's paid sum — a paid row (2) its sum, a refund (3) minus its sum, a pending
 * row (1) or any other status nothing — the SQL twin of `paidAmountOf` in
 * shared/applications/payment-status.ts (server/applications/payment-paid-amount.test.ts holds the
 * two to the same rows). Immutable and a single expression, so PostgreSQL inlines it where it is
 * called. The functions that had a copy of the rule call it now: `application_paid` (the payment
 * status, the order book's paid, the agencies' report) and the payments' trigger of
 * `application_figures` (analytics' paid); analytics' payment list (server/analytics/analytics-sql.ts)
 * calls it too. Every value stays what it was: the expression is the same. The figures' backfill
 * of 1765600001600 ran once with its own copy, and stays as it was written.
 */
export class PaymentPaidAmount1765700003800 implements MigrationInterface {
  name = 'PaymentPaidAmount1765700003800';

  async up(db: QueryRunner): Promise<void> {
    // integer, not the column's smallint: a smallint argument is promoted to it, and an integer literal needs no cast.
    await db.query(`
      CREATE FUNCTION payment_paid_amount(row_status integer, row_sum numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE row_status WHEN 2 THEN row_sum WHEN 3 THEN -row_sum ELSE 0 END
      $$`);
    await db.query(applicationPaid(APPLICATION_PAID_NOW));
    await db.query(figuresPayments(ROW_AMOUNT_NOW));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(figuresPayments(ROW_AMOUNT_BEFORE));
    await db.query(applicationPaid(APPLICATION_PAID_BEFORE));
    await db.query(`DROP FUNCTION payment_paid_amount(integer, numeric)`);
  }
}
