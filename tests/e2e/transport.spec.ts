/**
 * Transport in the browser: a vehicle type whose scheme follows the rows; a transport's schedule for
 * a date — book and cancel a seat, add departure data, download both exports; the dashboard shows
 * the booking in its cell.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const seats = (page: Page, scope: string) => page.locator(`${scope} [data-seat]`);

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
  await page.getByLabel('Количество рядов').fill('6');
  await expect(seats(page, preview)).toHaveCount(29);
  await expect(page.getByText('Схема вмещает мест: 29')).toBeVisible();
  await page.locator('label').filter({ hasText: 'Вторая дверь' }).click();
  await page.getByLabel('Рядов до второй двери').fill('3');
  await page.getByLabel('Ширина второй двери (рядов)').fill('1');
  await expect(seats(page, preview)).toHaveCount(27);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Транспорт успешно сохранен')).toBeVisible();
  await expect(page).toHaveURL(/\/transportation$/);
  const row = page.getByRole('row', { name: /Setra 415 HD/ });
  await expect(row).toContainText('Автобус');
  await expect(row).toContainText('Да');
  const [stored] = await sql<{ seats: number; rows: number; second_door_rows: number; schema_svg: string }>(`SELECT seats, rows, second_door_rows, schema_svg FROM transportations WHERE name = 'Setra 415 HD'`);
  expect(stored).toMatchObject({ seats: 49, rows: 6, second_door_rows: 3 });
  expect(stored!.schema_svg.match(/data-seat=/g)).toHaveLength(27);
});

test('a schedule: book and cancel a seat, add departure data, download both exports; the dashboard counts the seat', async ({ page }) => {
  const date = daysFromToday(3);
  const [moscow, tula, orel] = (await insertCities(db, ['Москва', 'Тула', 'Орёл'])) as [number, number, number];
  const transportId = await insertTransport(db, {
    name: 'Москва — Орёл',
    transportationId: await insertTransportation(db),
    cities: [moscow, tula, orel],
    startDate: daysFromToday(-1),
    finishDate: daysFromToday(40),
    dates: [date],
  });
  await ensureAdmin(page);
  await page.goto('/transports/schedules');
  await page.getByRole('row', { name: /Москва — Орёл/ }).getByRole('button', { name: 'Расписание' }).click();
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

  // The same seat on the next segment is free; an overlapping one is refused with the server's message.
  await page.locator(`${scheme} [data-seat="5"]`).click();
  await dialog.getByLabel('Откуда', { exact: true }).selectOption({ label: 'Москва' });
  await dialog.getByLabel('Куда', { exact: true }).selectOption({ label: 'Орёл' });
  await dialog.getByRole('button', { name: 'Забронировать' }).click();
  await expect(page.getByText('Место уже забронировано на этом участке маршрута')).toBeVisible();
  await dialog.getByRole('button', { name: 'Снять бронь' }).click();
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
  await departureRow.getByRole('button', { name: 'Отправить уведомление' }).click();
  await expect(page.getByText('Уведомления будут отправлены в ближайшее время!')).toBeVisible();

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
  const cell = page.getByRole('row', { name: /Москва — Орёл/ }).locator(`td[data-date="${date}"]`);
  await expect(cell).toHaveText('1');
  await cell.locator('.dashboard-count').hover();
  await expect(page.getByText('Тула: 1')).toBeVisible();
});
