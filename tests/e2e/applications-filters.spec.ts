/**
 * The order book's filter bar (issue 19, spec 03 §2.1) used as a user does: type, payment status,
 * start date, city, requester type, unread messages, source and the mobile application's platform,
 * each together with a search of this spec's own word — the browser tests share one database, so
 * its four applications need not be on the first page. Each filter narrows the rows, is kept in the
 * address (a reload shows the same view) and, cleared, brings the rows back. Screenshot at 1366×768:
 * /tmp/app-filters-platform.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { insertCities } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const suffix = String(Date.now()).slice(-6);
// The search word of this run: the suffix's digits as letters, so the word search finds it alone (and no Latin shows).
const WORD = `Сито${[...suffix].map((digit) => 'абвгдежзик'[Number(digit)]).join('')}`;
const AGENCY = `ООО «Решето ${suffix}»`;
const CLIENT = { surname: 'Решетова', name: 'Анна' };
const FIRST_DAY = '2031-03-14';
const OTHER_DAY = '2031-03-21';
const CITY_A = `Вельск ${suffix}`;
const CITY_B = `Няндома ${suffix}`;

interface Seed {
  type: 5 | 6;
  requester: 'agency' | 'client';
  paymentStatus: number;
  startDate: string;
  city: 'a' | 'b';
  source: string | null;
  platform?: 'Android' | 'IOS';
  tourist: string;
}

interface Inserted {
  id: number;
  number: string;
  tourist: string;
}

let agencyId = 0;
let clientId = 0;
const cities = { a: 0, b: 0 };
const apps: Record<'avia' | 'rail' | 'android' | 'ios', Inserted> = {} as never;

/** An application written straight into the database as the editor would store it (search text included), with its one tourist. */
async function insertFilteredApplication(seed: Seed): Promise<Inserted> {
  const [{ number }] = (await sql<{ number: string }>(`SELECT '2099-' || nextval('application_number_seq') AS number`)) as [{ number: string }];
  const tourist = `${WORD} ${seed.tourist}`;
  const requesterName = seed.requester === 'agency' ? AGENCY : `${CLIENT.surname} ${CLIENT.name}`;
  const [row] = await sql<{ id: number }>(
    `INSERT INTO applications (number, type, agency_id, client_id, status, payment_status, phone, search_text, price_total, agency_to_pay, start_date, city_id, source, source_payload)
     VALUES ($1, $2, $3, $4, 2, $5, '+79161234567', $6, 15000, 13500, $7, $8, $9, $10) RETURNING id`,
    [
      number,
      seed.type,
      seed.requester === 'agency' ? agencyId : null,
      seed.requester === 'client' ? clientId : null,
      seed.paymentStatus,
      [number, requesterName, '+79161234567', tourist].join(' '),
      seed.startDate,
      cities[seed.city],
      seed.source,
      seed.platform ? JSON.stringify({ platform: seed.platform }) : null,
    ],
  );
  await sql(`INSERT INTO tourists (application_id, last_name, first_name, document, document_number, citizenship, gender, position) VALUES ($1, $2, $3, 1, $4, 1, 1, 0)`, [
    row!.id,
    WORD,
    seed.tourist,
    `46${suffix}`,
  ]);
  return { id: row!.id, number, tourist };
}

const numbers = (page: Page) => page.locator('.resource-table tbody a.app-number');
const rowOf = (page: Page, app: Inserted) => page.getByRole('row').filter({ has: page.getByRole('link', { name: `№${app.number}`, exact: true }) });
const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The rows on screen are exactly these (newest first), each showing its tourist; the others are gone. */
async function expectRows(page: Page, shown: Inserted[]) {
  await expect(numbers(page)).toHaveText(shown.map((app) => `№${app.number}`));
  for (const app of shown) await expect(rowOf(page, app)).toContainText(app.tourist);
  for (const app of Object.values(apps).filter((other) => !shown.includes(other))) await expect(rowOf(page, app)).toHaveCount(0);
}

const ALL = () => [apps.ios, apps.android, apps.rail, apps.avia];

/** The list opened from the landing page and searched for this run's word: all four, newest first. */
async function openSearched(page: Page) {
  await ensureAdmin(page);
  await page.getByLabel(MESSAGES.list.searchPlaceholder).fill(WORD);
  await expect(page).toHaveURL(new RegExp(`query=${encodeURIComponent(WORD)}`));
  await expectRows(page, ALL());
}

/** Chooses `option` in the select `label`, checks the rows, the address and that a reload keeps them, then clears the select. */
async function checkSelect(page: Page, label: string, option: string, param: RegExp, shown: Inserted[]) {
  await select(page, label).selectOption({ label: option });
  await expectRows(page, shown);
  await expect(page).toHaveURL(param);
  await page.reload();
  await expect(select(page, label).locator('option:checked')).toHaveText(option);
  await expect(page.getByLabel(MESSAGES.list.searchPlaceholder)).toHaveValue(WORD);
  await expectRows(page, shown);
  // '… : все' is the select's clearing choice.
  await select(page, label).selectOption({ label: `${label}: ${MESSAGES.list.all}` });
  await expect(page).not.toHaveURL(param);
  await expectRows(page, ALL());
}

test.beforeAll(async () => {
  [{ id: agencyId }] = (await sql<{ id: number }>(`INSERT INTO agencies (legal_name, brand, is_active, is_new) VALUES ($1, 'Решето', true, false) RETURNING id`, [AGENCY])) as [{ id: number }];
  [{ id: clientId }] = (await sql<{ id: number }>(`INSERT INTO clients (surname, name, phone, is_new) VALUES ($1, $2, $3, false) RETURNING id`, [
    CLIENT.surname,
    CLIENT.name,
    `+7925${suffix}0`,
  ])) as [{ id: number }];
  [cities.a, cities.b] = (await insertCities(db, [CITY_A, CITY_B])) as [number, number];
  // Oldest first: the list shows them the other way round.
  apps.avia = await insertFilteredApplication({ type: 5, requester: 'agency', paymentStatus: 1, startDate: FIRST_DAY, city: 'a', source: null, tourist: 'Олег' });
  apps.rail = await insertFilteredApplication({ type: 6, requester: 'agency', paymentStatus: 3, startDate: OTHER_DAY, city: 'b', source: 'web_site', tourist: 'Пётр' });
  apps.android = await insertFilteredApplication({ type: 5, requester: 'client', paymentStatus: 2, startDate: FIRST_DAY, city: 'b', source: 'mobile_application', platform: 'Android', tourist: 'Инна' });
  apps.ios = await insertFilteredApplication({ type: 6, requester: 'client', paymentStatus: 1, startDate: OTHER_DAY, city: 'a', source: 'mobile_application', platform: 'IOS', tourist: 'Зоя' });
  // The requester writes from the cabinet (an outside channel): the kept unread flag is the triggers'.
  await sql(`INSERT INTO application_messages (application_id, message, from_requester) VALUES ($1, 'Где мои билеты?', true)`, [apps.ios.id]);
});

// This spec's rows leave with it: the later specs' lists of the one shared database stay as they expect them.
test.afterAll(async () => {
  await sql(`DELETE FROM applications WHERE id = ANY($1)`, [Object.values(apps).map((app) => app.id)]);
  await sql(`DELETE FROM cities WHERE id = ANY($1)`, [[cities.a, cities.b]]);
});

test('the type narrows the rows and is kept in the address', async ({ page }) => {
  await openSearched(page);
  await checkSelect(page, 'Тип', 'Ж/д', /[?&]type=6(&|$)/, [apps.ios, apps.rail]);
  await checkSelect(page, 'Тип', 'Авиа', /[?&]type=5(&|$)/, [apps.android, apps.avia]);
});

test('the payment status narrows the rows and is kept in the address', async ({ page }) => {
  await openSearched(page);
  await checkSelect(page, 'Статус оплаты', 'Оплачена', /[?&]payment_status=3(&|$)/, [apps.rail]);
  await checkSelect(page, 'Статус оплаты', 'Частично оплачена', /[?&]payment_status=2(&|$)/, [apps.android]);
  await checkSelect(page, 'Статус оплаты', 'Не оплачена', /[?&]payment_status=1(&|$)/, [apps.ios, apps.avia]);
});

test('the city narrows the rows and is kept in the address', async ({ page }) => {
  await openSearched(page);
  await checkSelect(page, 'Город', CITY_A, new RegExp(`[?&]city_id=${cities.a}(&|$)`), [apps.ios, apps.avia]);
  await checkSelect(page, 'Город', CITY_B, new RegExp(`[?&]city_id=${cities.b}(&|$)`), [apps.android, apps.rail]);
});

test('the requester type narrows the rows and is kept in the address', async ({ page }) => {
  await openSearched(page);
  await checkSelect(page, 'Тип заказчика', 'Клиент', /[?&]requester_type=client(&|$)/, [apps.ios, apps.android]);
  await expect(rowOf(page, apps.ios)).toContainText(`${CLIENT.surname} ${CLIENT.name}`);
  await checkSelect(page, 'Тип заказчика', 'Агентство', /[?&]requester_type=agency(&|$)/, [apps.rail, apps.avia]);
});

test('the unread messages filter narrows the rows and is kept in the address', async ({ page }) => {
  await openSearched(page);
  await checkSelect(page, 'Непрочитанные', 'Есть непрочитанные', /[?&]unread_messages=1(&|$)/, [apps.ios]);
  await checkSelect(page, 'Непрочитанные', 'Нет непрочитанных', /[?&]unread_messages=0(&|$)/, [apps.android, apps.rail, apps.avia]);
  await expect(rowOf(page, apps.ios).getByTestId('unread-count')).toHaveText('1');
});

test('the start date, typed or cleared from the calendar, narrows the rows and is kept in the address', async ({ page }) => {
  await openSearched(page);
  const date = page.getByLabel('Дата начала', { exact: true });
  await date.fill('14.03.2031');
  await date.press('Escape');
  await expectRows(page, [apps.android, apps.avia]);
  await expect(page).toHaveURL(new RegExp(`[?&]start_date=${FIRST_DAY}(&|$)`));
  await page.reload();
  await expect(date).toHaveValue('14.03.2031');
  await expectRows(page, [apps.android, apps.avia]);
  // Another day, picked again by typing; then the calendar's own clear button.
  await date.fill('21.03.2031');
  await date.press('Escape');
  await expectRows(page, [apps.ios, apps.rail]);
  await expect(page).toHaveURL(new RegExp(`[?&]start_date=${OTHER_DAY}(&|$)`));
  await page.getByRole('button', { name: MESSAGES.dates.openCalendar }).click();
  await page.locator('.bp6-popover').getByRole('button', { name: MESSAGES.dates.clear }).click();
  await expect(date).toHaveValue('');
  await expect(page).not.toHaveURL(/start_date=/);
  await expectRows(page, ALL());
});

test('the source narrows the rows; the platform is offered only for the mobile application', async ({ page }) => {
  await openSearched(page);
  await expect(select(page, 'Платформа')).toHaveCount(0);
  await checkSelect(page, 'Источник', MESSAGES.applications.officeSource, /[?&]source=none(&|$)/, [apps.avia]);
  await checkSelect(page, 'Источник', 'С сайта', /[?&]source=web_site(&|$)/, [apps.rail]);

  await select(page, 'Источник').selectOption({ label: 'Из мобильного приложения' });
  await expectRows(page, [apps.ios, apps.android]);
  await expect(rowOf(page, apps.ios)).toContainText('Из мобильного приложения (IOS)');
  await expect(select(page, 'Платформа')).toBeVisible();
  await select(page, 'Платформа').selectOption({ label: 'IOS' });
  await expectRows(page, [apps.ios]);
  await expect(page).toHaveURL(/[?&]source=mobile_application(&|$)/);
  await expect(page).toHaveURL(/[?&]platform=IOS(&|$)/);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '/tmp/app-filters-platform.png' });
  await page.reload();
  await expect(select(page, 'Платформа')).toHaveValue('IOS');
  await expectRows(page, [apps.ios]);
  await select(page, 'Платформа').selectOption({ label: 'Android' });
  await expectRows(page, [apps.android]);
  await expect(page).toHaveURL(/[?&]platform=Android(&|$)/);
  await select(page, 'Платформа').selectOption({ label: `Платформа: ${MESSAGES.list.all}` });
  await expectRows(page, [apps.ios, apps.android]);
  await expect(page).not.toHaveURL(/platform=/);

  // Another source forgets the platform: the select goes, and so does the address's platform.
  await select(page, 'Платформа').selectOption({ label: 'Android' });
  await expectRows(page, [apps.android]);
  await select(page, 'Источник').selectOption({ label: 'С сайта' });
  await expect(select(page, 'Платформа')).toHaveCount(0);
  await expect(page).not.toHaveURL(/platform=/);
  await expectRows(page, [apps.rail]);
  await select(page, 'Источник').selectOption({ label: `Источник: ${MESSAGES.list.all}` });
  await expectRows(page, ALL());
});

test('filters combine, and the reset button clears them all with the search', async ({ page }) => {
  await openSearched(page);
  await select(page, 'Тип заказчика').selectOption({ label: 'Клиент' });
  await select(page, 'Тип').selectOption({ label: 'Авиа' });
  await expectRows(page, [apps.android]);
  await select(page, 'Город').selectOption({ label: CITY_A });
  await expect(page.getByText(MESSAGES.list.empty)).toBeVisible();
  await expect(numbers(page)).toHaveCount(0);
  await page.getByRole('button', { name: MESSAGES.applicationList.resetFilters }).click();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByLabel(MESSAGES.list.searchPlaceholder)).toHaveValue('');
  for (const label of ['Тип', 'Город', 'Тип заказчика']) await expect(select(page, label)).toHaveValue('');
  await expect(page.getByRole('button', { name: MESSAGES.applicationList.resetFilters })).toHaveCount(0);
  // The same search again finds all four.
  await page.getByLabel(MESSAGES.list.searchPlaceholder).fill(WORD);
  await expectRows(page, ALL());
});
