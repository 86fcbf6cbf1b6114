/**
 * Issue 10's three walks in one: a new user opens every screen of the registry (shared/routes.ts with
 * features/screens.ts) and every dialog on it at 1366×768, starting signed out. A screen joins the
 * walk by being registered; nothing here names a screen.
 */
import { expect, test, type Browser } from '@playwright/test';
import { ensureAdmin } from './session.js';
import { seedScreens } from './seed.js';
import { latinWords, listenToConsole, settle, walkScreens, type Findings } from './walk.js';

const findings: Findings = { latin: [], console: [], layout: [], codes: [], numbers: [], visited: [] };

async function walk(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'ru-RU' });
  // A step that cannot happen fails in seconds, not at the end of the walk's time.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  let where = 'вход';
  listenToConsole(page, findings, () => where);
  // Signed out: the app opened at its start page lands on the sign-in page (no 401 in the console).
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth/);
  await settle(page);
  await ensureAdmin(page);
  const records = await seedScreens(page);
  await walkScreens(page, findings, (next) => (where = next), records);
  await context.close();
}

/**
 * One walk, three verdicts (soft: each is reported even when another fails, so one run shows all
 * that is wrong): Russian text, a clean console, and a 1366×768 layout where nothing is covered.
 */
test('a walk through every screen and dialog at 1366×768: Russian text, clean console, nothing covered', async ({ browser }) => {
  test.setTimeout(600_000);
  await walk(browser);

  const pages = findings.visited.filter((place) => !place.includes('›') && !place.includes('skipped'));
  expect.soft(pages.length, findings.visited.join('\n')).toBeGreaterThan(40);
  for (const opened of ['› Добавить', '› Редактировать', '› Удалить', '› Просмотр', '› «Открыть календарь»']) {
    expect.soft(findings.visited.some((place) => place.includes(opened)), `the walk opened ${opened}`).toBe(true);
  }
  expect.soft(findings.latin, 'visible text and accessible labels in Latin words').toEqual([]);
  expect.soft(findings.console, 'browser console errors and warnings').toEqual([]);
  expect.soft(findings.layout, 'covered, cut off or wrapped at 1366×768').toEqual([]);
  // Every editor table names what it references, and every sum and count reads as shared/format.ts writes it.
  expect.soft(findings.visited.some((place) => place.includes('› вкладка «Трансферы»')), 'the walk opened an application\'s transfers').toBe(true);
  expect.soft(findings.codes, 'references shown as #<digits> in a table').toEqual([]);
  expect.soft(findings.numbers, 'sums and counts outside the shared formats').toEqual([]);
});

test('the Latin-word check itself: words are caught, addresses and codes are not', () => {
  expect(latinWords('Vendor successfully saved')).toEqual(['Vendor', 'successfully', 'saved']);
  expect(latinWords('Not connected')).toEqual(['Not', 'connected']);
  expect(latinWords('info@severnoe-siyanie.travel https://gnezdo.test/search Договор.pdf')).toEqual([]);
  expect(latinWords('SEO, ID, Email, Wi-Fi, Заголовок H1, JSON-объект')).toEqual([]);
});
