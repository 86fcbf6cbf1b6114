/**
 * A light, quick start of the renderer (issue 9 "Renderer"): one API call before the sign-in form,
 * no 401 for a visitor, every screen in a chunk of its own fetched when it is opened, and the
 * built files served precompressed with the right caching. (Times are measured by `npm run bench`,
 * never asserted here.)
 */
import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin } from './session.js';

/** Everything the page asks of the server and everything that went wrong, from now on. */
function watch(page: Page) {
  const apiCalls: string[] = [];
  const scripts: string[] = [];
  const failures: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') failures.push(`console ${message.type()}: ${message.text()}`);
  });
  return { apiCalls, scripts, failures };
}

test('a visitor gets the sign-in form after one API call, with no 401 and nothing in the console', async ({ browser }) => {
  const admin = await browser.newPage();
  await ensureAdmin(admin);
  await admin.close();
  // A new browser without a session, opening the app's start page and a deep link.
  for (const start of ['/', '/clients']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(start);
    await expect(page.getByRole('heading', { name: 'Вход в систему' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();

    expect(seen.apiCalls, start).toEqual(['GET /api/boot']);
    expect(seen.failures, start).toEqual([]);
    // The boot reply set the XSRF cookie the sign-in will send.
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
    await context.close();
  }
});

test("a screen's code is fetched when the screen is opened, not before", async ({ page }) => {
  await ensureAdmin(page);
  const seen = watch(page);
  await page.goto('/applications');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const usersChunk = /\/assets\/usersScreen-[\w-]+\.js$/;
  const listScreenChunk = /\/assets\/ResourceScreen-[\w-]+\.js$/;
  expect(seen.scripts.filter((script) => usersChunk.test(script) || listScreenChunk.test(script))).toEqual([]);

  await page.getByRole('link', { name: 'Пользователи' }).click();
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Петров Алексей/ })).toBeVisible();
  expect(seen.scripts.filter((script) => usersChunk.test(script))).toHaveLength(1);
  expect(seen.scripts.filter((script) => listScreenChunk.test(script))).toHaveLength(1);
  expect(seen.failures).toEqual([]);
});

test('signed in, a reload shows the screen with its data after one boot call, without the old csrf → me → setup chain', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/users');
  await expect(page.getByRole('row', { name: /Петров Алексей/ })).toBeVisible();

  const seen = watch(page);
  await page.reload();
  await expect(page.getByRole('row', { name: /Петров Алексей/ })).toBeVisible();
  expect(seen.apiCalls.filter((call) => call === 'GET /api/boot')).toHaveLength(1);
  expect(seen.apiCalls.filter((call) => /sanctum\/csrf-cookie|\/api\/me$|\/api\/setup$/.test(call))).toEqual([]);
  expect(seen.apiCalls).toContain('GET /api/users');
  expect(seen.failures).toEqual([]);
});

test('the built files come brotli-compressed, cached for good when hashed; index.html is revalidated', async ({ page }) => {
  const responses = new Map<string, { encoding?: string; cache?: string }>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) return;
    const headers = response.headers();
    responses.set(url.pathname, { encoding: headers['content-encoding'], cache: headers['cache-control'] });
  });
  await page.goto('/auth');
  await expect(page.getByLabel('Email')).toBeVisible();

  expect(responses.get('/auth')).toEqual({ encoding: 'br', cache: 'no-cache' });
  const assets = [...responses].filter(([pathname]) => /^\/assets\/.+\.(js|css)$/.test(pathname));
  expect(assets.length).toBeGreaterThan(3);
  for (const [pathname, reply] of assets) expect(reply, pathname).toEqual({ encoding: 'br', cache: 'public, max-age=31536000, immutable' });
});

test('the date pickers load with the first form that has one, and still save what is typed', async ({ page }) => {
  await ensureAdmin(page);
  const seen = watch(page);
  const dateChunk = /\/assets\/DateFields-[\w-]+\.js$/;
  await page.goto('/hotels/promotions');
  await expect(page.getByRole('heading', { name: 'Акции' })).toBeVisible();
  expect(seen.scripts.filter((script) => dateChunk.test(script))).toEqual([]);

  await page.getByRole('button', { name: 'Добавить' }).click();
  // Named: a date field's popover is a dialog too.
  const dialog = page.getByRole('dialog', { name: 'Добавление акции' });
  await dialog.getByLabel(/^Название/).fill('Раннее бронирование');
  await dialog.locator('#field-published_date').fill('01.06.2026');
  await dialog.locator('#field-published_date').press('Tab');
  await dialog.locator('#field-date_from').fill('10.06.2026');
  await dialog.getByPlaceholder('по ДД.ММ.ГГГГ').fill('20.06.2026');
  await dialog.getByPlaceholder('по ДД.ММ.ГГГГ').press('Tab');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  expect(seen.scripts.filter((script) => dateChunk.test(script))).toHaveLength(1);

  const list = await page.request.get('/api/hotels/promotions?query=Раннее');
  const [saved] = ((await list.json()) as { data: { id: number }[] }).data;
  const record = await page.request.get(`/api/hotels/promotions/${saved!.id}`);
  expect((await record.json()).data).toMatchObject({ published_date: '2026-06-01', date_from: '2026-06-10', date_to: '2026-06-20' });
  expect(seen.failures).toEqual([]);
});
