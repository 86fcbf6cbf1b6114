/**
 * The Payments tab (issue 28): the accountant adds a payment and the server's payment status follows,
 * with Оплачено and К оплате in the totals block; a manager sees no Payments tab. Screenshots at
 * 1366×768 go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { MESSAGES } from '../../shared/messages.js';
import { sql, signInAsStaff } from './session.js';

test.describe.configure({ mode: 'serial' });

const A = MESSAGES.applications;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const MANAGER = { surname: 'Платёжкина', name: 'Вера', email: 'manager.payments@example.com', password: 'manager-secret-1', role: 3 };
const ACCOUNTANT = { surname: 'Кассова', name: 'Инна', email: 'accountant.payments@example.com', password: 'accountant-secret-1', role: 2 };


/** An avia application priced by hand at 20 000 ₽, nothing paid, no payment method yet. */
async function pricedApplication() {
  const application = await insertApplication(db);
  await sql(`UPDATE applications SET manual_price_without_discount = 20000, price_without_discount = 20000, price_total = 20000, agency_to_pay = 20000 WHERE id = $1`, [application.id]);
  return application;
}

/** A sum as the totals show it, whatever space groups its thousands. */
const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s₽$`);

async function openEditor(page: Page, id: number) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/applications/${id}/edit`);
  await expect(page.getByRole('heading', { name: A.editTitle })).toBeVisible();
  await expect(page.getByLabel('Комментарий')).toBeVisible();
}

test('the accountant adds a payment: the payment status becomes «Частично оплачена», Оплачено and К оплате follow', async ({ page }) => {
  const application = await pricedApplication();
  await signInAsStaff(page, ACCOUNTANT);
  await openEditor(page, application.id);
  await expect(page.getByLabel('Статус оплаты')).toHaveValue('Не оплачена');
  await expect(page.getByTestId('totals-paid')).toContainText(money('0,00'));
  await expect(page.getByTestId('totals-to_pay')).toContainText(money('20 000,00'));

  // No payment method yet: adding a payment asks for one first.
  await page.getByTestId('tab-payments').click();
  await page.getByRole('button', { name: 'Добавить оплату' }).click();
  await expect(page.locator('.bp6-toast')).toContainText(A.paymentMethodFirst);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The online method's payments come from the payment system: none is added by hand.
  const chooseMethod = async (name: string) => {
    await page.getByTestId('tab-general').click();
    await page.getByTestId('select-payment_method').click();
    await page.getByRole('listbox').getByRole('option', { name }).click();
    await page.getByTestId('tab-payments').click();
  };
  await chooseMethod('Онлайн');
  await expect(page.getByRole('button', { name: 'Добавить оплату' })).toHaveCount(0);
  await chooseMethod('Наличные');
  await page.getByRole('button', { name: 'Добавить оплату' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Сумма').fill('7500.50');
  await page.screenshot({ path: 'test-results/screens/application-payments-dialog.png' });
  await dialog.getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: money('7 500,50') })).toBeVisible();
  // The totals follow the edited rows at once, on every tab.
  await expect(page.getByTestId('totals-paid')).toContainText(money('7 500,50'));
  await expect(page.getByTestId('totals-to_pay')).toContainText(money('12 499,50'));

  await page.getByTestId('editor-save').click();
  await page.getByRole('alertdialog').getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: A.saved })).toBeVisible();
  await page.getByTestId('tab-general').click();
  await expect(page.getByLabel('Статус оплаты')).toHaveValue('Частично оплачена');
  await expect(page.getByTestId('totals-paid')).toContainText(money('7 500,50'));
  await page.screenshot({ path: 'test-results/screens/application-payments-saved.png' });
  expect(await sql(`SELECT payment_status FROM applications WHERE id = $1`, [application.id])).toEqual([{ payment_status: 2 }]);
  expect(await sql(`SELECT sum::text, status FROM payments WHERE application_id = $1`, [application.id])).toEqual([{ sum: '7500.50', status: 2 }]);
});

test('a manager sees no Payments tab, and Оплачено and К оплате in the totals', async ({ page }) => {
  const application = await pricedApplication();
  await sql(`INSERT INTO payments (application_id, status, sum) VALUES ($1, 2, 5000)`, [application.id]);
  await signInAsStaff(page, MANAGER);
  await openEditor(page, application.id);
  await expect(page.getByTestId('tab-contacts')).toBeVisible();
  await expect(page.getByTestId('tab-payments')).toHaveCount(0);
  await expect(page.getByTestId('totals-paid')).toContainText(money('5 000,00'));
  await expect(page.getByTestId('totals-to_pay')).toContainText(money('15 000,00'));
});
