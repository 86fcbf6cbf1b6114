/**
 * Errors are not empty lists (issue 10): a list that cannot be read says why and offers 'Повторить';
 * with no connection a banner says so, clears itself and the lists are read again; a save offline
 * or with an expired session says what happened and keeps the form; an expired session is renewed
 * in a dialog over the page; a link opened without a session is where the user lands after signing in.
 */
import { expect, test, type Route } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { ADMIN, ensureAdmin, expireSession, LANDING, sql } from './session.js';
import { seedScreens } from './seed.js';

test.use({ viewport: { width: 1366, height: 768 } });

/** The countries list searched for the seed's Россия (other specs' countries fill the first page). */
const RUSSIA = `/countries?query=${encodeURIComponent('Россия')}`;

test('a list the server refuses shows the reason and Повторить, never "no data"', async ({ page }) => {
  await ensureAdmin(page);
  await seedScreens(page);
  for (const [status, message] of [
    [500, MESSAGES.http.serverError],
    [404, MESSAGES.http.notFound],
    [422, MESSAGES.validation.oneOf],
  ] as const) {
    await page.route('**/api/countries?**', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) }));
    await page.goto(RUSSIA);
    await expect(page.getByText(MESSAGES.connection.listFailed)).toBeVisible();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.list.empty)).toHaveCount(0);
    await page.unroute('**/api/countries?**');
    await page.getByRole('button', { name: MESSAGES.connection.retry }).click();
    await expect(page.getByRole('row', { name: /Россия/ })).toBeVisible();
  }
});

test('offline: a banner that clears itself, lists read again, a save that says it was not saved and keeps the form', async ({ page, context }) => {
  await ensureAdmin(page);
  await page.goto(RUSSIA);
  await expect(page.getByRole('row', { name: /Россия/ })).toBeVisible();
  // The clients screen opened once while online (a screen's code is fetched when it is first opened).
  await page.getByRole('link', { name: 'Клиенты' }).click();
  await expect(page).toHaveURL(/\/clients/);
  await expect(page.getByRole('heading', { name: 'Клиенты' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('row', { name: /Россия/ })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Клиенты' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.connection.offlineHint })).toBeVisible();
  // The list says why it is empty, and does not spin forever.
  await expect(page.getByText(MESSAGES.connection.listFailed)).toBeVisible();
  await expect(page.locator('table .bp6-spinner')).toHaveCount(0);

  // A save while offline: said, and the form stays with what was typed.
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Фамилия/).fill('Офлайнов');
  await dialog.getByLabel(/^Имя/).fill('Пётр');
  await dialog.getByLabel(/^Телефон/).fill('9031112233');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.connection.notSaved)).toBeVisible();
  await expect(page.getByText(MESSAGES.errors.saveFailedText)).toHaveCount(0);
  await expect(dialog.getByLabel(/^Фамилия/)).toHaveValue('Офлайнов');

  // Back online: the banner goes by itself, the list under the dialog is read again, the save goes through.
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.connection.offlineHint })).toBeHidden({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.clients.saved)).toBeVisible();
  // Other tests' clients may fill the first page (ordered by id): the list is searched for this one.
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('Офлайнов');
  await expect(page.getByRole('row', { name: /Офлайнов/ })).toBeVisible();
  await expect(page.getByText(MESSAGES.connection.listFailed)).toHaveCount(0);
});

test('the session expires mid-edit: a sign-in dialog over the page, the form intact, then the save goes through', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/clients?query=Сессионный');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'Добавление клиента' });
  await form.getByLabel(/^Фамилия/).fill('Сессионный');
  await form.getByLabel(/^Имя/).fill('Иван');
  await form.getByLabel(/^Телефон/).fill('9034445566');

  await expireSession(page);
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.connection.sessionExpired).first()).toBeVisible();
  await expect(page.getByText(MESSAGES.errors.saveFailedText)).toHaveCount(0);
  const signIn = page.getByRole('dialog').filter({ hasText: MESSAGES.connection.sessionExpiredText });
  await expect(signIn).toBeVisible();
  await expect(page).toHaveURL(/\/clients\?query=/);
  expect(await sql('SELECT id FROM clients WHERE surname = $1', ['Сессионный'])).toEqual([]);

  await expect(signIn.getByLabel('Email')).toHaveValue(ADMIN.email);
  await signIn.getByLabel('Пароль').fill(ADMIN.password);
  await signIn.getByRole('button', { name: 'Войти' }).click();
  await expect(signIn).toBeHidden();
  await expect(page).toHaveURL(/\/clients\?query=/);
  await expect(form.getByLabel(/^Фамилия/)).toHaveValue('Сессионный');
  await expect(form.getByLabel(/^Телефон/)).toHaveValue('+7 (903) 444-55-66');

  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.clients.saved)).toBeVisible();
  await expect(page.getByRole('row', { name: /Сессионный/ })).toBeVisible();
  expect(await sql('SELECT id FROM clients WHERE surname = $1', ['Сессионный'])).toHaveLength(1);
});

test('a link opened without a session leads to /auth and back to it after signing in', async ({ page, context }) => {
  await ensureAdmin(page);
  await context.clearCookies();
  await page.goto('/clients?query=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0&page=1');
  await expect(page).toHaveURL(/\/auth\?next=/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Пароль').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/clients\?query=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0&page=1$/);
  await expect(page.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('Иванова');
  // Another site is never a place to return to: the user lands on their working page instead.
  await context.clearCookies();
  await page.goto('/auth?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Пароль').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(LANDING);
});

test('a screen whose code cannot be fetched says so in Russian inside the app, and opens by itself when the server answers again', async ({ page, context }) => {
  await ensureAdmin(page);
  await seedScreens(page);
  await page.goto(RUSSIA);
  await expect(page.getByRole('row', { name: /Россия/ })).toBeVisible();

  // The clients screen is a chunk of its own, fetched when first opened: offline, the fetch gets no answer.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Клиенты' }).click();
  const failed = page.locator('.status-page').filter({ has: page.getByRole('heading', { name: MESSAGES.connection.pageFailed }) });
  await expect(failed).toBeVisible();
  await expect(failed.getByText(MESSAGES.connection.offline, { exact: true })).toBeVisible();
  await expect(failed.getByRole('button', { name: MESSAGES.connection.retry })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.connection.offlineHint })).toBeVisible();
  // Inside the app's frame (the menus stay), never the router's English page or a blank one.
  await expect(page.getByRole('button', { name: 'Справочники' })).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error|Failed to fetch/)).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('searchbox', { name: 'Поиск' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/clients/);
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('Иванова');
  await expect(page.getByRole('row', { name: /Иванова/ })).toBeVisible();
  await expect(page.getByText(MESSAGES.connection.pageFailed)).toHaveCount(0);
});

test('the dashboard, a bus schedule and the hotel editor say why their data could not be read, and Повторить reads it again', async ({ page }) => {
  await ensureAdmin(page);
  const refuse = (status: number, message: string) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) });

  // The dashboard's grid: refused, then read again.
  await page.route('**/api/transports/schedules/seats?**', refuse(404, MESSAGES.http.notFound));
  await page.goto('/');
  await expect(page.getByText(MESSAGES.connection.listFailed)).toBeVisible();
  await expect(page.getByText(MESSAGES.http.notFound, { exact: true })).toBeVisible();
  await page.unroute('**/api/transports/schedules/seats?**');
  await page.getByRole('button', { name: MESSAGES.connection.retry }).click();
  await expect(page.getByText(MESSAGES.connection.listFailed)).toHaveCount(0);
  await expect(page.locator('.dashboard-table').or(page.getByText(MESSAGES.transport.dashboardNoData))).toBeVisible();

  // A schedule that cannot be read says the server's reason (it used to say only 'непредвиденная ошибка').
  await page.route('**/api/transports/7/schedules', refuse(403, MESSAGES.auth.forbidden));
  await page.goto('/transports/schedules/7');
  await expect(page.getByText(MESSAGES.connection.listFailed)).toBeVisible();
  await expect(page.getByText(MESSAGES.auth.forbidden, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: MESSAGES.connection.retry })).toBeVisible();

  // The hotel editor's lists: refused, then read again — the form appears.
  await page.route('**/api/hotels/data', refuse(422, MESSAGES.validation.oneOf));
  await page.goto('/hotels/create');
  await expect(page.getByText(MESSAGES.hotels.loadFailed)).toBeVisible();
  await expect(page.getByText(MESSAGES.validation.oneOf, { exact: true })).toBeVisible();
  await page.unroute('**/api/hotels/data');
  await page.getByRole('button', { name: MESSAGES.connection.retry }).click();
  await expect(page.getByTestId('editor-save')).toBeVisible();
});
