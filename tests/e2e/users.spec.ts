import { expect, test } from '@playwright/test';
import { ADMIN, apiPost, createFirstAdministrator, signIn, signOut } from './session.js';

// One fresh database for the file: the steps build on each other, as a real first day with the app would.
test.describe.configure({ mode: 'serial' });

test('a fresh database offers the one-time first-administrator form, which signs in and opens the page asked for', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/auth\?next=%2Fusers$/);
  await createFirstAdministrator(page);
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('greeting')).toContainText('Петров Алексей');
  // The order book (spec 03 §2.1) is built: its route shows the list, not the "in the works" page.
  await page.goto('/applications');
  await expect(page.getByRole('heading', { name: 'Заявки' })).toBeVisible();
  await expect(page.getByText('Раздел в разработке')).toHaveCount(0);
  await signOut(page);
  await expect(page.getByRole('heading', { name: 'Вход в систему' })).toBeVisible();
});

test('wrong password is refused under the Email field', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Пароль').fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный логин или пароль.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('administrator manages staff users: add, validation, search, paging, edit, active switch, delete', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Пользователи' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
  await expect(page.getByTestId('list-count')).toHaveText('Показано 1-1 из 1 записей');

  // Add: a too-long surname is refused with the field's message; fixed, the user is saved.
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Добавление пользователя')).toBeVisible();
  await dialog.getByLabel('Фамилия').fill('Щ'.repeat(51));
  await dialog.getByLabel(/^Имя( \*)?$/).fill('Мария');
  await dialog.getByLabel('Отчество').fill('Сергеевна');
  await dialog.getByLabel('Email').fill('maria@example.com');
  await dialog.getByLabel('Пароль').fill('maria-secret-1');
  await dialog.getByTestId('select-role').click();
  await page.getByRole('option', { name: 'Бухгалтер' }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Количество символов в поле не может превышать 50.')).toBeVisible();
  await expect(page.getByText('Ошибка сохранения')).toBeVisible();
  await dialog.getByLabel('Фамилия').fill('Смирнова');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Пользователь успешно сохранен')).toBeVisible();
  await expect(dialog).toBeHidden();
  const maria = page.getByRole('row', { name: /Смирнова Мария Сергеевна/ });
  await expect(maria).toContainText('Бухгалтер');

  // The server's own refusal (a taken e-mail) lands under the field too.
  await page.getByRole('button', { name: 'Добавить' }).click();
  await dialog.getByLabel('Фамилия').fill('Двойник');
  await dialog.getByLabel(/^Имя( \*)?$/).fill('Олег');
  await dialog.getByLabel('Email').fill('maria@example.com');
  await dialog.getByLabel('Пароль').fill('double-secret-1');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Такое значение поля уже используется.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();

  // Enough users for a second page.
  for (let index = 1; index <= 10; index += 1) {
    await apiPost(page, '/users', {
      surname: `Кузнецов${String(index).padStart(2, '0')}`,
      name: 'Пётр',
      email: `kuznetsov${index}@example.com`,
      password: 'kuznetsov-secret',
      role: 3,
      is_active: true,
    });
  }
  await page.reload();
  await expect(page.getByTestId('list-count')).toHaveText('Показано 1-10 из 12 записей');
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId('list-count')).toHaveText('Показано 11-12 из 12 записей');
  await page.reload(); // the page lives in the query string
  await expect(page.getByTestId('list-count')).toHaveText('Показано 11-12 из 12 записей');

  // Search (sent after a pause) goes back to page 1 and narrows the list.
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('кузнецов0');
  await expect(page.getByTestId('list-count')).toHaveText('Показано 1-9 из 9 записей');
  await expect(page).not.toHaveURL(/page=2/);
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('nobody-matches-this');
  await expect(page.getByText('Нет данных для отображения')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('');
  await expect(page.getByTestId('list-count')).toHaveText('Показано 1-10 из 12 записей');

  // Sort by full name, descending.
  await page.getByRole('columnheader', { name: 'ФИО' }).click();
  await page.getByRole('columnheader', { name: 'ФИО' }).click();
  await expect(page).toHaveURL(/orderBy=full_name/);
  await expect(page.getByRole('row').nth(1)).toContainText('Смирнова Мария');

  // Edit: the dialog opens filled, the password stays empty and unchanged.
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('Смирнова');
  await expect(page.getByTestId('list-count')).toHaveText('Показано 1-1 из 1 записей');
  await maria.getByRole('button', { name: 'Редактировать' }).click();
  await expect(dialog.getByText('Редактирование пользователя')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('maria@example.com');
  await expect(dialog.getByLabel('Пароль')).toHaveValue('');
  await dialog.getByLabel(/^Имя( \*)?$/).fill('Марина');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Пользователь успешно сохранен').first()).toBeVisible();
  const marina = page.getByRole('row', { name: /Смирнова Марина Сергеевна/ });
  await expect(marina).toBeVisible();

  // Active switch.
  const activeSwitch = marina.getByRole('switch');
  await expect(activeSwitch).toBeChecked();
  await activeSwitch.click({ force: true });
  await expect(page.getByText('«Смирнова Марина Сергеевна» теперь неактивен')).toBeVisible();
  await expect(activeSwitch).not.toBeChecked();

  // Delete asks first; cancel keeps the row, confirm removes it.
  await marina.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Вы действительно желаете удалить пользователя?')).toBeVisible();
  // The question's own Отмена (the edit dialog may still be closing behind it on a slow machine).
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();
  await expect(marina).toBeVisible();
  await marina.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Пользователь успешно удален')).toBeVisible();
  await expect(page.getByText('Нет данных для отображения')).toBeVisible();

  await signOut(page);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/auth\?next=%2Fusers$/);
});

test('a manager does not see Users and cannot open it; handbooks are reachable from the dropdown', async ({ page }) => {
  await signIn(page, 'kuznetsov1@example.com', 'kuznetsov-secret');
  await expect(page.getByTestId('greeting')).toContainText('Кузнецов01 Пётр');
  await expect(page.getByRole('link', { name: 'Агентства' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Пользователи' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page.getByText('Нет доступа')).toBeVisible();

  await page.getByRole('button', { name: 'Справочники' }).click();
  await page.getByRole('menuitem', { name: 'Страны, города и направления' }).hover();
  await page.getByRole('menuitem', { name: 'Страны', exact: true }).click();
  await expect(page).toHaveURL(/\/countries$/);
  await page.getByRole('button', { name: 'Добавить' }).click();
  await page.getByRole('dialog').getByLabel('Название').fill('Абхазия');
  await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Страна успешно сохранена')).toBeVisible();
  await expect(page.getByRole('row', { name: /Абхазия/ })).toBeVisible();
});
