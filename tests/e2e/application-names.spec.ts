/**
 * Issue 27 as a first-day manager meets it: an avia application's Трансферы tab names its cities (never
 * `#id`), the totals block shows what applies to the type on every tab, a locked price reads as money,
 * the calendar closes when Tab leaves it, a stay's guests are named, and a tour service's «Даты» fit the
 * 1366×768 screen with child prices as money. Screenshots go to test-results/screens/names-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { ApplicationStatus } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { ensureAdmin, signIn, signOut, sql, ensureStaff } from './session.js';
import { seedScreens } from './seed.js';

test.describe.configure({ mode: 'serial' });

const A = MESSAGES.applications;
const MANAGER = { surname: 'Городова', name: 'Нина', email: 'manager.names@example.com', password: 'manager-secret-1' };

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/names-${name}.png` });
}

/** The seeded avia application (tests/e2e/seed.ts): its id, and the manager who may open it. */
async function aviaApplication(page: Page): Promise<number> {
  await ensureAdmin(page);
  await seedScreens(page);
  const managerId = await ensureStaff(page, { ...MANAGER, role: 3 });
  const [avia] = await sql<{ id: number }>(`SELECT id FROM applications WHERE type = 5 AND manual_price_without_discount = 64400 ORDER BY id LIMIT 1`);
  // The manager's own order (a manager opens the applications they manage).
  await sql(`UPDATE applications SET user_id = $1 WHERE id = $2`, [managerId, avia!.id]);
  await signOut(page);
  await signIn(page, MANAGER.email, MANAGER.password);
  return avia!.id;
}

test.use({ viewport: { width: 1366, height: 768 } });

test('a manager opens an avia application: the transfers name their cities, the totals show its price on every tab', async ({ page }) => {
  const id = await aviaApplication(page);
  await page.goto(`/applications/${id}/edit`);
  const totals = page.getByRole('group', { name: A.totalsTitle });
  await page.getByTestId('tab-transfers').click();

  const forth = page.getByTestId('transfer-forth-row-0');
  await expect(forth).toContainText('Симферополь');
  await expect(forth).toContainText('Ялта');
  await expect(page.getByTestId('transfer-back-row-0')).toContainText('Ялта');
  await expect(page.locator('.application-transfers td', { hasText: /#\d+/ })).toHaveCount(0);

  // On this tab, not only on Основное: an avia price is set by hand — no estimate of 0,00 ₽, no «Скидка не больше» the price.
  await expect(totals.getByTestId('totals-price_without_discount')).toHaveText('64\u00a0400,00\u00a0₽');
  await expect(totals.getByTestId('totals-price_total')).toHaveText('64\u00a0400,00\u00a0₽');
  await expect(totals.getByTestId('totals-estimated_price_without_discount')).toHaveCount(0);
  await expect(totals).not.toContainText('Скидка не больше');
  await shot(page, 'transfers-tab');
  await page.getByTestId('tab-contacts').click();
  await expect(totals.getByTestId('totals-price_total')).toHaveText('64\u00a0400,00\u00a0₽');
  await shot(page, 'totals-contacts-tab');

  // The vendor request of an avia order: its transfers, no empty hotel table.
  await page.getByTestId('tab-vendor-request').click();
  await expect(page.getByRole('table', { name: 'Трансферы' })).toContainText('Симферополь');
  await expect(page.getByRole('heading', { name: 'Проживание' })).toHaveCount(0);
  await shot(page, 'vendor-request');
});

test('a price locked for the manager reads as money, not «64400»', async ({ page }) => {
  const id = await aviaApplication(page);
  await sql(`UPDATE applications SET status = $1 WHERE id = $2`, [ApplicationStatus.AwaitingVendor, id]);
  await page.goto(`/applications/${id}/edit`);
  const price = page.locator('#field-manual_price_without_discount');
  await expect(price).toBeDisabled();
  await expect(price).toHaveValue('64\u00a0400,00\u00a0₽');
  await sql(`UPDATE applications SET status = $1 WHERE id = $2`, [ApplicationStatus.New, id]);
});

test('the calendar of a date field closes when Tab leaves it, not covering the next field', async ({ page }) => {
  const id = await aviaApplication(page);
  await page.goto(`/applications/${id}/edit`);
  await page.getByTestId('tab-transfers').click();
  await page.getByTestId('transfer-forth-row-0').getByRole('button', { name: MESSAGES.list.edit }).click();
  const dialog = page.getByRole('dialog');
  const start = dialog.getByLabel('Даты: с');
  await start.click();
  const calendar = page.locator('.bp6-datepicker');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(calendar).toBeHidden();
  await expect(dialog.getByLabel('Даты: по')).toBeFocused();
  await shot(page, 'transfer-dialog-after-tab');
});

test('a stay names its guests, its meal select has one «Без питания»; a tour service’s periods fit and show child prices as money', async ({ page }) => {
  await ensureAdmin(page);
  await seedScreens(page);
  const [hotelApplication] = await sql<{ id: number }>(`SELECT id FROM applications WHERE type = 1 ORDER BY id LIMIT 1`);
  await page.goto(`/applications/${hotelApplication!.id}/edit`);
  await page.getByTestId('tab-accommodations').click();
  await expect(page.getByTestId('accommodations-row-0')).toContainText('2 взр.');
  await expect(page.getByTestId('accommodations-row-0')).not.toContainText(' / ');
  await page.getByTestId('accommodations-row-0').getByRole('button', { name: MESSAGES.list.edit }).click();
  const stay = page.getByRole('dialog');
  const meals = await stay.locator('#accommodation-meal_id option').allTextContents();
  expect(meals.filter((meal) => meal === A.noMeal).length, meals.join(', ')).toBeLessThanOrEqual(1);
  await shot(page, 'stay-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/tours/services');
  await page.getByRole('row', { name: /Ай-Петри/ }).getByRole('button', { name: MESSAGES.list.edit }).click();
  const service = page.getByRole('dialog');
  await service.getByRole('tab', { name: 'Даты' }).click();
  const period = service.getByRole('group', { name: 'Периоды цен' });
  await expect(period).toContainText('6–14: 1\u00a0000,00\u00a0₽');
  const box = await service.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
  const overflow = await period.locator('table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  expect(overflow, 'the periods table scrolls sideways').toBeLessThanOrEqual(1);
  await expect(period.getByRole('button', { name: MESSAGES.list.delete }).first()).toBeInViewport();
  await shot(page, 'service-dates');
});
