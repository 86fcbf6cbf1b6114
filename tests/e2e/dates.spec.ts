/**
 * Dates that can't lie (issue 10): a typed date is checked as the user leaves the field, a period
 * needs both ends in order, a wrong date is refused instead of being dropped, and Esc in a calendar
 * closes the calendar only. On the promotions dialog (a date and a period), at 1366×768.
 */
import { expect, test, type Page } from '@playwright/test';
import { typedDate } from '../../shared/dates.js';
import { MESSAGES } from '../../shared/messages.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

test.use({ viewport: { width: 1366, height: 768 } });

async function openAdd(page: Page, name: string) {
  await ensureAdmin(page);
  await page.goto('/hotels/promotions');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Название/).fill(name);
  return dialog;
}

const stored = (name: string) => sql<{ published_date: string | null; date_from: string | null; date_to: string | null }>(
  `SELECT to_char(published_date, 'YYYY-MM-DD') AS published_date, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to FROM promotions WHERE name = $1`,
  [name],
);

test('a typed date is checked when the field is left, and a wrong one is refused, not dropped', async ({ page }) => {
  const dialog = await openAdd(page, 'Акция с неверной датой');
  const published = dialog.getByLabel('Дата публикации');

  await published.fill('99.99.9999');
  await published.press('Tab');
  await expect(dialog.getByText(MESSAGES.dates.format)).toBeVisible();
  await expect(published).toHaveValue('99.99.9999');

  // Saving refuses it under the field; nothing reaches the database.
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.errors.saveFailedTitle)).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await stored('Акция с неверной датой')).toEqual([]);

  // Out of the field's bounds.
  await published.fill('01.01.1800');
  await published.press('Tab');
  await expect(dialog.getByText(MESSAGES.dates.notBefore('01.01.1900'))).toBeVisible();

  // A real day clears the message, reads back as DD.MM.YYYY and is saved.
  await published.fill('1.2.2026');
  await published.press('Tab');
  await expect(published).toHaveValue('01.02.2026');
  await expect(dialog.getByText(MESSAGES.dates.notBefore('01.01.1900'))).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.hotelHandbooks.promotionSaved)).toBeVisible();
  expect(await stored('Акция с неверной датой')).toEqual([{ published_date: '2026-02-01', date_from: null, date_to: null }]);
});

test('a period needs both dates, in order; half a period or a backwards one is refused', async ({ page }) => {
  const dialog = await openAdd(page, 'Акция с периодом');
  const from = dialog.getByLabel('Период действия: с');
  const to = dialog.getByLabel('Период действия: по');

  await from.fill('10.03.2026');
  await from.press('Tab');
  await expect(dialog.getByText(MESSAGES.dates.bothEnds)).toBeVisible();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeVisible();
  expect(await stored('Акция с периодом')).toEqual([]);

  // Backwards: the end before the start is said, not silently cleared.
  await to.fill('01.03.2026');
  await to.press('Tab');
  await expect(dialog.getByText(MESSAGES.dates.order)).toBeVisible();
  await expect(from).toHaveValue('10.03.2026');
  await expect(to).toHaveValue('01.03.2026');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeVisible();
  expect(await stored('Акция с периодом')).toEqual([]);

  await to.fill('31.03.2026');
  await to.press('Tab');
  await expect(dialog.getByText(MESSAGES.dates.order)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.hotelHandbooks.promotionSaved)).toBeVisible();
  expect(await stored('Акция с периодом')).toEqual([{ published_date: null, date_from: '2026-03-10', date_to: '2026-03-31' }]);
});

test('Esc in a calendar closes the calendar only; the calendar is Russian and fits the window', async ({ page }) => {
  const dialog = await openAdd(page, 'Акция из календаря');
  await dialog.getByLabel('Дата публикации').click();
  const calendar = page.locator('.bp6-datepicker');
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Сегодня' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Следующий месяц' })).toBeVisible();
  const box = (await calendar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(768);
  expect(box.x + box.width).toBeLessThanOrEqual(1366);

  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Название/)).toHaveValue('Акция из календаря');

  // The calendar of the period's end, opened by its button: Esc again keeps the dialog.
  await dialog.getByLabel('Период действия: по').locator('..').getByRole('button', { name: 'Открыть календарь' }).click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  // …and from inside the calendar.
  await dialog.getByLabel('Период действия: по').click();
  await calendar.getByRole('button', { name: 'Сегодня' }).focus();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();

  // A day picked in the calendar lands in the field as DD.MM.YYYY.
  await dialog.getByLabel('Дата публикации').click();
  await calendar.getByRole('button', { name: 'Сегодня' }).click();
  const today = new Date();
  const typed = `${String(today.getDate()).padStart(2, '0')}.${String(today.getMonth() + 1).padStart(2, '0')}.${today.getFullYear()}`;
  await expect(dialog.getByLabel('Дата публикации')).toHaveValue(typed);
});

test('the departure date of a bus schedule: a typed date is checked on leaving, a day without a departure is said, never "Invalid date"', async ({ page }) => {
  const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
  const [first, second] = [daysFromToday(5), daysFromToday(12)];
  const cities = (await insertCities(db, ['Калуга', 'Тверь'])) as [number, number];
  const transportId = await insertTransport(db, {
    name: 'Калуга — Тверь',
    transportationId: await insertTransportation(db),
    cities,
    startDate: daysFromToday(-1),
    finishDate: daysFromToday(40),
    dates: [first, second],
  });
  await ensureAdmin(page);
  await page.goto(`/transports/schedules/${transportId}`);
  const field = page.getByLabel('Дата отправления');
  await expect(field).toHaveValue(typedDate(first));

  await field.fill('99.99.9999');
  await field.press('Tab');
  await expect(page.getByText(MESSAGES.dates.format)).toBeVisible();
  await expect(page.getByText(/Invalid date|Out of range/)).toHaveCount(0);
  await expect(page.getByText(`Схема салона на ${typedDate(first)}`)).toBeVisible();

  await field.fill(typedDate(daysFromToday(6)));
  await field.press('Tab');
  await expect(page.getByText(MESSAGES.transport.noDeparture)).toBeVisible();
  await expect(page.getByText(`Схема салона на ${typedDate(first)}`)).toBeVisible();

  // A departure day typed opens that day's schedule; the message goes.
  await field.fill(typedDate(second));
  await expect(page.getByText(`Схема салона на ${typedDate(second)}`)).toBeVisible();
  await field.press('Tab');
  await expect(page.getByText(MESSAGES.transport.noDeparture)).toHaveCount(0);
  await expect(page.getByText(MESSAGES.dates.format)).toHaveCount(0);
  await expect(field).toHaveValue(typedDate(second));
});
