/**
 * Bad input never reaches a 500 (issue 8): NUL bytes and lone surrogates, ids beyond any integer,
 * JSON nested thousands of levels deep, a malformed XSRF token or URL encoding, JSON that does not
 * parse — each is a 4xx with a Russian message, writes nothing, and is not logged as a server error;
 * and no repeatable failure can fill the logs table.
 */
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { INPUT_LIMITS, PG_INTEGER_MAX } from '../../../shared/validation.js';
import { LOG_RATE_LIMITS } from '../../logs/log-rate-limit.js';
import { clientErrorReply } from '../http/client-errors.js';
import { toPayloadBody } from '../../../shared/editor.js';
import { createHotelHandbooks, hotelPayload, room } from '../../test/hotel-fixtures.js';
import { englishWords } from '../../test/russian-text.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import { daysFromToday, insertCities, insertTransportation } from '../../test/transport-fixtures.js';

let app: TestApp;
let manager: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager } = await app.signInAs(Role.Manager));
});
afterAll(() => app?.close());

const count = async (table: string) => (await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0]!.count;
const logRows = (level: number) => app.db.query<{ title: string; msg: string }>('SELECT title, msg FROM logs WHERE level >= $1 ORDER BY id', [level]);
const ERROR = 400;

const xsrfOf = (client: ApiClient) => decodeURIComponent(client.cookies.get('XSRF-TOKEN')!);

/** A request with the path exactly as written (fetch would re-encode a malformed `%`). */
function rawRequest(client: ApiClient, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(client.baseUrl);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method, headers: { Cookie: cookie, Accept: 'application/json', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: (response.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : text });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('NUL characters and lone surrogates', () => {
  it('in a query string: 422 naming the parameter, never a 500', async () => {
    for (const [path, field] of [
      ['/api/countries?query=a%00b', 'query'],
      ['/api/clients?query=%00', 'query'],
      ['/api/countries?orderBy=name%00', 'orderBy'],
      ['/api/hotels/directions?city_id=1%00', 'city_id'],
      ['/api/countries?query=%ED%A0%80', 'query'], // an encoded lone surrogate arrives as U+FFFD: harmless, searched as text
    ] as const) {
      const response = await manager.get(path);
      if (path.endsWith('%ED%A0%80')) {
        expect(response.status, path).toBe(200);
        continue;
      }
      expect(response.status, path).toBe(422);
      expect(response.body, path).toEqual({ message: MESSAGES.input.unreadableText, errors: { [field]: [MESSAGES.input.unreadableText] } });
    }
  });

  it('in a JSON field, however deep: 422 with its dotted path, and nothing written', async () => {
    const countries = await count('countries');
    const nul = await manager.post('/api/countries', { name: 'Страна\u0000' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({ name: [MESSAGES.input.unreadableText] });
    const surrogate = await manager.post('/api/countries', { name: 'Страна \ud800' });
    expect(surrogate.status).toBe(422);
    expect(surrogate.body.errors).toEqual({ name: [MESSAGES.input.unreadableText] });
    const inKey = await manager.post('/api/countries', { name: 'Страна', ['ключ\u0000']: 1 });
    expect(inKey.status).toBe(422);
    expect(Object.keys(inKey.body.errors)).toEqual(['ключ\u0000']);
    expect(await count('countries')).toBe(countries);

    const vendors = await count('vendors');
    const nested = await manager.post('/api/vendors', { name: 'Поставщик', payload: { sessions: [{ note: 'ok' }, { note: 'x\u0000' }] } });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toEqual({ 'payload.sessions.1.note': [MESSAGES.input.unreadableText] });
    expect(await count('vendors')).toBe(vendors);
  });

  it('control characters (U+0007, U+000B, ESC) are refused in any text the same way; tab and line breaks are kept', async () => {
    const countries = await count('countries');
    for (const char of ['\u0007', '\u000b', '\u001b', '\u0001']) {
      const response = await manager.post('/api/countries', { name: `Стр${char}ана` });
      expect(response.status, JSON.stringify(char)).toBe(422);
      expect(response.body, JSON.stringify(char)).toEqual({ message: MESSAGES.input.unreadableText, errors: { name: [MESSAGES.input.unreadableText] } });
    }
    const nested = await manager.post('/api/vendors', { name: 'Поставщик', payload: { sessions: [{ note: 'звонок\u0007' }] } });
    expect(nested.body.errors).toEqual({ 'payload.sessions.0.note': [MESSAGES.input.unreadableText] });
    const query = await manager.get('/api/countries?query=%07');
    expect(query.body.errors).toEqual({ query: [MESSAGES.input.unreadableText] });
    expect(await count('countries')).toBe(countries);

    // An aggregate editor's `{payload: "<json>"}`: keyed by the path the editor places the field under,
    // not `payload.` (the vendor's real `payload` field above keeps it).
    const hotel = await manager.post('/api/hotels', { payload: JSON.stringify({ name: 'Отель\u0007' }) });
    expect(hotel.status).toBe(422);
    expect(hotel.body.errors).toEqual({ name: [MESSAGES.input.unreadableText] });
    const room = await manager.post('/api/hotels', { payload: JSON.stringify({ name: 'Отель', rooms: [{ name: 'Номер' }, { name: 'Но\u001bмер' }] }) });
    expect(room.body.errors).toEqual({ 'rooms.1.name': [MESSAGES.input.unreadableText] });

    const kept = await manager.post('/api/countries', { name: 'Страна\tс табуляцией' });
    expect(kept.status).toBe(201);
  });

  it('in a multipart field: 422 as well', async () => {
    const form = new FormData();
    form.append('entity', 'city');
    form.append('type', 'каталог\u0000');
    form.append('photo', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]), 'a.jpg');
    const response = await manager.postForm('/api/photos', form);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ type: [MESSAGES.input.unreadableText] });
  });
});

describe('numbers beyond any id', () => {
  it('a filter id beyond PostgreSQL integer: 422 with the field', async () => {
    const response = await manager.get('/api/hotels/directions?city_id=99999999999999999999');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ city_id: [MESSAGES.validation.max(PG_INTEGER_MAX)] });
    expect((await manager.get(`/api/hotels/directions?city_id=${PG_INTEGER_MAX}`)).body).toEqual({ data: [], count: 0 });
  });

  it('a record id beyond PostgreSQL integer: 404, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/api/countries/99999999999999999999'],
      ['PUT', '/api/countries/99999999999999999999'],
      ['DELETE', '/api/countries/99999999999999999999'],
      ['PUT', '/api/countries/2147483648/active'],
      ['GET', '/api/agencies/99999999999999999999/agency-users'],
      ['GET', '/api/countries/1e3'],
      ['GET', '/api/countries/-1'],
    ] as const) {
      const response = await manager.request(method, path, { body: method === 'PUT' ? { name: 'Нигде' } : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body, `${method} ${path}`).toEqual({ message: MESSAGES.http.notFound });
    }
  });

  it('a filter out of its column\'s range is refused by validation, on the field', async () => {
    // `level` is a smallint: the list's filter schema bounds it before PostgreSQL sees it.
    const response = await manager.get('/api/logs?level=99999');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ level: [MESSAGES.validation.max(1000)] });
  });

  it('a value PostgreSQL refuses that validation let through is a 422 (and a warning), not a 500', async () => {
    // What the exception filter makes of the database's own refusal (class 22, data exception).
    const refusal = await app.db.query('SELECT 99999::smallint').catch((error: unknown) => error);
    expect(clientErrorReply(refusal)).toEqual({
      status: 422,
      body: { message: MESSAGES.input.badValue, errors: { _: [MESSAGES.input.badValue] } },
      warn: true,
    });
  });
});

describe('two saves that meet', () => {
  it('a transaction PostgreSQL rolls back for a deadlock is a 409 to try again (and a warning), not a 500', async () => {
    await app.db.query('CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int)');
    await app.db.query('INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)');
    const [first, second] = [new pg.Client({ connectionString: app.db.url }), new pg.Client({ connectionString: app.db.url })];
    await Promise.all([first.connect(), second.connect()]);
    try {
      // Each locks one row, then wants the other's: PostgreSQL breaks the cycle by rolling one back.
      await first.query('BEGIN');
      await second.query('BEGIN');
      await first.query('UPDATE deadlock_probe SET n = 1 WHERE id = 1');
      await second.query('UPDATE deadlock_probe SET n = 1 WHERE id = 2');
      const outcomes = await Promise.allSettled([first.query('UPDATE deadlock_probe SET n = 2 WHERE id = 2'), second.query('UPDATE deadlock_probe SET n = 2 WHERE id = 1')]);
      const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(clientErrorReply(refused[0]!.reason)).toEqual({ status: 409, body: { message: MESSAGES.version.concurrent }, warn: true });
    } finally {
      await Promise.all([first.query('ROLLBACK').catch(() => undefined), second.query('ROLLBACK').catch(() => undefined)]);
      await Promise.all([first.end(), second.end()]);
      await app.db.query('DROP TABLE deadlock_probe');
    }
  });
});

describe('JSON nested too deep', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('a vendor payload nested 3000 levels is refused with 400 and a Russian message; nothing is written', async () => {
    const vendors = await count('vendors');
    for (const body of [`{"name":"Глубокий","payload":${nested(3000)}}`, `[${'['.repeat(50_000)}${']'.repeat(50_000)}]`]) {
      const response = await rawRequest(manager, 'POST', '/api/vendors', { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrfOf(manager) }, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.input.tooDeep(INPUT_LIMITS.jsonDepth) });
    }
    expect(await count('vendors')).toBe(vendors);
  });

  it('accepts the depth of the cap and refuses one more, brackets inside strings not counting', async () => {
    // The body is one level, payload starts at the second: INPUT_LIMITS.jsonDepth - 1 levels of payload fit.
    const inner = (levels: number) => JSON.parse(nested(levels)) as object;
    const fits = await manager.post('/api/vendors', { name: 'На пределе', payload: inner(INPUT_LIMITS.jsonDepth - 1), comment: '{{{{[[[[' });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    const over = await manager.post('/api/vendors', { name: 'За пределом', payload: inner(INPUT_LIMITS.jsonDepth) });
    expect(over.status).toBe(400);
  });
});

describe('malformed requests', () => {
  it('X-XSRF-TOKEN "%" is a 419 with the Russian message, not a 500', async () => {
    for (const token of ['%', '%E0%A4%A', '%%']) {
      const response = await manager.post('/api/countries', { name: 'Токен' }, { xsrf: token });
      expect(response.status, token).toBe(419);
      expect(response.body).toEqual({ message: MESSAGES.auth.csrfMismatch });
    }
  });

  it('a query string too long for Node\'s parser is a 431 with the Russian JSON; a request line that is not HTTP a Russian 400', async () => {
    const long = await rawRequest(manager, 'GET', `/api/countries?query=${encodeURIComponent('я').repeat(4000)}`);
    expect(long).toEqual({ status: 431, body: { message: MESSAGES.input.headersTooLarge } });
    const { hostname, port } = new URL(manager.baseUrl);
    const socket = net.connect(Number(port), hostname);
    socket.end('НЕ HTTP\r\n\r\n');
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(body!)).toEqual({ message: MESSAGES.input.badRequest });
    // The server answers on as before.
    expect((await manager.get('/api/countries')).status).toBe(200);
  });

  it('a malformed percent-encoding in the URL is a Russian 400', async () => {
    for (const path of ['/api/countries/%E0%A4%A', '/api/agencies/%ZZ/agency-users', '/api/countries/%']) {
      const response = await rawRequest(manager, 'GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toEqual({ message: MESSAGES.input.badUrlEncoding });
    }
  });

  it('JSON that does not parse is a Russian 400; an unknown route a Russian 404', async () => {
    const xsrf = xsrfOf(manager);
    const broken = await rawRequest(manager, 'POST', '/api/countries', { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, '{"name": ');
    expect(broken).toEqual({ status: 400, body: { message: MESSAGES.input.badJson } });
    const unknown = await manager.get('/api/no-such-thing');
    expect(unknown).toMatchObject({ status: 404, body: { message: MESSAGES.http.notFound } });
    const huge = await rawRequest(manager, 'POST', '/api/countries', { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, JSON.stringify({ name: 'x'.repeat(200_000) }));
    expect(huge).toEqual({ status: 413, body: { message: MESSAGES.input.tooLarge } });
  });
});

/** What a client may send in place of any value of a payload: nulls and values of every other kind. */
const MISPLACED: unknown[] = [null, 5, 'текст', [], [null], [[]], [5], {}];

/** The payload with the value at `path` replaced, one probe per path of the tree (lists and their rows included) and misplaced value. */
function* nestedProbes(base: unknown, path: (string | number)[] = []): Generator<{ path: string; payload: unknown }> {
  if (path.length > 0) for (const value of MISPLACED) yield { path: `${path.join('.')} = ${JSON.stringify(value)}`, payload: replaceAt(base, path, value) };
  let node: unknown = base;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  if (node !== null && typeof node === 'object') for (const key of Array.isArray(node) ? node.keys() : Object.keys(node)) yield* nestedProbes(base, [...path, key]);
}

function replaceAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
  return copy;
}

describe('the big editors\' payloads with nested nulls and values of the wrong kind', () => {
  /** Every probe answers below 500, and a refusal says why in Russian: no zod English ('expected object, received null'). */
  async function probe(url: string, base: Record<string, unknown>) {
    const leaks: string[] = [];
    let probes = 0;
    for (const { path, payload } of nestedProbes(base)) {
      const body = toPayloadBody(payload);
      const response = await manager.post(url, body);
      probes++;
      expect(response.status, `${url} ${path}: ${JSON.stringify(response.body).slice(0, 300)}`).toBeLessThan(500);
      if (response.status >= 400 && englishWords(response.body, body.payload).length > 0) leaks.push(`${path}: ${JSON.stringify(response.body).slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
    return probes;
  }

  it('a hotel: rooms: [null], coords: [[]], catalog: 5, a room\'s periods and premises, every file list', async () => {
    const handbooks = await createHotelHandbooks(app.db.query, 'Пробы');
    // Each file list with a path of its own kind of upload (the schema checks the kind first).
    const upload = (path: string, alt?: string) => ({ name: path.split('/').pop()!, path, url: `/api/storage/${path}`, ...(alt ? { alt } : {}) });
    const base = {
      ...hotelPayload(handbooks, 'Отель проб'),
      info: ['Строка'],
      desc_files: [upload('documents/hotel/a.pdf')],
      memo_files: [upload('documents/hotel-memo/a.doc')],
      photos: [upload('photos/hotel/a.jpg', 'Вид')],
      videos: [upload('videos/hotel/a.mp4', 'Ролик')],
      rooms: [room(handbooks, { photos: [upload('photos/hotel-room/a.jpg', 'Номер')], children_ages: [{ id: 5 }] } as never)],
    };
    const rejected = await manager.post('/api/hotels', toPayloadBody({ ...base, rooms: [null] }));
    expect(rejected).toMatchObject({ status: 422, body: { errors: { 'rooms.0': [MESSAGES.validation.required] } } });
    const coords = await manager.post('/api/hotels', toPayloadBody({ ...base, coords: [[]] }));
    expect(coords.body.errors).toEqual({ 'coords.0': [MESSAGES.validation.invalid] });
    const catalog = await manager.post('/api/hotels', toPayloadBody({ ...base, catalog: 5 }));
    expect(catalog.body.errors).toEqual({ catalog: [MESSAGES.validation.invalid] });
    expect(await probe('/api/hotels', base)).toBeGreaterThan(500);
  }, 120_000);

  it('a bus transport: routes, catalog, seo_settings, days, dates, tariffs', async () => {
    const [moscow, tula, orel] = (await insertCities(app.db, ['Пробск', 'Тестов', 'Орлов'])) as [number, number, number];
    const base = {
      transportation_id: await insertTransportation(app.db),
      name: 'Рейс проб',
      duration: 2,
      adult_price: 2500,
      child_price: 1800,
      start_date: daysFromToday(1),
      finish_date: daysFromToday(90),
      departure_type: 2,
      is_excursion: false,
      days: [{ number: 1, commission_type: 1, commission_sum: 0 }],
      dates: [{ start_date: daysFromToday(10), commission_type: 2, commission_sum: 5, freight: 300 }],
      routes: {
        start: { point_city_id: moscow, info: 'Вокзал', start_time: '08:00' },
        intermediates: [{ point_city_id: tula, info: 'Площадь', finish_time: '11:30', start_time: '11:45', arrival_day: 1, departure_day: 1 }],
        finish: { point_city_id: orel, info: null, finish_time: '20:00' },
      },
      tariffs: [{ from_position: 0, to_position: 2, tariff: 1500 }],
      catalog: { title: 'Пробск — Орлов', price: 1500, sort: 10, seo_settings: { meta: { h1: 'В Орлов', title: null, description: null }, advantages: [{ title: 'Быстро', text: '<p>5 часов</p>' }], faq: [{ question: 'Когда?', answer: '<p>Утром</p>' }], top_block: { title: 'Сверху', text: null } } },
    };
    const seo = await manager.post('/api/transports', toPayloadBody({ ...base, catalog: { ...base.catalog, seo_settings: null } }));
    expect(seo.status, JSON.stringify(seo.body)).toBeLessThan(500);
    expect(englishWords(seo.body)).toEqual([]);
    const routes = await manager.post('/api/transports', toPayloadBody({ ...base, routes: { ...base.routes, intermediates: [null] } }));
    expect(routes).toMatchObject({ status: 422, body: { errors: { 'routes.intermediates.0': [MESSAGES.validation.required] } } });
    expect(await probe('/api/transports', base)).toBeGreaterThan(300);
  }, 120_000);
});

describe('logs', () => {
  it('none of the refusals above wrote an error row', async () => {
    expect(await logRows(ERROR)).toEqual([]);
  });

  it('1000 bad requests write at most a few rows', async () => {
    const before = (await logRows(0)).length;
    const anonymous = app.client();
    const requests = Array.from({ length: 1000 }, (_, index) =>
      index % 2 === 0
        ? () => anonymous.post('/api/countries', { name: 'x' }, { xsrf: '%' })
        : () => manager.get(`/api/logs?level=${40_000 + index}`),
    );
    const statuses = new Set<number>();
    for (let start = 0; start < requests.length; start += 25) {
      for (const response of await Promise.all(requests.slice(start, start + 25).map((send) => send()))) statuses.add(response.status);
    }
    expect([...statuses].sort()).toEqual([419, 422]);
    const written = (await logRows(0)).slice(before);
    // Refusals of the client's input are not server errors: at most a rate-limited warning of one kind.
    expect(written.length).toBeLessThanOrEqual(LOG_RATE_LIMITS.perKind);
    expect(await logRows(ERROR)).toEqual([]);
  });
});

describe('a client that goes away mid-request', () => {
  it('(a tab closed mid-upload, a font the browser stopped loading) is a 400 of its own, never put down to the database: ECONNABORTED is told apart by its words', () => {
    const aborted = Object.assign(new Error('request aborted'), { code: 'ECONNABORTED', type: 'request.aborted', status: 400 });
    expect(clientErrorReply(aborted)).toEqual({ status: 400, body: { message: MESSAGES.input.badRequest }, warn: true, note: MESSAGES.input.clientAborted });
    expect(clientErrorReply(Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' }))).toMatchObject({ status: 400 });
    expect(clientErrorReply(Object.assign(new Error('read ECONNABORTED'), { code: 'ECONNABORTED' }))).toBeNull();
    // Whatever an abandoned upload surfaces as (multer's 'Request aborted' has no code), the request tells: incomplete, connection gone.
    const gone = { complete: false, destroyed: true, socket: { destroyed: true } } as never;
    expect(clientErrorReply(new Error('Request aborted'), gone)).toMatchObject({ status: 400, warn: true });
    expect(clientErrorReply(new Error('Request aborted'), { complete: true, destroyed: false, socket: { destroyed: false } } as never)).toBeNull();
  });
});
