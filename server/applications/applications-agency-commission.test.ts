/**
 * Money that never goes below zero (issue 37): the agency commission is capped at the price it is taken
 * from — the engine caps a computed one, a manual one above the price is a 422 — and an application
 * stored before the cap (its «К оплате агентством» negative) is mended at start by the one-time job
 * calling the command: only the commission, `agency_to_pay` and the commission shares change, with a
 * history row; the price and the lines' prices stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { applicationCalls, hotelApplication } from '../test/application-api.js';
import { type HotelGround, type RequesterGround } from '../test/application-fixtures.js';
import { startApplicationGround } from '../test/application-ground.js';
import { type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let admin: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => ({ app, admin, hotel, people } = await startApplicationGround()));
afterAll(() => app?.close());

const { created, update, refused, row } = applicationCalls(
  () => app,
  () => admin,
);
/** An application of the agency taking a fixed 1 500 ₽, at a manual price. */
const fixedAgencyForm = (price: string, overrides: Record<string, unknown> = {}) =>
  hotelApplication(hotel, people, { requester_type: 'agency', requester_id: people.fixedAgencyId, manual_price_without_discount: price, ...overrides });

const shares = (id: number) =>
  app.db.query<{ total: string; commission: string }>(
    `SELECT total_after_discount::text AS total, agency_commission::text AS commission FROM application_accommodations WHERE application_id = $1
     UNION ALL SELECT price_total::text, agency_commission::text FROM application_category_totals WHERE application_id = $1`,
    [id],
  );

/** Until `check` holds: the job runs on the queue's worker, so the test waits for what it writes. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the engine caps the agency commission at the price', () => {
  it('a 500 ₽ application of an agency taking a fixed 1 500 ₽: commission 500, К оплате агентством 0 — on the record and every line', async () => {
    const application = await created(fixedAgencyForm('500.00'));
    expect(application.totals).toMatchObject({ price_total: 500, agency_commission: 500, agency_to_pay: 0 });
    expect(await row(application.id)).toMatchObject({ price_total: '500.00', agency_commission: '500.00', agency_to_pay: '0.00' });
    for (const line of await shares(application.id)) expect(line.commission).toBe(line.total);
  });

  it('a manual commission above the price is a 422 on manual_agency_commission; equal to it is saved', async () => {
    const application = await created(fixedAgencyForm('500.00', { status: 2 }));
    const errors = await refused(update(application.id, { ...fixedAgencyForm('500.00', { status: 2 }), version: application.version, manual_agency_commission: '1500' }));
    expect(errors).toEqual({ manual_agency_commission: [MESSAGES.applications.agencyCommissionMax(formatMoney('500.00'))] });
    expect(await row(application.id)).toMatchObject({ manual_agency_commission: null, agency_to_pay: '0.00' });
    const response = await update(application.id, { ...fixedAgencyForm('500.00', { status: 2 }), version: application.version, manual_agency_commission: 500 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await row(application.id)).toMatchObject({ manual_agency_commission: '500.00', agency_to_pay: '0.00' });
  });
});

/** Mend jobs finished so far (pg-boss keeps a completed job in its table until archived). */
const completedMends = async () => Number((await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'agency-commission-cap' AND state = 'completed'`))[0]!.n);

describe('applications stored before the cap are mended at start', () => {
  it('the job caps the commission, keeps the prices, derives the payment status, writes a history row and mends each once', async () => {
    // Paid 300 by the agency; as the engine before the cap stored it: 1 500 taken from 500, −1 000 to pay.
    const application = await created(fixedAgencyForm('500.00', { payment_method: 3, payments: [{ sum: 300, status: 2, date: '2026-12-01' }] }));
    await app.db.query(`UPDATE applications SET agency_commission = 1500, agency_to_pay = -1000, payment_status = 4 WHERE id = $1`, [application.id]);
    await app.db.query(`UPDATE application_accommodations SET agency_commission = 1500 WHERE application_id = $1`, [application.id]);
    await app.db.query(`UPDATE application_category_totals SET agency_commission = 1500 WHERE application_id = $1 AND category = 'accommodation'`, [application.id]);
    const before = await row(application.id);

    // A start queues the mend (one waiting job however many instances start); the worker runs it.
    await app.startAnotherServer();
    await until(async () => (await row(application.id)).agency_to_pay === '0.00', 'the mend job');

    const after = await row(application.id);
    expect(after).toMatchObject({ price_total: '500.00', price_without_discount: before.price_without_discount, net_total: before.net_total, agency_commission: '500.00', agency_to_pay: '0.00' });
    // 300 paid of 0 owed: overpaid, as the rule derives it from the mended to-pay.
    expect(after.payment_status).toBe(4);
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    for (const line of await shares(application.id)) expect(line.commission).toBe(line.total);
    const history = await app.db.query<{ path: string; before: unknown; after: unknown; actor: string }>(
      `SELECT path, before, after, actor FROM application_history WHERE application_id = $1 AND path = 'agency_commission'`,
      [application.id],
    );
    expect(history).toEqual([{ path: 'agency_commission', before: '1500.00', after: '500.00', actor: 'system' }]);
    // The History tab names it.
    const tab = await admin.get(`/api/applications/${application.id}/history`);
    expect(tab.body.data[0]).toMatchObject({ path: 'agency_commission', before: '1500.00', after: '500.00' });

    // Another start's job finds nothing to mend: no second history row.
    const done = await completedMends();
    await app.startAnotherServer();
    await until(async () => (await completedMends()) > done, "the next start's mend job");
    const rows = await app.db.query(`SELECT 1 FROM application_history WHERE application_id = $1 AND path = 'agency_commission'`, [application.id]);
    expect(rows).toHaveLength(1);
  });
});
