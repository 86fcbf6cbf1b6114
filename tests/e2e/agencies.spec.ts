import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { downloadExport, ensureAdmin, expectBadge, sql } from './session.js';

// Independent of the other files: the administrator is created here when this file runs first.
test.describe.configure({ mode: 'serial' });

const LEGAL_NAME = 'ООО «Ласточкино гнездо»';
const agencyRow = (page: Page) => page.getByRole('row', { name: /Ласточкино гнездо/ });
const newAgencies = async () => (await sql<{ count: number }>('SELECT count(*)::int AS count FROM agencies WHERE is_new'))[0]!.count;
test('an agency is added, approved, gets its contract signed, its login by mail (kept), a token, is exported and shows its employees', async ({ page }) => {
  await ensureAdmin(page);
  await page.getByRole('link', { name: 'Агентства' }).click();
  await expect(page).toHaveURL(/\/agencies$/);
  await expect(page.getByRole('heading', { name: 'Агентства' })).toBeVisible();

  // Add: the phone mask and the percent cap are checked under their fields.
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Добавление агентства')).toBeVisible();
  await expect(dialog.getByLabel('Информация')).toHaveAttribute('placeholder', 'не более 5000 символов');
  await expect(dialog.getByRole('button', { name: MESSAGES.agencies.resendButton })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Сгенерировать токен' })).toBeDisabled();
  await dialog.getByLabel(/^Юридическое название/).fill(LEGAL_NAME);
  await dialog.getByLabel('Бренд').fill('Гнездо Тур');
  await dialog.getByLabel('Фактический адрес').fill('г. Ялта, пгт Гаспра, Алупкинское ш., 9А');
  await dialog.getByLabel('Юридический адрес').fill('г. Симферополь, ул. Пушкина, 10');
  await dialog.getByLabel('Контактный телефон').fill('978123');
  await expect(dialog.getByLabel('Контактный телефон')).toHaveValue('+7 (978) 123');
  await dialog.getByTestId('select-commission_type').click();
  await page.getByRole('option', { name: 'Процент' }).click();
  await dialog.getByLabel('Комиссия, %').fill('150');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText(MESSAGES.validation.phoneMask)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.validation.max(100))).toBeVisible();
  await expect(page.getByText(MESSAGES.errors.saveFailedTitle)).toBeVisible();

  await dialog.getByLabel('Контактный телефон').fill('8 978 123 45 67');
  await expect(dialog.getByLabel('Контактный телефон')).toHaveValue('+7 (978) 123-45-67');
  await dialog.getByLabel('Комиссия, %').fill('12');
  await dialog.getByLabel('Контактный email').fill('Hello@Gnezdo.test');
  await dialog.getByLabel('Логин').fill('gnezdo');
  await dialog.getByLabel('Пароль').fill('Gnezdo-Cabinet-1');
  await dialog.getByText('Модуль поиска подключен').click();
  await dialog.getByLabel('Ссылка на модуль поиска').fill('https://gnezdo.test/search');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.agencies.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const [stored] = await sql<{ id: number; contact_phone: string; contact_email: string; status: number; is_new: boolean; commission_type: number; commission_sum: number }>(
    'SELECT id, contact_phone, contact_email, status, is_new, commission_type, commission_sum FROM agencies WHERE legal_name = $1',
    [LEGAL_NAME],
  );
  expect(stored).toMatchObject({ contact_phone: '+79781234567', contact_email: 'hello@gnezdo.test', status: 1, is_new: true, commission_type: 2, commission_sum: 12 });

  // The row: the New mark, commission with %, phone by the mask, the search-module link, status 1 with its one action.
  const row = agencyRow(page);
  await expect(row.getByText('Новый')).toBeVisible();
  await expect(row).toContainText('12%');
  await expect(row).toContainText('+7 (978) 123-45-67');
  await expect(row.getByRole('link', { name: /gnezdo\.test\/search/ })).toHaveAttribute('href', 'https://gnezdo.test/search');
  await expect(row).toContainText('На проверке');
  await expect(row.getByRole('button', { name: 'Подтвердить подписание договора' })).toHaveCount(0);

  // Approve (1 → 2), then sign the contract (2 → 3): each button only in its source status.
  await row.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText(MESSAGES.agencies.approved(LEGAL_NAME))).toBeVisible();
  await expect(row).toContainText('Проверено');
  await expect(row.getByRole('button', { name: 'Подтвердить', exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: 'Подтвердить подписание договора' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText(MESSAGES.agencies.contractSigned(LEGAL_NAME))).toBeVisible();
  await expect(row).toContainText('Договор подписан');
  await expect(row.getByRole('button', { name: /^Подтвердить/ })).toHaveCount(0);
  expect((await sql<{ status: number }>('SELECT status FROM agencies WHERE id = $1', [stored!.id]))[0]!.status).toBe(3);

  // Opening the agency marks it seen; send login and password (kept: no SMTP_URL here) and a token.
  await page.reload();
  const before = await newAgencies();
  await expectBadge(page, 'agencies', before);
  await row.getByRole('button', { name: 'Редактировать' }).click();
  await expect(dialog.getByText('Редактирование агентства')).toBeVisible();
  await expect(dialog.getByLabel('Контактный телефон')).toHaveValue('+7 (978) 123-45-67');
  await expect(dialog.getByLabel('Пароль')).toHaveValue('');
  await dialog.getByRole('button', { name: MESSAGES.agencies.resendButton }).click();
  await expect(page.getByText(MESSAGES.agencies.keptNotSent)).toBeVisible();
  const [kept] = await sql<{ status: string; body_text: string }>(`SELECT status, body_text FROM mail_outbox WHERE recipient = 'hello@gnezdo.test'`);
  expect(kept!.status).toBe('kept');
  expect(kept!.body_text).toContain('Логин: gnezdo');
  // The password waits encrypted (mail_outbox.secret_encrypted), never in the letter's text.
  expect(kept!.body_text).not.toContain('Gnezdo-Cabinet-1');

  await dialog.getByRole('button', { name: 'Сгенерировать токен' }).click();
  await expect(page.getByText(MESSAGES.agencies.tokenGenerated)).toBeVisible();
  await expect(dialog.getByLabel('Токен')).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const token = await dialog.getByLabel('Токен').inputValue();
  expect((await sql<{ token: string }>(`SELECT vk_settings->>'vk_token' AS token FROM agencies WHERE id = $1`, [stored!.id]))[0]!.token).toBe(token);
  await dialog.getByRole('button', { name: 'Удалить токен' }).click();
  await expect(page.getByText(MESSAGES.agencies.tokenDeleted)).toBeVisible();
  await expect(dialog.getByLabel('Токен')).toHaveValue('');

  // A login and contact e-mail taken away: the send button is disabled.
  await dialog.getByLabel('Логин').fill('');
  await expect(dialog.getByRole('button', { name: MESSAGES.agencies.resendButton })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  await expectBadge(page, 'agencies', before - 1);
  await expect(row.getByText('Новый')).toHaveCount(0);

  // Export: the download arrives and opens as xlsx with the agency in it.
  const sheet = await downloadExport(page, 'agencies.xlsx');
  expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['ID', 'Юридическое название']);
  let exported: unknown[] | undefined;
  sheet.eachRow((line, number) => {
    if (number > 1 && line.getCell(1).value === stored!.id) exported = (line.values as unknown[]).slice(1);
  });
  expect(exported).toBeDefined();
  expect(exported!.slice(1, 6)).toEqual([LEGAL_NAME, 'Нет', 'Гнездо Тур', undefined, '12%']);
  expect(exported).toContain('Договор подписан');
  expect(exported).toContain('https://gnezdo.test/search');

  // Its employees: breadcrumbs, the agency name and the paged table.
  await sql(`INSERT INTO agency_users (agency_id, full_name, phone, email) VALUES ($1, 'Морозова Ирина Петровна', '+79780001122', 'irina@gnezdo.test')`, [stored!.id]);
  await row.getByRole('button', { name: 'Сотрудники' }).click();
  await expect(page).toHaveURL(new RegExp(`/agencies/${stored!.id}/users$`));
  await expect(page.getByRole('heading', { name: 'Сотрудники' })).toBeVisible();
  await expect(page.locator('.bp6-breadcrumbs')).toContainText(LEGAL_NAME);
  await expect(page.getByText(LEGAL_NAME)).toHaveCount(2); // the crumb and the name under the title
  const employee = page.getByRole('row', { name: /Морозова Ирина Петровна/ });
  await expect(employee).toContainText('+79780001122');
  await expect(employee).toContainText('irina@gnezdo.test');
  await expect(page.getByTestId('list-count')).toHaveText('Показано 1-1 из 1 записей');
  await expect(page.getByRole('button', { name: 'Добавить' })).toHaveCount(0);
  await page.locator('.bp6-breadcrumbs').getByRole('link', { name: 'Агентства' }).click();
  await expect(page).toHaveURL(/\/agencies$/);

  // The applications of the agency.
  await agencyRow(page).getByRole('button', { name: 'Заявки агентства' }).click();
  await expect(page).toHaveURL(new RegExp(`/applications\\?agency_id=${stored!.id}$`));
});
