/**
 * The application editor's Документы tab (issue 28 "Documents"): shown once the application's prices
 * are fixed; two PDFs chosen at once are uploaded (one request each) and listed, a fake PDF is refused
 * with the server's reason, one is deleted after the question; the manager asks for the missing
 * voucher and contract and sees them made by the job. Screenshots at 1366×768 in test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { ApplicationStatus } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { ensureAdmin, signInAsStaff, sql } from './session.js';

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const A = MESSAGES.applications;
const MANAGER = { surname: 'Документова', name: 'Мария', email: 'documents.manager@example.com', password: 'manager-secret-1', role: Role.Manager };
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

test('the administrator uploads two PDFs at once to an application with fixed prices, sees both, and deletes one', async ({ page }) => {
  const application = await insertApplication(db);
  // Confirmed, payment required: past status 2, its prices are fixed — the tab shows.
  await sql(`UPDATE applications SET status = $2 WHERE id = $1`, [application.id, ApplicationStatus.ConfirmedPaymentRequired]);
  await ensureAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/applications/${application.id}/edit`);
  await expect(page.getByRole('heading', { name: A.editTitle })).toBeVisible();
  await page.getByTestId('tab-documents').click();
  const tab = page.getByTestId('application-documents');
  await expect(tab.getByText(A.documentsNone)).toBeVisible();

  await page.getByTestId('application-documents-input').setInputFiles([
    { name: 'Счёт гостиницы.pdf', mimeType: 'application/pdf', buffer: pdf('invoice') },
    { name: 'Страховка.pdf', mimeType: 'application/pdf', buffer: pdf('insurance') },
  ]);
  const rows = tab.getByTestId('application-document');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('link', { name: 'Счёт гостиницы.pdf' })).toBeVisible();
  await expect(rows.nth(1).getByRole('link', { name: 'Страховка.pdf' })).toBeVisible();
  await expect(tab.getByText(A.documentsCount(2, 10, 20))).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/application-documents.png' });

  // A PNG named .pdf passes the renderer's pre-check; the server tells by content and the toast says why.
  await page.getByTestId('application-documents-input').setInputFiles([{ name: 'Поддельный.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) }]);
  await expect(page.locator('.bp6-toast').filter({ hasText: MESSAGES.files.uploadFailed }).filter({ hasText: `Поддельный.pdf: ${MESSAGES.files.onlyPdf}` })).toBeVisible();
  await expect(tab.getByText(MESSAGES.files.onlyPdf, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screens/application-documents-refused.png' });

  await rows.nth(0).getByRole('button', { name: MESSAGES.list.delete }).click();
  await expect(page.getByText(A.documentDeleteConfirm('Счёт гостиницы.pdf'))).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: MESSAGES.list.delete }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('link', { name: 'Страховка.pdf' })).toBeVisible();
  expect(await sql<{ name: string }>(`SELECT name FROM application_documents WHERE application_id = $1`, [application.id])).toEqual([{ name: 'Страховка.pdf' }]);
});

test('the manager asks for the missing documents: the voucher and the contract are being made, then appear as PDFs', async ({ page }) => {
  const application = await insertApplication(db);
  // Confirmed without its documents: the save's mark, as the server sets it on reaching status 3.
  await sql(`UPDATE applications SET status = $2, need_generate_docs = true WHERE id = $1`, [application.id, ApplicationStatus.ConfirmedPaymentRequired]);
  await signInAsStaff(page, MANAGER);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/applications/${application.id}/edit`);
  await page.getByTestId('tab-documents').click();
  const tab = page.getByTestId('application-documents');
  await tab.getByRole('button', { name: A.documentsRegenerate }).click();
  await expect(page.getByText(MESSAGES.generatedDocuments.queued)).toBeVisible();

  const voucher = tab.getByRole('link', { name: `Ваучер №${application.number}.pdf` });
  const contract = tab.getByRole('link', { name: `Договор №${application.number}.pdf` });
  await expect(voucher).toBeVisible({ timeout: 30_000 });
  await expect(contract).toBeVisible({ timeout: 30_000 });
  await expect(tab.getByText(A.documentPending)).toHaveCount(0);
  // Made: the mark is cleared, so the button is gone, and the voucher is served as a PDF.
  await expect(tab.getByRole('button', { name: A.documentsRegenerate })).toHaveCount(0);
  const served = await page.request.get((await voucher.getAttribute('href'))!);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).subarray(0, 4).toString()).toBe('%PDF');
  await page.screenshot({ path: 'test-results/screens/application-documents-generated.png' });
});

test('a cancelled application’s documents are read-only: no upload, no delete, no regenerate', async ({ page }) => {
  const application = await insertApplication(db);
  await sql(`UPDATE applications SET status = $2, need_generate_docs = true WHERE id = $1`, [application.id, ApplicationStatus.Cancelled]);
  await ensureAdmin(page);
  await page.goto(`/applications/${application.id}/edit`);
  await page.getByTestId('tab-documents').click();
  const tab = page.getByTestId('application-documents');
  await expect(tab.getByText(A.documentsNone)).toBeVisible();
  await expect(tab.getByRole('button', { name: A.documentsUpload })).toHaveCount(0);
  await expect(tab.getByRole('button', { name: A.documentsRegenerate })).toHaveCount(0);
});
