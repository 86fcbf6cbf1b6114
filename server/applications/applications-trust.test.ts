/**
 * Holes found by probing the applications as an attacker and a clumsy office would (issue 25):
 * payments written by a role the spec does not give them to, raw payloads of an outside source erased
 * by an office save, a leg sent as something that is no leg.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { applicationCalls, hotelApplication } from '../test/application-api.js';
import { insertBusGround, nextWeekday, type BusGround, type HotelGround, type RequesterGround } from '../test/application-fixtures.js';
import { startApplicationGround } from '../test/application-ground.js';
import { type ApiClient, type TestApp } from '../test/test-app.js';

const A = MESSAGES.applications;
let app: TestApp;
let admin: ApiClient;
let accountant: ApiClient;
let manager: ApiClient;
let hotel: HotelGround;
let bus: BusGround;
let people: RequesterGround;

beforeAll(async () => {
  ({ app, admin, accountant, manager, hotel, people } = await startApplicationGround());
  bus = await insertBusGround(app.db);
});
afterAll(() => app?.close());

const { create, update, created, refused } = applicationCalls(
  () => app,
  () => manager,
);
const form = (overrides: Record<string, unknown> = {}) => hotelApplication(hotel, people, overrides);
const read = async (id: number, client: ApiClient) => (await client.get(`/api/applications/${id}`)).body.data as Record<string, any>;
const storedPayments = (id: number) =>
  app.db.query<Record<string, unknown>>(`SELECT sum::text, status, is_online, date::text FROM payments WHERE application_id = $1 ORDER BY id`, [id]);

describe('customer payments belong to the administrator and the accountant (spec 03 §6)', () => {
  const PAYMENT = { sum: 24750, status: 2, is_online: 0, date: '2027-05-20' };
  // A payment is added only under a payment method (spec 03 §5).
  const paidApplication = async () => created(form({ payment_method: 1, payments: [PAYMENT] }), admin);

  it('a manager’s save that adds, changes or removes a payment is refused with 403 and nothing changes', async () => {
    const application = await paidApplication();
    const before = await storedPayments(application.id);
    expect(before).toEqual([{ sum: '24750.00', status: 2, is_online: false, date: '2027-05-20' }]);
    const opened = await read(application.id, manager);
    const [payment] = opened.payments;
    for (const payments of [[], [payment, { sum: 100, status: 2 }], [{ ...payment, sum: 24000 }], [{ ...payment, status: 1 }], [{ ...payment, is_online: true }], [{ ...payment, date: '2027-05-21' }], [{ sum: 24750, status: 2 }]]) {
      const response = await update(application.id, { ...opened, payments });
      expect(response.status, JSON.stringify(payments)).toBe(403);
      expect(response.body).toEqual({ message: A.paymentsLocked });
    }
    expect(await storedPayments(application.id)).toEqual(before);
    expect((await read(application.id, admin)).version).toBe(opened.version);
  });

  it('a manager’s save that leaves payments out, or sends them as stored (sum as text, no date, another order), keeps them', async () => {
    // An online row comes only from the system or an outside source: this one from the web site's creation.
    const application = await created(form({ source: 'web_site', payment_method: 1, payments: [PAYMENT, { sum: '100.5', status: 1, is_online: true, date: '2027-05-01' }] }), admin);
    const before = await storedPayments(application.id);
    let opened = await read(application.id, manager);
    const { payments: _left, ...withoutPayments } = opened;
    const sent = [
      { ...withoutPayments, comment: 'без оплат в форме' },
      { ...opened, comment: 'как прочитано' },
      { ...opened, comment: 'иначе записано', payments: [...opened.payments].reverse().map((row: Record<string, unknown>) => ({ ...row, sum: String(row.sum), date: null, is_online: row.is_online ? 1 : 0 })) },
    ];
    for (const payload of sent) {
      const response = await update(application.id, { ...payload, version: opened.version });
      expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
      opened = response.body.data;
    }
    expect(await storedPayments(application.id)).toEqual(before);
  });

  it('a manager cannot create an application with payments; with vendor payments or an empty list of payments one can', async () => {
    expect((await create(form({ payments: [{ sum: 1000, status: 2 }] }))).status).toBe(403);
    expect((await create(form({ payments: [], vendor_payments: [{ vendor_id: hotel.vendorId, sum: 5000 }] }))).status).toBe(201);
  });

  it('the accountant and the administrator change payments', async () => {
    const application = await paidApplication();
    const opened = await read(application.id, accountant);
    const changed = await update(application.id, { ...opened, payments: [...opened.payments, { sum: 250, status: 2, date: '2027-05-22' }] }, accountant);
    expect(changed.status, JSON.stringify(changed.body).slice(0, 300)).toBe(200);
    const emptied = await update(application.id, { ...changed.body.data, payments: [] }, admin);
    expect(emptied.status).toBe(200);
    expect(await storedPayments(application.id)).toEqual([]);
  });
});

describe('raw payloads are what an outside source sent: office saves keep them', () => {
  const RAW_STAY = { raw_room: { code: 'DBL-SEA', price: '3000' } };
  const RAW_LEG = { raw_trip: { seat_hint: 'у окна' } };
  // Each application its own seats on the one bus.
  let seat = 0;
  const siteForm = () =>
    form({
      source: 'web_site',
      accommodations: [{ ...form().accommodations[0], payload: RAW_STAY }],
      transport_forth: { transport_id: bus.transportId, departure_date: nextWeekday('2027-06-01', bus.weekday), from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[2], payload: RAW_LEG },
      seats_forth: [1, 2, 3].map(() => ({ number: ++seat })),
    });
  const rawOf = async (id: number) => ({
    stays: (await app.db.query<{ payload: unknown }>(`SELECT payload FROM application_accommodations WHERE application_id = $1`, [id])).map((row) => row.payload),
    legs: (await app.db.query<{ payload: unknown }>(`SELECT payload FROM application_transports WHERE application_id = $1`, [id])).map((row) => row.payload),
  });

  it('the outside source’s creation stores them; the manager’s and the accountant’s saves of the hidden (null) form keep them', async () => {
    const application = await created(siteForm(), admin);
    expect(await rawOf(application.id)).toEqual({ stays: [RAW_STAY], legs: [RAW_LEG] });
    for (const client of [manager, accountant]) {
      const opened = await read(application.id, client);
      expect(opened.accommodations[0].payload).toBeNull();
      expect(opened.transport_forth.payload).toBeNull();
      const saved = await update(application.id, { ...opened, comment: 'сохранено в офисе' }, client);
      expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
      expect(await rawOf(application.id)).toEqual({ stays: [RAW_STAY], legs: [RAW_LEG] });
    }
  });

  it('the administrator’s save keeps them too, whatever it sends; an office application stores none', async () => {
    const application = await created(siteForm(), admin);
    const opened = await read(application.id, admin);
    expect(opened.accommodations[0].payload).toEqual(RAW_STAY);
    const saved = await update(
      application.id,
      { ...opened, accommodations: [{ ...opened.accommodations[0], payload: { forged: true } }, { ...opened.accommodations[0], id: null, payload: { forged: true } }], transport_forth: { ...opened.transport_forth, payload: null } },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    expect(await rawOf(application.id)).toEqual({ stays: [RAW_STAY, null], legs: [RAW_LEG] });

    const office = await created({ ...siteForm(), source: null }, admin);
    expect(await rawOf(office.id)).toEqual({ stays: [null], legs: [null] });
  });
});

describe('a leg is a row or none', () => {
  it.each([['"x"', 'x'], ['5', 5], ['true', true], ['a list of rows', [{ transport_id: 1 }]]])('transport_forth sent as %s is a 422 on transport_forth', async (_name, value) => {
    const errors = await refused(create(form({ transport_forth: value })));
    expect(errors).toEqual({ transport_forth: [MESSAGES.validation.invalid] });
  });

  it.each([['null', null], ['an empty list', []], ['an empty map', {}], ['an empty text', '']])('transport_forth sent as %s is no leg', async (_name, value) => {
    const application = await created(form({ transport_forth: value, transport_back: value, transfer_forth: value }));
    expect(application.transport_forth).toBeNull();
    expect(application.transfer_forth).toBeNull();
  });
});

describe('a control character in the editor’s payload', () => {
  it('is a 422 on the path the editor places the field under (tourists.0.last_name), not under payload.; nothing is written', async () => {
    const before = (await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM applications`))[0]!.count;
    const tourist = { first_name: 'Вера', document_number: '4510 123456' };
    const errors = await refused(create(form({ adult_count: 2, child_count: 0, tourists: [{ ...tourist, last_name: 'Орл\u0007ова' }] })));
    expect(errors).toEqual({ 'tourists.0.last_name': [MESSAGES.input.unreadableText] });
    expect((await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM applications`))[0]!.count).toBe(before);
  });
});
