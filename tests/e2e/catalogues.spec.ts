import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { apiPost, ensureAdmin, signIn, signOut, sql } from './session.js';

/** Opens a handbook through the header's Handbooks dropdown, as staff do. */
async function openHandbook(page: Page, path: string[]) {
  await page.getByRole('button', { name: 'Справочники' }).click();
  for (const group of path.slice(0, -1)) await page.getByRole('menuitem', { name: `${group} Open sub menu` }).hover();
  await page.getByRole('menuitem', { name: path.at(-1)!, exact: true }).click();
}

test('a city with its catalog image, SEO blocks, FAQ and four advantages', async ({ page }) => {
  await ensureAdmin(page);
  const georgia = await apiPost(page, '/countries', { name: 'Грузия' });
  await apiPost(page, '/cities', { name: 'Кобулети', country_id: georgia.data.id, slug: 'kobuleti' });
  await openHandbook(page, ['Страны, города и направления', 'Города']);
  await expect(page).toHaveURL(/\/cities$/);

  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Форма добавления города')).toBeVisible();
  // The page address follows the name, transliterated, until it is typed over.
  await dialog.getByLabel(/^Название/).fill('Батуми Старый город');
  await expect(dialog.getByLabel(/^Адрес страницы/)).toHaveValue('batumi-staryy-gorod');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'test-results/screens/city-slug-from-name-1366.png' });
  await dialog.getByLabel(/^Название/).fill('Батуми');
  await expect(dialog.getByLabel(/^Адрес страницы/)).toHaveValue('batumi');
  await dialog.getByTestId('select-country_id').click();
  await page.getByRole('option', { name: 'Грузия' }).click();
  // Near cities come from the city search (GET /api/cities?query=…&limit=1000, 200 ms after typing).
  const searched = page.waitForRequest((request) => request.url().includes('/api/cities?query=%D0%9A%D0%BE%D0%B1'));
  await dialog.locator('#field-near_cities').fill('Коб');
  await searched;
  await page.getByRole('option', { name: 'Кобулети' }).click();
  await dialog.getByLabel('Изображение города в каталоге').setInputFiles({
    name: 'batumi.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(128, 1)]),
  });
  await expect(dialog.getByRole('img', { name: 'Изображение города в каталоге' })).toBeVisible();
  await dialog.locator('#field-catalog-price').fill('12500');

  // Hotel block: meta and a FAQ item.
  await dialog.getByLabel('Заголовок H1 (Отели)').fill('Отели Батуми');
  await dialog.getByLabel('Мета-заголовок (Отели)').fill('Отели в Батуми у моря');
  await dialog.getByTestId('faq-hotel').getByRole('button', { name: 'Добавить вопрос' }).click();
  await dialog.getByLabel('Вопрос 1', { exact: true }).fill('Когда купальный сезон?');
  await dialog.getByLabel('Ответ 1', { exact: true }).click();
  await page.keyboard.type('С июня по октябрь');

  // Bus-ticket block: four advantages, after which the add link disappears.
  await dialog.getByRole('tab', { name: 'Автобусные билеты' }).click();
  const advantages = dialog.getByTestId('advantages');
  for (let number = 1; number <= 4; number += 1) {
    await advantages.getByRole('button', { name: 'Добавить преимущество' }).click();
    await advantages.getByLabel(`Заголовок преимущества ${number}`, { exact: true }).fill(`Преимущество ${number}`);
    await advantages.getByLabel(`Текст преимущества ${number}`, { exact: true }).click();
    await page.keyboard.type(`Описание преимущества ${number}`);
  }
  await expect(advantages.getByRole('button', { name: 'Добавить преимущество' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Город успешно сохранен')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Other specs' cities share the database: the new one is found by its name, wherever the list puts it.
  await page.getByLabel(MESSAGES.list.searchPlaceholder).fill('Батуми');
  const row = page.getByRole('row', { name: /Батуми/ });
  await expect(row).toBeVisible();

  // Read back: everything came through.
  await row.getByRole('button', { name: 'Редактировать' }).click();
  await expect(dialog.getByLabel(/^Адрес страницы/)).toHaveValue('batumi');
  await expect(dialog.getByText('Кобулети')).toBeVisible();
  await expect(dialog.getByLabel('Заголовок H1 (Отели)')).toHaveValue('Отели Батуми');
  await expect(dialog.getByLabel('Вопрос 1', { exact: true })).toHaveValue('Когда купальный сезон?');
  await expect(dialog.getByLabel('Ответ 1', { exact: true })).toContainText('С июня по октябрь');
  await expect(dialog.locator('#field-catalog-price')).toHaveValue('12500');
  await dialog.getByRole('tab', { name: 'Автобусные билеты' }).click();
  await expect(dialog.getByLabel('Заголовок преимущества 4', { exact: true })).toHaveValue('Преимущество 4');
  await expect(dialog.getByLabel('Текст преимущества 4', { exact: true })).toContainText('Описание преимущества 4');
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  // A free city can be deleted, with the spec's prompt.
  await row.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Вы действительно желаете удалить город?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Город успешно удален')).toBeVisible();
  await expect(row).toBeHidden();
});

test('a hotel service with an icon, used as a site filter', async ({ page }) => {
  await ensureAdmin(page);
  await openHandbook(page, ['Отели', 'Услуги']);
  await expect(page).toHaveURL(/\/hotels\/services$/);
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Название/).fill('Крытый бассейн');
  await dialog.getByTestId('select-icon').click();
  await page.getByRole('option', { name: 'Бассейн' }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Услуга успешно сохранена')).toBeVisible();

  const row = page.getByRole('row', { name: /Крытый бассейн/ });
  await expect(row).toContainText('Бассейн');
  const filter = row.getByRole('switch', { name: 'Фильтр', exact: true });
  await expect(filter).not.toBeChecked();
  await filter.click({ force: true });
  await expect(page.getByText('«Крытый бассейн» используется как фильтр на сайте')).toBeVisible();
  await expect(filter).toBeChecked();
  await row.getByRole('switch', { name: 'Выборочный фильтр' }).click({ force: true });
  await expect(page.getByText('«Крытый бассейн» используется как выборочный фильтр')).toBeVisible();
});

test('a room place with its main and extra place counts', async ({ page }) => {
  await ensureAdmin(page);
  await openHandbook(page, ['Отели', 'Номера', 'Размещение']);
  await expect(page).toHaveURL(/\/rooms\/places$/);
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Название/).fill('2 взрослых + 1 доп.');
  await dialog.getByLabel(/^Количество основных мест/).fill('2');
  await dialog.getByLabel(/^Количество дополнительных мест/).fill('1000000');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Значение поля не может быть больше 999999.')).toBeVisible();
  await dialog.getByLabel(/^Количество дополнительных мест/).fill('1');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Успешно сохранено')).toBeVisible();
  const row = page.getByRole('row', { name: /2 взрослых \+ 1 доп\./ });
  // Other tests' hotels may have placements already: the id is the saved row's.
  const [place] = await sql<{ id: number }>(`SELECT id FROM room_places WHERE name = '2 взрослых + 1 доп.'`);
  await expect(row.getByRole('cell')).toHaveText([String(place!.id), '2 взрослых + 1 доп.', '2', '1', '']);
});

test('the tour handbooks and directions: the administrator changes them, the accountant reads them without add, edit or delete (spec 03 §6)', async ({ page }) => {
  const accountant = { surname: 'Счётова', name: 'Вера', email: 'accountant.handbooks@example.com', password: 'accountant-secret-2' };
  await ensureAdmin(page);
  await apiPost(page, '/tours/types', { name: 'Гастрономический тур' });
  await apiPost(page, '/directions', { name: 'Горный Алтай', sort: 3 });
  const [existing] = await sql(`SELECT id FROM users WHERE email = $1`, [accountant.email]);
  if (!existing) await apiPost(page, '/users', { ...accountant, role: 2, is_active: true });
  const screens = [
    { menu: ['Экскурсионные туры', 'Типы туров'], url: /\/tours\/types$/, row: 'Гастрономический тур' },
    { menu: ['Страны, города и направления', 'Направления'], url: /\/directions$/, row: 'Горный Алтай' },
  ];
  await openHandbook(page, screens[0]!.menu);
  await expect(page.getByRole('button', { name: MESSAGES.list.add })).toBeVisible();
  await expect(page.getByRole('row', { name: /Гастрономический тур/ }).getByRole('button', { name: MESSAGES.list.delete })).toBeVisible();

  await signOut(page);
  await signIn(page, accountant.email, accountant.password);
  for (const screen of screens) {
    await openHandbook(page, screen.menu);
    await expect(page).toHaveURL(screen.url);
    const row = page.getByRole('row', { name: new RegExp(screen.row) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('button', { name: MESSAGES.list.add })).toHaveCount(0);
    await expect(row.getByRole('button', { name: MESSAGES.list.edit })).toHaveCount(0);
    await expect(row.getByRole('button', { name: MESSAGES.list.delete })).toHaveCount(0);
  }
  await signOut(page);
});
