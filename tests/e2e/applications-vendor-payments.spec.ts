/**
 * The Учет ДС tab (issue 28): the accountant pays a vendor the application owes nothing (no net), the
 * save is refused as an overpayment and asked «Подтвердить переплату?», and once confirmed the summary
 * shows the vendor paid, its surcharge negative and the overpayment marked. Screenshot at 1366×768
 * goes to test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { MESSAGES } from '../../shared/messages.js';
import { sql, signInAsStaff } from './session.js';

const A = MESSAGES.applications;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const ACCOUNTANT = { surname: 'Учётова', name: 'Дина', email: 'accountant.vendorpay@example.com', password: 'accountant-secret-1', role: 2 };

/** A sum as the tables show it, whatever space groups its thousands. */
const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s₽$`);

test('the accountant pays a vendor: asked to confirm the overpayment, then the summary shows paid and a negative surcharge', async ({ page }) => {
  const application = await insertApplication(db);
  const vendorName = `Поставщик ДС ${Date.now()}`;
  const [vendor] = await sql<{ id: number }>(`INSERT INTO vendors (name) VALUES ($1) RETURNING id`, [vendorName]);
  await signInAsStaff(page, ACCOUNTANT);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/applications/${application.id}/edit`);
  await expect(page.getByRole('heading', { name: A.editTitle })).toBeVisible();

  await page.getByTestId('tab-vendor-payments').click();
  await expect(page.getByTestId('vendor-payments-summary')).toHaveCount(0);
  await page.getByRole('button', { name: 'Добавить оплату поставщику' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('select-vendor_id').click();
  await page.getByRole('listbox').getByRole('option', { name: vendorName }).click();
  await dialog.getByLabel('Сумма').fill('3000');
  await dialog.getByTestId('select-payment_method').click();
  await page.getByRole('listbox').getByRole('option', { name: 'Безналичный расчёт' }).click();
  await dialog.getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByTestId('editor-save').click();
  await page.getByRole('alertdialog').getByRole('button', { name: MESSAGES.list.save }).click();
  // Nothing is owed to this vendor: the server asks, the editor confirms and sends again.
  const confirm = page.getByRole('alertdialog').filter({ hasText: A.confirmOverpayment });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: A.saved })).toBeVisible();

  await page.getByTestId('tab-vendor-payments').click();
  const row = page.getByTestId(`vendor-summary-${vendor!.id}`);
  await expect(row).toContainText(vendorName);
  await expect(row).toContainText('переплата');
  await expect(row.locator('[data-column="paid"]')).toHaveText(money('3 000,00'));
  await expect(row.locator('[data-column="surcharge"]')).toHaveText(money('-3 000,00'));
  await page.screenshot({ path: 'test-results/screens/application-vendor-payments.png' });
  expect(await sql(`SELECT vendor_id, sum, payment_method FROM vendor_payments WHERE application_id = $1`, [application.id])).toEqual([{ vendor_id: vendor!.id, sum: 3000, payment_method: 'bank_transfer' }]);
});
