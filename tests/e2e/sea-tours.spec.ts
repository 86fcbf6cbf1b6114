/**
 * Sea tours in the browser (spec 03 §2.10): a tour made in the editor with a city, the bus transfer
 * type and one there/back transport pair; seen in the list; its active switch with the
 * 'now inactive' message; the delete question.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const NAME = 'Геленджик: море и горы';

/** A screenshot at the office size, 1366×768, for a person to look at. */
async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/sea-tours-${name}.png` });
}

async function choose(scope: Page | Locator, page: Page, field: string, option: string) {
  await scope.getByTestId(`select-${field}`).click();
  // The open list's own box: a closing popover may still hold a hidden one.
  await page.getByPlaceholder('Поиск').filter({ visible: true }).last().fill(option.slice(0, 8));
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a sea tour with a city, the bus transfer and one transport pair: saved, listed, switched off', async ({ page }) => {
  const [gelendzhik, armavir] = await insertCities(db, ['Геленджик', 'Армавир']);
  const bus = await insertTransportation(db, undefined, 'Автобус «Сетра»');
  const dates = { startDate: daysFromToday(-1), finishDate: daysFromToday(90), days: [5] };
  await insertTransport(db, { name: 'Армавир — Геленджик', transportationId: bus, cities: [armavir!, gelendzhik!], ...dates });
  await insertTransport(db, { name: 'Геленджик — Армавир', transportationId: bus, cities: [gelendzhik!, armavir!], ...dates });
  await sql('INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3)', [gelendzhik, 'Отель «Маяк»', `mayak-${Date.now()}`]);

  await ensureAdmin(page);
  await page.goto('/sea-tours');
  await expect(page.getByRole('heading', { name: 'Морские туры' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/sea-tours\/create$/);
  await expect(page.getByRole('heading', { name: 'Создание морского тура' })).toBeVisible();

  await page.getByLabel('Название').fill(NAME);
  // The address follows the name until typed.
  await expect(page.getByText('Из названия: gelendzhik-more-i-gory')).toBeVisible();
  await choose(page, page, 'city_id', 'Геленджик');
  await shot(page, 'general');

  // Markups: the tour's three and a group of the city's hotels with its own.
  await page.getByRole('tab', { name: 'Наценки' }).click();
  await page.getByLabel('Наценка (автобус), %').fill('10');
  await page.getByLabel('Наценка (ж/д), %').fill('101');
  await page.getByRole('button', { name: 'Добавить группу' }).click();
  const group = page.getByRole('dialog', { name: 'Добавление группы отелей' });
  await group.locator('#hotel-group-dialog-hotels_ids').click();
  await page.getByRole('option', { name: 'Отель «Маяк»', exact: true }).click();
  await page.keyboard.press('Escape');
  await group.getByLabel('Наценка (авиа), %').fill('7');
  await shot(page, 'group-dialog');
  await group.getByTestId('hotel-group-dialog-save').click();
  await expect(group).toBeHidden();
  await expect(page.getByTestId('hotels-row-0')).toContainText('Отель «Маяк»');
  await shot(page, 'commission');

  await page.getByRole('tab', { name: 'Транспорт' }).click();
  // Without the bus transfer the pair table is locked.
  await expect(page.getByRole('button', { name: 'Добавить пару' })).toHaveCount(0);
  await page.locator('#field-transfer_types_ids').click();
  await page.getByRole('option', { name: 'Автобус', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Добавить пару' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление пары транспорта' });
  await expect(dialog).toBeVisible();
  await choose(dialog, page, 'transport_forth_id', 'Армавир — Геленджик');
  await choose(dialog, page, 'transport_back_id', 'Геленджик — Армавир');
  await shot(page, 'pair-dialog');
  await dialog.getByTestId('transport-pair-dialog-save').click();
  await expect(dialog).toBeHidden();
  const pair = page.getByTestId('transports-row-0');
  await expect(pair).toContainText('Армавир — Геленджик');
  await expect(pair).toContainText('Геленджик — Армавир');
  // Once a transport is chosen the city is locked.
  await page.getByRole('tab', { name: 'Основное' }).click();
  await expect(page.getByTestId('select-city_id')).toBeDisabled();
  await page.getByRole('tab', { name: 'Транспорт' }).click();
  await shot(page, 'transports');

  // 101 % is refused before sending: the commission tab is marked and its field says why.
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('.bp6-toast')).toContainText('Ошибка сохранения');
  // Under its field (the toast names it too).
  await expect(page.getByRole('tabpanel').getByText('Значение поля не может быть больше 100.')).toBeVisible();
  await page.getByLabel('Наценка (ж/д), %').fill('5');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Тур успешно сохранен')).toBeVisible();
  await expect(page).toHaveURL(/\/sea-tours$/);
  const [stored] = await sql<{ id: number; slug: string; is_active: boolean; city_id: number }>('SELECT id, slug, is_active, city_id FROM sea_tours WHERE name = $1', [NAME]);
  expect(stored).toMatchObject({ slug: 'gelendzhik-more-i-gory', is_active: true, city_id: gelendzhik });
  expect(await sql('SELECT commission_sum, commission_railway_sum FROM sea_tours WHERE id = $1', [stored!.id])).toEqual([{ commission_sum: 10, commission_railway_sum: 5 }]);
  expect(await sql('SELECT h.name, g.commission_avia_sum FROM sea_tour_hotel_groups g JOIN sea_tour_group_hotels l ON l.group_id = g.id JOIN hotels h ON h.id = l.hotel_id WHERE g.sea_tour_id = $1', [stored!.id])).toEqual([
    { name: 'Отель «Маяк»', commission_avia_sum: 7 },
  ]);
  expect(await sql('SELECT t.transfer_type FROM sea_tour_transfer_types t WHERE t.sea_tour_id = $1', [stored!.id])).toEqual([{ transfer_type: 1 }]);
  expect(await sql('SELECT f.name AS forth, b.name AS back FROM sea_tour_transports p JOIN transports f ON f.id = p.transport_forth_id JOIN transports b ON b.id = p.transport_back_id WHERE p.sea_tour_id = $1', [stored!.id])).toEqual([
    { forth: 'Армавир — Геленджик', back: 'Геленджик — Армавир' },
  ]);

  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  const active = row.getByRole('switch');
  await expect(active).toBeChecked();
  await active.click({ force: true });
  await expect(page.getByText(`«${NAME}» теперь неактивен`)).toBeVisible();
  await expect(active).not.toBeChecked();
  expect((await sql<{ is_active: boolean }>('SELECT is_active FROM sea_tours WHERE id = $1', [stored!.id]))[0]!.is_active).toBe(false);
  await shot(page, 'list');

  // The editor reads it back: names of the pair's transports, the city locked.
  await row.getByRole('button', { name: 'Редактировать' }).click();
  await expect(page).toHaveURL(new RegExp(`/sea-tours/${stored!.id}/edit`));
  await expect(page.getByRole('heading', { name: 'Редактирование морского тура' })).toBeVisible();
  await page.getByRole('tab', { name: 'Транспорт' }).click();
  await expect(page.getByTestId('transports-row-0')).toContainText('Армавир — Геленджик');
  await page.getByRole('button', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(/\/sea-tours$/);

  // Delete asks the spec's question; Отмена keeps the tour.
  await page.getByRole('row', { name: new RegExp(NAME) }).getByRole('button', { name: 'Удалить' }).click();
  const question = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Вы действительно желаете удалить тур?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toBeVisible();
});

test('the sea-tour editor whose record or lists cannot be read says why, and Повторить shows the tour', async ({ page }) => {
  const [stored] = await sql<{ id: number }>('SELECT id FROM sea_tours WHERE name = $1', [NAME]);
  const refuse = (status: number, message: string) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) });
  const retry = page.getByRole('button', { name: MESSAGES.connection.retry });
  await ensureAdmin(page);
  await page.route(`**/api/sea-tours/${stored!.id}`, refuse(404, MESSAGES.http.notFound));
  await page.route('**/api/sea-tours/data', refuse(500, MESSAGES.errors.unexpected));
  await page.goto(`/sea-tours/${stored!.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Редактирование морского тура' })).toBeVisible();
  await expect(page.locator('.editor-page').getByText(MESSAGES.errors.unexpected).first()).toBeVisible();
  await expect(retry).toBeVisible();
  await expect(page.getByTestId('editor-save')).toHaveCount(0);

  await page.unroute(`**/api/sea-tours/${stored!.id}`);
  await page.unroute('**/api/sea-tours/data');
  await retry.click();
  await expect(page.getByLabel('Название *')).toHaveValue(NAME);
  await expect(page.getByTestId('editor-save')).toBeVisible();
});
