/**
 * The agencies' monthly report (spec 01 §2.4, §6, §9): as the accountant, the agency's row action
 * opens a dialog set to this month (Moscow), the year and the month are picked and the report
 * downloads as `Отчет <agency> <MM.YYYY>.xlsx` holding the agency's application; the manager is
 * offered no such action. Screenshot at 1366×768: /tmp/report/agency-report-dialog.png.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { MESSAGES } from '../../shared/messages.js';
import { MONTH_NAMES, moscowMonth } from '../../shared/resources/agency-report.js';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { sql, signInAsStaff } from './session.js';

test.describe.configure({ mode: 'serial' });

const R = MESSAGES.agencies.report;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const ACCOUNTANT = { surname: 'Балансова', name: 'Вера', email: 'accountant.report@example.com', password: 'accountant-secret-1', role: 2 };
const MANAGER = { surname: 'Отчетов', name: 'Олег', email: 'manager.report@example.com', password: 'manager-secret-1', role: 3 };
const LEGAL_NAME = 'ООО «Отчетная Ривьера»';


async function openAgencies(page: Page) {
  await page.getByRole('link', { name: 'Агентства' }).click();
  await expect(page).toHaveURL(/\/agencies$/);
  await page.getByRole('searchbox').fill('Отчетная Ривьера');
  return page.getByRole('row', { name: /Отчетная Ривьера/ });
}

let number: string;

test.beforeAll(async () => {
  const [existing] = await sql<{ id: number }>('SELECT id FROM agencies WHERE legal_name = $1', [LEGAL_NAME]);
  const agencyId = existing?.id ?? (await sql<{ id: number }>(`INSERT INTO agencies (legal_name, commission_type, commission_sum) VALUES ($1, 2, 10) RETURNING id`, [LEGAL_NAME]))[0]!.id;
  const application = await insertApplication(db, { tourists: [{ last_name: 'Морская', first_name: 'Алиса' }] });
  number = application.number;
  await sql(
    `UPDATE applications SET client_id = NULL, agency_id = $2, status = 3, price_total = 12345.67, agency_commission = 1234.57, agency_to_pay = 11111.10,
            created_at = '2025-01-15T12:00:00+03:00' WHERE id = $1`,
    [application.id, agencyId],
  );
  await sql(`INSERT INTO payments (application_id, status, sum) VALUES ($1, 2, 5000.00)`, [application.id]);
});

test('the accountant picks a month in the row action’s dialog and downloads the agency’s report', async ({ page }) => {
  await signInAsStaff(page, ACCOUNTANT);
  const row = await openAgencies(page);
  await row.getByRole('button', { name: R.action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(R.title(LEGAL_NAME))).toBeVisible();
  const now = moscowMonth();
  await expect(dialog.getByLabel(R.year)).toHaveValue(String(now.year));
  await expect(dialog.getByLabel(R.month)).toHaveValue(String(now.month));
  await expect(dialog.getByLabel(R.month).locator('option')).toHaveText([...MONTH_NAMES]);
  await expect(dialog.getByLabel(R.year).locator('option').last()).toHaveText('2019');
  await dialog.getByLabel(R.year).selectOption('2025');
  await dialog.getByLabel(R.month).selectOption({ label: 'январь' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '/tmp/report/agency-report-dialog.png' });

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: MESSAGES.list.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Отчет ${LEGAL_NAME} 01.2025.xlsx`);
  await expect(dialog).toBeHidden();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([number, new Date(Date.UTC(2025, 0, 15)), 'Морская Алиса', 'Авиа', 12345.67, 1234.57, 11111.1, 5000, 6111.1]);
  expect(sheet.getRow(3).getCell(1).value).toBe(R.totals);
});

test('the manager is offered no monthly report', async ({ page }) => {
  await signInAsStaff(page, MANAGER);
  const row = await openAgencies(page);
  await expect(row.getByRole('button', { name: 'Сотрудники' })).toBeVisible();
  await expect(row.getByRole('button', { name: R.action })).toHaveCount(0);
});
