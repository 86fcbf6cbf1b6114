/**
 * One owner per data folder: a second app on the same DATA_DIR joins the owner's PostgreSQL and never
 * stops it; when the owner leaves, the other app takes the folder over and carries on; a PostgreSQL
 * left running by an app that crashed is shut down cleanly and started afresh.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMINISTRATOR,
  afterThisTest,
  clusterDirOf,
  eventually,
  postmasterPidOf,
  startApp,
  tempDataDir,
} from '../test/data-folder.js';
import { ApiClient } from '../test/test-app.js';
import { MESSAGES } from '../../shared/messages.js';
import { DatabaseStartError, freePort, openCluster } from './embedded-database.js';
import { OWNER_LOCK_FILE, OwnerLock, currentOwner } from './owner-lock.js';
import { isProcessAlive, readPostmasterPid, startPostmaster } from './postmaster.js';

// Each test creates and starts PostgreSQL clusters of its own (initdb, crash recovery): slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/** The id of a process that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

async function countriesOf(url: string, client: ApiClient) {
  const response = await client.withBaseUrl(url).get('/api/countries');
  return response.status === 200 ? (response.body.data as { name: string }[]).map((row) => row.name) : response.status;
}

describe('two apps on one data folder', () => {
  it('the second joins the first one’s PostgreSQL; either may exit without breaking the other', async () => {
    const dataDir = await tempDataDir();
    const first = await startApp({ dataDir });
    const client = new ApiClient(first.url);
    expect((await client.post('/api/setup', ADMINISTRATOR)).status).toBe(201);
    expect((await client.post('/api/countries', { name: 'Германия' })).status).toBe(201);
    const postmaster = await postmasterPidOf(dataDir);

    // A second app sees the same data (same sessions too) and leaves without stopping anything.
    const second = await startApp({ dataDir });
    expect(await countriesOf(second.url, client)).toEqual(['Германия']);
    await second.close();
    expect(isProcessAlive(postmaster)).toBe(true);
    expect(await countriesOf(first.url, client)).toEqual(['Германия']);
    expect((await client.post('/api/countries', { name: 'Франция' })).status).toBe(201);

    // A third one joins; then the owner exits: the third takes the folder over and carries on.
    const third = await startApp({ dataDir });
    expect(await countriesOf(third.url, client)).toEqual(['Германия', 'Франция']);
    await first.close();
    const names = await eventually(
      async () => {
        const answer = await countriesOf(third.url, client);
        if (Array.isArray(answer)) return answer;
        expect(answer).toBe(503);
        return undefined;
      },
      15_000,
      'the remaining app serves again',
    );
    expect(names).toEqual(['Германия', 'Франция']);
    expect((await client.withBaseUrl(third.url).post('/api/countries', { name: 'Италия' })).status).toBe(201);
    expect(await postmasterPidOf(dataDir)).not.toBe(postmaster);

    // The last one out stops the server it now owns.
    await third.close();
    expect(existsSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, OWNER_LOCK_FILE))).toBe(false);
  });
});

describe('two apps starting together on a new data folder', () => {
  it('both come up on one PostgreSQL: one creates it, the other waits for it and joins', async () => {
    const dataDir = await tempDataDir();
    const [one, other] = await Promise.all([startApp({ dataDir }), startApp({ dataDir })]);
    const client = new ApiClient(one.url);
    expect((await client.post('/api/setup', ADMINISTRATOR)).status).toBe(201);
    expect((await client.post('/api/countries', { name: 'Германия' })).status).toBe(201);
    expect(await countriesOf(other.url, client)).toEqual(['Германия']);
    // One server: the one the owner lock names.
    expect((await currentOwner(dataDir))?.port).toBe((await readPostmasterPid(clusterDirOf(dataDir)))?.port);
  });
});

describe('a PostgreSQL left running by an app that crashed', () => {
  it.each([
    ['whose lock names a process that is gone', true],
    ['with no lock at all (left by an older version)', false],
  ])('%s is shut down cleanly, started afresh, and stopped when the new app exits', async (_case, withLock) => {
    const dataDir = await tempDataDir();
    const before = await startApp({ dataDir });
    const client = new ApiClient(before.url);
    expect((await client.post('/api/setup', ADMINISTRATOR)).status).toBe(201);
    expect((await client.post('/api/countries', { name: 'Германия' })).status).toBe(201);
    await before.close();

    // What a crash leaves behind: the server still runs, its owner's process is gone.
    const cluster = await openCluster(dataDir);
    const leftover = await startPostmaster({ clusterDir: cluster.clusterDir, port: await freePort(), flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='] });
    afterThisTest(() => leftover.stop());
    if (withLock) {
      const record = { pid: deadPid(), port: leftover.port, token: 'crashed-app', started_at: new Date().toISOString() };
      await fs.writeFile(path.join(dataDir, OWNER_LOCK_FILE), JSON.stringify(record));
    }

    const after = await startApp({ dataDir });
    // Shut down cleanly (pg_ctl stop -m fast: exit code 0), not killed, and not reused.
    expect(await leftover.exited).toEqual({ code: 0, signal: null });
    const fresh = await postmasterPidOf(dataDir);
    expect(fresh).not.toBe(leftover.pid);
    expect(await countriesOf(after.url, client)).toEqual(['Германия']);

    await after.close();
    expect(isProcessAlive(fresh)).toBe(false);
    expect(existsSync(path.join(cluster.clusterDir, 'postmaster.pid'))).toBe(false);
  });
});

describe('a data folder whose database cannot start', () => {
  it('fails the start with a message for the user, the details in the log file, and the folder not left locked', async () => {
    const dataDir = await tempDataDir();
    // A damaged cluster: it claims to exist, but has none of PostgreSQL's files.
    await fs.mkdir(clusterDirOf(dataDir), { recursive: true, mode: 0o700 });
    await fs.writeFile(path.join(clusterDirOf(dataDir), 'PG_VERSION'), '18\n');

    const failure = await startApp({ dataDir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseStartError);
    const logFile = path.join(dataDir, 'logs', 'server.log');
    expect((failure as DatabaseStartError).userMessage).toBe(
      `${MESSAGES.database.embeddedStartFailed(dataDir)} ${MESSAGES.database.detailsIn(logFile)}`,
    );
    const [entry] = (await fs.readFile(logFile, 'utf8')).split('\n').map((line) => line && JSON.parse(line));
    expect(entry).toMatchObject({ level_name: 'CRITICAL', source: 'database', msg: expect.stringContaining('PostgreSQL did not start') });
    expect(existsSync(path.join(dataDir, OWNER_LOCK_FILE))).toBe(false);
  });
});

describe('the owner lock', () => {
  it('exactly one of several apps starting together becomes the owner; the others are told who it is', async () => {
    const dataDir = await tempDataDir();
    const attempts = await Promise.all([1, 2, 3, 4].map(() => OwnerLock.acquire(dataDir, 5432)));
    const owners = attempts.flatMap((attempt) => ('lock' in attempt ? [attempt.lock] : []));
    expect(owners).toHaveLength(1);
    const [lock] = owners;
    afterThisTest(() => lock!.release());
    for (const attempt of attempts) if ('owner' in attempt) expect(attempt.owner).toEqual(lock!.record);
    expect(await currentOwner(dataDir)).toEqual(lock!.record);
  });

  it('a lock whose process is gone, or that nobody touched for a while (its id reused), is taken over', async () => {
    const dataDir = await tempDataDir();
    const file = path.join(dataDir, OWNER_LOCK_FILE);
    const gone = { pid: deadPid(), port: 5433, token: 'gone', started_at: '2025-01-01T00:00:00.000Z' };
    // A live process id (this one), but the heartbeat stopped a minute ago.
    const silent = { pid: process.pid, port: 5434, token: 'silent', started_at: '2025-01-01T00:00:00.000Z' };
    for (const stale of [gone, silent]) {
      await fs.writeFile(file, JSON.stringify(stale));
      if (stale === silent) {
        const minuteAgo = new Date(Date.now() - 60_000);
        await fs.utimes(file, minuteAgo, minuteAgo);
      }
      expect(await currentOwner(dataDir)).toBeNull();
      const attempt = await OwnerLock.acquire(dataDir, 5440);
      if (!('lock' in attempt)) throw new Error(`not taken over: ${JSON.stringify(attempt)}`);
      expect(attempt.previous).toEqual(stale);
      expect(attempt.lock.record).toMatchObject({ pid: process.pid, port: 5440 });
      expect(await currentOwner(dataDir)).toEqual(attempt.lock.record);
      await attempt.lock.release();
      expect(existsSync(file)).toBe(false);
    }
  });
});
