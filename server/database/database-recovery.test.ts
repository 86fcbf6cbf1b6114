/**
 * The database dies under a running app: the embedded PostgreSQL is killed, or the central one
 * (DATABASE_URL) is restarted. The app answers 503 with the Russian message meanwhile, writes what it
 * cannot put into the logs table to the log file in DATA_DIR, and serves again without a restart.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { LogFile } from '../logs/log-file.js';
import { LogService } from '../logs/log.service.js';
import { ADMINISTRATOR, afterThisTest, eventually, postmasterPidOf, startApp, tempDataDir } from '../test/data-folder.js';
import { ApiClient } from '../test/test-app.js';
import { DatabaseAvailability } from './database-availability.js';
import { createDataSource } from './data-source.js';
import { freePort, openCluster } from './embedded-database.js';
import { isProcessAlive, startPostmaster, type Postmaster } from './postmaster.js';

// Each test creates and starts PostgreSQL clusters of its own (initdb, crash recovery): slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const UNAVAILABLE = { message: MESSAGES.database.unavailable };
const HEALTH_UNAVAILABLE = { status: 'unavailable', message: MESSAGES.database.unavailable };

interface LogLine {
  level_name: string;
  source: string;
  title: string;
  msg: string;
}
const readLogFile = async (file: string): Promise<LogLine[]> =>
  (await fs.readFile(file, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

/** Polls GET `route` while it answers 503 with the message; returns how many 503s it saw before a 200. */
async function waitThroughOutage(client: ApiClient, route: string, expected503Body: object, timeoutMs: number): Promise<number> {
  let unavailable = 0;
  await eventually(
    async () => {
      const response = await client.get(route);
      if (response.status === 200) return true;
      expect(response.status, JSON.stringify(response.body)).toBe(503);
      expect(response.body).toEqual(expected503Body);
      expect(response.headers.get('retry-after')).toBe('2');
      unavailable++;
      return undefined;
    },
    timeoutMs,
    `${route} answers 200 again`,
  );
  return unavailable;
}

/**
 * A PostgreSQL server of its own on a fresh cluster in `dataDir`, outside any app: stopped and started
 * again on the same port by the test.
 */
async function separateServer(dataDir: string) {
  const cluster = await openCluster(dataDir);
  await cluster.initialise();
  const port = await freePort();
  const start = async () => {
    postmaster = await startPostmaster({ clusterDir: cluster.clusterDir, port, flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='] });
  };
  let postmaster: Postmaster | undefined;
  await start();
  afterThisTest(async () => postmaster?.stop());
  return {
    url: (database: string) => cluster.url(port, database),
    start,
    stop: async () => postmaster?.stop(),
    async query(sql: string) {
      const client = new pg.Client({ connectionString: cluster.url(port, 'postgres') });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    },
  };
}

describe('the embedded PostgreSQL is killed', () => {
  it('answers 503 with the Russian message while it is down, restarts it and serves the same data again; the outage is in the log file and on /logs', async () => {
    const dataDir = await tempDataDir();
    const server = await startApp({ dataDir });
    const client = new ApiClient(server.url);
    expect((await client.post('/api/setup', ADMINISTRATOR)).status).toBe(201);
    const germany = await client.post('/api/countries', { name: 'Германия' });
    expect(germany.status).toBe(201);

    const killed = await postmasterPidOf(dataDir);
    process.kill(killed, 'SIGKILL');

    // Backends orphaned by the kill may answer a moment longer (they notice the postmaster's death on
    // their next wait); the first answer that is not theirs is the 503 with the message, and so is a list.
    let health = await client.get('/api/health');
    for (const started = Date.now(); health.status === 200 && Date.now() - started < 5_000; ) health = await client.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual(HEALTH_UNAVAILABLE);
    const list = await client.get('/api/countries');
    expect(list.status).toBe(503);
    expect(list.body).toEqual(UNAVAILABLE);

    await waitThroughOutage(client, '/api/health', HEALTH_UNAVAILABLE, 15_000);
    expect((await client.get('/api/health')).body).toEqual({ status: 'ok' });
    // A new server process on the same data, still signed in (sessions live in PostgreSQL).
    const restarted = await postmasterPidOf(dataDir);
    expect(restarted).not.toBe(killed);
    expect(isProcessAlive(restarted)).toBe(true);
    expect((await client.get('/api/countries')).body).toEqual({ data: [{ id: germany.body.data.id, name: 'Германия', version: 1 }], count: 1 });
    expect((await client.post('/api/countries', { name: 'Франция' })).status).toBe(201);

    // While it was down the log entry went to the log file; its return is on /logs.
    const fileEntries = await readLogFile(path.join(dataDir, 'logs', 'server.log'));
    expect(fileEntries).toContainEqual(
      expect.objectContaining({ level_name: 'CRITICAL', source: 'database', title: 'База данных недоступна', msg: expect.stringContaining('SIGKILL') }),
    );
    const logs = await client.get(`/api/logs?query=${encodeURIComponent('снова доступна')}`);
    expect(logs.status).toBe(200);
    expect(logs.body.data).toContainEqual(expect.objectContaining({ level_name: 'WARNING', title: 'База данных снова доступна' }));
  });

  it('an error that cannot reach the logs table goes to the log file, which never grows past its cap', async () => {
    // A database that was there when the app started and is gone now.
    const dataDir = await tempDataDir();
    const { url, stop } = await separateServer(dataDir);
    const dataSource = createDataSource(url('postgres'));
    await dataSource.initialize();
    afterThisTest(() => dataSource.destroy());
    await stop();
    const availability = new DatabaseAvailability({ probe: () => dataSource.query('SELECT 1'), database: { ensureRunning: async () => undefined } });
    afterThisTest(async () => availability.close());
    const file = new LogFile(path.join(dataDir, 'logs', 'server.log'), 2_000);
    const logs = new LogService(dataSource, availability, file);

    await logs.error('http', 'POST /api/countries', new Error('connection to the database lost'));
    expect(availability.available).toBe(false);
    expect(await readLogFile(file.file)).toEqual([
      expect.objectContaining({ level_name: 'ERROR', source: 'http', title: 'POST /api/countries', msg: expect.stringContaining('connection to the database lost') }),
    ]);

    // Known to be down: further entries go straight to the file; past the cap it starts over beside
    // one previous file.
    for (let entry = 0; entry < 40; entry++) await logs.write('error', 'http', `entry ${entry}`, 'x'.repeat(100));
    const [current, previous] = await Promise.all([fs.stat(file.file), fs.stat(`${file.file}.1`)]);
    expect(current.size).toBeLessThanOrEqual(2_000);
    expect(previous.size).toBeLessThanOrEqual(2_000);
    expect((await readLogFile(file.file)).at(-1)).toMatchObject({ title: 'entry 39' });
  });
});

describe('the central PostgreSQL (DATABASE_URL) restarts', () => {
  it('answers 503 while it is gone and serves again once it is back, without an app restart', async () => {
    // A separately started cluster plays the central server.
    const central = await separateServer(await tempDataDir());
    await central.query('CREATE DATABASE backoffice');

    const server = await startApp({ databaseUrl: central.url('backoffice'), dataDir: await tempDataDir() });
    const client = new ApiClient(server.url);
    expect((await client.post('/api/setup', ADMINISTRATOR)).status).toBe(201);
    const germany = await client.post('/api/countries', { name: 'Германия' });
    expect(germany.status).toBe(201);

    await central.stop();
    const health = await client.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual(HEALTH_UNAVAILABLE);
    const write = await client.post('/api/countries', { name: 'Франция' });
    expect(write.status).toBe(503);
    expect(write.body).toEqual(UNAVAILABLE);
    // Still down a while later: the app waits for the server, it cannot start it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await client.get('/api/countries')).status).toBe(503);

    await central.start();
    await waitThroughOutage(client, '/api/health', HEALTH_UNAVAILABLE, 15_000);
    expect((await client.get('/api/countries')).body).toEqual({ data: [{ id: germany.body.data.id, name: 'Германия', version: 1 }], count: 1 });
    expect((await client.post('/api/countries', { name: 'Франция' })).status).toBe(201);
  });
});

describe('an unexpected error', () => {
  const database = { ensureRunning: async () => undefined };

  it('is put down to the database when a probe fails right then (a connection dying in a way no error code names)', async () => {
    const availability = new DatabaseAvailability({ probe: () => Promise.reject(new Error('connect ECONNREFUSED')), database, firstRetryMs: 60_000 });
    expect(await availability.explains(new TypeError("Cannot read properties of undefined (reading 'query')"))).toBe(true);
    expect(availability.available).toBe(false);
    availability.close();
  });

  it('is not, when the database answers the probe', async () => {
    const availability = new DatabaseAvailability({ probe: async () => [{ '?column?': 1 }], database });
    expect(await availability.explains(new TypeError('a bug of ours'))).toBe(false);
    expect(availability.available).toBe(true);
    availability.close();
  });
});
