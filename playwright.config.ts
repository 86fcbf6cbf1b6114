import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_LANES, fixturesPort, LANE, laneDataDir, serverPort } from './tests/e2e/lane.js';

/**
 * Browser tests: Debian's Chromium (Playwright's own browsers cannot be downloaded here) against the
 * built app in serve mode, in lanes (tests/e2e/lane.ts): a worker per lane, and each lane its own
 * server on a fresh embedded database of its own. Run after `npm run build`.
 *
 * The config is evaluated again in every worker, with its parallel index set: `use.baseURL` and
 * FIXTURES_PORT there are its lane's.
 */
const PORT = serverPort(LANE);
/** The Vite dev server of the test fixtures, this lane's. */
export const FIXTURES_PORT = fixturesPort(LANE);
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
);
// A fresh folder for every run, a database per lane inside (evaluated first in the runner; workers inherit it through the env).
if (!process.env.E2E_DATA_DIR) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));
  // Run as root, the embedded PostgreSQL runs as an unprivileged user: it must reach the lanes' folders inside.
  chmodSync(root, 0o755);
  process.env.E2E_DATA_DIR = root;
}

export default defineConfig({
  testDir: 'tests/e2e',
  // One output folder per port, so runs on different ports (parallel work) do not clear each other's traces.
  outputDir: `test-results/e2e-${serverPort(0)}`,
  // A spec file's tests run in order in one worker; files are dealt out to the lanes as workers come free.
  fullyParallel: false,
  workers: E2E_LANES,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ru-RU',
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  // The first-day flow (the one-time administrator form of a fresh database) runs before every other file,
  // in one lane; every other file signs in with ensureAdmin (tests/e2e/session.ts), which makes the
  // administrator through the same form on a lane whose database has none yet.
  projects: [
    { name: 'first-day', testMatch: /users\.spec\.ts/ },
    { name: 'screens', testIgnore: /users\.spec\.ts/, dependencies: ['first-day'] },
  ],
  globalTeardown: './tests/e2e/global-teardown.ts',
  webServer: Array.from({ length: E2E_LANES }, (_, lane) => laneServers(lane)).flat(),
});

/** A lane's two servers: the built app on its own database, and the Vite server of the test fixtures with /api proxied to it. */
function laneServers(lane: number): Extract<PlaywrightTestConfig['webServer'], unknown[]> {
  return [
    {
      command: 'node dist/server/serve.js',
      url: `http://127.0.0.1:${serverPort(lane)}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(serverPort(lane)),
        HOST: '127.0.0.1',
        DATA_DIR: laneDataDir(lane),
        DATABASE_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        // No nightly run of the imports: its tick at 03:00 Moscow time would restart a spec's imports under it.
        IMPORTS_CRON: 'off',
        // The browser tests' local supplier (server/test/supplier-server.ts) lives on this computer: only this opens the door to it (issue 37).
        SUPPLIER_PRIVATE_HOSTS: '127.0.0.1',
        // The connection rules enforced, breaches collected for the check at the end (tests/e2e/global-teardown.ts).
        DATABASE_DISCIPLINE: 'strict',
        DATABASE_DISCIPLINE_REPORT: path.join(laneDataDir(lane), 'discipline-breaches.txt'),
      },
    },
    {
      // Serves renderer/test-fixtures (components not yet on a screen) with /api proxied to the server above.
      command: `npx vite --config renderer/vite.config.ts --host 127.0.0.1 --port ${fixturesPort(lane)} --strictPort`,
      url: `http://127.0.0.1:${fixturesPort(lane)}/test-fixtures/photo-list.html`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { API_TARGET: `http://127.0.0.1:${serverPort(lane)}` },
    },
  ];
}
