import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { ADMIN, apiPost, ensureAdmin, signIn, sql } from './session.js';

/**
 * Two people edit one client (issue 8, ARCHITECTURE.md §7): the second save is refused with 409,
 * and the form offers to load what the colleague saved, or to keep editing and overwrite knowingly.
 */
test.describe.configure({ mode: 'serial' });

const MANAGER = { surname: 'Кузнецова', name: 'Ольга', email: 'olga.kuznetsova@example.test', password: 'manager-secret-1' };

async function secondSession(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ru-RU', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signIn(page, MANAGER.email, MANAGER.password);
  return page;
}

async function openClient(page: Page, surname: string) {
  await page.goto('/clients');
  // Other tests fill the shared database with clients: find this one as a user would.
  await page.getByPlaceholder('Поиск').fill(surname);
  await page.getByRole('row', { name: new RegExp(surname) }).getByRole('button', { name: 'Редактировать' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Редактирование клиента' });
  await expect(dialog.getByLabel('Фамилия')).toHaveValue(surname);
  return dialog;
}

test('the second of two saves is told who saved first, and may reload or keep editing', async ({ page, browser }) => {
  await ensureAdmin(page);
  await apiPost(page, '/users', { ...MANAGER, role: 3 });
  const client = await apiPost(page, '/clients', { surname: 'Конфликтова', name: 'Вера', phone: '+79005554433' });
  const id = client.data.id as number;
  const colleague = await secondSession(browser);

  // Both open the client; the administrator saves first.
  const mine = await openClient(page, 'Конфликтова');
  const theirs = await openClient(colleague, 'Конфликтова');
  await mine.getByLabel(/^Имя( \*)?$/).fill('Мария');
  await mine.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.clients.saved)).toBeVisible();

  // The colleague's save, made on what they read before, is refused: the dialog names who saved.
  await theirs.getByLabel('Отчество').fill('Ивановна');
  await theirs.getByRole('button', { name: 'Сохранить' }).click();
  const conflict = colleague.getByRole('dialog').filter({ hasText: MESSAGES.version.title });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(`пользователем ${ADMIN.surname} ${ADMIN.name}`);
  expect(await sql('SELECT name, patronymic, version FROM clients WHERE id = $1', [id])).toEqual([{ name: 'Мария', patronymic: null, version: 2 }]);
  await colleague.screenshot({ path: test.info().outputPath('version-conflict.png') });

  // Reload: the form shows what is stored now, their unsaved input is gone.
  await conflict.getByRole('button', { name: MESSAGES.version.reload }).click();
  await expect(conflict).toBeHidden();
  await expect(theirs.getByLabel(/^Имя( \*)?$/)).toHaveValue('Мария');
  await expect(theirs.getByLabel('Отчество')).toHaveValue('');
  // …and a save from there goes through.
  await theirs.getByLabel('Отчество').fill('Петровна');
  await theirs.getByRole('button', { name: 'Сохранить' }).click();
  await expect(colleague.getByText(MESSAGES.clients.saved)).toBeVisible();
  expect(await sql('SELECT name, patronymic, version FROM clients WHERE id = $1', [id])).toEqual([{ name: 'Мария', patronymic: 'Петровна', version: 3 }]);

  // Again, but this time the colleague keeps editing: their input stays, and the next save overwrites knowingly.
  const theirsAgain = await openClient(colleague, 'Конфликтова');
  const mineAgain = await openClient(page, 'Конфликтова');
  await mineAgain.getByLabel(/^Имя( \*)?$/).fill('Ольга');
  await mineAgain.getByRole('button', { name: 'Сохранить' }).click();
  await expect(mineAgain).toBeHidden();
  await theirsAgain.getByLabel('Отчество').fill('Сергеевна');
  await theirsAgain.getByRole('button', { name: 'Сохранить' }).click();
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: MESSAGES.version.keepEditing }).click();
  await expect(conflict).toBeHidden();
  await expect(theirsAgain.getByLabel('Отчество')).toHaveValue('Сергеевна');
  await expect(theirsAgain.getByLabel(/^Имя( \*)?$/)).toHaveValue('Мария');
  await theirsAgain.getByRole('button', { name: 'Сохранить' }).click();
  await expect(colleague.getByText(MESSAGES.clients.saved)).toBeVisible();
  expect(await sql('SELECT name, patronymic, version FROM clients WHERE id = $1', [id])).toEqual([{ name: 'Мария', patronymic: 'Сергеевна', version: 5 }]);
});
