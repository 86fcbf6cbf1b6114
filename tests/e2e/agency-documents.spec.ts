import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, sql } from './session.js';

// Independent of the other files: the administrator is created here when this file runs first.
test.describe.configure({ mode: 'serial' });

/** A small PDF: the server tells documents by content, and `%PDF` is what it reads. */
const pdf = (name: string, text: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
});

const documentRow = (page: Page, name: string | RegExp) => page.getByRole('row', { name });
const storedPath = async (name: string) => (await sql<{ file_path: string }>('SELECT file_path FROM agency_documents WHERE name = $1', [name]))[0]?.file_path;
const fileExists = async (path: string) => (await sql('SELECT 1 FROM files WHERE path = $1', [path])).length === 1;

test('manager of documents adds a PDF, sees it listed, replaces its file, edits the description and deletes it', async ({ page }) => {
  await ensureAdmin(page);
  await page.getByRole('menuitem', { name: 'Документы агентств' }).click();
  await expect(page).toHaveURL(/\/agencies\/files$/);
  await expect(page.getByRole('heading', { name: 'Документы агентств' })).toBeVisible();

  // Add: the file is required; the hint comes from GET /api/files/limits with the size in MB.
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Добавление документа')).toBeVisible();
  await expect(dialog.getByText('Допустимые форматы: pdf, doc, docx, xls, xlsx, jpg, jpeg, png; не более 10 МБ')).toBeVisible();
  await expect(dialog.getByTestId('select-sort')).toHaveText('10');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Выберите файл.')).toBeVisible();

  // A program is refused before sending.
  const fileInput = dialog.locator('input[type=file]');
  await fileInput.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(dialog.getByText('Недопустимый формат файла.')).toBeVisible();

  await dialog.getByLabel('Описание').fill('Договор с агентством на 2025 год');
  await dialog.getByTestId('select-sort').click();
  await page.getByRole('option', { name: '8', exact: true }).click();
  await fileInput.setInputFiles(pdf('Договор.pdf', 'first'));
  await expect(dialog.getByText('Договор.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Документ успешно сохранен')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = documentRow(page, /Договор\.pdf/);
  await expect(row).toContainText('Договор с агентством на 2025 год');
  await expect(row.getByRole('link', { name: 'Договор.pdf' })).toHaveAttribute('href', /^\/api\/storage\/documents\/agency\/.+\.pdf$/);
  const firstPath = (await storedPath('Договор.pdf'))!;
  expect(firstPath).toMatch(/^documents\/agency\//);
  expect((await sql<{ sort: number }>('SELECT sort FROM agency_documents WHERE name = $1', ['Договор.pdf']))[0]?.sort).toBe(8);

  // Edit: the current file is shown with a link and "Заменить"; a new file replaces it.
  await row.getByRole('button', { name: 'Редактировать' }).click();
  await expect(dialog.getByText('Редактирование документа')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Договор.pdf' })).toBeVisible();
  await expect(dialog.getByLabel('Описание')).toHaveValue('Договор с агентством на 2025 год');
  await expect(dialog.getByTestId('select-sort')).toHaveText('8');
  await dialog.getByRole('button', { name: 'Заменить' }).click();
  await dialog.locator('input[type=file]').setInputFiles(pdf('Договор-2026.pdf', 'second'));
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Документ успешно сохранен').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(documentRow(page, /Договор-2026\.pdf/)).toBeVisible();
  await expect(documentRow(page, /Договор\.pdf/)).toHaveCount(0);
  expect(await fileExists(firstPath)).toBe(false);
  const secondPath = (await storedPath('Договор-2026.pdf'))!;
  expect(await fileExists(secondPath)).toBe(true);

  // Edit without a new file: description only, the file stays.
  await documentRow(page, /Договор-2026\.pdf/).getByRole('button', { name: 'Редактировать' }).click();
  await expect(dialog.getByRole('link', { name: 'Договор-2026.pdf' })).toBeVisible();
  await dialog.getByLabel('Описание').fill('Действующая редакция');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(documentRow(page, /Договор-2026\.pdf/)).toContainText('Действующая редакция');
  expect(await storedPath('Договор-2026.pdf')).toBe(secondPath);

  // Delete, asked first.
  await documentRow(page, /Договор-2026\.pdf/).getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Успешно удалено')).toBeVisible();
  await expect(documentRow(page, /Договор-2026\.pdf/)).toHaveCount(0);
  expect(await fileExists(secondPath)).toBe(false);
});
