/**
 * Tour calculators in the browser (spec 03 §2.11, §4; issue 30): a calculator built from a tour
 * (its name, duration and days come over), the days priced in their dialog, a day added, a hotel
 * with a room line (its nights defaulting to departure − arrival, the hotel then fixed), an
 * additionally paid service; saved, the results of issue 30's pinned example on the results tab, and
 * the Word offer downloaded and read back. Screenshots at 1366×768 in /tmp/calc/.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { toPayloadBody } from '../../shared/editor.js';
import { formatMoney } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { insertTourGround, tourPayload } from '../../server/test/tour-fixtures.js';
import { apiPost, ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const C = MESSAGES.tourCalculators;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const TOUR = 'Золотое кольцо за три дня';

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `/tmp/calc/${name}.png` });
}

const pickerSearch = (page: Page) => page.getByRole('combobox', { name: MESSAGES.list.searchPlaceholder, expanded: true });
async function pick(page: Page, picker: Locator, text: string) {
  await picker.click();
  await pickerSearch(page).fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}
async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByTestId(`select-${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Prices a day in its dialog: guide and bus, a meal, a service of either type. */
async function priceDay(page: Page, row: number, day: { guide: string; bus: string; meal: string; service: { name: string; group?: string; ages?: [string, string, string] } }) {
  await page.getByTestId(`calculator-days-row-${row}`).getByRole('button', { name: 'Редактировать' }).click();
  const dialog = page.getByRole('dialog', { name: C.dayEdit });
  await dialog.getByRole('tab', { name: 'Цены' }).click();
  await dialog.getByLabel('Стоимость гида').fill(day.guide);
  await dialog.getByLabel('Стоимость автобуса').fill(day.bus);
  await dialog.getByRole('tab', { name: 'Питание' }).click();
  await dialog.getByRole('button', { name: 'Добавить питание' }).click();
  await dialog.locator('#day-meals-0-name').fill('Обед');
  await dialog.locator('#day-meals-0-sum').fill(day.meal);
  await dialog.getByRole('tab', { name: 'Услуги', exact: true }).click();
  await dialog.getByRole('button', { name: 'Добавить услугу' }).click();
  await dialog.locator('#day-services-0-name').fill(day.service.name);
  if (day.service.ages) {
    const [adult, child, retiree] = day.service.ages;
    await dialog.locator('#day-services-0-adult_price').fill(adult);
    await dialog.locator('#day-services-0-child_price').fill(child);
    await dialog.locator('#day-services-0-retiree_price').fill(retiree);
  } else {
    await choose(dialog.getByTestId('day-services-0'), page, 'type', 'На группу');
    await dialog.locator('#day-services-0-total_price').fill(day.service.group!);
  }
  if (row === 0) await shot(page, 'day-dialog');
  await dialog.getByTestId('calculator-day-dialog-save').click();
  await expect(dialog).toBeHidden();
}

test('a calculator built from a tour: days priced, a hotel with rooms, saved, its results, the Word offer', async ({ page }) => {
  await ensureAdmin(page);
  const ground = await insertTourGround(db);
  const [city] = await sql<{ name: string }>('SELECT name FROM cities WHERE id = $1', [ground.cityIds[1]]);
  const [hotel] = await sql<{ name: string }>('SELECT name FROM hotels WHERE id = $1', [ground.hotelIds[0]]);
  await apiPost(page, '/tours', toPayloadBody(tourPayload(ground, TOUR)));

  await page.goto('/tour-calculators');
  await expect(page.getByRole('heading', { name: 'Калькуляторы туров' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/tour-calculators\/create$/);
  await expect(page.getByRole('heading', { name: 'Создание калькулятора тура' })).toBeVisible();
  // Export is for a saved calculator only.
  await expect(page.getByTestId('calculator-export')).toBeDisabled();

  // The tour gives its name, duration and days.
  await pick(page, page.getByTestId('picker-tour_id'), TOUR);
  await expect(page.getByLabel('Название')).toHaveValue(TOUR);
  await expect(page.getByLabel('Продолжительность, дней')).toHaveValue('3');
  // Nobody paying: the save is refused before it is sent, the field says why (spec 03 §8).
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('.bp6-toast.bp6-intent-danger')).toContainText(MESSAGES.errors.saveFailedTitle);
  await expect(page.getByRole('tabpanel').getByText(C.nobodyPays)).toBeVisible();
  await page.getByLabel('Взрослых').fill('15');
  await page.getByLabel('Детей').fill('4');
  await page.getByLabel('Пенсионеров').fill('1');
  await page.getByLabel('Бесплатных мест (сопровождающие)').fill('1');
  await page.getByLabel('Комиссия, %').fill('10');
  await shot(page, 'general');

  await page.getByRole('tab', { name: 'Дни' }).click();
  await expect(page.getByTestId('calculator-days-row-0')).toContainText('Прибытие');
  await expect(page.getByTestId('calculator-days-row-1')).toContainText('Экскурсия');
  await priceDay(page, 0, { guide: '5000', bus: '20000', meal: '700', service: { name: 'Музей', ages: ['500', '300', '400'] } });
  await priceDay(page, 1, { guide: '5000', bus: '15000', meal: '700', service: { name: 'Мастер-класс', group: '3000' } });
  // A third day of the three, without prices.
  await page.getByRole('button', { name: 'Добавить день' }).click();
  const added = page.getByRole('dialog', { name: C.dayCreate });
  await added.getByLabel('Название').fill('Отъезд');
  await added.getByTestId('calculator-day-dialog-save').click();
  await expect(added).toBeHidden();
  await expect(page.getByRole('button', { name: 'Добавить день' })).toHaveCount(0);
  await shot(page, 'days');

  await page.getByRole('tab', { name: 'Отели' }).click();
  await page.getByRole('button', { name: 'Добавить отель' }).click();
  const hotelDialog = page.getByRole('dialog', { name: C.hotelCreate });
  await choose(hotelDialog, page, 'city_id', city!.name);
  await pick(page, hotelDialog.getByTestId('picker-calc-hotel'), hotel!.name);
  await hotelDialog.getByLabel('День заезда').fill('1');
  await hotelDialog.getByLabel('День выезда').fill('2');
  await hotelDialog.getByRole('button', { name: 'Добавить номер' }).click();
  // Nights default to departure − arrival day.
  await expect(hotelDialog.locator('#hotel-rooms-0-duration')).toHaveValue('1');
  await hotelDialog.locator('#hotel-rooms-0-name').fill('Двухместный');
  await hotelDialog.locator('#hotel-rooms-0-count').fill('10');
  await hotelDialog.locator('#hotel-rooms-0-sum').fill('4000');
  // With rooms the hotel is fixed.
  await expect(hotelDialog.getByTestId('picker-calc-hotel')).toBeDisabled();
  await shot(page, 'hotel-dialog');
  await hotelDialog.getByTestId('calculator-hotel-dialog-save').click();
  await expect(hotelDialog).toBeHidden();
  await expect(page.getByTestId('calculator-hotels-row-0')).toContainText(hotel!.name);

  await page.getByRole('tab', { name: 'Дополнительно оплачиваемые услуги' }).click();
  await page.getByRole('button', { name: 'Добавить услугу' }).click();
  await page.locator('#calculator-additional-0-name').fill('Катание на теплоходе');
  await page.locator('#calculator-additional-0-sum').fill('850.50');

  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(C.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/tour-calculators\/\d+\/edit$/);
  const [stored] = await sql<{ id: number; tour_id: number; results: { title: string; value: string }[] }>('SELECT id, tour_id, results FROM tour_calculators WHERE name = $1', [TOUR]);
  expect(stored!.results.find((line) => line.title === C.results.total)?.value).toBe('139700.00');

  await page.getByRole('tab', { name: 'Результаты' }).click();
  const results = page.getByRole('table', { name: 'Результаты' });
  for (const [title, value] of [
    [C.results.cost, '127000'],
    [C.results.commission, '12700'],
    [C.results.adult, '7034.50'],
    [C.results.child, '6814.50'],
    [C.results.retiree, '6924.50'],
    [C.results.total, '139700'],
    ['Катание на теплоходе', '850.50'],
  ] as const) {
    await expect(results.getByRole('row', { name: title })).toContainText(formatMoney(value));
  }
  await shot(page, 'results');

  await expect(page.getByTestId('calculator-export')).toBeEnabled();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('calculator-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${TOUR}.docx`);
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const xml = await zip.file('word/document.xml')!.async('string');
  const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('|');
  for (const expected of [TOUR, 'День 1. Прибытие', 'День 3. Отъезд', hotel!.name, `${C.results.total}|${formatMoney(139700)}`]) expect(text).toContain(expected);

  // The list shows it.
  await page.goto('/tour-calculators');
  await expect(page.getByRole('row', { name: new RegExp(TOUR) })).toContainText('3');
  await shot(page, 'list');
});
