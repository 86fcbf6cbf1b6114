/**
 * The bus-transport editor when its data cannot be read (issue 16, "every editor shows ReadFailure
 * with Повторить"): the lists behind its selects (`/api/transports/data`) or the record itself
 * (`/api/transports/{id}`) refused → the reason and 'Повторить', never an empty page; once the server
 * answers again, Повторить shows the form (and, for a record, the record in it).
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const refuse = (status: number, message: string) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) });
const retry = (page: Page) => page.getByRole('button', { name: MESSAGES.connection.retry });

test('the bus-transport editor whose lists cannot be read says why, and Повторить brings the form', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  let refused = 0;
  await page.route('**/api/transports/data', async (route) => {
    refused += 1;
    await refuse(500, MESSAGES.errors.unexpected)(route);
  });
  await page.goto('/transports/create');
  await expect(page.getByRole('heading', { name: 'Создание автобусного тура' })).toBeVisible();
  await expect(page.getByText(MESSAGES.connection.listFailed)).toBeVisible();
  await expect(page.getByText(MESSAGES.errors.unexpected, { exact: true })).toBeVisible();
  await expect(retry(page)).toBeVisible();
  await expect(page.getByTestId('editor-save')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('transport-editor-read-failure.png') });

  // Still refused: Повторить asks again and the page still says why.
  const before = refused;
  await retry(page).click();
  await expect.poll(() => refused).toBeGreaterThan(before);
  await expect(retry(page)).toBeVisible();

  await page.unroute('**/api/transports/data');
  await retry(page).click();
  await expect(page.getByTestId('editor-save')).toBeVisible();
  await expect(page.getByLabel('Название *')).toHaveValue('');
  await expect(page.getByText(MESSAGES.connection.listFailed)).toHaveCount(0);
});

test('the bus-transport editor whose record cannot be read says why, and Повторить shows the record', async ({ page }) => {
  const cities = await insertCities(db, ['Казань', 'Самара']);
  const transportationId = await insertTransportation(db);
  const id = await insertTransport(db, { name: 'Казань — Самара', transportationId, cities, startDate: daysFromToday(1), finishDate: daysFromToday(30), days: [5] });
  await ensureAdmin(page);
  await page.route(`**/api/transports/${id}`, refuse(404, MESSAGES.http.notFound));
  await page.goto(`/transports/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Редактирование автобусного тура' })).toBeVisible();
  await expect(page.getByText(MESSAGES.http.notFound, { exact: true }).first()).toBeVisible();
  await expect(page.locator('.editor-page').getByText(MESSAGES.connection.listFailed)).toBeVisible();
  await expect(page.getByTestId('editor-save')).toHaveCount(0);

  await page.unroute(`**/api/transports/${id}`);
  await retry(page).click();
  await expect(page.getByLabel('Название *')).toHaveValue('Казань — Самара');
  await expect(page.getByTestId('editor-save')).toBeVisible();
});
