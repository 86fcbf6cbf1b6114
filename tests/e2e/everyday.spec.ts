/**
 * The small things that add up (issue 10): the cursor starts in a dialog's first field, Enter saves,
 * an agency's status change is asked first, clients are found by a phone typed any way, money and
 * commissions read `1 234 567,89 ₽` / `12%`, sign-in lands on a working screen, and the header keeps
 * its buttons free with big counters and a long name on a 1366×768 screen.
 */
import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { apiPost, ensureAdmin, LANDING, signIn, sql } from './session.js';
import { seedScreens } from './seed.js';
import { coveredProblems, HEADER_CONTROLS, headerOverflow } from './walk.js';

test.use({ viewport: { width: 1366, height: 768 } });

test('a dialog starts in its first field, and Enter in any one-line field saves it', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/countries');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/^Название/)).toBeFocused();
  await page.keyboard.type('Киргизия');
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.countries.saved)).toBeVisible();
  await expect(dialog).toBeHidden();

  // An edit dialog too, once its record is read; Enter in a date or a number field saves as well.
  await page.goto('/hotels/promotions');
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog.getByLabel(/^Название/)).toBeFocused();
  await page.keyboard.type('Сохранение клавишей ввода');
  await dialog.getByLabel('Дата публикации').fill('15.05.2026');
  await dialog.getByLabel('Дата публикации').press('Enter');
  await expect(page.getByText(MESSAGES.hotelHandbooks.promotionSaved)).toBeVisible();
  expect(await sql(`SELECT to_char(published_date, 'DD.MM.YYYY') AS date FROM promotions WHERE name = 'Сохранение клавишей ввода'`)).toEqual([{ date: '15.05.2026' }]);

  await page.getByRole('row', { name: /Сохранение клавишей ввода/ }).getByRole('button', { name: 'Редактировать' }).click();
  await expect(dialog.getByLabel(/^Название/)).toBeFocused();
  await dialog.getByText('Скидка').click();
  await dialog.getByLabel(/^Размер скидки/).fill('7');
  await dialog.getByLabel(/^Размер скидки/).press('Enter');
  // The first save's toast may still be there: the second one joins it.
  await expect(page.getByText(MESSAGES.hotelHandbooks.promotionSaved).last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => sql(`SELECT percent FROM promotions WHERE name = 'Сохранение клавишей ввода'`)).toEqual([{ percent: 7 }]);
});

test("changing an agency's status is asked first, as deleting is", async ({ page }) => {
  await ensureAdmin(page);
  const agency = (await apiPost(page, '/agencies', { legal_name: 'ООО «Спросить сначала»' })).data as { id: number };
  await page.goto('/agencies?query=Спросить');
  const row = page.getByRole('row', { name: /Спросить сначала/ });
  await row.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(MESSAGES.agencies.confirmApprove('ООО «Спросить сначала»'));
  await question.getByRole('button', { name: 'Отмена' }).click();
  expect(await sql('SELECT status FROM agencies WHERE id = $1', [agency.id])).toEqual([{ status: 1 }]);

  await row.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  await question.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText(MESSAGES.agencies.approved('ООО «Спросить сначала»'))).toBeVisible();
  expect(await sql('SELECT status FROM agencies WHERE id = $1', [agency.id])).toEqual([{ status: 2 }]);

  await row.getByRole('button', { name: 'Подтвердить подписание договора' }).click();
  await expect(question).toContainText(MESSAGES.agencies.confirmContract('ООО «Спросить сначала»'));
  await question.getByRole('button', { name: 'Отмена' }).click();
  expect(await sql('SELECT status FROM agencies WHERE id = $1', [agency.id])).toEqual([{ status: 2 }]);
});

test('a client is found by a phone typed any way; money and commissions carry ₽ and %', async ({ page }) => {
  await ensureAdmin(page);
  await seedScreens(page);
  await page.goto('/clients');
  const search = page.getByRole('searchbox', { name: 'Поиск' });
  for (const typed of ['+7 (916) 123-45-67', '8 916 123 45 67', '9161234567']) {
    await search.fill(typed);
    await expect(page.getByRole('row', { name: /Константинопольский/ })).toBeVisible();
    await expect(page.getByTestId('list-count')).toHaveText(/из 1 записей/);
  }

  await page.goto('/agencies?query=anastasia-tour');
  await expect(page.getByRole('row', { name: /Ковалёва/ })).toContainText('150\u00a0000,00\u00a0₽');
  await page.goto('/agencies?query=yuzhny-bereg');
  await expect(page.getByRole('row', { name: /Южный берег/ })).toContainText('12%');
});

test('sign-in lands on a working screen, never on a page still in the works', async ({ page }) => {
  await ensureAdmin(page);
  await page.getByRole('button', { name: 'Профиль' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await signIn(page, 'admin@example.com', 'admin-secret-1');
  await expect(page).toHaveURL(LANDING);
  await expect(page.getByRole('heading', { name: 'Заявки' })).toBeVisible();
  await expect(page.getByText('Раздел в разработке')).toHaveCount(0);
});

test('at 1366×768 three-digit counters and a long name never cover the header buttons', async ({ page }) => {
  await ensureAdmin(page);
  const email = 'dlinnoe-imya@example.com';
  if ((await sql('SELECT id FROM users WHERE email = $1', [email])).length === 0) {
    await apiPost(page, '/users', { surname: 'Константинопольская-Преображенская', name: 'Анастасия-Виктория', patronymic: 'Александровна', email, password: 'long-name-secret-1', role: 1, is_active: true });
  }
  await sql(`INSERT INTO clients (surname, name, phone) SELECT 'Счётчик', 'Клиент' || n, '+79985' || lpad(n::text, 3, '0') || '777' FROM generate_series(1, 150) AS n ON CONFLICT DO NOTHING`);
  await sql(`INSERT INTO agencies (legal_name) SELECT 'ООО «Счётчик ' || n || '»' FROM generate_series(1, 120) AS n`);
  await page.getByRole('button', { name: 'Профиль' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await signIn(page, email, 'long-name-secret-1');
  await expect(page.getByTestId('badge-clients')).toHaveText(/^\d{3}$/);
  await expect(page.getByTestId('badge-agencies')).toHaveText(/^\d{3}$/);
  expect(await coveredProblems(page, HEADER_CONTROLS, 'header control')).toEqual([]);
  expect(await headerOverflow(page)).toEqual([]);
  const header = (await page.locator('.app-header').boundingBox())!;
  expect(header.height).toBeLessThanOrEqual(51);
  // The greeting is cut with '…': the whole name is there at once on hover, in a tooltip (not the browser's slow title).
  await page.getByTestId('greeting').hover();
  await expect(page.locator('.bp6-tooltip')).toContainText('Здравствуйте, Константинопольская-Преображенская Анастасия-Виктория');
  await page.screenshot({ path: 'test-results/screens/greeting-tooltip-1366.png' });
});

test('at 1366×768 the icon sidebar names its entries at once and they are links (Ctrl+click opens a new tab)', async ({ page, context }) => {
  await ensureAdmin(page);
  await page.goto('/clients');
  const hotels = page.locator('.app-sidebar').getByRole('menuitem', { name: 'Отели' });
  // A real link, not the browser's slow native title.
  await expect(hotels).toHaveAttribute('href', '/hotels');
  await expect(hotels).not.toHaveAttribute('title', /.*/);
  // Icons only at this width: the name is in a tooltip shown at once on hover.
  await expect(hotels.locator('.bp6-fill')).toHaveCSS('width', '1px');
  await hotels.hover();
  await expect(page.locator('.bp6-tooltip')).toHaveText('Отели', { timeout: 1000 });
  await page.screenshot({ path: 'test-results/screens/sidebar-tooltip-1366.png' });
  // Ctrl+click: a new tab with the section, this one stays where it was.
  const opened = context.waitForEvent('page');
  await hotels.click({ modifiers: ['Control'] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/hotels');
  await expect(page).toHaveURL(/\/clients/);
  await tab.close();
  // A plain click stays in the app.
  await page.locator('.app-sidebar').getByRole('menuitem', { name: 'Документы агентств' }).click();
  await expect(page).toHaveURL(/\/agencies\/files/);
});
