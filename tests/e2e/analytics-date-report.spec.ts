/**
 * The analytics' date report (spec 03 §2.12, §9): as a manager, Аналитика's «Отчет на дату» opens a
 * dialog; Скачать without a date shows the server's message under the field, with a typed date the
 * report downloads as `Отчет на дату DD.MM.YYYY.xlsx` holding the day's tourist.
 * Screenshot at 1366×768: /tmp/daterep/date-report-dialog.png.
 */
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { MESSAGES } from '../../shared/messages.js';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { sql, signInAsStaff } from './session.js';

const R = MESSAGES.dateReport;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const MANAGER = { surname: 'Встречин', name: 'Глеб', email: 'manager.daterep@example.com', password: 'manager-secret-1', role: 3 };

let number: string;

test.beforeAll(async () => {
  const application = await insertApplication(db, { tourists: [{ last_name: 'Встречаемая', first_name: 'Дарья', birthday_date: '1990-03-04' }] });
  number = application.number;
  await sql(`UPDATE applications SET start_date = '2031-02-14', status = 2 WHERE id = $1`, [application.id]);
});

test('a manager downloads the report of a day from Аналитика, after being told the date is needed', async ({ page }) => {
  await signInAsStaff(page, MANAGER);
  await page.getByRole('link', { name: 'Аналитика' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await page.getByRole('button', { name: R.action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(R.title)).toBeVisible();

  await dialog.getByRole('button', { name: MESSAGES.list.download }).click();
  await expect(dialog.getByText(R.dateRequired)).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '/tmp/daterep/date-report-dialog.png' });

  await dialog.getByLabel(R.date).fill('14.02.2031');
  await expect(dialog.getByText(R.dateRequired)).toBeHidden();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: MESSAGES.list.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Отчет на дату 14.02.2031.xlsx');
  await expect(dialog).toBeHidden();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  const row = [...Array(14).keys()].map((index) => sheet.getRow(2).getCell(index + 1).value ?? null);
  expect(row.slice(4, 8)).toEqual([number, 'Авиа', 'Встречаемая Дарья', new Date(Date.UTC(1990, 2, 4))]);
});
