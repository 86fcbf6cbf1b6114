import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { apiPost, ensureAdmin, sql } from './session.js';

// One tour service walked through its life: created with a price period and a child bracket, found, edited.
test.describe.configure({ mode: 'serial' });

const SERVICE = 'Морская прогулка к Голубой бухте';
const VENDOR = 'Экскурсбюро «Морской бриз» E2E';

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `/tmp/tour-services-${name}.png` });
}

async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByTestId(`select-${field}`).click();
  // The select's own list (the list screen's class filter holds the same names).
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

async function openServices(page: Page) {
  // Through the header's Справочники dropdown, as staff do.
  await page.getByRole('button', { name: 'Справочники' }).click();
  await page.getByRole('menuitem', { name: 'Экскурсионные туры Open sub menu' }).hover();
  await page.getByRole('menuitem', { name: 'Услуги туров', exact: true }).click();
  await expect(page).toHaveURL(/\/tours\/services$/);
  await expect(page.getByRole('heading', { name: 'Услуги туров' })).toBeVisible();
}

test('creates a group service with a price period and a child bracket; finds it by class; edits it', async ({ page }) => {
  await ensureAdmin(page);
  if ((await sql('SELECT id FROM vendors WHERE name = $1', [VENDOR])).length === 0) await apiPost(page, '/vendors', { name: VENDOR });
  await openServices(page);

  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление услуги' });
  await dialog.getByLabel(/^Название/).fill(SERVICE);
  await choose(dialog, page, 'class', 'Групповая');
  await choose(dialog, page, 'vendor_id', VENDOR);
  await dialog.getByLabel('Описание').fill('Два часа на катере вдоль скал, купание в бухте');

  await dialog.getByRole('tab', { name: 'Даты' }).click();
  await dialog.getByRole('button', { name: 'Добавить период' }).click();
  const period = page.getByRole('dialog', { name: 'Создание периода' });
  // The vendor's price is the group class's: shown here.
  await expect(period.getByLabel('Цена поставщика, ₽')).toBeVisible();
  // Incomplete: the spec's texts under the fields and the toast.
  await period.getByTestId('service-period-dialog-save').click();
  await expect(page.getByText('Заполните все необходимые поля')).toBeVisible();
  await expect(period.getByText(MESSAGES.tours.mealDateFrom)).toBeVisible();
  await expect(period.getByText(MESSAGES.tourServices.adultPriceRequired)).toBeVisible();

  await period.getByLabel(/^Дата от/).fill('01.06.2027');
  await period.getByLabel(/^Дата до/).fill('31.08.2027');
  await period.getByLabel('Цена поставщика, ₽').fill('1100');
  await period.getByLabel(/^Цена\(взр\), ₽/).fill('1800');
  await period.getByRole('textbox', { name: 'Наценка (взр)', exact: true }).fill('200');
  await period.getByRole('button', { name: 'Добавить возраст' }).click();
  // A new bracket is 0–14 with price 0; 'to' must exceed 'from'.
  await expect(period.getByLabel('Возраст от (строка 1)')).toHaveValue('0');
  await expect(period.getByLabel('Возраст до (строка 1)')).toHaveValue('14');
  await expect(period.getByLabel('Цена, ₽ (строка 1)')).toHaveValue('0');
  await period.getByLabel('Возраст от (строка 1)').fill('14');
  await period.getByTestId('service-period-dialog-save').click();
  await expect(period.getByText('Невалидные данные')).toBeVisible();
  await period.getByLabel('Возраст от (строка 1)').fill('3');
  await period.getByLabel('Цена, ₽ (строка 1)').fill('900');
  await shot(page, 'period-dialog');
  await period.getByTestId('service-period-dialog-save').click();
  await expect(period).toBeHidden();
  const row = dialog.getByTestId('service-periods-row-0');
  await expect(row).toContainText('01.06.2027');
  await expect(row).toContainText('3–14: 900,00\u00a0₽');
  await shot(page, 'dialog-dates');

  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Услуга успешно сохранена')).toBeVisible();
  await expect(dialog).toBeHidden();

  const listed = page.getByRole('row', { name: new RegExp(SERVICE) });
  await expect(listed).toContainText('Групповая');
  await expect(listed).toContainText(VENDOR);
  const stored = await sql<{ class: number; date_from: string; vendor_price: number; adult_price: number; commission_adult_sum: number; age_from: number; age_to: number; price: number }>(
    `SELECT s.class, d.date_from::text, d.vendor_price, d.adult_price, d.commission_adult_sum, c.age_from, c.age_to, c.price
       FROM tour_services s JOIN tour_service_dates d ON d.service_id = s.id JOIN tour_service_child_prices c ON c.date_id = d.id WHERE s.name = $1`,
    [SERVICE],
  );
  expect(stored).toEqual([{ class: 3, date_from: '2027-06-01', vendor_price: 1100, adult_price: 1800, commission_adult_sum: 200, age_from: 3, age_to: 14, price: 900 }]);

  // The class filter: an individual-class filter hides it, the group one shows it.
  await page.getByLabel('Класс', { exact: true }).selectOption({ label: 'Индивидуальная' });
  await expect(page.getByRole('row', { name: new RegExp(SERVICE) })).toHaveCount(0);
  await page.getByLabel('Класс', { exact: true }).selectOption({ label: 'Групповая' });
  await expect(listed).toBeVisible();
  await shot(page, 'list');
});

test('edits the service: the period keeps its id, a second period may not overlap the first', async ({ page }) => {
  await ensureAdmin(page);
  const [before] = await sql<{ id: number }>('SELECT d.id FROM tour_service_dates d JOIN tour_services s ON s.id = d.service_id WHERE s.name = $1', [SERVICE]);
  await page.goto('/tours/services');
  const listed = page.getByRole('row', { name: new RegExp(SERVICE) });
  await listed.getByRole('button', { name: 'Редактировать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Редактирование услуги' });
  await expect(dialog.getByLabel(/^Название/)).toHaveValue(SERVICE);
  await shot(page, 'dialog-data');

  await dialog.getByRole('tab', { name: 'Даты' }).click();
  await dialog.getByTestId('service-periods-row-0').getByRole('button', { name: 'Редактировать' }).click();
  const period = page.getByRole('dialog', { name: 'Редактирование периода' });
  await period.getByLabel(/^Цена\(взр\), ₽/).fill('1950');
  await period.getByTestId('service-period-dialog-save').click();
  await expect(period).toBeHidden();

  await dialog.getByRole('button', { name: 'Добавить период' }).click();
  const second = page.getByRole('dialog', { name: 'Создание периода' });
  await second.getByLabel(/^Дата от/).fill('31.08.2027');
  await second.getByLabel(/^Дата до/).fill('30.09.2027');
  await second.getByLabel(/^Цена\(взр\), ₽/).fill('1500');
  await second.getByTestId('service-period-dialog-save').click();
  await expect(second.getByText(MESSAGES.editor.overlap)).toBeVisible();
  await second.getByLabel(/^Дата от/).fill('01.09.2027');
  await second.getByTestId('service-period-dialog-save').click();
  await expect(second).toBeHidden();

  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Услуга успешно сохранена')).toBeVisible();
  await expect(dialog).toBeHidden();
  const stored = await sql<{ id: number; adult_price: number }>(
    'SELECT d.id, d.adult_price FROM tour_service_dates d JOIN tour_services s ON s.id = d.service_id WHERE s.name = $1 ORDER BY d.date_from',
    [SERVICE],
  );
  expect(stored).toEqual([{ id: before!.id, adult_price: 1950 }, { id: expect.any(Number), adult_price: 1500 }]);
});

test("a server refusal of a period marks the Даты tab, the period's row and the field in its dialog", async ({ page }) => {
  await ensureAdmin(page);
  await page.goto('/tours/services');
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM tour_services WHERE name = $1', [SERVICE]);
  // The server is the judge: this save reaches it with the second period reversed.
  await page.route(`**/api/tours/services/${id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const form = route.request().postDataJSON();
    form.dates[1] = { ...form.dates[1], from: '2027-09-30', to: '2027-09-01' };
    await route.continue({ postData: JSON.stringify(form) });
  });
  await page.getByRole('row', { name: new RegExp(SERVICE) }).getByRole('button', { name: 'Редактировать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Редактирование услуги' });
  await expect(dialog.getByLabel(/^Название/)).toHaveValue(SERVICE);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.errors.saveFailedText).first()).toBeVisible();
  await expect(dialog.getByTestId('tab-dates').getByLabel(MESSAGES.editor.tabHasErrors)).toBeVisible();
  await expect(dialog.getByTestId('service-periods-row-1')).toHaveClass(/row-has-errors/);
  await dialog.getByTestId('service-periods-row-1').getByRole('button', { name: 'Редактировать' }).click();
  const period = page.getByRole('dialog', { name: 'Редактирование периода' });
  await expect(period.getByText(MESSAGES.editor.periodOrder)).toBeVisible();
  await shot(page, 'server-refusal');
});
