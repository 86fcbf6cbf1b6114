/**
 * Vendor payments ('Учет ДС', issue 28): the summary per vendor from the stored nets, the
 * overpayment guard, the vendor fixed once saved, the vendors' method keys and the migration that
 * turned the numbered methods into them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorPaymentMethodKeys1765600001000 } from '../../migrations/1765600001000-VendorPaymentMethodKeys.js';
import { REFUSAL_CODES, type ValidationErrorBody } from '../../shared/api.js';
import { formatMoney } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { createDataSource } from '../database/data-source.js';
import { applicationCalls, hotelApplication, pinnedStay } from '../test/application-api.js';
import { insertHotelGround, insertRequesters, type HotelGround, type RequesterGround } from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const A = MESSAGES.applications;
let app: TestApp;
let accountant: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => {
  app = await startTestApp();
  accountant = (await app.signInAs(Role.Accountant)).client;
  hotel = await insertHotelGround(app.db);
  people = await insertRequesters(app.db);
});
afterAll(() => app?.close());

const { create, update, created, refused } = applicationCalls(
  () => app,
  () => accountant,
);
/** The worked example: 3 nights for 2 adults and a child at 3 000 / 1 500 (net 22 500) with breakfast at 700, and the hotel's service (500) three times. */
const form = (overrides: Record<string, unknown> = {}) =>
  hotelApplication(hotel, people, { accommodations: [pinnedStay(hotel, { meal_id: hotel.mealId })], services: [{ serviceable_id: hotel.serviceId, count: 3 }], ...overrides });
const read = async (id: number) => (await accountant.get(`/api/applications/${id}`)).body.data as Record<string, any>;
const nets = async (id: number) =>
  Object.fromEntries(
    (await app.db.query<{ category: string; net: string }>(`SELECT category, net::text FROM application_vendor_nets WHERE application_id = $1 AND vendor_id = $2`, [id, hotel.vendorId])).map((row) => [row.category, Number(row.net)]),
  );

describe('the summary per vendor (GET vendor_payments_info)', () => {
  it('adds the stored nets by column, the vendor’s payments, and the surcharge total − paid', async () => {
    const application = await created(form({ vendor_payments: [{ vendor_id: hotel.vendorId, sum: 10000, date: '2027-05-01', payment_method: 'bank_transfer' }, { vendor_id: hotel.vendorId, sum: '2500', payment_method: 'cash' }] }));
    // The engine's breakdown: accommodation 22 500, the meal 700 × 3 persons × 3 nights, the hotel's service 3 × 500.
    expect(await nets(application.id)).toEqual({ accommodation: 22500, meals: 6300, services_hotel: 1500 });
    const accommodations = 28800;
    const total = 30300;
    expect((await read(application.id)).vendor_payments_info).toEqual([
      {
        vendor: { id: hotel.vendorId, name: expect.any(String) },
        accommodations,
        individual_services: 1500,
        group_services: 0,
        transports: 0,
        total,
        paid: 12500,
        surcharge: total - 12500,
        overpaid: false,
      },
    ]);
    const [row] = (await read(application.id)).vendor_payments_info;
    expect(row.vendor.name).toMatch(/^Поставщик /);
    const rows = await app.db.query(`SELECT vendor_id, sum, date::text, payment_method FROM vendor_payments WHERE application_id = $1 ORDER BY id`, [application.id]);
    expect(rows).toEqual([
      { vendor_id: hotel.vendorId, sum: 10000, date: '2027-05-01', payment_method: 'bank_transfer' },
      { vendor_id: hotel.vendorId, sum: 2500, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), payment_method: 'cash' },
    ]);
  });
});

describe('the overpayment guard', () => {
  it('paying a vendor above its net rounded up needs confirm_overpayment: a 422 naming the amount, then 200 and marked overpaid', async () => {
    const application = await created(form());
    const total = (await read(application.id)).vendor_payments_info[0].total as number;
    const limit = Math.ceil(total);
    // Exactly the net rounded up is no overpayment.
    const exact = await update(application.id, { ...application, vendor_payments: [{ vendor_id: hotel.vendorId, sum: limit }] });
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    let opened = exact.body.data;
    expect(opened.vendor_payments_info[0]).toMatchObject({ paid: limit, overpaid: false });

    const more = [...opened.vendor_payments, { vendor_id: hotel.vendorId, sum: 100 }];
    expect(await refused(update(application.id, { ...opened, vendor_payments: more }))).toEqual({ 'vendor_payments.1.sum': [A.vendorOverpaid(formatMoney(limit + 100), formatMoney(total))] });
    // The renderer tells this refusal by its code, not by its words (shared/api.ts).
    const body = (await update(application.id, { ...opened, vendor_payments: more })).body as ValidationErrorBody;
    expect(body.codes).toEqual({ 'vendor_payments.1.sum': REFUSAL_CODES.vendorOverpaid });
    expect(await refused(update(application.id, { ...opened, vendor_payments: more, confirm_overpayment: 0 }))).toHaveProperty(['vendor_payments.1.sum']);

    const confirmed = await update(application.id, { ...opened, vendor_payments: more, confirm_overpayment: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    opened = confirmed.body.data;
    expect(opened.vendor_payments_info[0]).toMatchObject({ paid: limit + 100, surcharge: Number((total - limit - 100).toFixed(2)), overpaid: true });
    expect((await read(application.id)).vendor_payments_info[0].overpaid).toBe(true);

    // A later save that does not pay the vendor more is not asked again.
    const again = await update(application.id, { ...opened, comment: 'без новых оплат' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe('the rows', () => {
  it('a saved payment keeps its vendor: another vendor_id is a 422 on its path', async () => {
    const application = await created(form({ vendor_payments: [{ vendor_id: hotel.vendorId, sum: 1000 }] }));
    const [otherVendor] = await app.db.query<{ id: number }>(`INSERT INTO vendors (name) VALUES ('Другой поставщик') RETURNING id`);
    const [payment] = application.vendor_payments;
    expect(await refused(update(application.id, { ...application, vendor_payments: [{ ...payment, vendor_id: otherVendor!.id }], confirm_overpayment: true }))).toEqual({ 'vendor_payments.0.vendor_id': [A.vendorFixed] });
    // A new row may name any vendor.
    const added = await update(application.id, { ...application, vendor_payments: [payment, { vendor_id: otherVendor!.id, sum: 0 }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });

  it('the method is one of the vendors’ keys: a number or an unknown key is a 422; blank is none', async () => {
    for (const payment_method of [2, 'wire']) {
      const errors = await refused(create(form({ vendor_payments: [{ vendor_id: hotel.vendorId, sum: 10, payment_method }] })));
      expect(errors, String(payment_method)).toEqual({ 'vendor_payments.0.payment_method': [MESSAGES.validation.oneOf] });
    }
    const application = await created(form({ vendor_payments: [{ vendor_id: hotel.vendorId, sum: 10, payment_method: '' }, { vendor_id: hotel.vendorId, sum: 10, payment_method: 'offset' }] }));
    expect(application.vendor_payments.map((row: { payment_method: string | null }) => row.payment_method)).toEqual([null, 'offset']);
  });

  it('the migration turned the numbered methods into keys (1 cash, 2 bank_transfer, 3 card, 4 offset, else none) and the CHECK refuses others', async () => {
    const migration = new VendorPaymentMethodKeys1765600001000();
    // The migration as the server runs it: through TypeORM's query runner on the test database.
    const dataSource = createDataSource(app.db.url, { poolSize: 1 });
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    const application = await created(form());
    try {
      await migration.down(runner);
      try {
        await app.db.query(`INSERT INTO vendor_payments (application_id, vendor_id, sum, payment_method) SELECT $1, $2, 1, m FROM unnest(ARRAY[1, 2, 3, 4, 9, NULL]::smallint[]) WITH ORDINALITY AS u(m, n) ORDER BY n`, [application.id, hotel.vendorId]);
      } finally {
        await migration.up(runner);
      }
    } finally {
      await runner.release();
      await dataSource.destroy();
    }
    const rows = await app.db.query<{ payment_method: string | null }>(`SELECT payment_method FROM vendor_payments WHERE application_id = $1 ORDER BY id`, [application.id]);
    expect(rows.map((row) => row.payment_method)).toEqual(['cash', 'bank_transfer', 'card', 'offset', null, null]);
    await expect(app.db.query(`UPDATE vendor_payments SET payment_method = 'wire' WHERE application_id = $1`, [application.id])).rejects.toThrow(/ck_vendor_payments_method/);
  });
});
