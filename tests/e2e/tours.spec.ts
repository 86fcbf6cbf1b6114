/**
 * Excursion tours in the browser (issue 17 "Browser tests"): a type-1 tour made in the editor with
 * a transport there, two hotels, a meal with two dated prices, two days and two future dates; its
 * checklist created, one date's points ticked and saved, and that date green in the list while the
 * other stays red. Then the copy, and the editor whose data cannot be read (Повторить).
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { createHotelHandbooks, hotelPayload } from '../../server/test/hotel-fixtures.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const typed = (iso: string) => iso.split('-').reverse().join('.');
/** Text as a pattern that matches it literally (names here carry parentheses). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TOUR = 'Золотое кольцо: Суздаль и Владимир (проверка)';
const TRANSPORT = 'Москва — Суздаль (экскурсионный, проверка)';
const HOTELS = ['Гостиница «Сокол» (проверка)', 'Отель «Пушкарская слобода» (проверка)'];
const VENDOR = 'Трапезная «Суздаль» (проверка)';
const first = daysFromToday(10);
const second = daysFromToday(20);

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

async function xsrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}

/** The rows a tour names: type 1, a bus transport, two hotels in one city, a meal supplier. */
async function arrange(page: Page): Promise<{ city: string }> {
  // Tour type 1 is the one that travels by transport (spec 03 §9); the handbook may still be empty.
  await sql(`INSERT INTO tour_types (id, name) VALUES (1, 'Автобусный') ON CONFLICT (id) DO NOTHING`);
  await sql(`SELECT setval(pg_get_serial_sequence('tour_types', 'id'), (SELECT max(id) FROM tour_types))`);
  const [city] = await sql<{ name: string }>(`SELECT c.name FROM hotels h JOIN cities c ON c.id = h.city_id WHERE h.name = $1`, [HOTELS[0]]);
  if (city) return { city: city.name };
  const handbooks = await createHotelHandbooks(sql, 'туры');
  for (const name of HOTELS) {
    const reply = await page.request.post('/api/hotels', { data: toPayloadBody(hotelPayload(handbooks, name)), headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  const cities = await insertCities(db, ['Москва (туры)', 'Суздаль (туры)']);
  await insertTransport(db, { name: TRANSPORT, transportationId: await insertTransportation(db), cities, startDate: daysFromToday(-1), finishDate: daysFromToday(90), days: [1, 2, 3, 4, 5, 6, 7] });
  await sql(`INSERT INTO vendors (name) VALUES ($1)`, [VENDOR]);
  const [stored] = await sql<{ name: string }>('SELECT name FROM cities WHERE id = $1', [handbooks.cityId]);
  return { city: stored!.name };
}

async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByTestId(`select-${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The open picker's search box (multi-selects on hidden tabs carry the same placeholder). */
const pickerSearch = (page: Page) => page.getByRole('combobox', { name: MESSAGES.list.searchPlaceholder, expanded: true });

async function pick(page: Page, picker: Locator, text: string) {
  await picker.click();
  await pickerSearch(page).fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

async function addHotel(page: Page, city: string, hotel: string) {
  await page.getByRole('button', { name: 'Добавить отель' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление отеля' });
  await choose(dialog, page, 'city_id', city);
  await pick(page, dialog.getByTestId('picker-hotel'), hotel);
  await dialog.getByLabel('День заезда').fill('1');
  await dialog.getByLabel('День выезда').fill('2');
  await dialog.getByTestId('hotel-dialog-save').click();
  await expect(dialog).toBeHidden();
}

async function addMealDates(page: Page, dates: { from: string; to: string; price: string }) {
  const meal = page.getByRole('dialog', { name: 'Добавление питания' });
  await meal.getByRole('button', { name: 'Добавить даты' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление дат' });
  await dialog.getByLabel('Дата от *').fill(typed(dates.from));
  await dialog.getByLabel('Дата до *').fill(typed(dates.to));
  await dialog.getByLabel('Цена, ₽ *').fill(dates.price);
  await dialog.getByTestId('meal-date-dialog-save').click();
  await expect(dialog).toBeHidden();
}

async function addDay(page: Page, name: string, description: string) {
  await page.getByRole('button', { name: 'Добавить день' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление дня' });
  await dialog.getByLabel('Название *').fill(name);
  await dialog.locator('#day-description').click();
  await page.keyboard.type(description);
  await dialog.getByTestId('day-dialog-save').click();
  await expect(dialog).toBeHidden();
}

async function addDate(page: Page, iso: string) {
  await page.getByRole('button', { name: 'Добавить дату' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление даты' });
  await dialog.getByLabel('Дата начала *').fill(typed(iso));
  await dialog.getByLabel('Дата начала *').press('Enter');
  await expect(dialog).toBeHidden();
}

const dateTag = (row: Locator, iso: string) => row.getByTestId(`tour-date-${iso}`);
const tourRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('a type-1 tour made in the editor; one date of its checklist ticked turns green in the list', async ({ page }) => {
  await ensureAdmin(page);
  const { city } = await arrange(page);
  await sql(`DELETE FROM tours WHERE name LIKE $1`, [`${TOUR}%`]);
  await page.getByRole('menuitem', { name: 'Экскурсионные туры' }).click();
  await expect(page.getByRole('heading', { name: 'Экскурсионные туры' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/tours\/create/);
  await expect(page.getByRole('heading', { name: 'Создание экскурсионного тура' })).toBeVisible();

  // General: type 1 asks for the transport there; the way back never offers the same one.
  await page.getByLabel('Название *').fill(TOUR);
  await page.getByLabel('Продолжительность, дней *').fill('2');
  await expect(page.getByLabel('Город тура *')).toHaveCount(0);
  await pick(page, page.getByTestId('picker-transport_forth_id'), TRANSPORT);
  await page.getByTestId('picker-transport_back_id').click();
  await pickerSearch(page).fill(TRANSPORT);
  await expect(page.getByTestId('picker-transport_back_id-menu').getByText(MESSAGES.list.nothingFound)).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'tour-general-1366');

  // Hotels: the selection switch waits for a second hotel.
  await page.getByRole('tab', { name: 'Отели' }).click();
  const selection = page.getByRole('switch', { name: 'Выбор отеля туристом' });
  await expect(selection).toBeDisabled();
  await addHotel(page, city, HOTELS[0]!);
  await addHotel(page, city, HOTELS[1]!);
  await expect(selection).toBeEnabled();
  await selection.check({ force: true });
  await expect(page.getByTestId('hotels-row-1')).toContainText(HOTELS[1]!);
  await shot(page, 'tour-hotels-1366');

  // Meals: Save locked without a supplier or a name; the date dialog's three required messages.
  await page.getByRole('tab', { name: 'Питание' }).click();
  await page.getByRole('button', { name: 'Добавить питание' }).click();
  const meal = page.getByRole('dialog', { name: 'Добавление питания' });
  await expect(meal.getByTestId('meal-dialog-save')).toBeDisabled();
  await choose(meal, page, 'vendor_id', VENDOR);
  await expect(meal.getByTestId('meal-dialog-save')).toBeEnabled();
  await meal.getByLabel('Название').fill('Обед');
  await meal.locator('#meal-days').click();
  await page.getByRole('option', { name: '1', exact: true }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await meal.getByRole('heading', { name: 'Добавление питания' }).click();
  await shot(page, 'tour-meal-dialog-1366');
  await meal.getByRole('tab', { name: 'Даты' }).click();
  await meal.getByRole('button', { name: 'Добавить даты' }).click();
  const dates = page.getByRole('dialog', { name: 'Добавление дат' });
  await dates.getByTestId('meal-date-dialog-save').click();
  await expect(dates.getByText(MESSAGES.tours.mealDateFrom)).toBeVisible();
  await expect(dates.getByText(MESSAGES.tours.mealDateTo)).toBeVisible();
  await expect(dates.getByText(MESSAGES.tours.mealPrice)).toBeVisible();
  await expect(page.locator('.bp6-toast').getByText(MESSAGES.tours.fillRequired)).toBeVisible();
  await shot(page, 'tour-meal-date-dialog-1366');
  await dates.getByRole('button', { name: MESSAGES.list.cancel }).click();
  await addMealDates(page, { from: daysFromToday(1), to: daysFromToday(15), price: '700' });
  await addMealDates(page, { from: daysFromToday(16), to: daysFromToday(40), price: '850' });
  await expect(meal.getByTestId('meal-dates-row-1')).toContainText('850');
  await meal.getByTestId('meal-dialog-save').click();
  await expect(meal).toBeHidden();
  await expect(page.getByTestId('meals-row-0')).toContainText(VENDOR);

  await page.getByRole('tab', { name: 'Дни' }).click();
  await addDay(page, 'Суздаль', 'Кремль, Спасо-Евфимиев монастырь, музей деревянного зодчества.');
  await addDay(page, 'Владимир', 'Успенский и Дмитриевский соборы, Золотые ворота.');

  await page.getByRole('tab', { name: 'Даты' }).click();
  await addDate(page, first);
  await addDate(page, second);
  await expect(page.getByTestId('dates-row-1')).toContainText(typed(second));
  await shot(page, 'tour-dates-1366');

  await page.getByTestId('editor-save').click();
  await expect(page.getByText(MESSAGES.tours.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/tours(\?|$)/);
  const [tour] = await sql<{ id: number; transport_forth_id: number; is_hotel_selection: boolean }>('SELECT id, transport_forth_id, is_hotel_selection FROM tours WHERE name = $1', [TOUR]);
  expect(tour).toMatchObject({ is_hotel_selection: true });
  const [counts] = await sql<{ hotels: string; meal_dates: string; days: string; dates: string }>(
    `SELECT (SELECT count(*) FROM tour_hotels WHERE tour_id = $1) AS hotels,
            (SELECT count(*) FROM tour_meal_dates d JOIN tour_meals m ON m.id = d.meal_id WHERE m.tour_id = $1) AS meal_dates,
            (SELECT count(*) FROM tour_days WHERE tour_id = $1) AS days,
            (SELECT count(*) FROM tour_dates WHERE tour_id = $1) AS dates`,
    [tour!.id],
  );
  expect(counts).toEqual({ hotels: '2', meal_dates: '2', days: '2', dates: '2' });

  // No checklist yet: both dates red in the list.
  await page.getByPlaceholder(MESSAGES.list.searchPlaceholder).first().fill(TOUR);
  const row = tourRow(page, TOUR);
  await expect(dateTag(row, first)).toHaveAttribute('data-complete', 'false');
  await expect(dateTag(row, second)).toHaveAttribute('data-complete', 'false');

  // The checklist: created, the first date's points ticked and saved.
  await row.getByRole('button', { name: MESSAGES.list.edit }).click();
  await expect(page.getByRole('heading', { name: 'Редактирование экскурсионного тура' })).toBeVisible();
  await page.getByRole('tab', { name: 'Чеклист' }).click();
  await page.getByRole('button', { name: 'Создать чеклист' }).click();
  const card = page.getByTestId(`checklist-date-${first}`);
  await expect(card).toHaveClass(/checklist-incomplete/);
  const boxes = card.getByRole('checkbox');
  // Two hotels, one meal, the transport there: four points a date.
  await expect(boxes).toHaveCount(4);
  await expect(card.getByText('Транспорт', { exact: true })).toBeVisible();
  await expect(card.getByText(`${VENDOR} - Обед (дни: 1, 2)`)).toBeVisible();
  for (const box of await boxes.all()) await box.check({ force: true });
  await card.getByLabel(/^Примечание: Гостиница/).fill('Бронь подтверждена письмом');
  await expect(card).toHaveClass(/checklist-complete/);
  await shot(page, 'tour-checklist-1366');
  const patched = page.waitForResponse((response) => response.url().endsWith(`/api/tours/${tour!.id}/checklist`) && response.request().method() === 'PATCH');
  await page.getByTestId('checklist-save').click();
  expect((await patched).status()).toBe(200);
  await expect(page.getByText(MESSAGES.tours.checklistSaved).first()).toBeVisible();
  // Nothing is left to save: the button waits for the next change.
  await expect(page.getByTestId('checklist-save')).toBeDisabled();
  await expect(page.getByTestId(`checklist-date-${second}`)).toHaveClass(/checklist-incomplete/);
  const points = await sql<{ start_date: string; checked: boolean; total: string }>(
    `SELECT to_char(d.start_date, 'YYYY-MM-DD') AS start_date, bool_and(p.checked) AS checked, count(*) AS total
       FROM tour_checklist_points p JOIN tour_dates d ON d.id = p.tour_date_id WHERE d.tour_id = $1 GROUP BY d.start_date ORDER BY d.start_date`,
    [tour!.id],
  );
  expect(points).toEqual([
    { start_date: first, checked: true, total: '4' },
    { start_date: second, checked: false, total: '4' },
  ]);

  // The list: the ticked date green, the other still red.
  await page.goto('/tours');
  await page.getByPlaceholder(MESSAGES.list.searchPlaceholder).first().fill(TOUR);
  await expect(dateTag(row, first)).toHaveAttribute('data-complete', 'true');
  await expect(dateTag(row, second)).toHaveAttribute('data-complete', 'false');
  await shot(page, 'tours-list-1366');
});

test('a copy keeps the hotels and dates, drops the meals, and saves as a new tour', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/tours');
  await page.getByPlaceholder(MESSAGES.list.searchPlaceholder).first().fill(TOUR);
  await tourRow(page, TOUR).getByRole('button', { name: MESSAGES.list.copy }).click();
  await expect(page.getByRole('heading', { name: 'Копирование экскурсионного тура' })).toBeVisible();
  await expect(page.getByTestId('editor-notice')).toContainText(MESSAGES.tours.copyNotice);
  await expect(page.getByLabel('Название *')).toHaveValue(`${TOUR} (копия)`);
  await page.getByRole('tab', { name: 'Питание' }).click();
  await expect(page.getByTestId('meals-row-0')).toHaveCount(0);
  // The copy's dates are the original's: new rows of a new tour.
  await page.getByRole('tab', { name: 'Даты' }).click();
  await expect(page.getByTestId('dates-row-1')).toContainText(typed(second));
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(MESSAGES.tours.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/tours(\?|$)/);
  const [copy] = await sql<{ id: number; meals: string; hotels: string; dates: string }>(
    `SELECT t.id, (SELECT count(*) FROM tour_meals WHERE tour_id = t.id) AS meals, (SELECT count(*) FROM tour_hotels WHERE tour_id = t.id) AS hotels,
            (SELECT count(*) FROM tour_dates WHERE tour_id = t.id) AS dates FROM tours t WHERE t.name = $1`,
    [`${TOUR} (копия)`],
  );
  expect(copy).toMatchObject({ meals: '0', hotels: '2', dates: '2' });
});

test('a point a colleague ticked meanwhile: the save is refused naming it and the checklist is read again; past dates wait behind their toggle', async ({ page }) => {
  await ensureAdmin(page);
  const [tour] = await sql<{ id: number }>('SELECT id FROM tours WHERE name = $1', [TOUR]);
  await page.goto(`/tours/${tour!.id}/edit`);
  await page.getByRole('tab', { name: 'Чеклист' }).click();
  const card = page.getByTestId(`checklist-date-${second}`);
  await expect(card.getByRole('checkbox')).toHaveCount(4);
  const transport = card.getByRole('checkbox', { name: `${TRANSPORT} (туда)` });
  await expect(transport).not.toBeChecked();
  // Read by this page, then ticked by a colleague: its version moves on.
  const [point] = await sql<{ id: number }>(
    `SELECT p.id FROM tour_checklist_points p JOIN tour_dates d ON d.id = p.tour_date_id WHERE d.tour_id = $1 AND d.start_date = $2 AND p.checkable_alias = 'transport'`,
    [tour!.id, second],
  );
  await sql(`UPDATE tour_checklist_points SET checked = true, comment = 'Автобус подтверждён', version = version + 1 WHERE id = $1`, [point!.id]);
  await card.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(HOTELS[0]!)}`) }).check({ force: true });
  await transport.check({ force: true });
  await page.getByTestId('checklist-save').click();
  const toast = page.locator('.bp6-toast.bp6-intent-danger');
  await expect(toast).toContainText(MESSAGES.tours.checklistSaveFailed);
  await expect(toast).toContainText(`${MESSAGES.tours.checklistConflict} ${TRANSPORT} (туда)`);
  // Nothing was saved: the hotel stays unticked; the checklist shows the colleague's tick and note.
  await expect(transport).toBeChecked();
  await expect(card.getByLabel(`Примечание: ${TRANSPORT} (туда)`)).toHaveValue('Автобус подтверждён');
  await expect(card.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(HOTELS[0]!)}`) })).not.toBeChecked();
  const [stored] = await sql<{ unchecked: number }>('SELECT points_unchecked AS unchecked FROM tour_dates WHERE tour_id = $1 AND start_date = $2', [tour!.id, second]);
  expect(stored).toEqual({ unchecked: 3 });

  // A date before today: in the list only behind the toggle, which says how many there are.
  const past = daysFromToday(-3);
  await sql('INSERT INTO tour_dates (tour_id, start_date) VALUES ($1, $2)', [tour!.id, past]);
  await page.goto('/tours');
  await page.getByPlaceholder(MESSAGES.list.searchPlaceholder).first().fill(TOUR);
  const row = tourRow(page, TOUR);
  await expect(dateTag(row, first)).toBeVisible();
  await expect(dateTag(row, past)).toHaveCount(0);
  await row.getByRole('button', { name: MESSAGES.tours.pastDates(1) }).click();
  await expect(dateTag(row, past)).toBeVisible();
  await row.getByRole('button', { name: 'Скрыть прошедшие даты' }).click();
  await expect(dateTag(row, past)).toHaveCount(0);
});

const refuse = (status: number, message: string) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) });
const retry = (page: Page) => page.getByRole('button', { name: MESSAGES.connection.retry });

test('the tour editor whose lists or record cannot be read says why, and Повторить brings the form', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  await page.route('**/api/tours/data', refuse(500, MESSAGES.errors.unexpected));
  await page.goto('/tours/create');
  await expect(page.getByRole('heading', { name: 'Создание экскурсионного тура' })).toBeVisible();
  await expect(retry(page)).toBeVisible();
  await expect(page.getByTestId('editor-save')).toHaveCount(0);
  await page.unroute('**/api/tours/data');
  await retry(page).click();
  await expect(page.getByTestId('editor-save')).toBeVisible();
  await expect(page.getByLabel('Название *')).toHaveValue('');

  const [tour] = await sql<{ id: number }>('SELECT id FROM tours WHERE name = $1', [TOUR]);
  await page.route(`**/api/tours/${tour!.id}`, refuse(404, MESSAGES.http.notFound));
  await page.goto(`/tours/${tour!.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Редактирование экскурсионного тура' })).toBeVisible();
  await expect(page.getByText(MESSAGES.http.notFound, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('editor-save')).toHaveCount(0);
  await page.unroute(`**/api/tours/${tour!.id}`);
  await retry(page).click();
  await expect(page.getByLabel('Название *')).toHaveValue(TOUR);
});
