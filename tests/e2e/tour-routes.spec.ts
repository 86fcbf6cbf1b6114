/**
 * Routes in the browser (spec 03 §2.4): a route made in the editor — owner type, a transport from
 * its picker, kind and dates, a hotel of the finish city on the 'Туда' tab — seen in the list, then
 * edited: a hotel on the way back, the server's refusal marking the tab, the kind narrowed to one way.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const R = MESSAGES.tourRoutes;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const TRANSPORT = 'Ростов — Таганрог — Ейск (маршрутный)';

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/** The transport (Ростов → stop in Таганрог → Ейск) and hotels of its cities, made once. */
async function arrange(): Promise<void> {
  if ((await sql('SELECT id FROM transports WHERE name = $1', [TRANSPORT])).length > 0) return;
  const [rostov, taganrog, eysk] = await insertCities(db, ['Ростов-на-Дону', 'Таганрог', 'Ейск']);
  await insertTransport(db, { name: TRANSPORT, transportationId: await insertTransportation(db), cities: [rostov!, taganrog!, eysk!], startDate: '2027-01-01', finishDate: '2027-12-31', days: [5] });
  for (const [city, name, slug] of [[eysk, 'Отель «Азовский бриз»', 'azov-briz'], [eysk, 'Гостиница «Ейск»', 'eysk'], [rostov, 'Отель «Дон Плаза»', 'don-plaza']] as const) {
    await sql('INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3)', [city, name, slug]);
  }
}

async function pick(page: Page, testId: string, typed: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByPlaceholder(MESSAGES.list.searchPlaceholder).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('creates a route with a hotel at its finish and sees it in the list', async ({ page }) => {
  await ensureAdmin(page);
  await arrange();
  await page.goto('/routes');
  await expect(page.getByRole('heading', { name: 'Маршруты' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/routes\/create/);
  await expect(page.getByRole('heading', { name: 'Создание маршрута' })).toBeVisible();
  await expect(page.getByTestId('select-transport_type')).toHaveText('Автобусный тур');
  await expect(page.getByRole('tabpanel', { name: 'Туда' }).getByText(R.chooseTransport)).toBeVisible();

  await pick(page, 'picker-transport_id', 'Таганрог', TRANSPORT);
  const forth = page.getByTestId('route-points-forth');
  // 'Туда': the start and finish cities, the stop between named by its info.
  await expect(forth.locator('.route-point-heading')).toHaveText([/Город\s*Ростов-на-Дону/, /Остановка\s*Остановка у вокзала\s*Таганрог/, /Город\s*Ейск/]);
  await page.getByLabel('Дата отправления *').fill('04.06.2027');
  await page.getByLabel('Дата возвращения *').fill('11.06.2027');
  await page.getByLabel('Дата возвращения *').press('Tab');

  const finish = forth.locator('.route-point').nth(2);
  await finish.getByRole('button', { name: 'Отели', exact: true }).click();
  // Only the hotels of Ейск are offered.
  await expect(page.getByRole('option')).toHaveText(['Гостиница «Ейск» Ейск', 'Отель «Азовский бриз» Ейск']);
  await page.getByRole('option', { name: 'Отель «Азовский бриз»' }).click();
  await finish.getByLabel('Дата прибытия: Отель «Азовский бриз»').fill('04.06.2027');
  await finish.getByLabel('Время прибытия: Отель «Азовский бриз»').fill('21:15');
  // A hotel chosen is not offered again.
  await finish.getByRole('button', { name: 'Отели', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['Гостиница «Ейск» Ейск']);
  await page.keyboard.press('Escape');
  await shot(page, 'route-create-1366');

  await page.getByTestId('editor-save').click();
  await expect(page.getByText(R.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/routes(\?.*)?$/);
  const row = page.getByRole('row').filter({ hasText: TRANSPORT });
  await expect(row).toContainText('Туда и обратно');
  await expect(row).toContainText('Автобусный тур');
  await expect(row).toContainText('04.06.2027');
  await expect(row).toContainText('11.06.2027');
  await shot(page, 'routes-list-1366');

  expect(
    await sql(
      `SELECT p.is_forth, h.arrival_date::text, h.arrival_time::text, ho.name FROM tour_routes r JOIN transports t ON t.id = r.transport_id
         JOIN tour_route_points p ON p.route_id = r.id JOIN tour_route_hotels h ON h.point_id = p.id JOIN hotels ho ON ho.id = h.hotel_id WHERE t.name = $1`,
      [TRANSPORT],
    ),
  ).toEqual([{ is_forth: true, arrival_date: '2027-06-04', arrival_time: '21:15:00', name: 'Отель «Азовский бриз»' }]);
});

test('edits the route: a hotel on the way back, the refused time marks the tab, then one way only', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/routes');
  await page.getByRole('row').filter({ hasText: TRANSPORT }).getByRole('button', { name: 'Редактировать' }).click();
  await expect(page.getByRole('heading', { name: 'Редактирование маршрута' })).toBeVisible();
  await expect(page.getByTestId('picker-transport_id')).toHaveText(TRANSPORT);
  await expect(page.getByLabel('Дата отправления *')).toHaveValue('04.06.2027');
  await expect(page.getByTestId('route-points-forth').getByLabel('Время прибытия: Отель «Азовский бриз»')).toHaveValue('21:15');

  await page.getByRole('tab', { name: 'Обратно' }).click();
  const back = page.getByTestId('route-points-back');
  // 'Обратно' is the same points reversed.
  await expect(back.locator('.route-point-heading')).toHaveText([/Ейск/, /Таганрог/, /Ростов-на-Дону/]);
  const rostov = back.locator('.route-point').nth(2);
  await rostov.getByRole('button', { name: 'Отели', exact: true }).click();
  await page.getByRole('option', { name: 'Отель «Дон Плаза»' }).click();
  await rostov.getByLabel('Дата прибытия: Отель «Дон Плаза»').fill('11.06.2027');
  await rostov.getByLabel('Время прибытия: Отель «Дон Плаза»').fill('23:00');
  // The server judges this one: the time reaches it out of range, and the tab carries the mark.
  await page.route('**/api/routes/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const body = route.request().postDataJSON();
    body.routes[1].hotels[0].arrival_time = '25:00';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(R.saveFailedText)).toBeVisible();
  await page.unroute('**/api/routes/*');
  await expect(page.getByTestId('tab-back').getByLabel(MESSAGES.editor.tabHasErrors)).toBeVisible();
  await expect(page.getByTestId('tab-forth').getByLabel(MESSAGES.editor.tabHasErrors)).toHaveCount(0);
  await expect(rostov.getByText(MESSAGES.fields.time)).toBeVisible();
  await shot(page, 'route-edit-error-1366');
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(R.saved)).toBeVisible();
  expect(await sql(`SELECT count(*)::int AS count FROM tour_route_hotels h JOIN hotels ho ON ho.id = h.hotel_id WHERE ho.name = 'Отель «Дон Плаза»' AND h.arrival_time = '23:00'`)).toEqual([{ count: 1 }]);

  // 'Только туда': no return date, no 'Обратно'; saved without the way back.
  await page.getByRole('row').filter({ hasText: TRANSPORT }).getByRole('button', { name: 'Редактировать' }).click();
  await page.getByTestId('select-kind').click();
  await page.getByRole('option', { name: 'Только туда', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Обратно' })).toHaveCount(0);
  await expect(page.getByLabel('Дата возвращения *')).toHaveCount(0);
  await page.getByTestId('editor-save').click();
  // The first save's toast may still be up on a slow machine: this save's is the last one.
  await expect(page.getByText(R.saved).last()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: TRANSPORT });
  await expect(row).toContainText('Только туда');
  expect(await sql(`SELECT r.back_date, count(p.id)::int AS points FROM tour_routes r JOIN transports t ON t.id = r.transport_id LEFT JOIN tour_route_points p ON p.route_id = r.id WHERE t.name = $1 GROUP BY r.id`, [TRANSPORT])).toEqual([{ back_date: null, points: 1 }]);
});

test('a route that cannot be read says why, and Повторить shows it', async ({ page }) => {
  await ensureAdmin(page);
  const [{ id }] = await sql<{ id: number }>('SELECT r.id FROM tour_routes r JOIN transports t ON t.id = r.transport_id WHERE t.name = $1', [TRANSPORT]);
  await page.route(`**/api/routes/${id}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.errors.unexpected }) }));
  await page.goto(`/routes/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Редактирование маршрута' })).toBeVisible();
  await expect(page.locator('.editor-page').getByText(R.loadFailed).first()).toBeVisible();
  await expect(page.getByTestId('editor-save')).toHaveCount(0);
  await page.unroute(`**/api/routes/${id}`);
  await page.getByRole('button', { name: MESSAGES.connection.retry }).click();
  await expect(page.getByTestId('picker-transport_id')).toHaveText(TRANSPORT);
  await expect(page.getByTestId('editor-save')).toBeVisible();
});

test('deletes the route after the question', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/routes');
  await page.getByRole('row').filter({ hasText: TRANSPORT }).getByRole('button', { name: 'Удалить' }).click();
  const question = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: R.confirmDelete });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: /Да|Удалить/ }).click();
  await expect(page.getByText(R.deleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TRANSPORT })).toHaveCount(0);
});
