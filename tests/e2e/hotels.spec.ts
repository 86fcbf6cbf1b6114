import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, ensureAdmin, sql } from './session.js';
import { MESSAGES } from '../../shared/messages.js';

// One hotel walked through its life: created with two rooms, refused on a period, copied, edited in two sessions.
test.describe.configure({ mode: 'serial' });

/** A screenshot of the screen at the office size, 1366×768, for a person to look at (test-results/screens/). */
async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

const HOTEL = 'Отель «Морская звезда»';

/** The handbook rows a hotel names, made once through the API. */
async function arrangeHandbooks(page: Page) {
  const [existing] = await sql<{ id: number }>(`SELECT id FROM room_types WHERE name = 'Стандарт E2E'`);
  if (existing) return;
  const country = await apiPost(page, '/countries', { name: 'Россия E2E' });
  await apiPost(page, '/cities', { name: 'Анапа E2E', country_id: country.data.id, slug: 'anapa-e2e' });
  await apiPost(page, '/hotels/rooms/types', { name: 'Стандарт E2E' });
  await apiPost(page, '/hotels/rooms/types', { name: 'Люкс E2E' });
  await apiPost(page, '/hotels/rooms/places', { name: 'Двухместное E2E', places_count: 2, adv_places_count: 1 });
  await apiPost(page, '/hotels/accommodations', { name: 'Основное E2E' });
  await apiPost(page, '/hotels/meals', { name: 'Завтрак E2E', category_type: 2 });
}

async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByTestId(`select-${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a room with one price period through the room dialog. */
async function addRoom(page: Page, type: string, period: { from: string; to: string; adult: string }) {
  await page.getByRole('button', { name: 'Добавить номер' }).click();
  const dialog = page.getByRole('dialog', { name: 'Создание номера' });
  await choose(dialog, page, 'type_id', type);
  await choose(dialog, page, 'accommodation_id', 'Основное E2E');
  await choose(dialog, page, 'place_id', 'Двухместное E2E');
  await dialog.getByLabel('Взрослых *', { exact: true }).fill('2');
  await dialog.locator('#field-meals').click();
  await page.getByRole('option', { name: 'Завтрак E2E' }).click();
  await dialog.getByRole('heading', { name: 'Создание номера' }).click();

  await dialog.getByRole('tab', { name: 'Даты' }).click();
  await dialog.getByRole('button', { name: 'Добавить период' }).click();
  const periodDialog = page.getByRole('dialog', { name: 'Создание периода' });
  await periodDialog.getByPlaceholder('с ДД.ММ.ГГГГ').fill(period.from);
  await periodDialog.getByPlaceholder('по ДД.ММ.ГГГГ').fill(period.to);
  await periodDialog.getByPlaceholder('по ДД.ММ.ГГГГ').press('Enter');
  await periodDialog.getByLabel('Цена за взрослого, ₽').fill(period.adult);
  await periodDialog.getByLabel('Ребёнок без места, ₽ *').fill('500');
  await periodDialog.getByLabel('Взрослый на доп. месте, ₽ *').fill('2000');
  await periodDialog.getByLabel('Ребёнок на доп. месте, ₽ *').fill('1000');
  await periodDialog.getByTestId('period-dialog-save').click();
  await expect(periodDialog).toBeHidden();
  await expect(dialog.getByTestId('periods-row-0')).toContainText(period.from);
  await dialog.getByTestId('room-dialog-save').click();
  await expect(dialog).toBeHidden();
}

test('creates a hotel with two rooms and price periods', async ({ page }) => {
  await ensureAdmin(page);
  await arrangeHandbooks(page);
  await page.getByRole('menuitem', { name: 'Отели' }).click();
  await expect(page.getByRole('heading', { name: 'Отели' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/hotels\/create/);
  await expect(page.getByRole('heading', { name: 'Создание отеля' })).toBeVisible();

  await choose(page.locator('.editor-page'), page, 'city_id', 'Анапа E2E');
  await page.getByLabel('Название отеля *').fill(HOTEL);
  await page.getByLabel('Адрес страницы', { exact: true }).fill('morskaya-zvezda');
  await page.getByLabel('Широта').fill('44.894');
  await page.getByLabel('Долгота').fill('37.316');
  await page.getByLabel('Питание: Добавить').selectOption({ label: 'Завтрак E2E' });

  await page.getByRole('tab', { name: 'Номера' }).click();
  await addRoom(page, 'Стандарт E2E', { from: '01.06.2027', to: '10.06.2027', adult: '3000' });
  await addRoom(page, 'Люкс E2E', { from: '11.06.2027', to: '20.06.2027', adult: '5000' });
  await expect(page.getByTestId('rooms-row-1')).toContainText('Люкс E2E');

  await page.getByTestId('editor-save').click();
  await expect(page.getByText('Отель успешно сохранен')).toBeVisible();
  await expect(page).toHaveURL(/\/hotels(\?.*)?$/);
  await expect(page.getByRole('row', { name: new RegExp(HOTEL) })).toContainText('Анапа E2E');

  const rooms = await sql<{ type: string; date_from: string; adult_price: number }>(
    `SELECT t.name AS type, p.date_from::text, p.adult_price FROM hotels h JOIN hotel_rooms r ON r.hotel_id = h.id
       JOIN room_types t ON t.id = r.type_id JOIN hotel_room_prices p ON p.room_id = r.id WHERE h.name = $1 ORDER BY r.position`,
    [HOTEL],
  );
  expect(rooms).toEqual([
    { type: 'Стандарт E2E', date_from: '2027-06-01', adult_price: 3000 },
    { type: 'Люкс E2E', date_from: '2027-06-11', adult_price: 5000 },
  ]);
});

test("a server error in the second room's period marks the tab, the room's row, the dialog's tab and the field", async ({ page }) => {
  await ensureAdmin(page);
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM hotels WHERE name = $1', [HOTEL]);
  await page.goto(`/hotels/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Редактирование отеля' })).toBeVisible();
  // The server is the judge: this save reaches it with the second room's period reversed.
  await page.route(`**/api/hotels/${id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const form = JSON.parse(route.request().postDataJSON().payload);
    form.rooms[1].dates[0] = { ...form.rooms[1].dates[0], from: '2027-06-20', to: '2027-06-11' };
    await route.continue({ postData: JSON.stringify({ payload: JSON.stringify(form) }) });
  });
  await page.getByTestId('editor-save').click();
  await expect(page.getByText('Проверьте правильность заполнения полей формы и попробуйте еще раз')).toBeVisible();
  await page.unroute(`**/api/hotels/${id}`);

  // The Rooms tab is marked and opened; the second room's row carries the error icon.
  await expect(page.getByTestId('tab-rooms').getByLabel('На вкладке есть ошибки')).toBeVisible();
  await expect(page.getByTestId('tab-general').getByLabel('На вкладке есть ошибки')).toHaveCount(0);
  await expect(page.getByTestId('rooms-row-1').getByLabel('В строке есть ошибки')).toBeVisible();
  await expect(page.getByTestId('rooms-row-0').getByLabel('В строке есть ошибки')).toHaveCount(0);

  await page.getByTestId('rooms-row-1').getByRole('button', { name: 'Редактировать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Редактирование номера' });
  await expect(dialog.getByTestId('tab-dates').getByLabel('На вкладке есть ошибки')).toBeVisible();
  await expect(dialog.getByTestId('periods-row-0').getByLabel('В строке есть ошибки')).toBeVisible();
  await dialog.getByTestId('periods-row-0').getByRole('button', { name: 'Редактировать' }).click();
  await expect(page.getByRole('dialog', { name: 'Редактирование периода' }).getByText('Дата начала не может быть позже даты окончания.')).toBeVisible();
});

test("copies the hotel: named '… (копия)' with a slug of its own, files emptied and said so; a second copy hears of both taken fields at once", async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/hotels');
  await page.getByRole('row', { name: new RegExp(HOTEL) }).getByRole('button', { name: 'Копировать' }).click();
  await expect(page.getByRole('heading', { name: 'Копирование отеля' })).toBeVisible();
  await expect(page.getByLabel('Название отеля *')).toHaveValue(`${HOTEL} (копия)`);
  await expect(page.getByLabel('Адрес страницы', { exact: true })).toHaveValue('morskaya-zvezda-kopiia');
  await expect(page.getByTestId('editor-notice')).toHaveText(MESSAGES.hotels.copyNotice);
  await shot(page, 'hotel-copy-1366');
  await page.getByTestId('editor-save').click();
  await expect(page.getByText('Отель успешно сохранен')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${HOTEL} \\(копия\\)`) })).toBeVisible();

  // A second copy of the original takes the same name and slug: one save says both are taken.
  await page.getByRole('row').filter({ has: page.getByRole('cell', { name: HOTEL, exact: true }) }).getByRole('button', { name: 'Копировать' }).click();
  await expect(page.getByLabel('Название отеля *')).toHaveValue(`${HOTEL} (копия)`);
  await page.getByTestId('editor-save').click();
  await expect(page.locator('.editor-page').getByText(MESSAGES.validation.unique)).toHaveCount(2);
  await expect(page.locator('.bp6-toast.bp6-intent-danger')).toContainText(MESSAGES.hotels.saveFailed);
  await expect(page.getByText(MESSAGES.hotels.fillRequired)).toHaveCount(0);
  const counts = await sql<{ name: string; rooms: number; periods: number }>(
    `SELECT h.name, count(DISTINCT r.id)::int AS rooms, count(p.id)::int AS periods FROM hotels h
       JOIN hotel_rooms r ON r.hotel_id = h.id JOIN hotel_room_prices p ON p.room_id = r.id
      WHERE h.name LIKE $1 GROUP BY h.name ORDER BY h.name`,
    [`${HOTEL}%`],
  );
  expect(counts).toEqual([
    { name: HOTEL, rooms: 2, periods: 2 },
    { name: `${HOTEL} (копия)`, rooms: 2, periods: 2 },
  ]);
});

test('one hotel edited in two sessions: the later save gets the 409 and its reload offer', async ({ page, browser }) => {
  await ensureAdmin(page);
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM hotels WHERE name = $1', [HOTEL]);
  const other = await browser.newPage({ locale: 'ru-RU' });
  await ensureAdmin(other);

  await page.goto(`/hotels/${id}/edit`);
  await other.goto(`/hotels/${id}/edit`);
  await expect(page.getByLabel('Адрес', { exact: true })).toBeVisible();
  await expect(other.getByLabel('Адрес', { exact: true })).toBeVisible();

  await page.getByLabel('Адрес', { exact: true }).fill('ул. Первая, 1');
  await page.getByTestId('editor-save').click();
  await expect(page.getByText('Отель успешно сохранен')).toBeVisible();

  await other.getByLabel('Адрес', { exact: true }).fill('ул. Вторая, 2');
  await other.getByTestId('editor-save').click();
  const conflict = other.getByRole('dialog', { name: 'Запись изменена другим пользователем' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('Ваши изменения не сохранены');
  expect((await sql<{ address: string }>('SELECT address FROM hotels WHERE id = $1', [id]))[0]!.address).toBe('ул. Первая, 1');
  await conflict.getByRole('button', { name: 'Загрузить актуальные данные' }).click();
  await expect(conflict).toBeHidden();
  await expect(other.getByLabel('Адрес', { exact: true })).toHaveValue('ул. Первая, 1');
  await other.close();
});

test('a save offline says the data was not saved and keeps the editor with what was typed; back online it saves', async ({ page, context }) => {
  await ensureAdmin(page);
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM hotels WHERE name = $1', [HOTEL]);
  await page.goto(`/hotels/${id}/edit`);
  await page.getByLabel('Адрес', { exact: true }).fill('ул. Офлайн, 3');

  await context.setOffline(true);
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(MESSAGES.connection.notSaved)).toBeVisible();
  // Not the form-validation toast: nothing is wrong with the form.
  await expect(page.getByText(MESSAGES.hotels.checkFields)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/hotels/${id}/edit$`));
  await expect(page.getByLabel('Адрес', { exact: true })).toHaveValue('ул. Офлайн, 3');

  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.connection.offlineHint })).toBeHidden({ timeout: 15_000 });
  await expect(page.getByLabel('Адрес', { exact: true })).toHaveValue('ул. Офлайн, 3');
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(MESSAGES.hotels.saved)).toBeVisible();
  expect((await sql<{ address: string }>('SELECT address FROM hotels WHERE id = $1', [id]))[0]!.address).toBe('ул. Офлайн, 3');
});

test('the room and period dialogs start in their first field; Enter saves the dialog it was pressed in, not the one beneath', async ({ page }) => {
  await ensureAdmin(page);
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM hotels WHERE name = $1', [HOTEL]);
  await page.goto(`/hotels/${id}/edit`);
  await page.getByRole('tab', { name: 'Номера' }).click();
  await page.getByTestId('rooms-row-0').getByRole('button', { name: 'Редактировать' }).click();
  const room = page.getByRole('dialog', { name: 'Редактирование номера' });
  await expect(room.getByTestId('select-type_id')).toBeFocused();

  await room.getByRole('tab', { name: 'Даты' }).click();
  await room.getByRole('button', { name: 'Добавить период' }).click();
  const period = page.getByRole('dialog', { name: 'Создание периода' });
  await expect(period.getByPlaceholder('с ДД.ММ.ГГГГ')).toBeFocused();
  await page.keyboard.type('15.07.2027');
  await period.getByPlaceholder('по ДД.ММ.ГГГГ').fill('20.07.2027');
  await period.getByLabel('Цена за взрослого, ₽').fill('4000');
  await period.getByLabel('Ребёнок без места, ₽ *').fill('500');
  await period.getByLabel('Взрослый на доп. месте, ₽ *').fill('2000');
  await period.getByLabel('Ребёнок на доп. месте, ₽ *').fill('1000');
  await period.getByLabel('Ребёнок на доп. месте, ₽ *').press('Enter');
  await expect(period).toBeHidden();
  await expect(room).toBeVisible();
  await expect(room.getByTestId('periods-row-1')).toContainText('15.07.2027');

  await room.getByRole('tab', { name: 'Основное' }).click();
  await room.getByLabel('Взрослых *', { exact: true }).press('Enter');
  await expect(room).toBeHidden();
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(MESSAGES.hotels.saved)).toBeVisible();
  const prices = await sql<{ from: string }>(
    `SELECT p.date_from::text AS from FROM hotel_room_prices p JOIN hotel_rooms r ON r.id = p.room_id WHERE r.hotel_id = $1 AND r.position = 0 ORDER BY p.date_from`,
    [id],
  );
  expect(prices.map((row) => row.from)).toContain('2027-07-15');
});

test('a price period: the total-price switch locks the adult and child prices without erasing them; overlapping periods get the save-failure toast; the table shows money as money', async ({ page }) => {
  await ensureAdmin(page);
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM hotels WHERE name = $1', [HOTEL]);
  await page.goto(`/hotels/${id}/edit`);
  await page.getByRole('tab', { name: 'Номера' }).click();
  await page.getByTestId('rooms-row-0').getByRole('button', { name: 'Редактировать' }).click();
  const room = page.getByRole('dialog', { name: 'Редактирование номера' });
  await room.getByRole('tab', { name: 'Даты' }).click();
  // Every accessible name on the page is Russian (the tables of rooms and periods were 'rooms', 'periods');
  // names with data in them ('Удалить: Завтрак E2E') carry Russian words beside it.
  await expect(page.getByRole('group', { name: 'Номера', exact: true })).toBeVisible();
  await expect(room.getByRole('group', { name: 'Периоды цен', exact: true })).toBeVisible();
  const latin = await page.locator('[aria-label]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? '').filter((label) => /[A-Za-z]/.test(label) && !/[А-Яа-яЁё]/.test(label)));
  expect(latin).toEqual([]);
  // Money in the periods' table in the shared format.
  await expect(room.getByTestId('periods-row-0')).toContainText('3\u00a0000,00\u00a0₽');
  await expect(room.getByTestId('periods-row-0')).toContainText('2\u00a0000,00\u00a0₽');
  await shot(page, 'hotel-room-periods-money-1366');

  await room.getByRole('button', { name: 'Добавить период' }).click();
  const period = page.getByRole('dialog', { name: 'Создание периода' });
  await period.getByPlaceholder('с ДД.ММ.ГГГГ').fill('05.06.2027');
  await period.getByPlaceholder('по ДД.ММ.ГГГГ').fill('08.06.2027');
  await period.getByLabel('Цена за взрослого, ₽').fill('4100');
  await period.getByLabel('Цена за ребёнка, ₽').fill('2100');
  // On: the adult and child prices are locked (kept), the total is open; off again: they are back.
  await period.locator('label').filter({ hasText: 'Общая цена за номер' }).click();
  await expect(period.getByLabel('Цена за взрослого, ₽')).toBeDisabled();
  await expect(period.getByLabel('Цена за взрослого, ₽')).toHaveValue('4\u00a0100');
  await expect(period.getByLabel('Общая цена, ₽')).toBeEnabled();
  await shot(page, 'hotel-period-total-price-1366');
  await period.locator('label').filter({ hasText: 'Общая цена за номер' }).click();
  await expect(period.getByLabel('Цена за взрослого, ₽')).toBeEnabled();
  await expect(period.getByLabel('Цена за взрослого, ₽')).toHaveValue('4100');
  await expect(period.getByLabel('Цена за ребёнка, ₽')).toHaveValue('2100');
  await expect(period.getByLabel('Общая цена, ₽')).toBeDisabled();

  // 05–08.06 lies inside the first period (01–10.06): the field says so, and the toast is the
  // save-failure one, not 'Заполните все обязательные поля' (nothing required is missing).
  await period.getByLabel('Ребёнок без места, ₽ *').fill('500');
  await period.getByLabel('Взрослый на доп. месте, ₽ *').fill('2000');
  await period.getByLabel('Ребёнок на доп. месте, ₽ *').fill('1000');
  await period.getByTestId('period-dialog-save').click();
  await expect(period.getByText(MESSAGES.editor.overlap)).toBeVisible();
  await expect(page.locator('.bp6-toast.bp6-intent-danger')).toContainText(MESSAGES.hotels.saveFailed);
  await expect(page.getByText(MESSAGES.hotels.fillRequired)).toHaveCount(0);
  // Required fields left empty: that toast, then.
  await period.getByLabel('Ребёнок без места, ₽ *').fill('');
  await period.getByPlaceholder('с ДД.ММ.ГГГГ').fill('');
  await period.getByTestId('period-dialog-save').click();
  await expect(page.getByText(MESSAGES.hotels.fillRequired)).toBeVisible();
  // Put right (days of its own) and saved: the red toasts of the tries before go at once, not after their 6 s.
  await period.getByPlaceholder('с ДД.ММ.ГГГГ').fill('11.06.2027');
  await period.getByPlaceholder('по ДД.ММ.ГГГГ').fill('14.06.2027');
  await period.getByLabel('Ребёнок без места, ₽ *').fill('500');
  await period.getByTestId('period-dialog-save').click();
  await expect(period).toBeHidden();
  await expect(page.locator('.bp6-toast.bp6-intent-danger')).toHaveCount(0, { timeout: 2000 });
});

test('leaving the editor with unsaved changes asks first: Отмена and a menu link (an unchanged form leaves at once), closing the tab too', async ({ page }) => {
  await ensureAdmin(page);
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM hotels WHERE name = $1', [HOTEL]);
  await page.goto('/hotels');
  await page.goto(`/hotels/${id}/edit`);
  await expect(page.getByLabel('Адрес', { exact: true })).toBeVisible();
  // Nothing changed: Отмена leaves at once.
  await page.locator('.editor-footer').getByRole('button', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(/\/hotels(\?.*)?$/);

  await page.goto(`/hotels/${id}/edit`);
  await page.getByLabel('Адрес', { exact: true }).fill('ул. Несохранённая, 5');
  await page.locator('.editor-footer').getByRole('button', { name: 'Отмена' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(MESSAGES.editor.unsaved);
  await shot(page, 'hotel-leave-unsaved-1366');
  await ask.getByRole('button', { name: MESSAGES.editor.stay }).click();
  await expect(page).toHaveURL(new RegExp(`/hotels/${id}/edit$`));
  await expect(page.getByLabel('Адрес', { exact: true })).toHaveValue('ул. Несохранённая, 5');

  // A menu link asks too; leaving without saving goes there and keeps the stored address.
  await page.locator('.app-sidebar').getByRole('menuitem', { name: 'Документы агентств' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: MESSAGES.editor.leaveUnsaved }).click();
  await expect(page).toHaveURL(/\/agencies\/files/);
  expect((await sql<{ address: string }>('SELECT address FROM hotels WHERE id = $1', [id]))[0]!.address).not.toBe('ул. Несохранённая, 5');

  // Closing the tab with unsaved changes: the browser's own question (beforeunload).
  await page.goto(`/hotels/${id}/edit`);
  await page.getByLabel('Адрес', { exact: true }).fill('ул. Несохранённая, 6');
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});
