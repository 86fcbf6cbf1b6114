/**
 * The connection pool is no single point of failure (issue 15, ARCHITECTURE.md §7 "Connections"):
 * stalled uploads and a crowd of stale saves hold no connection another user needs, uploads at once
 * are bounded, a request that waits too long for a connection gets its own 503 without the server
 * declaring an outage, and /api/health never needs a pooled connection.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { HotelFileType } from '../../shared/hotels/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { UPLOAD_SLOTS } from '../files/upload-slots.js';
import { startStalledUpload, type StalledUpload } from '../test/stalled-upload.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

const HOTEL_FILES = '/api/hotels/files';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** What a colleague does meanwhile: a list page and the health check, each answered. */
async function bystanderRequests(bystander: ApiClient, rounds: number): Promise<string[]> {
  const answers: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const [list, health] = await Promise.all([bystander.get('/api/clients?page=1&limit=10'), bystander.get('/api/health')]);
    answers.push(`list ${list.status}`, `health ${health.status}`);
  }
  return answers;
}

const outageRows = (app: TestApp) => app.db.query(`SELECT title FROM logs WHERE source = 'database' AND level_name = 'CRITICAL'`);

describe('with the default pool of ten connections', () => {
  let app: TestApp;
  let bystander: ApiClient;
  const uploaders: ApiClient[] = [];
  let transportId: number;

  beforeAll(async () => {
    app = await startTestApp();
    bystander = (await app.signInAs(Role.Accountant)).client;
    for (let index = 0; index < 5; index++) uploaders.push((await app.signInAs(Role.Manager)).client);
    const cities = await insertCities(app.db, ['Москва', 'Тула']);
    transportId = await insertTransport(app.db, { transportationId: await insertTransportation(app.db), cities, startDate: daysFromToday(1), finishDate: daysFromToday(60), days: [1, 5] });
  });
  afterAll(() => app?.close());

  it('ten uploads that stall hold no connection: another user\'s list and /api/health answer 200 meanwhile', async () => {
    const stalled: StalledUpload[] = [];
    try {
      // Two stalled videos from each of five managers: within the bounds, all ten are being received.
      for (const client of uploaders) for (let index = 0; index < 2; index++) stalled.push(startStalledUpload(client, HOTEL_FILES, { type: String(HotelFileType.Video) }));
      await until(async () => Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM stored_files WHERE staged_at IS NOT NULL'))[0]!.n) === 10, 'ten uploads staged');

      expect(await bystanderRequests(bystander, 15)).toEqual(Array.from({ length: 15 }, () => ['list 200', 'health 200']).flat());
      // Nobody holds a connection for them: the server's connections are idle between statements.
      const busy = await app.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
      expect(busy).toEqual([{ n: 0 }]);
    } finally {
      for (const upload of stalled) upload.abort();
    }
    // The aborted uploads leave nothing staged behind.
    await until(async () => (await app.db.query('SELECT 1 FROM stored_files WHERE staged_at IS NOT NULL')).length === 0, 'staged uploads removed');
    expect(await outageRows(app)).toEqual([]);
  });

  it('twenty stale saves of one transport at once: each gets its 409, and the bystander\'s requests answer 200', async () => {
    const { client: editor } = await app.signInAs(Role.Manager);
    const record = (await editor.get(`/api/transports/${transportId}`)).body.data as Record<string, unknown>;
    const saved = await editor.put(`/api/transports/${transportId}`, toPayloadBody({ ...record, child_price: 990 }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const [saves, bystanders] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => editor.put(`/api/transports/${transportId}`, toPayloadBody({ ...record, child_price: 1000 })))),
      bystanderRequests(bystander, 5),
    ]);
    expect(saves.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 409));
    expect(saves[0]!.body.data).toMatchObject({ id: transportId, child_price: 990 });
    expect(bystanders.every((answer) => answer.endsWith(' 200')), bystanders.join(', ')).toBe(true);
    expect(await outageRows(app)).toEqual([]);
  });

  it('ten stalled uploads and twenty stale saves together: the bystander is still answered 200', async () => {
    const { client: editor } = await app.signInAs(Role.Manager);
    const record = (await editor.get(`/api/transports/${transportId}`)).body.data as Record<string, unknown>;
    const stale = { ...record, version: (record.version as number) - 1 };
    const stalled: StalledUpload[] = [];
    try {
      for (const client of uploaders) for (let index = 0; index < 2; index++) stalled.push(startStalledUpload(client, HOTEL_FILES, { type: String(HotelFileType.Video) }));
      await until(async () => Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM stored_files WHERE staged_at IS NOT NULL'))[0]!.n) === 10, 'ten uploads staged');
      const [saves, bystanders] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, () => editor.put(`/api/transports/${transportId}`, toPayloadBody(stale)))),
        bystanderRequests(bystander, 5),
      ]);
      expect(saves.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 409));
      expect(bystanders.every((answer) => answer.endsWith(' 200')), bystanders.join(', ')).toBe(true);
    } finally {
      for (const upload of stalled) upload.abort();
    }
    expect(await outageRows(app)).toEqual([]);
  });

  it('uploads at once are bounded per user (429) and overall (503), for that request only', async () => {
    const stalled: StalledUpload[] = [];
    try {
      const [first] = uploaders;
      for (let index = 0; index < UPLOAD_SLOTS.perUser; index++) stalled.push(startStalledUpload(first!, HOTEL_FILES, { type: String(HotelFileType.Video) }));
      await until(async () => Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM stored_files WHERE staged_at IS NOT NULL'))[0]!.n) === UPLOAD_SLOTS.perUser, 'uploads staged');
      const oneTooMany = startStalledUpload(first!, HOTEL_FILES, { type: String(HotelFileType.Video) });
      stalled.push(oneTooMany);
      const refusal = await oneTooMany.answer;
      expect(refusal?.status).toBe(429);
      expect(JSON.parse(refusal!.body)).toEqual({ message: MESSAGES.files.tooManyInFlight });

      // The others fill the server's slots; the next upload of anyone is a 503, other requests go on.
      let left = UPLOAD_SLOTS.overall - UPLOAD_SLOTS.perUser;
      for (const client of uploaders.slice(1)) {
        for (let index = 0; index < UPLOAD_SLOTS.perUser && left > 0; index++, left--) stalled.push(startStalledUpload(client, HOTEL_FILES, { type: String(HotelFileType.Video) }));
      }
      await until(async () => Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM stored_files WHERE staged_at IS NOT NULL'))[0]!.n) === UPLOAD_SLOTS.overall, 'every slot taken');
      const { client: late } = await app.signInAs(Role.Manager);
      const form = new FormData();
      form.append('type', String(HotelFileType.Photo));
      form.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]), 'фото.jpg');
      const busy = await late.postForm(HOTEL_FILES, form);
      expect(busy.status).toBe(503);
      expect(busy.body).toEqual({ message: MESSAGES.files.serverBusyWithUploads });
      expect(busy.headers.get('retry-after')).toBe('2');
      expect((await late.get('/api/clients')).status).toBe(200);
    } finally {
      for (const upload of stalled) upload.abort();
    }
    // Slots come back when the uploads end: the same upload now goes through.
    await until(async () => (await app.db.query('SELECT 1 FROM stored_files WHERE staged_at IS NOT NULL')).length === 0, 'staged uploads removed');
    const form = new FormData();
    form.append('type', String(HotelFileType.Photo));
    form.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]), 'фото.jpg');
    expect((await uploaders[0]!.postForm(HOTEL_FILES, form)).status).toBe(201);
  });
});

describe('a wait for a free connection that runs out', () => {
  let app: TestApp;
  let manager: ApiClient;
  let transportId: number;

  beforeAll(async () => {
    // Two: the smallest pool a server starts with (migrations run beside their lock's connection).
    app = await startTestApp({ env: { DB_POOL_SIZE: '2' } });
    manager = (await app.signInAs(Role.Manager)).client;
    const cities = await insertCities(app.db, ['Орёл', 'Курск']);
    transportId = await insertTransport(app.db, { transportationId: await insertTransportation(app.db), cities, startDate: daysFromToday(1), finishDate: daysFromToday(60), days: [2] });
  });
  afterAll(() => app?.close());

  it('is that request\'s 503 with its own message: health answers 200, no outage is declared, and the next request is served', async () => {
    const record = (await manager.get(`/api/transports/${transportId}`)).body.data as Record<string, unknown>;
    // A colleague's long transaction holds the transport; a save waits for it on the one pooled connection.
    const holder = new pg.Client({ connectionString: app.db.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM transports WHERE id = $1 FOR UPDATE', [transportId]);
      const saves = [1200, 1300].map((price) => manager.put(`/api/transports/${transportId}`, toPayloadBody({ ...record, child_price: price })));
      await until(async () => (await app.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).length === 2, 'both saves waiting on the lock');

      const [list, health] = await Promise.all([manager.get('/api/clients'), manager.get('/api/health')]);
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
      expect(list.status).toBe(503);
      expect(list.body).toEqual({ message: MESSAGES.database.busy });

      await holder.query('COMMIT');
      // One save wins; the other then finds its version stale.
      expect((await Promise.all(saves)).map((reply) => reply.status).sort()).toEqual([200, 409]);
    } finally {
      await holder.end();
    }
    expect((await manager.get('/api/clients')).status).toBe(200);
    expect(await outageRows(app)).toEqual([]);
    // Noted on /logs as a warning, not an error.
    await until(async () => (await app.db.query(`SELECT 1 FROM logs WHERE level_name = 'WARNING' AND msg LIKE 'timeout exceeded%'`)).length > 0, 'the warning');
    expect(await app.db.query(`SELECT 1 FROM logs WHERE level_name IN ('ERROR', 'CRITICAL')`)).toEqual([]);
  });
});
