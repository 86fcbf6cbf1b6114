/**
 * The application editor's locks (issue 27): a cancelled application opens read-only under a banner
 * saying why; a field a role locks says why on hover (the server's own refusal); a save the server
 * refuses names the reason in its toast. As a manager and an accountant would meet them; screenshots
 * at 1366×768 go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { ApplicationStatus } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { sql, signInAsStaff } from './session.js';

test.describe.configure({ mode: 'serial' });

const A = MESSAGES.applications;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const MANAGER = { surname: 'Замкова', name: 'Ольга', email: 'manager.locks@example.com', password: 'manager-secret-1', role: 3 };
const ACCOUNTANT = { surname: 'Сверкина', name: 'Нина', email: 'accountant.locks@example.com', password: 'accountant-secret-1', role: 2 };


async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/application-locks-${name}.png` });
}

async function openEditor(page: Page, id: number) {
  await page.goto(`/applications/${id}/edit`);
  await expect(page.getByRole('heading', { name: A.editTitle })).toBeVisible();
  await expect(page.getByLabel('Комментарий')).toBeVisible();
}

/** The locked field holding `control` (its tooltip's target: a disabled control gets no hover of its own). */
const lockOf = (page: Page, control: Locator) => page.locator('.locked-field', { has: control });

/** Hovering the locked field shows its reason. */
async function expectReasonOnHover(page: Page, control: Locator, reason: string) {
  await lockOf(page, control).hover({ timeout: 10_000 });
  await expect(page.locator('.bp6-tooltip')).toHaveText(reason);
}

test('a manager opens a cancelled application: a banner says why, every field is locked with the reason on hover, Сохранить is off', async ({ page }) => {
  const application = await insertApplication(db);
  await sql(`UPDATE applications SET status = $1, comment = 'Клиент отказался' WHERE id = $2`, [ApplicationStatus.Cancelled, application.id]);
  await signInAsStaff(page, MANAGER);
  await openEditor(page, application.id);

  await expect(page.getByTestId('editor-locked')).toHaveText(A.cancelledNotice);
  for (const control of [page.getByLabel('Комментарий'), page.getByLabel('Взрослых', { exact: true }), page.getByLabel('Детей', { exact: true }), page.getByTestId('picker-user_id'), page.getByTestId('select-status'), page.getByLabel('Заказчик')]) {
    await expect(control).toBeDisabled();
  }
  await expect(page.getByTestId('editor-save')).toBeDisabled();
  await expectReasonOnHover(page, page.getByLabel('Комментарий'), A.cancelledLocked);
  await shot(page, 'cancelled');
  // Every other tab is read-only too: its table's buttons are off.
  await page.getByTestId('tab-contacts').click();
  await expect(page.getByLabel('E-mail')).toBeDisabled();
  await page.getByTestId('tab-transfers').click();
  await expect(page.getByRole('button', { name: 'Добавить трансфер' }).first()).toBeDisabled();
});

test('a manager finds the payment method of a saved application locked, and the hover says who changes it', async ({ page }) => {
  const application = await insertApplication(db);
  await signInAsStaff(page, MANAGER);
  await openEditor(page, application.id);

  const method = page.getByTestId('select-payment_method');
  await expect(method).toBeDisabled();
  await expectReasonOnHover(page, method, A.paymentMethodLocked);
  await shot(page, 'payment-method-tooltip');
  // What is not locked stays open, without a lock.
  await expect(page.getByLabel('Комментарий')).toBeEnabled();
  await expect(lockOf(page, page.getByLabel('Комментарий'))).toHaveCount(0);
  await expect(page.getByTestId('editor-locked')).toHaveCount(0);
});

test('an accountant changes the same payment method: no lock; the lock a status puts on the prepayment says why', async ({ page }) => {
  const application = await insertApplication(db);
  await signInAsStaff(page, ACCOUNTANT);
  await openEditor(page, application.id);

  const method = page.getByTestId('select-payment_method');
  await expect(method).toBeEnabled();
  await expect(lockOf(page, method)).toHaveCount(0);
  await method.click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(method).not.toHaveText(MESSAGES.list.choose);
  // A new application's prepayment waits for «Подтверждена, требуется оплата», for every role.
  const prepayment = page.getByLabel('Предоплата');
  await expect(prepayment).toBeDisabled();
  await expectReasonOnHover(page, prepayment, A.prepaymentLocked);
});

test('a save the server refuses on a field names the reason in its toast (the application was cancelled meanwhile)', async ({ page }) => {
  const application = await insertApplication(db);
  await signInAsStaff(page, MANAGER);
  await openEditor(page, application.id);
  await sql(`UPDATE applications SET status = $1 WHERE id = $2`, [ApplicationStatus.Cancelled, application.id]);

  const save = async () => {
    await page.getByTestId('editor-save').click();
    await page.getByRole('alertdialog').getByRole('button', { name: MESSAGES.list.save }).click();
  };
  await page.getByLabel('Комментарий').fill('Перезвонить завтра');
  await save();
  // The colleague's change comes first as a conflict; kept editing, the save then meets the cancellation itself.
  await page.getByRole('button', { name: MESSAGES.version.keepEditing }).click();
  await save();
  const toast = page.locator('.bp6-toast').filter({ hasText: MESSAGES.errors.saveFailedTitle });
  await expect(toast).toContainText(MESSAGES.errors.saveFailedText);
  await expect(toast).toContainText(A.cancelledLocked);
  await shot(page, 'refused-toast');
});
