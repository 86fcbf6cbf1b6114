/**
 * The analytics' agency report (spec 03 §2.12, §5, §9; issue 29): as a manager (analytics is all three
 * roles'), «Аналитика» → «Отчет по агентствам» opens a dialog set to this year; without dates Скачать
 * says so under the period and asks nothing; with a period the report downloads as
 * `Отчет по агентствам 01.01.2025–31.12.2025.xlsx` holding the agency's application and its subtotal;
 * a 422 of the server is said under its field, another failure by 'Произошла непредвиденная ошибка'.
 * Screenshot at 1366×768: /tmp/agrep/analytics-agency-report-dialog.png.
 */
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';

import { MESSAGES } from '../../shared/messages.js';
import { insertAgencyApplication } from '../../server/test/application-fixtures.js';
import { sql, signInAsStaff } from './session.js';
import { officeToday } from '../../shared/calendar.js';

const A = MESSAGES.analyticsAgencyReport;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const MANAGER = { surname: 'Аналитиков', name: 'Антон', email: 'manager.analytics@example.com', password: 'manager-secret-1', role: 3 };
const LEGAL_NAME = 'ООО «Аналитическая Ривьера»';

let number: string;

test.beforeAll(async () => {
  const [existing] = await sql<{ id: number }>('SELECT id FROM agencies WHERE legal_name = $1', [LEGAL_NAME]);
  const agencyId = existing?.id ?? (await sql<{ id: number }>(`INSERT INTO agencies (legal_name, commission_type, commission_sum) VALUES ($1, 2, 10) RETURNING id`, [LEGAL_NAME]))[0]!.id;
  number = await insertAgencyApplication(db, { agencyId, createdAt: '2025-02-10T12:00:00+03:00', price: '12345.67', commission: '1234.57', toPay: '11111.10', payments: [[2, '5000.00']] });
});

test('the manager asks the agency report: no period is said under the dates, a period downloads the file', async ({ page }) => {
  await signInAsStaff(page, MANAGER);
  await page.getByRole('link', { name: 'Аналитика' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await page.getByRole('button', { name: A.action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(A.title)).toBeVisible();
  const from = dialog.getByLabel(`${A.period}: ${MESSAGES.dates.from}`);
  const to = dialog.getByLabel(`${A.period}: ${MESSAGES.dates.to}`);
  const year = officeToday().slice(0, 4);
  await expect(from).toHaveValue(`01.01.${year}`);
  await expect(to).toHaveValue(`31.12.${year}`);
  await expect(dialog.getByLabel(A.byEmployees)).not.toBeChecked();

  await from.fill('');
  await to.fill('');
  let asked = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/agency-report')) asked = true;
  });
  await dialog.getByRole('button', { name: MESSAGES.list.download }).click();
  await expect(dialog.getByText(A.datesRequired)).toBeVisible();
  expect(asked).toBe(false);

  await from.fill('01.01.2025');
  await to.fill('31.12.2025');
  await dialog.getByLabel(A.byEmployees).check({ force: true });
  // The server's 422 lands under its field and the dialog stays; any other failure is the export's toast.
  const REPORT = '**/api/analytics/agency-report?**';
  await page.route(REPORT, (route) => route.fulfill({ status: 422, json: { message: MESSAGES.dates.order, errors: { date_to: [MESSAGES.dates.order] } } }), { times: 1 });
  await dialog.getByRole('button', { name: MESSAGES.list.download }).click();
  await expect(dialog.getByText(MESSAGES.dates.order)).toBeVisible();
  await page.route(REPORT, (route) => route.fulfill({ status: 500, json: { message: 'boom' } }), { times: 1 });
  await dialog.getByRole('button', { name: MESSAGES.list.download }).click();
  await expect(page.getByText(MESSAGES.errors.unexpected)).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '/tmp/agrep/analytics-agency-report-dialog.png' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: MESSAGES.list.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Отчет по агентствам 01.01.2025–31.12.2025.xlsx');
  await expect(dialog).toBeHidden();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const rows = workbook.worksheets[0]!.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []));
  expect(rows).toContainEqual([LEGAL_NAME, number, new Date(Date.UTC(2025, 1, 10)), undefined, undefined, 'Авиа', 12345.67, 1234.57, 11111.1, 5000, 6111.1]);
  expect(rows).toContainEqual([LEGAL_NAME, A.employeeTotals, undefined, A.noEmployee, undefined, undefined, 12345.67, 1234.57, 11111.1, 5000, 6111.1]);
});
