import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The list content's paid sum as 1765400000700-ApplicationListContent wrote it (status-2 rows only), and as it is now. */
const PAID_BEFORE = `(SELECT coalesce(sum(p.sum), 0)::text FROM payments p WHERE p.application_id = a.id AND p.status = 2)`;
const PAID_NOW = `application_paid(a.id)::text`;

/** Every stored application's payment status derived again (exported for the test that runs it on rows set up wrong). */
export const DERIVE_PAYMENT_STATUSES = `UPDATE applications a SET payment_status = s.derived
  FROM (SELECT x.id, application_payment_status(application_paid(x.id), application_due(x)) AS derived FROM applications x) s
  WHERE s.id = a.id AND a.payment_status IS DISTINCT FROM s.derived`;

/**
 * The payment status derived (issue 28; shared/applications/payment-status.ts is the same rule in
 * TypeScript, and the server tests hold the two to the same cases): paid is the status-2 rows less
 * the status-3 refunds (pending rows count nothing); due is `agency_to_pay` for an agency,
 * `price_total` for a client, 0 for a cancelled application; nothing paid → 1, below due → 2, equal
 * → 3, above → 4. Every stored application's status is derived again (it was set by hand before),
 * and the order book's paid sum counts the refunds too.
 */
export class DerivedPaymentStatus1765600000000 implements MigrationInterface {
  name = 'DerivedPaymentStatus1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION application_paid(application_id integer) RETURNS numeric LANGUAGE sql STABLE AS $$
        SELECT coalesce(sum(CASE p.status WHEN 2 THEN p.sum WHEN 3 THEN -p.sum ELSE 0 END), 0) FROM payments p WHERE p.application_id = $1
      $$`);
    await db.query(`
      CREATE FUNCTION application_due(a applications) RETURNS numeric LANGUAGE sql STABLE AS $$
        SELECT CASE WHEN a.status = 7 THEN 0 WHEN a.agency_id IS NOT NULL THEN a.agency_to_pay ELSE a.price_total END
      $$`);
    await db.query(`
      CREATE FUNCTION application_payment_status(paid numeric, due numeric) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
        SELECT (CASE WHEN paid <= 0 THEN 1 WHEN paid < due THEN 2 WHEN paid = due THEN 3 ELSE 4 END)::smallint
      $$`);
    await db.query(DERIVE_PAYMENT_STATUSES);
    await replaceListPaid(db, PAID_BEFORE, PAID_NOW);
  }

  async down(db: QueryRunner): Promise<void> {
    await replaceListPaid(db, PAID_NOW, PAID_BEFORE);
    await db.query(`DROP FUNCTION application_payment_status(numeric, numeric)`);
    await db.query(`DROP FUNCTION application_due(applications)`);
    await db.query(`DROP FUNCTION application_paid(integer)`);
  }
}

/** Rewrites the paid expression of the list's content function in place (the function is otherwise as 1765400000700 made it). */
async function replaceListPaid(db: QueryRunner, from: string, to: string): Promise<void> {
  const [row] = (await db.query(`SELECT pg_get_functiondef('application_list_content(applications)'::regprocedure) AS definition`)) as { definition: string }[];
  const definition = row!.definition;
  if (!definition.includes(from)) throw new Error(`application_list_content has no ${from}`);
  await db.query(definition.replace(from, to));
}
