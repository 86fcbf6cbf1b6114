/**
 * The Comments tab's calls (spec 03 §2.3, §7 `/external-services/{applicationId}/messages`; issue 31):
 * an application from an outside service talks with its supplier through the vendor's connector,
 * here a local supplier (server/test/supplier-server.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_LIMITS } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { insertApplication } from '../test/application-fixtures.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, type TestSupplier } from '../test/supplier-server.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const V = MESSAGES.validation;
const I = MESSAGES.imports;

let app: TestApp;
let supplier: TestSupplier;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;
let vendor: number;

/** An application that came from the vendor's service as booking `booking`. */
const externalApplication = async (booking: string | null, vendorId: number | null = vendor) => {
  const { id } = await insertApplication(app.db);
  await app.db.query('UPDATE applications SET external_id = $2, external_vendor_id = $3 WHERE id = $1', [id, booking, vendorId]);
  return id;
};
const path = (id: number) => `/api/external-services/${id}/messages`;

beforeAll(async () => {
  [app, supplier] = await Promise.all([startTestApp(), startTestSupplier()]);
  [admin, accountant, manager] = (await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Accountant), app.signInAs(Role.Manager)])).map((entry) => entry.client) as [
    ApiClient,
    ApiClient,
    ApiClient,
  ];
  const created = await admin.post('/api/vendors', {
    name: 'Сервис «Юг»',
    is_external_service: true,
    payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD, timeout_ms: 1500 },
  });
  vendor = created.body.data.id as number;
});
afterAll(async () => {
  await supplier?.close();
  await app?.close();
});
afterEach(() => {
  Object.assign(supplier.behaviour, { delayMs: 0, failStatus: null, message: null, malformed: null });
  supplier.requests.length = 0;
});

describe('messages round trip', () => {
  it('every role that reads applications sends and reads the booking’s messages, with the kinds the supplier takes', async () => {
    const id = await externalApplication('B-100');
    supplier.messages.set('B-100', [{ id: 'M0', type: 'question', date: '2027-05-02T10:15:00+03:00', author: 'Ольга', is_our: false, text: 'Заезд после 14:00' }]);
    const sent: unknown[] = [];
    for (const [client, text] of [
      [admin, 'Нужна детская кроватка'],
      [accountant, 'Оплата отправлена'],
      [manager, 'Гости приедут позже'],
    ] as const) {
      const response = await client.post(path(id), { type: 'question', text });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.data).toMatchObject({ type: 'question', is_our: true, text });
      sent.push(response.body.data);
    }
    expect(supplier.requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.body])).toEqual([
      ['/bookings/B-100/messages', { type: 'question', text: 'Нужна детская кроватка' }],
      ['/bookings/B-100/messages', { type: 'question', text: 'Оплата отправлена' }],
      ['/bookings/B-100/messages', { type: 'question', text: 'Гости приедут позже' }],
    ]);
    for (const client of [admin, accountant, manager]) {
      const read = await client.get(path(id));
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        data: [{ id: 'M0', type: 'question', date: '2027-05-02T10:15:00+03:00', author: 'Ольга', is_our: false, text: 'Заезд после 14:00' }, ...sent],
        types: [
          { id: 'question', name: 'Вопрос' },
          { id: 'change', name: 'Изменение заявки' },
        ],
      });
    }
  });

  it('takes the spec’s `message` for the text too', async () => {
    const id = await externalApplication('B-101');
    expect((await manager.post(path(id), { type: 'change', message: 'Смените даты' })).body.data).toMatchObject({ type: 'change', text: 'Смените даты' });
  });
});

describe('refusals', () => {
  it.each([
    ['an empty text', { type: 'question', text: '   ' }, { text: [V.required] }],
    ['a text past 2 000', { type: 'question', text: 'я'.repeat(APPLICATION_LIMITS.externalMessage + 1) }, { text: [V.maxLength(2000)] }],
    ['no type', { text: 'Вопрос' }, { type: [V.required] }],
  ])('%s: 422 on the field, the supplier not asked', async (_, body, errors) => {
    const id = await externalApplication('B-200');
    const response = await manager.post(path(id), body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
    expect(supplier.requests).toEqual([]);
  });

  it('takes a text of 2 000', async () => {
    const id = await externalApplication('B-201');
    expect((await manager.post(path(id), { type: 'question', text: 'я'.repeat(2000) })).status).toBe(201);
  });

  it('the supplier refusing the message: 422 whose first message is the supplier’s', async () => {
    const id = await externalApplication('B-202');
    const response = await manager.post(path(id), { type: 'spam', text: 'Реклама' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: 'Неизвестный тип сообщения', errors: { text: ['Неизвестный тип сообщения'] } });
  });

  it('the supplier down or slow: 503 «Сервис недоступен, попробуйте позже», reading and sending', async () => {
    const id = await externalApplication('B-203');
    for (const behaviour of [{ failStatus: 503 }, { delayMs: 2000 }]) {
      Object.assign(supplier.behaviour, behaviour);
      expect(await manager.get(path(id))).toMatchObject({ status: 503, body: { message: I.unavailable } });
      expect(await manager.post(path(id), { type: 'question', text: 'Есть кто?' })).toMatchObject({ status: 503, body: { message: I.unavailable } });
      Object.assign(supplier.behaviour, { failStatus: null, delayMs: 0 });
    }
  });

  it('an application from no outside service: 422; an unknown one: 404; a vendor no longer connected: 422 on external_vendor_id', async () => {
    for (const id of [await externalApplication(null), await externalApplication('B-300', null)]) {
      expect((await manager.get(path(id))).body).toEqual({ message: I.notExternal, errors: { external_id: [I.notExternal] } });
    }
    expect((await manager.get(path(2147483000))).status).toBe(404);
    const other = (await admin.post('/api/vendors', { name: 'Отключённый', is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url } })).body.data.id as number;
    const id = await externalApplication('B-301', other);
    expect((await admin.put(`/api/vendors/${other}/clean-payload`)).status).toBe(200);
    expect((await manager.get(path(id))).body.errors).toEqual({ external_vendor_id: [I.notConnected] });
    expect(supplier.requests).toEqual([]);
  });
});
