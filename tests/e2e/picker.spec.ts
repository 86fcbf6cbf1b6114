import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { PICKER_LIMITS } from '../../shared/list.js';
import { MESSAGES } from '../../shared/messages.js';
import { formatPhone } from '../../shared/resources/clients.js';
import { FIXTURES_PORT } from '../../playwright.config.js';
import { insertCities } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, signIn, signOut, sql, ensureStaff } from './session.js';

/**
 * The pickers of records from tables that grow without bound (issue 9 "Lists"): they never load
 * the table, they search the server as the user types (debounced) and show at most 50 matches,
 * each with what tells it apart from namesakes (issue 27). Mounted on a test fixture, and in the
 * application editor as a manager meets them.
 */
test.describe.configure({ mode: 'serial' });

const FIXTURE = `http://127.0.0.1:${FIXTURES_PORT}/test-fixtures/picker.html`;
let agencyId: number;

/** Every `/list` request the page makes, as `path?query`. */
function pickerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname.endsWith('/list')) seen.push(`${url.pathname}?${url.searchParams}`);
  });
  return seen;
}

/** A client of the fixture's batch as the picker shows it: the name, then the phone and the e-mail. */
const clientRow = (n: number) => `Пикерова Анна ${n} ${formatPhone(`+7955${String(n).padStart(7, '0')}`)} · picker${n}@example.test`;

/** Waits until the element has kept its place and size for a moment (a popover placed again after its content changed). */
async function settled(locator: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await locator.boundingBox());
        const still = box === last;
        last = box;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

const value = async (page: Page) => JSON.parse((await page.getByTestId('value').textContent()) ?? '{}') as Record<string, number | null>;
const menu = (page: Page, name: string) => page.getByTestId(`picker-${name}-menu`);

test.beforeAll(async () => {
  // More clients than a picker shows; not new, so no header badge changes for other tests.
  await sql(
    `INSERT INTO clients (surname, name, phone, email, is_new)
     SELECT 'Пикерова', 'Анна ' || g, '+7955' || lpad(g::text, 7, '0'), 'picker' || g || '@example.test', false FROM generate_series(1, 120) AS g
     ON CONFLICT DO NOTHING`,
  );
  const [agency] = await sql<{ id: number }>(`INSERT INTO agencies (legal_name, is_new) VALUES ('ООО «Пикер-тур»', false) RETURNING id`);
  const [other] = await sql<{ id: number }>(`INSERT INTO agencies (legal_name, is_new) VALUES ('ООО «Чужое агентство»', false) RETURNING id`);
  agencyId = agency!.id;
  await sql(`INSERT INTO agency_users (agency_id, full_name) VALUES ($1, 'Иванова Ольга'), ($1, 'Петров Кирилл'), ($2, 'Чужой Сотрудник')`, [agencyId, other!.id]);
});

test('a picker asks the server as the user types, debounced, and shows at most 50 matches', async ({ page }) => {
  await ensureAdmin(page);
  const requests = pickerRequests(page);
  await page.goto(FIXTURE);
  await expect(page.getByTestId('picker-client_id')).toHaveText('Выберите…', { timeout: 30_000 }); // the fixtures' dev server compiles the page on its first load
  // Nothing is loaded until a picker opens.
  await page.waitForTimeout(400);
  expect(requests).toEqual([]);

  await page.getByTestId('picker-client_id').click();
  await expect(menu(page, 'client_id').getByRole('option')).toHaveCount(PICKER_LIMITS.default + 1);
  await expect(menu(page, 'client_id').getByText(MESSAGES.list.pickerMore(PICKER_LIMITS.default))).toBeVisible();
  expect(requests).toEqual([`/api/clients/list?limit=${PICKER_LIMITS.default}`]);

  // The server answers what was typed; typing on quickly sends one request for the whole text, not one per key.
  const input = page.getByPlaceholder(MESSAGES.list.searchPlaceholder);
  const options = menu(page, 'client_id').getByRole('option');
  await input.fill('Пикерова Анна');
  await expect(options).toHaveCount(PICKER_LIMITS.default + 1);
  await input.pressSequentially(' 11', { delay: 20 });
  await expect(options).toHaveText([clientRow(11), ...Array.from({ length: 10 }, (_, n) => clientRow(110 + n))]);
  const asked = (text: string) => `/api/clients/list?query=${encodeURIComponent(text).replace(/%20/g, '+')}&limit=${PICKER_LIMITS.default}`;
  expect(requests).toContain(asked('Пикерова Анна 11'));
  expect(requests).not.toContain(asked('Пикерова Анна 1'));
  expect(requests.length).toBeLessThanOrEqual(3);

  // The popover is placed again after its list shrank (51 → 11 rows); on a loaded machine that can come
  // after the click's point was taken, which then falls outside and closes it. Click once it is still.
  await settled(menu(page, 'client_id'));
  await options.filter({ hasText: 'Пикерова Анна 115' }).click();
  await expect(page.getByTestId('picker-client_id')).toHaveText('Пикерова Анна 115');
  const [chosen] = await sql<{ id: number }>(`SELECT id FROM clients WHERE full_name = 'Пикерова Анна 115'`);
  expect((await value(page)).client_id).toBe(chosen!.id);

  // The server searches phones and e-mails too: a match whose name lacks the text is still shown.
  await page.getByTestId('picker-client_id').click();
  await input.fill('0000042');
  await expect(menu(page, 'client_id').getByRole('option')).toHaveText([clientRow(42)]);
  await input.fill('нет такого клиента');
  await expect(menu(page, 'client_id').getByRole('option')).toHaveText([MESSAGES.list.nothingFound]);
  await page.keyboard.press('Escape');
  // The choice keeps its name while other matches were shown.
  await expect(page.getByTestId('picker-client_id')).toHaveText('Пикерова Анна 115');
});

test("an agency's employees picker lists that agency's employees only", async ({ page }) => {
  await ensureAdmin(page);
  await page.goto(FIXTURE);
  await page.getByTestId('picker-agency_id').click();
  await page.getByPlaceholder(MESSAGES.list.searchPlaceholder).fill('пикер-тур');
  await menu(page, 'agency_id').getByRole('option', { name: 'ООО «Пикер-тур»' }).click();
  expect((await value(page)).agency_id).toBe(agencyId);

  await page.getByTestId('picker-agency_user_id').click();
  await expect(menu(page, 'agency_user_id').getByRole('option')).toHaveText(['Иванова Ольга', 'Петров Кирилл']);
  await menu(page, 'agency_user_id').getByRole('option', { name: 'Петров Кирилл' }).click();
  await expect(page.getByTestId('picker-agency_user_id')).toHaveText('Петров Кирилл');
});

test('an edit form shows the record it holds without loading any list', async ({ page }) => {
  await ensureAdmin(page);
  const requests = pickerRequests(page);
  const [held] = await sql<{ id: number; full_name: string }>(`SELECT id, full_name FROM clients WHERE full_name = 'Пикерова Анна 99'`);
  await page.goto(`${FIXTURE}?client_id=${held!.id}&client_name=${encodeURIComponent(held!.full_name)}`);
  await expect(page.getByTestId('picker-client_id')).toHaveText('Пикерова Анна 99');
  await page.getByRole('button', { name: 'Очистить' }).click();
  await expect(page.getByTestId('picker-client_id')).toHaveText('Выберите…');
  expect((await value(page)).client_id).toBeNull();
  expect(requests).toEqual([]);
});

const MANAGER = { surname: 'Выбиралова', name: 'Нина', email: 'manager.picker@example.com', password: 'manager-secret-1' };
const HOTEL = 'Санаторий «Зарница»';

test('a manager tells two hotels of one name apart by their city, and every letter typed right after the click is kept', async ({ page }) => {
  await ensureAdmin(page);
  await ensureStaff(page, { ...MANAGER, role: 3 });
  const [hotel] = await sql(`SELECT id FROM hotels WHERE name = $1`, [HOTEL]);
  if (!hotel) {
    const [pyatigorsk, kabardinka] = await insertCities({ query: sql }, ['Пятигорск', 'Кабардинка']);
    await sql(`INSERT INTO hotels (city_id, name, slug) VALUES ($1, $3, 'zarnitsa-p'), ($2, $3, 'zarnitsa-k')`, [pyatigorsk, kabardinka, HOTEL]);
  }
  const [inKabardinka] = await sql<{ id: number }>(`SELECT h.id FROM hotels h JOIN cities c ON c.id = h.city_id WHERE h.name = $1 AND c.name = 'Кабардинка'`, [HOTEL]);
  await signOut(page);
  await signIn(page, MANAGER.email, MANAGER.password);
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.goto('/applications/create');
  await expect(page.getByRole('heading', { name: MESSAGES.applications.createTitle })).toBeVisible();
  // Typed at once, before the popover has finished opening: not a letter is lost.
  await page.getByTestId('picker-applicationable_id').click();
  await page.keyboard.type('зарница');
  const box = page.getByRole('combobox', { name: MESSAGES.list.searchPlaceholder, expanded: true });
  await expect(box).toHaveValue('зарница');
  const options = menu(page, 'applicationable_id').getByRole('option');
  // Two of one name, each with its city under it, by name then id (Пятигорск was added first).
  await expect(options).toHaveText([`${HOTEL} Пятигорск`, `${HOTEL} Кабардинка`]);
  const detail = options.nth(1).locator('.picker-item-detail');
  await expect(detail).toBeVisible();
  // The city line is whole inside the menu at 1366×768, not cut off.
  const [detailBox, menuBox] = [await detail.boundingBox(), await menu(page, 'applicationable_id').boundingBox()];
  expect(detailBox!.x + detailBox!.width).toBeLessThanOrEqual(menuBox!.x + menuBox!.width);
  expect(await detail.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/screens/picker-namesakes.png' });

  const product = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/applications/products/hotels/${inKabardinka!.id}`);
  await options.filter({ hasText: 'Кабардинка' }).click();
  await product;
  await expect(page.getByTestId('picker-applicationable_id')).toHaveText(HOTEL);

  // Opened again, the box starts empty: the previous search is not carried over.
  await page.getByTestId('picker-applicationable_id').click();
  await expect(box).toHaveValue('');
  await page.keyboard.type('заявочный');
  await expect(box).toHaveValue('заявочный');
  await page.keyboard.press('Escape');
});

