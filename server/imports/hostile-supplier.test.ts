/**
 * A hostile supplier on this computer (issue 37 "The supplier door"): photo links to every spelling of an
 * internal address, a name resolving to loopback, a chunked 200 MB answer, a million-deep array, a page
 * longer than asked, 100 000-item pages, a catalogue past 50 000, 20 000 rooms, 200 photos, control
 * characters. Each is refused with its Russian line, the server's memory stays within 100 MB of idle and
 * /api/health answers throughout. Only loopback is ever contacted: every other address is refused before
 * connecting, and names are resolved by the test's own resolver.
 *
 * The supplier is reached only because SUPPLIER_PRIVATE_HOSTS names its host:port; an internal service
 * on another loopback port stands for what must never be reached, and counts what reaches it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { ImportStatus, VENDOR_CATALOGUE_MAX_ITEMS } from '../../shared/resources/imports.js';
import { Role } from '../../shared/roles.js';
import { FORBIDDEN_CONTROL_CHARACTERS } from '../common/input/control-characters.js';
import type { SupplierResolver } from '../common/security/supplier-door.js';
import { finishedImport, importLog } from '../test/import-fixtures.js';
import { startTestSupplier, SUPPLIER_JPEG, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, supplierHotel, type TestSupplier, type WireHotel } from '../test/supplier-server.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const I = MESSAGES.imports;
const D = I.door;
const J = I.job;
const MB = 1024 * 1024;

let app: TestApp;
let supplier: TestSupplier;
let admin: ApiClient;
let vendorId: number;
/** A service of this computer nothing may reach through the door: it answers a JPEG and its own secret. */
let internal: { port: number; hits: number; close: () => Promise<void> };

/** Names resolved without DNS: `supplier.test` is this computer (a DNS name resolving to loopback), `cdn.test` a public address never contacted. */
const resolver: SupplierResolver = async (host) => {
  if (host === 'supplier.test' || host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'cdn.test') return [{ address: '203.0.113.10', family: 4 }];
  throw new Error(`ENOTFOUND ${host}`);
};

async function startInternalService() {
  const service: { port: number; hits: number; close: () => Promise<void> } = { port: 0, hits: 0, close: async () => undefined };
  const server = createServer((_request, response) => {
    service.hits += 1;
    response.writeHead(200, { 'content-type': 'image/jpeg', 'x-secret': 'internal' });
    response.end(SUPPLIER_JPEG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.port = (server.address() as AddressInfo).port;
  service.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return service;
}

/**
 * Streams `total` bytes chunked (no length declared), made as they are written: `head`, then `unit` over
 * and over; stops when the reader hangs up. Never allocates the answer.
 */
function streamChunked(response: ServerResponse, head: string, unit: string, total: number): void {
  if (!response.headersSent) response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.from(unit.repeat(Math.ceil(64 * 1024 / unit.length)));
  let sent = 0;
  let closed = false;
  response.on('close', () => (closed = true));
  response.write(head);
  const pump = () => {
    while (!closed && sent < total) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!closed) response.end(']}');
  };
  pump();
}

/** Answers `path` (exactly) with `answer`, the rest of the protocol as usual. */
function hostile(path: string | RegExp, answer: (request: IncomingMessage, response: ServerResponse, url: URL) => void): void {
  supplier.behaviour.intercept = (request, response, url) => {
    if (typeof path === 'string' ? url.pathname !== path : !path.test(url.pathname)) return false;
    answer(request, response, url);
    return true;
  };
}

const json = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/**
 * Runs `work` while sampling the process's memory (the server runs in this process) and asking
 * /api/health back to back: the peak over idle and every health answer's status.
 */
async function watched<T>(work: () => Promise<T>): Promise<{ result: T; peakOverIdleMb: number; health: number[] }> {
  (globalThis as { gc?: () => void }).gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const health: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) health.push((await app.client().get('/api/health')).status);
  })();
  try {
    const result = await work();
    return { result, peakOverIdleMb: (peak - idle) / MB, health };
  } finally {
    done = true;
    clearInterval(sampler);
    await probe;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}

const expectCalm = (run: { peakOverIdleMb: number; health: number[] }) => {
  expect(run.peakOverIdleMb).toBeLessThan(100);
  expect(run.health.length).toBeGreaterThan(0);
  expect(new Set(run.health)).toEqual(new Set([200]));
};

const updateItems = () => admin.get('/api/imports/update-items', { proof: true });
const cachedItems = async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendor_items WHERE vendor_id = $1', [vendorId]))[0]!.n;
const vendorResult = (body: { vendors: { id: number }[] }) => body.vendors.find((vendor) => vendor.id === vendorId);

/** Runs an import of the supplier's items `ids` to its end: its status and log. */
async function runImport(ids: string[]) {
  const created = await admin.post('/api/imports', { vendor_id: vendorId, type: 'hotels', items: ids.map((id) => ({ id, name: `Позиция ${id}` })) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const status = await finishedImport(app.db, created.body.data.id as number);
  return { status, log: await importLog(app.db, created.body.data.id as number) };
}

/** A hotel of the supplier, the same as supplierHotel(1) but for its id and what `change` does. */
function hotelWith(id: string, change: (hotel: WireHotel) => void): WireHotel {
  const hotel: WireHotel = { ...supplierHotel(1, 1, supplier.url), id, name: `Отель ${id}` };
  change(hotel);
  supplier.hotels.get('hotels')!.push(hotel);
  return hotel;
}

beforeAll(async () => {
  [supplier, internal] = await Promise.all([startTestSupplier({ hotels: 3 }), startInternalService()]);
  const supplierPort = new URL(supplier.url).port;
  // Only the supplier's own host:port is opened: every other port of this computer stays shut.
  app = await startTestApp({ env: { SUPPLIER_PRIVATE_HOSTS: `127.0.0.1:${supplierPort}` }, supplierResolver: resolver });
  admin = (await app.signInAs(Role.Administrator)).client;
  const vendor = await admin.post('/api/vendors', { name: 'Враждебный', is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD, timeout_ms: 5000 } });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  vendorId = vendor.body.data.id as number;
  expect((await updateItems()).status).toBe(200);
  const [{ id: countryId }] = (await app.db.query<{ id: number }>(`INSERT INTO countries (name) VALUES ('Россия поставщиков') RETURNING id`)) as [{ id: number }];
  await app.db.query(`INSERT INTO cities (name, country_id, slug) VALUES ('Ялта', $1, 'yalta-hostile')`, [countryId]);
  await app.db.query(`INSERT INTO room_types (name) VALUES ('Стандарт')`);
  await app.db.query(`INSERT INTO room_places (name, places_count, adv_places_count) VALUES ('Двухместный', 2, 1)`);
  await app.db.query(`INSERT INTO accommodations (name) VALUES ('Основное место')`);
});
afterAll(async () => {
  await supplier?.close();
  await internal?.close();
  await app?.close();
});
afterEach(() => {
  supplier.behaviour.intercept = null;
});

describe('internal addresses', () => {
  it('photo links to this computer or the office network, in every spelling, are refused before connecting: one Russian line each, nothing of what answered', async () => {
    const p = internal.port;
    const links = [
      `http://127.0.0.1:${p}/a.jpg`,
      `http://localhost:${p}/a.jpg`,
      `http://[::1]:${p}/a.jpg`,
      `http://0x7f000001:${p}/a.jpg`,
      `http://2130706433:${p}/a.jpg`,
      `http://127.1:${p}/a.jpg`,
      `http://[::ffff:127.0.0.1]:${p}/a.jpg`,
      `http://0.0.0.0:${p}/a.jpg`,
      `http://supplier.test:${p}/a.jpg`,
      `http://10.0.0.1/a.jpg`,
      `http://172.16.0.1/a.jpg`,
      `http://192.168.1.1/a.jpg`,
      `http://[fc00::1]/a.jpg`,
      `http://169.254.169.254/latest/meta-data/a.jpg`,
      `http://[fe80::1]/a.jpg`,
      // The API itself.
      `${app.url}/api/health`,
    ];
    hotelWith('INTERNAL', (hotel) => (hotel.photos = links.map((url) => ({ url }))));
    const run = await watched(() => runImport(['INTERNAL']));
    expectCalm(run);
    expect(internal.hits).toBe(0);
    const lines = run.result.log.map(([, message]) => message!);
    for (const url of links) expect(lines).toContainEqual(J.photoInternal('Отель INTERNAL', url));
    // Nothing tells what answered, or that anything did (a closed port, a status, the service's own words).
    expect(lines.join('\n')).not.toMatch(/secret|ECONNREFUSED|fetch failed|HTTP \d|image\/jpeg/i);
    expect(lines).toContainEqual(J.created('Отель INTERNAL', 1));
    // No hotel photo was stored; the room's photo on the supplier's own (opened) host:port came.
    expect(await app.db.query(`SELECT count(*)::int AS n FROM hotel_uploads u JOIN hotels h ON h.id = u.hotel_id WHERE h.external_id = 'INTERNAL' AND u.list = 'photo'`)).toEqual([{ n: 0 }]);
    expect(await app.db.query(`SELECT count(*)::int AS n FROM hotel_room_photos p JOIN hotel_rooms r ON r.id = p.room_id JOIN hotels h ON h.id = r.hotel_id WHERE h.external_id = 'INTERNAL'`)).toEqual([{ n: 1 }]);
  });

  it('a vendor’s base_url to an internal address is a 422 at save; one stored before is refused before connecting', async () => {
    for (const base_url of [`http://supplier.test:${internal.port}/`, `http://127.1:${internal.port}/`, `${app.url}/api`]) {
      const refused = await admin.post('/api/vendors', { name: 'Внутренний', is_external_service: true, payload: { protocol: 'v1', base_url } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'payload.base_url': [D.baseUrlInternal] });
    }
    const sneaked = await admin.post('/api/vendors', { name: 'Подменённый', is_external_service: true, payload: { protocol: 'v1', base_url: 'https://cdn.test/' } });
    expect(sneaked.status).toBe(201);
    // As if the address had been stored before this check existed.
    await app.db.query(`UPDATE vendors SET payload = jsonb_set(payload, '{base_url}', to_jsonb($2::text)) WHERE id = $1`, [sneaked.body.data.id, `http://localhost:${internal.port}`]);
    const reply = await updateItems();
    expect(reply.body.vendors.find((vendor: { id: number }) => vendor.id === sneaked.body.data.id)).toEqual({ id: sneaked.body.data.id, name: 'Подменённый', result: 'refused', items: 0, reason: D.internal });
    expect(internal.hits).toBe(0);
    await app.db.query('DELETE FROM vendors WHERE id = $1', [sneaked.body.data.id]);
  });
});

describe('answers without limits', () => {
  it('a chunked 200 MB catalogue page is cut at 1 MB as it arrives; the previous catalogue stays', async () => {
    const before = await cachedItems();
    hostile('/items', (_request, response) => streamChunked(response, '{"data":[', '{"id":"X","name":"x"},', 200 * MB));
    const run = await watched(() => updateItems());
    expectCalm(run);
    expect(vendorResult(run.result.body)).toMatchObject({ result: 'refused', reason: D.tooLarge, items: 0 });
    expect(await cachedItems()).toBe(before);
  });

  it('a chunked 200 MB item is cut at 5 MB: the item fails with the Russian line, the run goes on', async () => {
    hostile(/^\/items\/BIG$/, (_request, response) => streamChunked(response, '{"data":{"id":"BIG","name":"x","city":"Ялта","rooms":[', '{"id":"r","name":"n","room_type":"t","placement":"p"},', 200 * MB));
    const run = await watched(() => runImport(['BIG', 'H2']));
    expectCalm(run);
    expect(run.result.status).toBe(ImportStatus.DoneWithErrors);
    expect(run.result.log).toContainEqual(['error', J.itemFailed('Позиция BIG', D.tooLarge)]);
    expect(run.result.log).toContainEqual(['success', J.created('Отель поставщика 2', 2)]);
  });

  it('a chunked 200 MB photo is cut at the editor’s photo limit: the photo fails, the hotel comes without it', async () => {
    hostile('/photos/huge.jpg', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(SUPPLIER_JPEG.subarray(0, 64));
      streamChunked(response, '', 'x', 200 * MB);
    });
    hotelWith('HUGEPHOTO', (hotel) => (hotel.photos = [{ url: `${supplier.url}/photos/huge.jpg` }]));
    const run = await watched(() => runImport(['HUGEPHOTO']));
    expectCalm(run);
    const line = run.result.log.find(([, message]) => message!.includes('huge.jpg'));
    expect([J.photoFailed('Отель HUGEPHOTO', `${supplier.url}/photos/huge.jpg`, D.tooLarge), J.photoFailed('Отель HUGEPHOTO', `${supplier.url}/photos/huge.jpg`, MESSAGES.files.tooLarge(2))]).toContain(line?.[1]);
    expect(run.result.log).toContainEqual(['success', J.created('Отель HUGEPHOTO', 1)]);
  });

  it('a million-deep array is refused before it is parsed', async () => {
    hostile('/types', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('['.repeat(1_000_000));
    });
    const run = await watched(() => updateItems());
    expectCalm(run);
    expect(vendorResult(run.result.body)).toMatchObject({ result: 'refused', reason: D.tooDeep });
  });

  it('a page longer than the limit asked is refused', async () => {
    hostile('/items', (_request, response) => json(response, { data: Array.from({ length: 101 }, (_, n) => ({ id: `L${n}`, name: `Отель ${n}` })), next_cursor: null }));
    const run = await watched(() => updateItems());
    expectCalm(run);
    expect(vendorResult(run.result.body)).toMatchObject({ result: 'refused', reason: D.pageTooLong });
  });

  it('pages of 100 000 items are refused (past the page’s byte cap, before anything is built of them)', async () => {
    let pages = 0;
    hostile('/items', (_request, response) => {
      pages += 1;
      streamChunked(response, '{"data":[', '{"id":"P","name":"p"},', 100_000 * 22);
    });
    const run = await watched(() => updateItems());
    expectCalm(run);
    expect(vendorResult(run.result.body)).toMatchObject({ result: 'refused', reason: D.tooLarge });
    expect(pages).toBe(1);
  });

  it(`a catalogue past ${VENDOR_CATALOGUE_MAX_ITEMS} items: reading stops there, the result says so; the staging set is emptied`, async () => {
    const served: number[] = [];
    hostile('/items', (_request, response, url) => {
      const from = Number(url.searchParams.get('cursor') ?? 0);
      served.push(from);
      if (url.searchParams.get('type') !== 'hotels') return json(response, { data: [], next_cursor: null });
      json(response, { data: Array.from({ length: 100 }, (_, n) => ({ id: `C${from + n}`, name: `Отель ${from + n}` })), next_cursor: String(from + 100) });
    });
    const run = await watched(() => updateItems());
    expectCalm(run);
    expect(vendorResult(run.result.body)).toEqual({ id: vendorId, name: 'Враждебный', result: 'updated', items: VENDOR_CATALOGUE_MAX_ITEMS, reason: D.catalogueCapped(VENDOR_CATALOGUE_MAX_ITEMS) });
    expect(D.catalogueCapped(VENDOR_CATALOGUE_MAX_ITEMS)).toBe('Каталог поставщика больше 50 000 позиций — прочитаны первые 50 000');
    expect(await cachedItems()).toBe(VENDOR_CATALOGUE_MAX_ITEMS);
    // One page past the cap at most is asked for.
    expect(served.filter((from) => from >= VENDOR_CATALOGUE_MAX_ITEMS).length).toBeLessThanOrEqual(1);
    expect(await app.db.query('SELECT count(*)::int AS n FROM vendor_items_staged')).toEqual([{ n: 0 }]);
    // A catalogue failing half-way keeps this one.
    hostile('/items', (_request, response, url) => {
      if (url.searchParams.get('cursor') === '200') return void response.writeHead(500).end();
      json(response, { data: [{ id: `F${url.searchParams.get('cursor') ?? 0}`, name: 'Отель' }], next_cursor: String(Number(url.searchParams.get('cursor') ?? 0) + 100) });
    });
    expect(vendorResult((await updateItems()).body)).toMatchObject({ result: 'unavailable', reason: D.unavailable });
    expect(await cachedItems()).toBe(VENDOR_CATALOGUE_MAX_ITEMS);
    supplier.behaviour.intercept = null;
    expect(vendorResult((await updateItems()).body)).toMatchObject({ result: 'updated', reason: null });
  });

  it('a supplier that does not answer in time: «Поставщик не ответил вовремя»', async () => {
    hostile('/types', () => undefined);
    await app.db.query(`UPDATE vendors SET payload = jsonb_set(payload, '{timeout_ms}', '1000') WHERE id = $1`, [vendorId]);
    try {
      expect(vendorResult((await updateItems()).body)).toMatchObject({ result: 'unavailable', reason: D.timeout });
    } finally {
      await app.db.query(`UPDATE vendors SET payload = jsonb_set(payload, '{timeout_ms}', '5000') WHERE id = $1`, [vendorId]);
    }
  });
});

describe('items without limits', () => {
  const room = (n: number) => ({ id: `R${n}`, name: 'Номер', room_type: 'Стандарт', placement: 'Двухместный', accommodation: null, places: null, photos: [], prices: [] });

  it('20 000 rooms, 200 photos, 101 price periods, 51 photos of a room: each item refused with its line', async () => {
    hotelWith('ROOMS', (hotel) => (hotel.rooms = Array.from({ length: 20_000 }, (_, n) => room(n))));
    hotelWith('PHOTOS', (hotel) => (hotel.photos = Array.from({ length: 200 }, (_, n) => ({ url: `${supplier.url}/photos/p${n}.jpg` }))));
    hotelWith('PERIODS', (hotel) => (hotel.rooms[0]!.prices = Array.from({ length: 101 }, (_, n) => ({ date_from: `2027-01-${String((n % 28) + 1).padStart(2, '0')}`, date_to: '2027-01-28', price: 100 }))));
    hotelWith('ROOMPHOTOS', (hotel) => (hotel.rooms[0]!.photos = Array.from({ length: 51 }, (_, n) => ({ url: `${supplier.url}/photos/r${n}.png` }))));
    const photoRequests = () => supplier.requests.filter((request) => request.path.startsWith('/photos/')).length;
    const photosBefore = photoRequests();
    const run = await watched(() => runImport(['ROOMS', 'PHOTOS', 'PERIODS', 'ROOMPHOTOS']));
    expectCalm(run);
    expect(run.result.status).toBe(ImportStatus.Failed);
    expect(run.result.log).toContainEqual(['error', J.itemRefused('Позиция ROOMS', 'Позиция отклонена: номеров больше 200')]);
    expect(run.result.log).toContainEqual(['error', J.itemRefused('Позиция PHOTOS', D.tooManyPhotos(50))]);
    expect(run.result.log).toContainEqual(['error', J.itemRefused('Позиция PERIODS', D.tooManyPeriods(100))]);
    expect(run.result.log).toContainEqual(['error', J.itemRefused('Позиция ROOMPHOTOS', D.tooManyRoomPhotos(50))]);
    // Refused before any photo was asked for, and nothing written.
    expect(photoRequests()).toBe(photosBefore);
    expect(await app.db.query(`SELECT count(*)::int AS n FROM hotels WHERE external_id IN ('ROOMS', 'PHOTOS', 'PERIODS', 'ROOMPHOTOS')`)).toEqual([{ n: 0 }]);
  });

  it('control characters from a supplier refuse the item, naming the field; nothing of them reaches the log', async () => {
    hotelWith('CTRL', (hotel) => (hotel.rooms[0]!.name = 'Номер \u001b[31mкрасный\u0007'));
    hotelWith('CTRL2', (hotel) => (hotel.description = '<p>\u0000</p>'));
    const run = await watched(() => runImport(['CTRL', 'CTRL2']));
    expectCalm(run);
    expect(run.result.log).toContainEqual(['error', J.itemRefused('Позиция CTRL', D.controlCharacters('rooms.0.name'))]);
    expect(run.result.log).toContainEqual(['error', J.itemRefused('Позиция CTRL2', 'Позиция отклонена: недопустимые символы в поле «description»')]);
    expect(run.result.log.map(([, message]) => message).join('')).not.toMatch(FORBIDDEN_CONTROL_CHARACTERS);
  });
});
