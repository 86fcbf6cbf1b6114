/**
 * The bench's applications, filled in SQL (the one writer besides the commands), carry the payment
 * status the server derives from their payments (issue 28; shared/applications/payment-status.ts) and
 * the stored breakdown analytics sums (issue 29): their nets and the agency's commission, once each.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { fillApplicationsDatabase, PRODUCT_SIZES } from './applications.js';

let app: TestApp;
let sql: pg.Client;

beforeAll(async () => {
  app = await startTestApp();
  sql = new pg.Client({ connectionString: app.db.url });
  await sql.connect();
}, 300_000);
afterAll(async () => {
  await sql?.end();
  await app?.close();
});

it('a small fill: every application’s payment status is the derived one, some of each', async () => {
  // The bench's product set but two bus transports (a coach line both ways: the tours ride one), not twelve:
  // each brings a hundred or more passengers' applications saved through the commands, the fill's cost, and
  // the applications filled in SQL draw on whatever products there are.
  await fillApplicationsDatabase(sql, { applications: 600, clients: 100, staff: 6, agencies: 10 }, () => undefined, { ...PRODUCT_SIZES, transports: 2 });
  const { rows } = await sql.query<{ payment_status: number; count: number; wrong: number }>(
    `SELECT payment_status, count(*)::int AS count, count(*) FILTER (WHERE payment_status <> application_payment_status(application_paid(a.id), application_due(a)))::int AS wrong
       FROM applications a GROUP BY payment_status ORDER BY payment_status`,
  );
  expect(rows.map((row) => row.payment_status)).toEqual([1, 2, 3, 4]);
  expect(rows.every((row) => row.wrong === 0), JSON.stringify(rows)).toBe(true);
  const [breakdown] = (await sql.query<{ apart: number }>(
    `SELECT count(*) FILTER (WHERE a.net_total IS DISTINCT FROM (SELECT sum(n.net) FROM application_vendor_nets n WHERE n.application_id = a.id)
                                OR a.agency_commission IS DISTINCT FROM (SELECT sum(k.agency_commission) FROM application_category_totals k WHERE k.application_id = a.id))::int AS apart
       FROM applications a`,
  )).rows;
  expect(breakdown!.apart).toBe(0);
}, 300_000);
