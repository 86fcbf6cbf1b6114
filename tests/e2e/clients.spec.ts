import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { apiPost, downloadExport, ensureAdmin, expectBadge, sql } from './session.js';

// Independent of the other files: the administrator is created here when this file runs first.
test.describe.configure({ mode: 'serial' });

const SURNAME = 'Смирнова';
const clientRow = (page: Page, name: string | RegExp) => page.getByRole('row', { name });
const newClients = async () => (await sql<{ count: number }>('SELECT count(*)::int AS count FROM clients WHERE is_new'))[0]!.count;
/** The header badge of new clients; hidden while there are none. */
test('a client is added through the phone mask, stops being new once opened, gets its login by mail (kept) and is exported', async ({ page }) => {
  await ensureAdmin(page);
  // Another client, new, created by someone else: the badge counts both.
  await apiPost(page, '/clients', { surname: 'Орлов', name: 'Олег', phone: '+79001112233' });
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Клиенты' })).toBeVisible();

  // A phone off the mask is refused under the field.
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Добавление клиента')).toBeVisible();
  await dialog.getByLabel('Фамилия').fill(SURNAME);
  await dialog.getByLabel(/^Имя( \*)?$/).fill('Анна');
  await dialog.getByLabel('Отчество').fill('Павловна');
  await dialog.getByLabel(/^Телефон/).fill('912345');
  await expect(dialog.getByLabel(/^Телефон/)).toHaveValue('+7 (912) 345');
  await expect(dialog.getByRole('button', { name: MESSAGES.clients.resendButton })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText(MESSAGES.validation.phoneMask)).toBeVisible();
  await expect(page.getByText(MESSAGES.errors.saveFailedTitle)).toBeVisible();

  // The whole number, typed as people do (8 first), and a generated cabinet password.
  await dialog.getByLabel(/^Телефон/).fill('8 912 345 67 89');
  await expect(dialog.getByLabel(/^Телефон/)).toHaveValue('+7 (912) 345-67-89');
  await dialog.getByLabel('Email').fill('Anna.Smirnova@example.test');
  await dialog.getByRole('button', { name: 'Сгенерировать' }).click();
  await expect(dialog.getByLabel('Пароль')).toHaveValue(/^[A-Za-z0-9]{10}$/);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.clients.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const [stored] = await sql<{ phone: string; email: string; has_password: boolean; is_new: boolean }>(
    'SELECT phone, email, has_password, is_new FROM clients WHERE surname = $1',
    [SURNAME],
  );
  expect(stored).toEqual({ phone: '+79123456789', email: 'anna.smirnova@example.test', has_password: true, is_new: true });

  // Other tests' clients may fill the first page (ordered by id): the list is searched for this one.
  await page.getByPlaceholder('Поиск').fill(SURNAME);
  const row = clientRow(page, /Смирнова Анна Павловна/);
  await expect(row).toContainText('+7 (912) 345-67-89');
  await expect(row.getByText('Новый')).toBeVisible();
  const before = await newClients();
  await page.reload();
  await expectBadge(page, 'clients', before);

  // Opening the client marks it seen: after the dialog closes the badge and the mark update.
  await row.getByRole('button', { name: 'Редактировать' }).click();
  await expect(dialog.getByText('Редактирование клиента')).toBeVisible();
  await expect(dialog.getByLabel(/^Телефон/)).toHaveValue('+7 (912) 345-67-89');

  // Send login and password: the e2e server has no SMTP_URL, so the letter is kept, and the UI says so.
  await dialog.getByRole('button', { name: MESSAGES.clients.resendButton }).click();
  await expect(page.getByText(MESSAGES.clients.keptNotSent)).toBeVisible();
  const [kept] = await sql<{ status: string; body_text: string }>(`SELECT status, body_text FROM mail_outbox WHERE recipient = 'anna.smirnova@example.test'`);
  expect(kept!.status).toBe('kept');
  expect(kept!.body_text).toContain('Логин: anna.smirnova@example.test');

  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  await expectBadge(page, 'clients', before - 1);
  await expect(row.getByText('Новый')).toHaveCount(0);

  // Export: the download arrives and opens as xlsx with the client in it.
  const sheet = await downloadExport(page, 'clients.xlsx');
  expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'ФИО', 'Телефон', 'Email', 'Активен', 'Дата создания']);
  const names: unknown[] = [];
  sheet.eachRow((line, number) => number > 1 && names.push(line.getCell(2).value));
  expect(names).toContain('Смирнова Анна Павловна');

  // The row action leads to the client's applications.
  await row.getByRole('button', { name: MESSAGES.clients.applications }).click();
  await expect(page).toHaveURL(/\/applications\?client_id=\d+$/);
});
