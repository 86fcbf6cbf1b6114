/**
 * Transport in the browser: a vehicle type whose scheme follows the rows (growing rows to place every seat); a bus tour made in the
 * editor (route with an intermediate stop, a departure date, tariffs) and copied; that tour's schedule
 * for its date — book and cancel a seat, add departure data, download both exports; the dashboard
 * shows the booking in its cell.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { MESSAGES } from '../../shared/messages.js';
import { daysFromToday, insertCities, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

/** A screenshot of the screen at the office size, 1366×768, for a person to look at (test-results/screens/). */
async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const seats = (page: Page, scope: string) => page.locator(`${scope} [data-seat]`);
/** The departure date of the bus tour made in the editor; its schedule is opened for it. */
const date = daysFromToday(3);
const typed = (iso: string) => iso.split('-').reverse().join('.');
/** The row of a list (a name cell) or of the dashboard (a row header) named exactly `name`. */
const rowNamed = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }).or(page.getByRole('rowheader', { name, exact: true })) });

async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByTestId(`select-${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a vehicle type: its seat scheme is redrawn as the rows change, and it is saved', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/transportation');
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/transportation\/create$/);
  await expect(page.getByRole('heading', { name: 'Создание транспортного средства' })).toBeVisible();
  const preview = '.transportation-preview';
  // The new form's layout: 11 rows of 4 and a rear bench of 5.
  await expect(seats(page, preview)).toHaveCount(49);
  await page.getByLabel('Название').fill('Setra 415 HD');
  // 49 seats in 6 declared rows and a rear bench of 5 (29 places): every seat is still drawn, in full rows
  // added before the rear bench (issue 25), and the form says so.
  await page.getByLabel('Количество рядов').fill('6');
  await expect(seats(page, preview)).toHaveCount(49);
  await expect(page.getByText(MESSAGES.transport.schemeGrown(5))).toBeVisible();
  await page.locator('label').filter({ hasText: 'Вторая дверь' }).click();
  await page.getByLabel('Рядов до второй двери').fill('3');
  await page.getByLabel('Ширина второй двери (рядов)').fill('1');
  await expect(seats(page, preview)).toHaveCount(49);
  await expect(page.getByText(MESSAGES.transport.schemeGrown(6))).toBeVisible();
  await expect(page.getByText('Схема вмещает мест: 51')).toBeVisible();
  await shot(page, 'transportation-scheme-grown-1366');
  // Fewer seats than the declared rows hold: no rows added, no note.
  await page.getByLabel('Количество мест').fill('27');
  await expect(seats(page, preview)).toHaveCount(27);
  await expect(page.getByText('Схема вмещает мест: 27')).toBeVisible();
  await expect(page.getByText(/Схема дополнена рядами/)).toHaveCount(0);
  // The grown layout saves as sent: 49 seats over 6 declared rows.
  await page.getByLabel('Количество мест').fill('49');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Транспорт успешно сохранен')).toBeVisible();
  await expect(page.locator('.bp6-toast')).toHaveCount(1);
  await expect(page.locator('.bp6-toast.bp6-intent-danger')).toHaveCount(0);
  await expect(page).toHaveURL(/\/transportation$/);
  // Found by a search: other specs' vehicle types fill the first page.
  await page.goto(`/transportation?query=${encodeURIComponent('Setra 415 HD')}`);
  const row = page.getByRole('row', { name: /Setra 415 HD/ });
  await expect(row).toContainText('Автобус');
  await expect(row).toContainText('Да');
  const [stored] = await sql<{ seats: number; rows: number; second_door_rows: number; schema_svg: string }>(`SELECT seats, rows, second_door_rows, schema_svg FROM transportations WHERE name = 'Setra 415 HD'`);
  expect(stored).toMatchObject({ seats: 49, rows: 6, second_door_rows: 3 });
  expect(stored!.schema_svg.match(/data-seat=/g)).toHaveLength(49);
});

test('a bus tour: made in the editor with an intermediate stop, a date and tariffs, then copied', async ({ page }) => {
  await insertCities(db, ['Москва', 'Тула', 'Орёл']);
  await insertTransportation(db, undefined, 'Neoplan Tourliner');
  await ensureAdmin(page);
  await page.goto('/transports');
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/transports\/create/);
  await expect(page.getByRole('heading', { name: 'Создание автобусного тура' })).toBeVisible();
  const editor = page.locator('.editor-page');
  await page.getByLabel('Название *').fill('Москва — Орёл');
  await choose(editor, page, 'transportation_id', 'Neoplan Tourliner');
  await page.getByLabel('Продолжительность, дней *').fill('1');
  await page.getByLabel('Цена для взрослого, ₽').fill('2500,50');
  for (const [label, value] of [['Дата начала *', daysFromToday(-1)], ['Дата окончания *', daysFromToday(40)]] as const) {
    await page.getByLabel(label).fill(typed(value));
    await page.getByLabel(label).press('Enter');
  }

  // The route: start, one intermediate stop in its dialog (six fields required, days within the duration), finish.
  await page.getByRole('tab', { name: 'Маршрут' }).click();
  const start = page.getByRole('tabpanel', { name: 'Отправление' });
  await choose(start, page, 'point_city_id', 'Москва');
  await start.getByLabel('Время отправления').fill('08:00');
  await page.getByRole('tab', { name: 'Промежуточные остановки' }).click();
  await page.getByRole('button', { name: 'Добавить остановку' }).click();
  const stop = page.getByRole('dialog', { name: 'Добавление остановки' });
  await stop.getByTestId('stop-dialog-save').click();
  await expect(page.getByText('Заполните все необходимые поля')).toBeVisible();
  await expect(stop.getByText('Поле обязательно для заполнения.')).toHaveCount(4);
  await choose(stop, page, 'point_city_id', 'Тула');
  await stop.getByLabel('Время прибытия *').fill('09:45');
  await stop.getByLabel('Время отправления *').fill('10:00');
  await stop.getByLabel('Информация *').fill('Автовокзал, платформа 2');
  await stop.getByLabel('День отправления *').fill('2');
  await stop.getByTestId('stop-dialog-save').click();
  await expect(stop.getByText('Значение не может быть больше продолжительности (1)')).toBeVisible();
  await stop.getByLabel('День отправления *').fill('1');
  await stop.getByTestId('stop-dialog-save').click();
  await expect(stop).toBeHidden();
  await expect(page.getByTestId('stops-row-0')).toContainText('Тула');
  await page.getByRole('tab', { name: 'Прибытие' }).click();
  const finish = page.getByRole('tabpanel', { name: 'Прибытие' });
  await choose(finish, page, 'point_city_id', 'Орёл');
  await finish.getByLabel('Время прибытия').fill('20:00');

  // Departures by date: the mode switch locks once a date is there.
  await page.getByRole('tab', { name: 'График' }).click();
  await page.getByRole('radio', { name: 'Даты' }).click();
  await page.getByRole('button', { name: 'Добавить дату' }).click();
  const dateDialog = page.getByRole('dialog', { name: 'Добавление даты' });
  await dateDialog.getByLabel('Дата отправления *').fill(typed(daysFromToday(-2)));
  // Enter in the dialog's field saves it (the shared dialog form).
  await dateDialog.getByLabel('Дата отправления *').press('Enter');
  await expect(dateDialog.getByText('Дата не может быть в прошлом')).toBeVisible();
  await dateDialog.getByLabel('Дата отправления *').fill(typed(date));
  // Enter in the dialog's field saves it (the shared dialog form).
  await dateDialog.getByLabel('Дата отправления *').press('Enter');
  await expect(dateDialog).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Дни недели' })).toBeDisabled();

  // Tariffs: one cell for each pair of points in route order.
  await page.getByRole('tab', { name: 'Тарифы' }).click();
  await expect(page.getByLabel(/^Тариф /)).toHaveCount(3);
  // Points are named by number, city and info (two points in one city read apart).
  await page.getByLabel(/^Тариф 1\. Москва.* → 2\. Тула \(Автовокзал, платформа 2\)$/).fill('900');
  await page.getByLabel(/^Тариф 1\. Москва.* → 3\. Орёл/).fill('1500');
  await page.getByLabel(/^Тариф 2\. Тула.* → 3\. Орёл/).fill('700');

  await page.getByTestId('editor-save').click();
  await expect(page.getByText('Направление успешно сохранено')).toBeVisible();
  await expect(page).toHaveURL(/\/transports(\?.*)?$/);
  // Other tests' bus tours may fill the first page (ordered by id): the list is searched for this one.
  await page.getByPlaceholder('Поиск').fill('Орёл');
  const row = rowNamed(page, 'Москва — Орёл');
  await expect(row).toContainText('Neoplan Tourliner');
  await expect(row).toContainText('Тула');
  await expect(row).toContainText(typed(date));
  const [transport] = await sql<{ id: number; adult_price: string }>(`SELECT id, adult_price FROM transports WHERE name = 'Москва — Орёл'`);
  expect(transport!.adult_price).toBe('2500.50');
  expect(await sql(`SELECT from_position, to_position, tariff FROM transport_tariffs WHERE transport_id = $1 ORDER BY 1, 2`, [transport!.id])).toEqual([
    { from_position: 0, to_position: 1, tariff: '900.00' },
    { from_position: 0, to_position: 2, tariff: '1500.00' },
    { from_position: 1, to_position: 2, tariff: '700.00' },
  ]);

  // A copy: the same route, tariffs reset to zero, a name of its own.
  await row.getByRole('button', { name: 'Копировать' }).click();
  await expect(page.getByRole('heading', { name: 'Копирование автобусного тура' })).toBeVisible();
  await expect(page.getByLabel('Название *')).toHaveValue('Москва — Орёл (копия)');
  // The copy says that its tariffs were reset.
  await expect(page.getByTestId('editor-notice')).toContainText('тарифы сброшены в 0');
  await shot(page, 'transport-copy-1366');
  await page.getByRole('tab', { name: 'Тарифы' }).click();
  await expect(page.getByLabel(/^Тариф 1\. Москва.* → 3\. Орёл/)).toHaveValue('0');
  await page.getByTestId('editor-save').click();
  // The first save's toast may still be up on a slow machine: the copy's is the last one, and its row proves it.
  await expect(page.getByText('Направление успешно сохранено').last()).toBeVisible();
  // Other tests' bus tours may fill the first page (ordered by id): the copy is found by its name.
  await page.getByPlaceholder('Поиск').fill('копия');
  await expect(rowNamed(page, 'Москва — Орёл (копия)')).toContainText('Тула');
});

test('a schedule: book and cancel a seat, add departure data, download both exports; the dashboard counts the seat', async ({ page }) => {
  // The bus tour made in the editor above: Москва → Тула → Орёл, departing on `date`.
  const [{ id: transportId }] = (await sql<{ id: number }>(`SELECT id FROM transports WHERE name = 'Москва — Орёл'`)) as [{ id: number }];
  await ensureAdmin(page);
  await page.goto('/transports/schedules');
  // Other tests' bus tours may fill the first page (ordered by id): the list is searched for this one.
  await page.getByPlaceholder('Поиск').fill('Орёл');
  await rowNamed(page, 'Москва — Орёл').getByRole('button', { name: 'Расписание' }).click();
  await expect(page).toHaveURL(new RegExp(`/transports/schedules/${transportId}$`));
  await expect(page.getByLabel('Дата отправления')).toHaveValue(date.split('-').reverse().join('.'));

  const scheme = '.schedule-seats';
  await seats(page, scheme).and(page.locator('[data-seat="5"]')).click();
  const dialog = page.getByRole('dialog', { name: 'Место 5' });
  await dialog.getByLabel('Откуда', { exact: true }).selectOption({ label: 'Москва' });
  await dialog.getByLabel('Куда', { exact: true }).selectOption({ label: 'Тула' });
  await dialog.getByRole('button', { name: 'Забронировать' }).click();
  await expect(page.getByText('Бронь установлена!')).toBeVisible();
  await expect(page.locator(`${scheme} [data-seat="5"]`)).toHaveAttribute('data-state', 'booked');

  // The seat is booked Москва → Тула: the dialog offers only the leg still free for it, Тула → Орёл.
  await page.locator(`${scheme} [data-seat="5"]`).click();
  await expect(dialog.getByLabel('Откуда', { exact: true }).locator('option')).toHaveText(['Выберите город', 'Тула']);
  await dialog.getByLabel('Откуда', { exact: true }).selectOption({ label: 'Тула' });
  await expect(dialog.getByLabel('Куда', { exact: true }).locator('option')).toHaveText(['Выберите город', 'Орёл']);
  await shot(page, 'schedule-seat-dialog-free-legs-1366');
  // Cancelling the booking asks first: Отмена keeps it.
  await dialog.getByRole('button', { name: 'Снять бронь' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Снять бронь места 5 (Москва → Тула)?');
  await shot(page, 'schedule-unbook-confirm-1366');
  await ask.getByRole('button', { name: 'Отмена' }).click();
  await expect(ask).toBeHidden();
  await expect(page.locator(`${scheme} [data-seat="5"]`)).toHaveAttribute('data-state', 'booked');
  await dialog.getByRole('button', { name: 'Снять бронь' }).click();
  await ask.getByRole('button', { name: 'Снять бронь' }).click();
  await expect(page.getByText('Бронь снята!')).toBeVisible();
  await expect(page.locator(`${scheme} [data-seat="5"]`)).toHaveAttribute('data-state', 'free');
  // The footer's button (the header's cross is named 'Закрыть' too).
  await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Закрыть' }).click();

  // Book seat 8 for the dashboard.
  await page.locator(`${scheme} [data-seat="8"]`).click();
  const seat8 = page.getByRole('dialog', { name: 'Место 8' });
  await seat8.getByLabel('Откуда', { exact: true }).selectOption({ label: 'Тула' });
  await seat8.getByLabel('Куда', { exact: true }).selectOption({ label: 'Орёл' });
  await seat8.getByRole('button', { name: 'Забронировать' }).click();
  await expect(page.locator(`${scheme} [data-seat="8"]`)).toHaveAttribute('data-state', 'booked');

  await page.getByRole('tab', { name: 'Отправления' }).click();
  await page.getByRole('button', { name: 'Добавить' }).click();
  const departure = page.getByRole('dialog', { name: 'Добавление отправления' });
  await departure.getByLabel('Название').fill('Автобус 1');
  await departure.getByLabel('Время отправления').fill('7:30');
  await departure.getByRole('button', { name: 'Сохранить' }).click();
  await expect(departure.getByText('Время указывается в формате ЧЧ:ММ')).toBeVisible();
  await departure.getByLabel('Время отправления').fill('07:30');
  await departure.getByLabel('Место отправления').fill('Варшавское шоссе, 1');
  await departure.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Успешно сохранено')).toBeVisible();
  const departureRow = page.getByRole('row', { name: /Автобус 1/ });
  await expect(departureRow).toContainText('07:30');
  // Sending the notifications asks first: Отмена sends nothing.
  await departureRow.getByRole('button', { name: 'Отправить уведомление' }).click();
  await expect(ask).toContainText('Отправить уведомление об отправлении «Автобус 1» туристам его заявок?');
  await ask.getByRole('button', { name: 'Отмена' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('Уведомления будут отправлены в ближайшее время!')).toHaveCount(0);
  await departureRow.getByRole('button', { name: 'Отправить уведомление' }).click();
  await ask.getByRole('button', { name: 'Отправить уведомление' }).click();
  await expect(page.getByText('Уведомления будут отправлены в ближайшее время!')).toBeVisible();
  // The footer's Сохранить says what it did.
  await page.locator('.schedule-footer').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Все изменения сохранены')).toBeVisible();
  await shot(page, 'schedule-departures-saved-1366');

  await page.getByRole('tab', { name: 'Выгрузка' }).click();
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ЕГАИС: туда' }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toBe(`${date}-Москва — Орёл-forth.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('Фамилия');
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Рассадка' }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toBe(`${date}-Москва — Орёл-seating.docx`);
  const documentXml = await (await JSZip.loadAsync(readFileSync((await download.path())!))).file('word/document.xml')!.async('string');
  expect(documentXml).toContain('Бронь (Тула → Орёл)');

  await page.goto('/');
  await page.getByLabel('Год').selectOption(date.slice(0, 4));
  const column = `${date.slice(8, 10)}.${date.slice(5, 7)}`;
  await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  const cell = rowNamed(page, 'Москва — Орёл').locator(`td[data-date="${date}"]`);
  await expect(cell).toHaveText('1');
  await cell.locator('.dashboard-count').hover();
  await expect(page.getByText('Тула: 1')).toBeVisible();
});

test('an editor looked through but not changed leaves without asking; a changed vehicle type asks first', async ({ page }) => {
  const [{ id: transportId }] = (await sql<{ id: number }>(`SELECT id FROM transports WHERE name = 'Москва — Орёл'`)) as [{ id: number }];
  const [{ id: typeId }] = (await sql<{ id: number }>(`SELECT id FROM transportations WHERE name = 'Setra 415 HD'`)) as [{ id: number }];
  await ensureAdmin(page);
  await page.goto('/transports');
  await page.goto(`/transports/${transportId}/edit`);
  for (const tab of ['Маршрут', 'График', 'Тарифы', 'Каталог', 'Данные']) await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.locator('.editor-footer').getByRole('button', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(/\/transports(\?.*)?$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The resource form page (a vehicle type) asks the same way.
  await page.goto('/transportation');
  await page.goto(`/transportation/${typeId}/edit`);
  await expect(page.getByLabel('Название')).toHaveValue('Setra 415 HD');
  await page.getByLabel('Название').fill('Setra 415 HD (новый салон)');
  await page.locator('.form-page-footer').getByRole('button', { name: 'Отмена' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Изменения не сохранены. Уйти со страницы без сохранения?');
  await ask.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await expect(page).toHaveURL(/\/transportation$/);
  expect((await sql<{ name: string }>('SELECT name FROM transportations WHERE id = $1', [typeId]))[0]!.name).toBe('Setra 415 HD');
});
