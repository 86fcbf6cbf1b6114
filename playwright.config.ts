import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser tests: Debian's Chromium (Playwright's own browsers cannot be downloaded here) against the
 * built app in serve mode on a fresh embedded database. Run after `npm run build`.
 */
const PORT = Number(process.env.E2E_PORT ?? 18181);
/** The Vite dev server of the test fixtures. */
export const FIXTURES_PORT = PORT + 1;
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
);
// A fresh database for every run (config is evaluated once in the main process; workers reuse it through the env).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  // One output folder per port, so runs on different ports (parallel work) do not clear each other's traces.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
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
  // The first-day flow (the one-time administrator form of a fresh database) runs before every other file.
  projects: [
    { name: 'first-day', testMatch: /users\.spec\.ts/ },
    { name: 'screens', testIgnore: /users\.spec\.ts/, dependencies: ['first-day'] },
  ],
  globalTeardown: './tests/e2e/global-teardown.ts',
  webServer: [
    {
      command: 'node dist/server/serve.js',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        // No nightly run of the imports: its tick at 03:00 Moscow time would restart a spec's imports under it.
        IMPORTS_CRON: 'off',
        // The browser tests' local supplier (server/test/supplier-server.ts) lives on this computer: only this opens the door to it (issue 37).
        SUPPLIER_PRIVATE_HOSTS: '127.0.0.1',
        // The connection rules enforced, breaches collected for the check at the end (tests/e2e/global-teardown.ts).
        DATABASE_DISCIPLINE: 'strict',
        DATABASE_DISCIPLINE_REPORT: path.join(process.env.E2E_DATA_DIR, 'discipline-breaches.txt'),
      },
    },
    {
      // Serves renderer/test-fixtures (components not yet on a screen) with /api proxied to the server above.
      command: `npx vite --config renderer/vite.config.ts --host 127.0.0.1 --port ${FIXTURES_PORT} --strictPort`,
      url: `http://127.0.0.1:${FIXTURES_PORT}/test-fixtures/photo-list.html`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { API_TARGET: `http://127.0.0.1:${PORT}` },
    },
  ],
});
