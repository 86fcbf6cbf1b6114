/**
 * The import job's lease and its nightly run (issue 31): two app instances on one database never run
 * one import twice; a run whose link died resumes at the next item once its lease lapses; a live lease
 * holds a second link off without losing the run; a link whose lease another took stops; the nightly
 * run is pg-boss's cron (IMPORTS_CRON, 03:00 Moscow time by default) and queues the active imports only.
 *
 * Nothing here waits out a timing of the office: a link that finds the lease held looks again in 1 s, not
 * LEASE_RECHECK_SECONDS (whose sum the first test checks), each wait is for what the queue or the lease did
 * (polled), and the nightly tick comes from a pg-boss clock the test starts, not from the wall clock's minute.
 *
 * The supplier's hotels are in a city we do not have, so each item is one 'skipped' log line whatever
 * the write does: these tests count what each item came to, not how a hotel is written.
 */
import PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { ImportStatus } from '../../shared/resources/imports.js';
import { VENDOR_CONNECTOR } from '../../shared/resources/vendors.js';
import { Role } from '../../shared/roles.js';
import { DEFAULT_IMPORTS_CRON } from '../config.js';
import { MAINTENANCE_SECONDS, POLLING_SECONDS } from '../jobs/job-queue.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, type TestSupplier } from '../test/supplier-server.js';
import { createTestDatabase, startTestApp, type TestApp } from '../test/test-app.js';
import { IMPORT_RUN, IMPORTS_NIGHTLY, RUN_BUDGET_MS } from './import-job.js';
import { LEASE_RECHECK_SECONDS, LEASE_SECONDS } from './import-lease.js';
import { OFFICE_TIME_ZONE } from '../../shared/calendar.js';

const J = MESSAGES.imports.job;

let app: TestApp;
let supplier: TestSupplier;
let boss: PgBoss;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connects a vendor to the supplier in `on`'s database (its catalogue cached) and answers a function saving imports of its hotels. */
async function supplierImports(on: TestApp): Promise<(numbers: number[]) => Promise<number>> {
  const admin = (await on.signInAs(Role.Administrator)).client;
  const vendor = await admin.post('/api/vendors', { name: 'Сервис «Север»', is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD, timeout_ms: 2000 } });
  expect((await admin.get('/api/imports/update-items', { proof: true })).status).toBe(200);
  const id = vendor.body.data.id as number;
  // Saved inactive: the tests queue the links themselves.
  return async (numbers) => {
    const created = await admin.post('/api/imports', { vendor_id: id, type: 'hotels', items: numbers.map((n) => ({ id: `H${n}`, name: `Отель поставщика ${n}` })), is_active: false });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
}
let saveImport: (numbers: number[]) => Promise<number>;

/** Queues a link of the import's run as the queue would (`singletonKey` false: a second job beside the waiting one). */
async function sendLink(importId: number, singleton = true): Promise<void> {
  await boss.send(IMPORT_RUN.name, { importId }, singleton ? { singletonKey: String(importId) } : {});
}

/** Links of the import's run that wait or run in the queue. */
async function links(importId: number): Promise<number> {
  const [{ links: count }] = (await app.db.query<{ links: number }>(
    `SELECT count(*)::int AS links FROM pgboss.job WHERE name = $1 AND data->>'importId' = $2 AND state IN ('created', 'retry', 'active')`,
    [IMPORT_RUN.name, String(importId)],
  )) as [{ links: number }];
  return count;
}

/** Polls until `condition` holds; fails naming `what` after 20 s (within the test's own timeout). */
async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (await condition()) return;
    await sleep(100);
  }
  throw new Error(`Not within 20 s: ${what}`);
}

/** The import once its run has finished (status 3, 4 or 5) and no link of it waits or runs any more. */
async function settled(importId: number): Promise<{ status: number; cursor: number }> {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const [row] = await app.db.query<{ status: number; cursor: number }>('SELECT status, cursor FROM imports WHERE id = $1', [importId]);
    if (row && row.status >= ImportStatus.Done && (await links(importId)) === 0) return row;
    await sleep(200);
  }
  throw new Error(`Import ${importId} did not settle`);
}

const logs = async (importId: number) => (await app.db.query<{ status: string; message: string }>('SELECT status, message FROM import_logs WHERE import_id = $1 ORDER BY id', [importId])).map(({ status, message }) => [status, message]);
const itemsAsked = () => supplier.requests.filter((request) => request.path.startsWith('/items/')).map((request) => request.path);
const leases = (importId: number) => app.db.query<{ owner: string }>('SELECT owner FROM import_leases WHERE import_id = $1', [importId]);

/** A run's log: the items' lines between its start (when `started`) and its last line, which ends it. */
function expectOneRun(lines: string[][], items: number, started: boolean): void {
  expect(lines.filter(([, message]) => message === J.started(items))).toHaveLength(started ? 1 : 0);
  expect(lines).toHaveLength(items + (started ? 2 : 1));
  expect(lines.at(-1)).toEqual(['error', J.failed(J.noneImported)]);
}

beforeAll(async () => {
  // A link that finds the lease held looks again in 1 s (the office's LEASE_RECHECK_SECONDS is 5): what the lease does, sooner.
  [app, supplier] = await Promise.all([startTestApp({ importLeaseRecheckSeconds: 1 }), startTestSupplier({ hotels: 8 })]);
  // A city we do not have and no rooms: each item is one «skipped» line (the lease is what is tested, not the write).
  for (const hotel of supplier.hotels.get('hotels')!) Object.assign(hotel, { city: 'Атлантида', rooms: [] });
  saveImport = await supplierImports(app);
  boss = new PgBoss({ connectionString: app.db.url, schedule: false, supervise: false });
  await boss.start();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await supplier?.close();
  await app?.close();
});
afterEach(() => {
  supplier.behaviour.delayMs = 0;
});

describe('the lease of an import', () => {
  it('keeps the timings: a live link is never taken for dead, a dead one is taken over within three minutes', () => {
    const supplierCall = VENDOR_CONNECTOR.timeoutMs.max / 1000;
    expect(IMPORT_RUN.expireInSeconds).toBeGreaterThan(RUN_BUDGET_MS / 1000 + supplierCall);
    expect(LEASE_SECONDS).toBeGreaterThan(supplierCall);
    expect(LEASE_SECONDS).toBeLessThanOrEqual(IMPORT_RUN.expireInSeconds);
    // Killed: the job expires, maintenance sees it, the retry waits (first retry: up to twice its delay), a worker polls.
    expect(IMPORT_RUN.expireInSeconds + MAINTENANCE_SECONDS + 2 * IMPORT_RUN.retryDelaySeconds + POLLING_SECONDS).toBeLessThanOrEqual(180);
    // Stopped: its job is retried at once and waits for the lease.
    expect(2 * IMPORT_RUN.retryDelaySeconds + LEASE_SECONDS + LEASE_RECHECK_SECONDS).toBeLessThanOrEqual(180);
  });

  it('two app instances with a link of the same import each: every item asked for and logged once, one run', async () => {
    await app.startAnotherServer();
    const id = await saveImport([1, 2, 3, 4, 5, 6]);
    supplier.requests.length = 0;
    supplier.behaviour.delayMs = 250;
    // Two jobs of one run at once (as a restart or a retry taken for dead makes them): each instance's worker takes one.
    await Promise.all([sendLink(id), sendLink(id, false)]);
    expect(await settled(id)).toEqual({ status: ImportStatus.Failed, cursor: 6 });
    expect(itemsAsked()).toEqual(['/items/H1', '/items/H2', '/items/H3', '/items/H4', '/items/H5', '/items/H6']);
    expectOneRun(await logs(id), 6, true);
    expect(await leases(id)).toEqual([]);
  });

  it('a run whose link died (its lease lapsed, its cursor in the middle) resumes at the next item', async () => {
    const id = await saveImport([1, 2, 3, 4]);
    await app.db.query('UPDATE imports SET status = $2, cursor = 2, failed_items = 2, progress = 50 WHERE id = $1', [id, ImportStatus.Running]);
    await app.db.query(`INSERT INTO import_leases (import_id, owner, expires_at) VALUES ($1, 'dead-instance:1', now() - interval '1 second')`, [id]);
    supplier.requests.length = 0;
    await sendLink(id);
    expect(await settled(id)).toEqual({ status: ImportStatus.Failed, cursor: 4 });
    expect(itemsAsked()).toEqual(['/items/H3', '/items/H4']);
    expectOneRun(await logs(id), 2, false);
    expect(await leases(id)).toEqual([]);
  });

  it('a live lease holds a second link off — nothing asked, nothing written — and the run goes on once it lapses', async () => {
    const id = await saveImport([5, 6]);
    await app.db.query('UPDATE imports SET status = $2, cursor = 1, failed_items = 1, progress = 50 WHERE id = $1', [id, ImportStatus.Running]);
    await app.db.query(`INSERT INTO import_leases (import_id, owner, expires_at) VALUES ($1, 'another-instance:1', now() + interval '60 seconds')`, [id]);
    supplier.requests.length = 0;
    await sendLink(id);
    // The link ran and queued itself again for later (the job sent above starts at once; only the link sends one
    // starting later): the run is not lost.
    const waiting = () => app.db.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'created' AND start_after > now()`, [IMPORT_RUN.name, String(id)]);
    await until('the link held off queues itself again for later', async () => (await waiting()).length === 1);
    expect(itemsAsked()).toEqual([]);
    expect(await app.db.query('SELECT status, cursor FROM imports WHERE id = $1', [id])).toEqual([{ status: ImportStatus.Running, cursor: 1 }]);
    expect(await logs(id)).toEqual([]);
    expect(await leases(id)).toEqual([{ owner: 'another-instance:1' }]);
    // Its holder died: the lease lapses and the waiting link takes the run on at its cursor.
    await app.db.query(`UPDATE import_leases SET expires_at = now() - interval '1 second' WHERE import_id = $1`, [id]);
    expect(await settled(id)).toEqual({ status: ImportStatus.Failed, cursor: 2 });
    expect(itemsAsked()).toEqual(['/items/H6']);
    expectOneRun(await logs(id), 1, false);
  });

  it('a restart while a run goes: the old link stops at its next item and the new run goes from the first item once, not lost behind the lease', async () => {
    const id = await saveImport([1, 2, 3, 4]);
    await app.db.query('UPDATE imports SET is_active = true WHERE id = $1', [id]);
    supplier.requests.length = 0;
    supplier.behaviour.delayMs = 300;
    await sendLink(id);
    for (let waited = 0; waited < 20_000 && !(await logs(id)).some(([status]) => status === 'skipped'); waited += 50) await sleep(50);
    const admin = (await app.signInAs(Role.Administrator)).client;
    const asked = itemsAsked().length;
    expect((await admin.get('/api/imports/restart', { proof: true })).status).toBe(200);
    expect(await settled(id)).toEqual({ status: ImportStatus.Failed, cursor: 4 });
    // The old link's item in flight at most, then the new run's four.
    const after = itemsAsked().slice(asked);
    expect(after.length).toBeLessThanOrEqual(5);
    expect(after.slice(-4)).toEqual(['/items/H1', '/items/H2', '/items/H3', '/items/H4']);
    const lines = await logs(id);
    expect(lines.filter(([, message]) => message === J.started(4))).toHaveLength(2);
    expectOneRun(lines.slice(lines.findLastIndex(([, message]) => message === J.started(4))), 4, true);
    expect(await leases(id)).toEqual([]);
    await app.db.query('UPDATE imports SET is_active = false WHERE id = $1', [id]);
  });

  it('a link whose lease another took (it stalled past its lease) writes nothing more and stops', async () => {
    const id = await saveImport([1, 2, 3, 4, 5, 6]);
    supplier.requests.length = 0;
    supplier.behaviour.delayMs = 300;
    await sendLink(id);
    for (let waited = 0; waited < 20_000 && !(await logs(id)).some(([status]) => status === 'skipped'); waited += 50) await sleep(50);
    await app.db.query(`UPDATE import_leases SET owner = 'another-instance:2', expires_at = now() + interval '60 seconds' WHERE import_id = $1`, [id]);
    const asked = itemsAsked().length;
    const written = (await logs(id)).length;
    // The link stops: no link of the run waits or runs any more.
    await until('the link whose lease was taken stops', async () => (await links(id)) === 0);
    // The item being fetched when the lease was taken is the last one asked for; nothing of it is written.
    expect(itemsAsked().length).toBeLessThanOrEqual(asked + 1);
    expect(asked).toBeLessThan(6);
    expect(await logs(id)).toHaveLength(written);
    expect(await leases(id)).toEqual([{ owner: 'another-instance:2' }]);
    await app.db.query('DELETE FROM imports WHERE id = $1', [id]);
  });
});

describe('the nightly run of the active imports', () => {
  it('is scheduled in pg-boss at 03:00 Moscow time by default, and taken away by IMPORTS_CRON=off', async () => {
    expect(DEFAULT_IMPORTS_CRON).toBe('0 3 * * *');
    const database = await createTestDatabase();
    try {
      // The test apps run with IMPORTS_CRON=off; an empty value is the default's.
      const nightly = await startTestApp({ database, env: { IMPORTS_CRON: '' } });
      expect(await database.query('SELECT name, cron, timezone FROM pgboss.schedule')).toEqual([{ name: IMPORTS_NIGHTLY.name, cron: '0 3 * * *', timezone: OFFICE_TIME_ZONE }]);
      await nightly.close();
      const off = await startTestApp({ database, env: { IMPORTS_CRON: 'off' } });
      expect(await database.query('SELECT name FROM pgboss.schedule')).toEqual([]);
      await off.close();
    } finally {
      await database.drop();
    }
  });

  it('follows IMPORTS_CRON, and its job queues a fresh run of every active import and of no other', async () => {
    const database = await createTestDatabase();
    let first: TestApp | undefined;
    let cron: TestApp | undefined;
    let clock: PgBoss | undefined;
    try {
      first = await startTestApp({ database });
      const save = await supplierImports(first);
      const active = await save([1]);
      const inactive = await save([2]);
      await database.query('UPDATE imports SET is_active = true, status = $2, progress = 100, cursor = 1 WHERE id = $1', [active, ImportStatus.Done]);
      await first.close();
      // pg-boss's clock is the test's. Every instance looks every 30 s, and the look that finds the last one (kept in
      // pgboss.version for all of them) 30 s old queues the job of each schedule due this minute. That last look is
      // put an hour ahead: no instance's look queues anything until the test's clock looks, below.
      await database.query(`UPDATE pgboss.version SET cron_on = now() + interval '1 hour'`);
      // Every minute: due whenever the clock looks.
      cron = await startTestApp({ database, env: { IMPORTS_CRON: '* * * * *' } });
      expect(await database.query('SELECT name, cron, timezone FROM pgboss.schedule')).toEqual([{ name: IMPORTS_NIGHTLY.name, cron: '* * * * *', timezone: OFFICE_TIME_ZONE }]);
      const runs = async () => (await database.query<{ key: string }>(`SELECT singleton_key AS key FROM pgboss.job WHERE name = $1`, [IMPORT_RUN.name])).map((job) => job.key);
      expect(await runs()).toEqual([]);
      // The tick: the last look set long ago, and pg-boss's own clock in an instance of the test's (pg-boss's timekeeper,
      // as in the app) looks as it starts; the job it queues from the app's schedule is run by the app's worker.
      await database.query(`UPDATE pgboss.version SET cron_on = NULL`);
      clock = new PgBoss({ connectionString: database.url, schedule: true, supervise: false, cronWorkerIntervalSeconds: 1 });
      await clock.start();
      await until('the nightly job queues the active import', async () => (await runs()).includes(String(active)));
      expect(await runs()).toEqual([String(active)]);
      expect(await database.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [IMPORTS_NIGHTLY.name])).toEqual([{ n: 1 }]);
      expect(await database.query('SELECT status, progress FROM imports WHERE id = $1', [inactive])).toEqual([{ status: ImportStatus.Waiting, progress: 0 }]);
    } finally {
      await clock?.stop({ graceful: false, wait: true });
      await first?.close();
      await cron?.close();
      await database.drop();
    }
  });

  it('an invalid IMPORTS_CRON stops the server at start, naming the variable', async () => {
    await expect(startTestApp({ env: { IMPORTS_CRON: '61 * * * *' } })).rejects.toThrow(/IMPORTS_CRON is not a valid cron schedule: «61 \* \* \* \*»/);
  });
});
