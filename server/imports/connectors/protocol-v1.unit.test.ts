/** The protocol v1 connector against a local supplier (server/test/supplier-server.ts): every answer it may get. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSupplier, SUPPLIER_JPEG, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, supplierHotel, type TestSupplier } from '../../test/supplier-server.js';
import { SupplierDoor } from '../../common/security/supplier-door.js';
import { SupplierRefused, SupplierRejected, SupplierUnavailable, type SupplierItemRef } from './connector.js';
import { ProtocolV1Connector, type ProtocolV1Settings } from './protocol-v1.js';

let supplier: TestSupplier;
beforeAll(async () => {
  supplier = await startTestSupplier({ hotels: 5 });
});
afterAll(() => supplier?.close());
afterEach(() => {
  Object.assign(supplier.behaviour, { delayMs: 0, failStatus: null, message: null, malformed: null, pageSize: 100, repeatCursor: false });
  supplier.behaviour.failingItems.clear();
  supplier.behaviour.failingPhotos.clear();
  supplier.requests.length = 0;
});

/** The local supplier is reached only because the door names it (SUPPLIER_PRIVATE_HOSTS); `localhost` resolved without DNS. */
const door = new SupplierDoor({ privateHosts: ['127.0.0.1', 'localhost'], resolve: async (host) => (host === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : []) });
const PHOTO_CAP = 2 * 1024 * 1024;

const connector = (settings: Partial<ProtocolV1Settings> = {}) =>
  new ProtocolV1Connector({ base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD, timeout_ms: 2000, door, ...settings });

describe('answers of the protocol', () => {
  it('types: with Basic authentication of login and password (a colon and non-ASCII in the password kept)', async () => {
    expect(await connector({ base_url: `${supplier.url}/` }).types()).toEqual([
      { id: 'hotels', name: 'Отели' },
      { id: 'excursions', name: 'Экскурсии' },
    ]);
    expect(supplier.requests).toMatchObject([{ method: 'GET', path: '/types', authorization: `Basic ${Buffer.from(`${SUPPLIER_LOGIN}:${SUPPLIER_PASSWORD}`).toString('base64')}` }]);
  });

  it('search: the type and the text are sent, the first page answered', async () => {
    expect(await connector().search('hotels', 'поставщика 3')).toEqual([{ id: 'H3', name: 'Отель поставщика 3' }]);
    expect(supplier.requests[0]!.query).toEqual({ type: 'hotels', query: 'поставщика 3', limit: '100' });
    expect(await connector().search('excursions', 'Отель')).toEqual([]);
  });

  it('catalogue: every page, each item once, following next_cursor', async () => {
    supplier.behaviour.pageSize = 2;
    const pages: SupplierItemRef[][] = [];
    for await (const page of connector().catalogue('hotels')) pages.push(page);
    expect(pages.map((page) => page.map((item) => item.id))).toEqual([['H1', 'H2'], ['H3', 'H4'], ['H5']]);
    expect(supplier.requests.map((request) => request.query.cursor ?? null)).toEqual([null, '2', '4']);
  });

  it('catalogue: a supplier paging in circles is unavailable, not an endless import', async () => {
    supplier.behaviour.pageSize = 2;
    supplier.behaviour.repeatCursor = true;
    const read = async () => {
      for await (const _page of connector().catalogue('hotels')) void _page;
    };
    await expect(read()).rejects.toBeInstanceOf(SupplierUnavailable);
    expect(supplier.requests).toHaveLength(2);
  });

  it('item: a hotel with rooms, photos and prices; ids given as numbers are taken as text', async () => {
    expect(await connector().item('hotels', 'H2')).toEqual(supplierHotel(2, 2, supplier.url));
    supplier.hotels.get('hotels')!.push({ ...supplierHotel(9, 2, supplier.url), id: 9 });
    expect((await connector().item('hotels', '9')).id).toBe('9');
    supplier.hotels.get('hotels')!.pop();
  });

  it('photo: the file downloaded as it arrives, with our credentials on the supplier’s own host only; a failing one is the supplier unavailable', async () => {
    const download = await connector().photo(`${supplier.url}/photos/h1.jpg`, PHOTO_CAP);
    const chunks: Buffer[] = [];
    for await (const chunk of download.body) chunks.push(Buffer.from(chunk));
    expect(download.name).toBe('h1.jpg');
    expect(Buffer.concat(chunks).equals(SUPPLIER_JPEG)).toBe(true);
    expect(supplier.requests.at(-1)).toMatchObject({ method: 'GET', path: '/photos/h1.jpg', authorization: expect.stringMatching(/^Basic /) });
    // Another host (the same server under another name) gets no password.
    await expect(connector().photo(`${supplier.url.replace('127.0.0.1', 'localhost')}/photos/h1.jpg`, PHOTO_CAP)).resolves.toMatchObject({ name: 'h1.jpg' });
    expect(supplier.requests.at(-1)).toMatchObject({ path: '/photos/h1.jpg', authorization: null });
    supplier.behaviour.failingPhotos.add('h2.jpg');
    await expect(connector().photo(`${supplier.url}/photos/h2.jpg`, PHOTO_CAP)).rejects.toBeInstanceOf(SupplierUnavailable);
    supplier.behaviour.delayMs = 500;
    await expect(connector({ timeout_ms: 100 }).photo(`${supplier.url}/photos/h1.jpg`, PHOTO_CAP)).rejects.toBeInstanceOf(SupplierUnavailable);
  });

  it('messages: sent and listed back, with the kinds the supplier takes', async () => {
    const sent = await connector().sendMessage('B-17', { type: 'question', text: 'Есть ли парковка?' });
    expect(sent).toMatchObject({ id: 'M1', type: 'question', is_our: true, text: 'Есть ли парковка?' });
    expect(supplier.requests.at(-1)).toMatchObject({ method: 'POST', path: '/bookings/B-17/messages', body: { type: 'question', text: 'Есть ли парковка?' } });
    expect(await connector().messages('B-17')).toEqual({ data: [sent], types: supplier.messageTypes });
  });
});

describe('failures', () => {
  it('an unknown item or a refused message is the supplier rejecting the request, with its words', async () => {
    await expect(connector().item('hotels', 'H404')).rejects.toEqual(new SupplierRejected(404, 'Объект не найден'));
    await expect(connector().sendMessage('B-1', { type: 'spam', text: 'x' })).rejects.toEqual(new SupplierRejected(422, 'Неизвестный тип сообщения'));
  });

  it('wrong credentials: refused with the supplier’s message; a 403 without one, refused all the same', async () => {
    await expect(connector({ password: 'wrong' }).types()).rejects.toEqual(new SupplierRefused('Неверный логин или пароль'));
    await expect(connector({ login: null, password: null }).types()).rejects.toBeInstanceOf(SupplierRefused);
    expect(supplier.requests.at(-1)!.authorization).toBeNull();
    supplier.behaviour.failStatus = 403;
    await expect(connector().types()).rejects.toEqual(new SupplierRefused(null));
  });

  it('slow beyond timeout_ms: unavailable, without waiting for the answer', async () => {
    supplier.behaviour.delayMs = 1500;
    const started = Date.now();
    await expect(connector({ timeout_ms: 200 }).types()).rejects.toBeInstanceOf(SupplierUnavailable);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.each([500, 502, 503, 429])('an answer %i is the supplier being unavailable', async (status) => {
    supplier.behaviour.failStatus = status;
    await expect(connector().types()).rejects.toBeInstanceOf(SupplierUnavailable);
  });

  it.each([
    ['not JSON', '<html>Bad gateway</html>'],
    ['JSON of another shape', JSON.stringify({ data: [{ id: 1 }] })],
    ['a hotel without rooms', JSON.stringify({ data: { id: 'H1', name: 'Отель', city: 'Ялта' } })],
    ['an empty body', ''],
  ])('a malformed answer (%s) is the supplier being unavailable', async (_, text) => {
    supplier.behaviour.malformed = text;
    await expect(connector().types()).rejects.toBeInstanceOf(SupplierUnavailable);
    await expect(connector().item('hotels', 'H1')).rejects.toBeInstanceOf(SupplierUnavailable);
  });

  it('nothing listening: unavailable', async () => {
    const gone = await startTestSupplier();
    await gone.close();
    await expect(new ProtocolV1Connector({ base_url: gone.url, login: null, password: null, timeout_ms: 2000, door }).types()).rejects.toBeInstanceOf(SupplierUnavailable);
  });
});
