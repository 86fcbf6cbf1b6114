/**
 * Imports (issue 31): the administrator updates the vendors' data from a local supplier
 * (server/test/supplier-server.ts), adds an import by searching the supplier and ticking its items,
 * and opens its view and logs. Screens at 1366×768 go to test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, type TestSupplier } from '../../server/test/supplier-server.js';
import { apiPost, ensureAdmin, sql } from './session.js';

const T = MESSAGES.imports;
let supplier: TestSupplier;

test.beforeAll(async () => {
  supplier = await startTestSupplier({ hotels: 5 });
});
test.afterAll(() => supplier?.close());

test('the administrator updates the vendor data, then adds an import by searching and ticking the supplier’s items', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  const vendorName = `Сервис «Юг-${Date.now() % 1_000_000}»`;
  const vendor = (await apiPost(page, '/vendors', { name: vendorName, is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD } })).data.id as number;

  await page.goto('/imports');
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await page.getByRole('button', { name: T.updateVendorData }).click();
  await expect(page.getByText(T.updating)).toBeVisible();

  await page.getByRole('button', { name: MESSAGES.list.add }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(T.addTitle)).toBeVisible();
  await dialog.getByTestId('select-vendor_id').click();
  await page.getByRole('option', { name: vendorName }).click();
  await dialog.getByTestId('select-type').click();
  await page.getByRole('option', { name: 'Отели' }).click();
  await dialog.getByLabel('Поиск по названию').fill('поставщика');
  const results = dialog.getByRole('region', { name: 'Результаты поиска' });
  await expect(results.getByRole('checkbox')).toHaveCount(5);
  await results.getByText('Отель поставщика 2').click();
  await expect(dialog.getByText('Выбрано: 1')).toBeVisible();
  // Another text: the chosen item stays, Select all adds the new results.
  await dialog.getByLabel('Поиск по названию').fill('поставщика 4');
  await expect(results.getByRole('checkbox')).toHaveCount(1);
  await dialog.getByRole('button', { name: T.selectAll }).click();
  await expect(dialog.getByText('Выбрано: 2')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/imports-form-1366.png' });
  // Saved inactive, so the import job (server/imports/import-job.test.ts) does not run it under this test.
  const active = dialog.getByRole('checkbox', { name: 'Активен' });
  await active.uncheck({ force: true }); // Blueprint's indicator covers the input, as in applications-list.spec
  await expect(active).not.toBeChecked();
  await dialog.getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page.getByText(T.saved)).toBeVisible();

  const [stored] = await sql<{ id: number; items: unknown; is_active: boolean }>('SELECT id, items, is_active FROM imports WHERE vendor_id = $1', [vendor]);
  expect(stored).toMatchObject({ items: [{ id: 'H2', name: 'Отель поставщика 2' }, { id: 'H4', name: 'Отель поставщика 4' }], is_active: false });
  const row = page.getByRole('row').filter({ hasText: vendorName });
  await expect(row).toContainText('Отели (2)');
  await expect(row).toContainText('Ожидает');

  // The logs dialog: the lines with their count.
  await sql(`INSERT INTO import_logs (import_id, message, status) VALUES ($1, 'Отель поставщика 2: создан', 'success')`, [stored!.id]);
  await row.getByRole('button', { name: 'Логи' }).click();
  const logs = page.getByRole('dialog');
  await expect(logs.getByRole('cell', { name: 'Отель поставщика 2: создан' })).toBeVisible();
  await expect(logs.getByText('Строк: 1')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/imports-logs-1366.png' });
  await logs.getByRole('button', { name: 'Закрыть' }).click();

  // The view dialog: the type and the items' names.
  await row.getByRole('button', { name: MESSAGES.list.view }).click();
  await expect(page.getByRole('dialog').getByText('Отель поставщика 4')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).last().click();

  // Editing keeps the vendor and the type locked.
  await row.getByRole('button', { name: MESSAGES.list.edit }).click();
  await expect(page.getByRole('dialog').getByText(T.editTitle)).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('select-vendor_id')).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/imports-edit-1366.png' });
});
