/**
 * The application editor's История tab (issue 28 "History"): a status change recorded by the cancel
 * shows who made it, the field in Russian and the statuses by name. Screenshot at 1366×768 in
 * test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { applicationStatus, ApplicationStatus } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { ADMIN, ensureAdmin, sql } from './session.js';

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };

test('the administrator cancels an application and its История tab shows the status change in Russian', async ({ page }) => {
  const application = await insertApplication(db);
  await ensureAdmin(page);
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const cancel = await page.request.put(`/api/applications/cancel/${application.id}`, { data: {}, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/applications/${application.id}/edit`);
  await expect(page.getByRole('heading', { name: MESSAGES.applications.editTitle })).toBeVisible();
  await page.getByTestId('tab-history').click();
  const row = page.getByTestId('application-history').locator('tbody tr').first();
  await expect(row.locator('td').nth(1)).toHaveText(`${ADMIN.surname} ${ADMIN.name}`);
  await expect(row.locator('td').nth(2)).toHaveText('Статус');
  await expect(row.locator('td').nth(3)).toHaveText(applicationStatus(ApplicationStatus.New)!.name);
  await expect(row.locator('td').nth(4)).toHaveText(applicationStatus(ApplicationStatus.Cancelled)!.name);
  await page.screenshot({ path: 'test-results/screens/application-history.png' });
});
