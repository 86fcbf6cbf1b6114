/**
 * The payment status derived on the server (issue 28; shared/applications/payment-status.ts): by the
 * save whatever is sent, by the cancel, for status 6, in the order book's paid and to-pay, and by the
 * migration's SQL — all on the same cases.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DERIVE_PAYMENT_STATUSES } from '../../migrations/1765600000000-DerivedPaymentStatus.js';
import { dueOf, paymentState } from '../../shared/applications/payment-status.js';
import { MESSAGES } from '../../shared/messages.js';
import { moneyNumber } from '../../shared/money.js';
import { applicationCalls, hotelApplication } from '../test/application-api.js';
import { type HotelGround, type RequesterGround } from '../test/application-fixtures.js';
import { startApplicationGround } from '../test/application-ground.js';
import { type ApiClient, type TestApp } from '../test/test-app.js';

const A = MESSAGES.applications;
let app: TestApp;
let admin: ApiClient;
let accountant: ApiClient;
let manager: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => ({ app, admin, accountant, manager, hotel, people } = await startApplicationGround()));
afterAll(() => app?.close());

const { create, update, created, refused } = applicationCalls(
  () => app,
  () => accountant,
);
// A payment is added only under a payment method (spec 03 §5): cashless serves the client and the agency alike.
const form = (overrides: Record<string, unknown> = {}) => hotelApplication(hotel, people, { payment_method: 3, ...overrides });
const agencyForm = (overrides: Record<string, unknown> = {}) => form({ requester_type: 'agency', requester_id: people.agencyId, agency_user_id: people.agencyUserId, ...overrides });
const paid = (sum: number | string, status = 2) => ({ sum, status, date: '2027-05-20' });

/** The stored row's payment status and what the SQL of the migration derives for it. */
const stored = async (id: number) => {
  const [row] = await app.db.query<{ payment_status: number; derived: number }>(
    `SELECT a.payment_status, application_payment_status(application_paid(a.id), application_due(a)) AS derived FROM applications a WHERE a.id = $1`,
    [id],
  );
  return row!;
};

/** The client's price is 24 750, the agency's to-pay 21 780 (12 % commission). */
const CASES: { name: string; form: () => Record<string, unknown>; status: number }[] = [
  { name: 'no payments', form: () => form(), status: 1 },
  { name: 'partial', form: () => form({ payments: [paid(1000.5)] }), status: 2 },
  { name: 'equal, in parts that a float would not sum exactly', form: () => form({ payments: [paid(24749.7), paid(0.1), paid(0.2)] }), status: 3 },
  { name: 'overpaid', form: () => form({ payments: [paid(25000)] }), status: 4 },
  { name: 'overpaid less a refund: equal', form: () => form({ payments: [paid(25000), paid(250, 3)] }), status: 3 },
  { name: 'all of it refunded', form: () => form({ payments: [paid(1000), paid(1000, 3)] }), status: 1 },
  { name: 'a pending row alone', form: () => form({ payments: [paid(24750, 1)] }), status: 1 },
  { name: 'paid and a pending row', form: () => form({ payments: [paid(24750), paid(500, 1)] }), status: 3 },
  { name: 'an agency paying its to-pay (the price would be partial)', form: () => agencyForm({ payments: [paid(21780)] }), status: 3 },
  { name: 'an agency paying the price: overpaid', form: () => agencyForm({ payments: [paid(24750)] }), status: 4 },
  { name: 'a payment_status sent with nothing paid', form: () => form({ payment_status: 3 }), status: 1 },
  { name: 'a payment_status sent with the price paid', form: () => form({ payment_status: 1, payments: [paid(24750)] }), status: 3 },
];

describe('the payment status is derived by the save (issue 28)', () => {
  for (const item of CASES) {
    it(`${item.name} → ${item.status}; the migration's SQL and the shared function agree`, async () => {
      const application = await created(item.form());
      expect(application.payment_status).toBe(item.status);
      expect(await stored(application.id)).toEqual({ payment_status: item.status, derived: item.status });
      const [row] = await app.db.query<{ price_total: string; agency_to_pay: string }>(`SELECT price_total::text, agency_to_pay::text FROM applications WHERE id = $1`, [application.id]);
      expect(paymentState({ status: application.status, requester_type: application.requester_type, ...row! }, application.payments).payment_status).toBe(item.status);
    });
  }

  it('a payment added by a later save changes it; a payment_status sent by the administrator or a manager is ignored, never refused', async () => {
    const application = await created(form());
    const added = await update(application.id, { ...application, payments: [paid(24750)], payment_status: 1 }, admin);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.payment_status).toBe(3);
    const byManager = await update(application.id, { ...added.body.data, payment_status: 4, comment: 'менеджер' }, manager);
    expect(byManager.status, JSON.stringify(byManager.body)).toBe(200);
    expect((await stored(application.id)).payment_status).toBe(3);
  });

  it('a cancelled application with money on it is 4 (a refund is owed); refunding it all makes it 1', async () => {
    const application = await created(form({ payments: [paid(1000)] }));
    expect(application.payment_status).toBe(2);
    const cancel = await admin.put(`/api/applications/cancel/${application.id}`, { version: application.version });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await stored(application.id)).toEqual({ payment_status: 4, derived: 4 });
    const opened = (await accountant.get(`/api/applications/${application.id}`)).body.data;
    const refunded = await update(application.id, { ...opened, payments: [...opened.payments, paid(1000, 3)] });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await stored(application.id)).toEqual({ payment_status: 1, derived: 1 });
  });

  it('status 6 is judged on the payment status this save derives, not the stored or the sent one', async () => {
    const unpaid = await created(form());
    expect((await refused(update(unpaid.id, { ...unpaid, status: 6, payment_status: 3 }))).status).toEqual([A.paidNeedsPayment]);
    // Paying in full and setting 6 in one save: the stored status (1) does not hold it back.
    const paidNow = await update(unpaid.id, { ...unpaid, status: 6, payment_status: 1, payments: [paid(24750)] });
    expect(paidNow.status, JSON.stringify(paidNow.body)).toBe(200);
    expect(paidNow.body.data).toMatchObject({ status: 6, payment_status: 3 });
  });
});

describe('a payment is added only under a payment method (spec 03 §5)', () => {
  it('without a method a save that adds a row is a 422 on payment_method; the stored rows are kept when the method is cleared', async () => {
    expect(await refused(create(form({ payment_method: null, payments: [paid(1000)] })))).toEqual({ payment_method: [A.paymentMethodFirst] });
    const application = await created(form({ payments: [paid(1000)] }));
    // The accountant clears the method: nothing is added, the stored row stays.
    const cleared = await update(application.id, { ...application, payment_method: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.payments).toEqual([expect.objectContaining({ sum: 1000 })]);
    expect(await refused(update(application.id, { ...cleared.body.data, payments: [...cleared.body.data.payments, paid(500)] }))).toEqual({ payment_method: [A.paymentMethodFirst] });
    expect(await app.db.query(`SELECT sum::text FROM payments WHERE application_id = $1`, [application.id])).toEqual([{ sum: '1000.00' }]);
  });

  it('under the online method an added row that is not online is a 422 on its is_online; the office adds no online row under any method', async () => {
    expect(await refused(create(form({ payment_method: 2, payments: [paid(1000)] })))).toEqual({ 'payments.0.is_online': [A.paymentOnlineOnly] });
    expect(await refused(create(form({ payment_method: 2, payments: [{ ...paid(1000), is_online: 1 }] })))).toEqual({ 'payments.0.is_online': [A.paymentOnlineNotByOffice] });
    const application = await created(form({ payments: [paid(1000)] }));
    const online = await update(application.id, { ...application, payment_method: 2 });
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    const opened = online.body.data;
    expect(await refused(update(application.id, { ...opened, payments: [...opened.payments, paid(500)] }))).toEqual({ 'payments.1.is_online': [A.paymentOnlineOnly] });
    const cash = await update(application.id, { ...opened, payment_method: 1 });
    expect(await refused(update(application.id, { ...cash.body.data, payments: [...cash.body.data.payments, { ...paid(500), is_online: true }] }))).toEqual({ 'payments.1.is_online': [A.paymentOnlineNotByOffice] });
    expect(await app.db.query(`SELECT sum::text FROM payments WHERE application_id = $1`, [application.id])).toEqual([{ sum: '1000.00' }]);
  });

  it('an outside source’s creation brings its online payment under the online method', async () => {
    const application = await created(form({ source: 'web_site', payment_method: 2, payments: [{ ...paid(1000), is_online: true }] }));
    expect(application.payments).toEqual([expect.objectContaining({ sum: 1000, is_online: true })]);
  });
});

describe('a payment or a vendor payment sent without a date', () => {
  it('is dated today in Moscow, not UTC: at 01:30 Moscow (22:30 UTC) it is already the next day', async () => {
    // Yesterday 22:30 UTC is 01:30 today in Moscow; only Date is faked (in the past, so no session ages out).
    const now = new Date();
    const lateEvening = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 22, 30));
    const moscowDay = new Date(lateEvening.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(lateEvening.toISOString().slice(0, 10)).not.toBe(moscowDay);
    vi.useFakeTimers({ toFake: ['Date'], now: lateEvening });
    try {
      const application = await created(
        form({ payments: [{ sum: 1000, status: 2 }], vendor_payments: [{ vendor_id: hotel.vendorId, sum: 500, payment_method: 'cash' }] }),
      );
      expect(application.payments.map((payment: { date: string }) => payment.date)).toEqual([moscowDay]);
      expect(application.vendor_payments.map((payment: { date: string }) => payment.date)).toEqual([moscowDay]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the order book and the migration use the same rule', () => {
  it('the list’s paid and to_pay are the shared function’s on every case, a cancelled one owing nothing', async () => {
    const ids: number[] = [];
    for (const item of CASES) ids.push((await created(item.form())).id);
    const cancelled = await created(form({ payments: [paid(1000)] }));
    await admin.put(`/api/applications/cancel/${cancelled.id}`, { version: cancelled.version });
    ids.push(cancelled.id);
    const listed: Record<string, any>[] = [];
    for (const filter of [`client_id=${people.clientId}`, `agency_id=${people.agencyId}`]) listed.push(...(await manager.get(`/api/applications?${filter}&limit=100`)).body.data);
    for (const id of ids) {
      const row = listed.find((item) => item.id === id)!;
      const [application] = await app.db.query<{ status: number; requester_type: string; price_total: string; agency_to_pay: string }>(
        `SELECT status, requester_type, price_total::text, agency_to_pay::text FROM applications WHERE id = $1`,
        [id],
      );
      const payments = await app.db.query<{ status: number; sum: string }>(`SELECT status, sum::text FROM payments WHERE application_id = $1`, [id]);
      const state = paymentState(application!, payments);
      expect(row.payments_info, `application ${id}`).toMatchObject({ paid: moneyNumber(state.paid), to_pay: moneyNumber(state.to_pay) });
      if (application!.status === 7) expect(dueOf(application!).toNumber()).toBe(0);
    }
  });

  it('the migration derives the payment status of rows set up wrong', async () => {
    const partial = await created(form({ payments: [paid(1000)] }));
    const overpaid = await created(agencyForm({ payments: [paid(24750)] }));
    const refunded = await created(form({ payments: [paid(1000), paid(1000, 3)] }));
    await app.db.query(`UPDATE applications SET payment_status = 3 WHERE id = ANY($1)`, [[partial.id, overpaid.id, refunded.id]]);
    await app.db.query(DERIVE_PAYMENT_STATUSES);
    expect((await stored(partial.id)).payment_status).toBe(2);
    expect((await stored(overpaid.id)).payment_status).toBe(4);
    expect((await stored(refunded.id)).payment_status).toBe(1);
  });
});
