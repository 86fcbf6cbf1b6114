import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '../../shared/messages.js';
import { laneDataDir } from './lane.js';
import { ensureAdmin } from './session.js';

/** The process id of this lane's embedded PostgreSQL (tests/e2e/lane.ts). */
function postmasterPid(): number {
  const file = path.join(laneDataDir(), 'postgres', 'postmaster.pid');
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

test('the embedded database is killed during work: the save says the database is unavailable, and a moment later it saves', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/countries');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Название/).fill('Мальта');

  process.kill(postmasterPid(), 'SIGKILL');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.database.unavailable).first()).toBeVisible();
  await expect(page.getByText(MESSAGES.errors.contactDevelopers)).toHaveCount(0);
  await expect(dialog).toBeVisible(); // what was typed is still there

  // The server restarts the database by itself; the same form then saves.
  await expect(async () => {
    expect((await page.request.get('/api/health')).status()).toBe(200);
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.countries.saved)).toBeVisible();
  // Found by the search: other tests' countries may fill the first page.
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('Мальта');
  await expect(page.getByRole('row', { name: /Мальта/ })).toBeVisible();
});
