/**
 * Аналитика (issue 29), as an accountant (analytics is all three roles'): two applications of 2021 in
 * a city of this spec's own (the shared database holds other specs' applications; the city and the
 * year keep these apart) — «В работе» (price 1 000, net 600, made in the office) and «Новая» (price
 * 2 000, net 1 500, «С сайта»). The creation period and the city are chosen in the filter bar,
 * the totals and the charts (the direction's and the sources' labelled bars) show both; picking the
 * status «В работе» narrows the address, the totals, both charts and the table to the first; «Экспорт
 * в Excel» downloads `Аналитика 01.01.2021–31.12.2021.xlsx` holding it alone. A manager of neither
 * (from the picker of all staff) leaves nothing, said by the charts and the table; the product is
 * locked until its kind is chosen; a period ending before it starts is said under its end. No console warnings
 * (recharts 3 on React 18). Screenshots at 1366×768: /tmp/anrend/analytics-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { APPLICATION_SOURCES, ApplicationSource } from '../../shared/applications/constants.js';
import { formatMoney } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { signInAsStaff, sql } from './session.js';

const A = MESSAGES.analytics;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const ACCOUNTANT = { surname: 'Сводкина', name: 'Вера', email: 'accountant.analytics@example.com', password: 'accountant-secret-1', role: 2 };
const CITY = 'Аналитбург';
const DIRECTION = 'Аналитическое направление';
const SITE = APPLICATION_SOURCES.find((source) => source.id === ApplicationSource.WebSite)!.name;

let inWork: string;
let fresh: string;

/** Finds the row named `name` in `table`, or writes it with `insert`; its id. */
async function ensure(table: string, name: string, insert: string, params: unknown[] = []) {
  const [found] = await sql<{ id: number }>(`SELECT id FROM ${table} WHERE name = $1`, [name]);
  return found?.id ?? (await sql<{ id: number }>(insert, [name, ...params]))[0]!.id;
}

/** An «Авиа» application of this spec's city, created in 2021 with its stored sums; its number. */
async function seedApplication(city: number, fields: { status: number; price: string; net: string; createdAt: string; source: string | null; adults: number }) {
  const inserted = await insertApplication(db);
  await sql(
    `UPDATE applications SET status = $2, price_total = $3, net_total = $4, created_at = $5, source = $6, adult_count = $7, city_id = $8 WHERE id = $1`,
    [inserted.id, fields.status, fields.price, fields.net, fields.createdAt, fields.source, fields.adults, city],
  );
  return inserted.number;
}

test.beforeAll(async () => {
  const city = await ensure('cities', CITY, `INSERT INTO cities (name, slug, country_id) SELECT $1, 'analitburg', id FROM countries ORDER BY id LIMIT 1 RETURNING id`);
  const direction = await ensure('directions', DIRECTION, `INSERT INTO directions (name) VALUES ($1) RETURNING id`);
  await sql('INSERT INTO direction_cities (direction_id, city_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [direction, city]);
  inWork = await seedApplication(city, { status: 2, price: '1000.00', net: '600.00', createdAt: '2021-03-10T12:00:00+03:00', source: null, adults: 2 });
  fresh = await seedApplication(city, { status: 1, price: '2000.00', net: '1500.00', createdAt: '2021-05-20T12:00:00+03:00', source: ApplicationSource.WebSite, adults: 3 });
});

const total = (page: Page, name: string) => page.getByTestId(`analytics-total-${name}`);

/** Picks `option` in a searchable select or multi-select opened by `opener`. */
async function choose(page: Page, opener: ReturnType<Page['getByTestId']>, typed: string, option: string) {
  await opener.click();
  await page.keyboard.type(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the accountant filters analytics by period, city and status: totals, charts and table follow; the table exports as xlsx', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await signInAsStaff(page, ACCOUNTANT);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('link', { name: 'Аналитика' }).click();
  await expect(page).toHaveURL(/\/analytics$/);

  // The period and the city through the bar: the address keeps them.
  await page.getByLabel(A.filters.createdFrom).fill('01.01.2021');
  await page.getByLabel(A.filters.createdTo).fill('31.12.2021');
  await choose(page, page.getByTestId('select-city_id'), CITY, CITY);
  await expect(page).toHaveURL(/date_from=2021-01-01/);
  await expect(page).toHaveURL(/date_to=2021-12-31/);
  await expect(page).toHaveURL(/city_id=\d+/);

  await expect(total(page, 'applications')).toContainText('2');
  await expect(total(page, 'price')).toContainText(formatMoney('3000'));
  await expect(total(page, 'proceeds')).toContainText(formatMoney('900')); // (1000 − 600) + (2000 − 1500)
  await expect(total(page, 'people')).toContainText('5');
  const byDirection = page.getByTestId('analytics-chart-direction');
  const bySource = page.getByTestId('analytics-chart-source');
  // The axis wraps a long name onto two lines (two SVG tspans, no space between their texts).
  await expect(byDirection).toContainText(/Аналитическое\s*направление/);
  await expect(byDirection).toContainText(formatMoney('900'));
  await expect(byDirection).toContainText(A.charts.byDirectionNote);
  await expect(bySource).toContainText(MESSAGES.applications.officeSource);
  await expect(bySource).toContainText(SITE);
  await expect(page.getByTestId(`analytics-row-${inWork}`)).toBeVisible();
  await expect(page.getByTestId(`analytics-row-${fresh}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/anrend/analytics-both.png', fullPage: true });

  // «В работе» alone: the totals, both charts and the table follow.
  await choose(page, page.getByLabel(A.filters.statuses), 'В раб', 'В работе');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/statuses_ids=2(&|$)/);
  await expect(total(page, 'applications')).toContainText('1');
  await expect(total(page, 'price')).toContainText(formatMoney('1000'));
  await expect(total(page, 'proceeds')).toContainText(formatMoney('400'));
  await expect(byDirection).toContainText(formatMoney('400'));
  await expect(byDirection).not.toContainText(formatMoney('900'));
  await expect(bySource).not.toContainText(SITE);
  await expect(page.getByTestId(`analytics-row-${inWork}`)).toBeVisible();
  await expect(page.getByTestId(`analytics-row-${fresh}`)).toHaveCount(0);
  await expect(page.getByTestId('list-count')).toHaveText(MESSAGES.list.shown(1, 1, 1));
  await page.screenshot({ path: '/tmp/anrend/analytics-filtered.png' });
  await page.screenshot({ path: '/tmp/anrend/analytics-filtered-full.png', fullPage: true });

  // The number opens the application's editor.
  await expect(page.getByTestId(`analytics-row-${inWork}`).getByRole('link', { name: `№${inWork}` })).toHaveAttribute('href', /\/applications\/\d+\/edit$/);

  // The table as the filters show it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: A.export }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Аналитика 01.01.2021–31.12.2021.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const cells = workbook.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : []));
  expect(cells).toContain(inWork);
  expect(cells).not.toContain(fresh);

  // A manager of none of them (the accountant herself, from the picker of all staff): nothing to show, said so.
  await page.getByTestId('analytics-filter-user_id').click();
  await page.keyboard.type(ACCOUNTANT.surname);
  await page.getByRole('option', { name: new RegExp(ACCOUNTANT.surname) }).click();
  await expect(page).toHaveURL(/user_id=\d+/);
  await expect(total(page, 'applications')).toContainText('0');
  await expect(page.getByText(A.charts.empty)).toBeVisible();
  await expect(page.getByText(A.empty)).toBeVisible();
  await page.screenshot({ path: '/tmp/anrend/analytics-empty.png' });

  // A product is one of the chosen kind's: locked until a kind is chosen.
  await expect(page.getByTestId('analytics-filter-product_id')).toBeDisabled();
  await choose(page, page.getByTestId('select-subject_id'), 'Отел', 'Отель');
  await expect(page.getByTestId('analytics-filter-product_id')).toBeEnabled();

  // The period's end before its start is said under it; the screen keeps what it showed.
  await page.getByLabel(A.filters.createdTo).fill('01.01.2020');
  await expect(page.getByText(MESSAGES.dates.order)).toBeVisible();
  await expect(total(page, 'applications')).toContainText('0');

  // Resetting forgets every filter, the address too.
  await page.getByRole('button', { name: A.filters.reset }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  expect(warnings).toEqual([]);
});
