/**
 * The order book (issue 19, spec 03 §2.1): an agency's applications opened from the agencies screen;
 * the status filter and a tourist's surname searched together; three rows selected and sent one
 * message; an application cancelled from the list frees its seat on the schedule; delete offered
 * only to the administrator and only where nothing was paid. Screenshots at 1366×768 go to
 * /tmp/app-list-*.png. Every name here is this spec's own (the browser tests share one database).
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, signIn, signOut, sql, ensureStaff } from './session.js';

test.describe.configure({ mode: 'serial' });

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const L = MESSAGES.applicationList;
const A = MESSAGES.applications;
const suffix = String(Date.now()).slice(-6);
const AGENCY = `ООО «Книга заявок ${suffix}»`;
const MANAGER = { surname: 'Листова', name: 'Вера', email: 'manager.app-list@example.com', password: 'manager-secret-1' };
const departure = daysFromToday(9);

interface Inserted {
  id: number;
  number: string;
}

let agencyId = 0;
let transportId = 0;
const apps: Record<'newOne' | 'inWork' | 'inWorkOther' | 'paid' | 'bus', Inserted> = {} as never;

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `/tmp/app-list-${name}.png` });
}

/** An application of the agency written straight into the database (what the editor would store), with its tourists. */
async function insertAgencyApplication(options: { status: number; tourists: [string, string][]; transportId?: number; phone?: string; email?: string; fromSite?: boolean }): Promise<Inserted> {
  const [{ number }] = (await sql<{ number: string }>(`SELECT '2099-' || nextval('application_number_seq') AS number`)) as [{ number: string }];
  const names = options.tourists.map(([last, first]) => `${last} ${first}`);
  const [row] = await sql<{ id: number }>(
    `INSERT INTO applications (number, type, transport_id, agency_id, status, phone, email, search_text, price_total, agency_to_pay, start_date, source, edited_from_front)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 15000, 13500, $9, $10, $11) RETURNING id`,
    [
      number,
      options.transportId ? 3 : 5,
      options.transportId ?? null,
      agencyId,
      options.status,
      options.phone ?? '+79161234567',
      options.email ?? null,
      [number, AGENCY, options.phone ?? '+79161234567', ...names].join(' '),
      departure,
      options.fromSite ? 'web_site' : null,
      options.fromSite ?? false,
    ],
  );
  for (const [position, [last, first]] of options.tourists.entries()) {
    await sql(`INSERT INTO tourists (application_id, last_name, first_name, document, document_number, citizenship, gender, position) VALUES ($1, $2, $3, 1, $4, 1, 1, $5)`, [
      row!.id,
      last,
      first,
      `45${suffix}${position}`,
      position,
    ]);
  }
  return { id: row!.id, number };
}

const rowOf = (page: Page, app: Inserted) => page.getByRole('row').filter({ has: page.getByRole('link', { name: `№${app.number}`, exact: true }) });

test.beforeAll(async () => {
  [{ id: agencyId }] = (await sql<{ id: number }>(`INSERT INTO agencies (legal_name, brand, is_active, is_new) VALUES ($1, 'Книга', true, false) RETURNING id`, [AGENCY])) as [{ id: number }];
  const [from, via, to] = (await insertCities(db, [`Кологрив ${suffix}`, `Чухлома ${suffix}`, `Солигалич ${suffix}`])) as [number, number, number];
  transportId = await insertTransport(db, { name: `Кологрив — Солигалич ${suffix}`, transportationId: await insertTransportation(db), cities: [from, via, to], startDate: daysFromToday(-1), finishDate: daysFromToday(30), dates: [departure] });
  apps.newOne = await insertAgencyApplication({ status: 1, tourists: [['Ослябин', 'Родион']] });
  apps.inWork = await insertAgencyApplication({ status: 2, tourists: [['Пересветов', 'Александр'], ['Пересветова', 'Мария']], email: 'peresvet@example.com' });
  // Made on the site and changed there since: unwatched until the office opens it.
  apps.inWorkOther = await insertAgencyApplication({ status: 2, tourists: [['Ослябина', 'Ирина']], fromSite: true });
  apps.paid = await insertAgencyApplication({ status: 6, tourists: [['Пересветов', 'Игорь']] });
  await sql(`INSERT INTO payments (application_id, status, sum) VALUES ($1, 2, 15000)`, [apps.paid.id]);
  apps.bus = await insertAgencyApplication({ status: 2, tourists: [['Дубровин', 'Павел']], transportId });
  const [tourist] = await sql<{ id: number }>(`SELECT id FROM tourists WHERE application_id = $1`, [apps.bus.id]);
  await insertBooking(db, { transportId, date: departure, number: 7, from: 0, to: 2, applicationId: apps.bus.id, touristId: tourist!.id, leg: 'forth' });
});

test("the agency's applications open from the agencies screen, newest first, with the agency in its filter", async ({ page }) => {
  await ensureAdmin(page);
  await expect(page.getByRole('heading', { name: A.listTitle })).toBeVisible();
  await page.goto(`/agencies?query=${encodeURIComponent(`Книга заявок ${suffix}`)}`);
  const agencyRow = page.getByRole('row', { name: new RegExp(`Книга заявок ${suffix}`) });
  await agencyRow.getByRole('button', { name: 'Заявки агентства' }).click();
  await expect(page).toHaveURL(new RegExp(`/applications\\?agency_id=${agencyId}$`));
  await expect(page.getByText(A.listSubtitle)).toBeVisible();
  await expect(page.getByTestId('filter-agency')).toHaveText(AGENCY);
  // The client filter waits while the agency one is set (they exclude each other).
  await expect(page.getByTestId('filter-client')).toBeDisabled();
  const numbers = page.locator('.resource-table tbody a.app-number');
  await expect(numbers).toHaveText([apps.bus, apps.paid, apps.inWorkOther, apps.inWork, apps.newOne].map((app) => `№${app.number}`));
  await expect(page.getByTestId('list-count')).toHaveText(MESSAGES.list.shown(1, 5, 5));
  const inWork = rowOf(page, apps.inWork);
  await expect(inWork).toContainText('Пересветов Александр');
  await expect(inWork).toContainText('peresvet@example.com');
  await expect(inWork).toContainText(AGENCY);
  await expect(inWork).toContainText(MESSAGES.applications.officeSource);
  const fromSite = rowOf(page, apps.inWorkOther);
  await expect(fromSite).toContainText('С сайта');
  await expect(fromSite.getByTestId('edited-from-front')).toHaveText(L.editedFromFront);
  // The sidebar badge counts the applications nobody in the office has opened yet (the site's one at least).
  const [{ count }] = (await sql<{ count: number }>(`SELECT count(*)::int AS count FROM applications WHERE NOT is_watched`)) as [{ count: number }];
  expect(count).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('badge-applications')).toHaveText(String(count));
  await shot(page, 'agency');

  // Its number opens the edit page, which marks it watched: the badge goes down by one.
  await rowOf(page, apps.inWorkOther).getByRole('link', { name: `№${apps.inWorkOther.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${apps.inWorkOther.id}/edit$`));
  await expect.poll(async () => (await sql<{ is_watched: boolean }>(`SELECT is_watched FROM applications WHERE id = $1`, [apps.inWorkOther.id]))[0]!.is_watched).toBe(true);
  if (count > 1) await expect(page.getByTestId('badge-applications')).toHaveText(String(count - 1));
  else await expect(page.getByTestId('badge-applications')).toHaveCount(0);
});

test("a client's applications open from the clients screen, the agency filter waiting meanwhile", async ({ page }) => {
  const application = await insertApplication(db, { number: `2099-9${suffix}` });
  const [client] = await sql<{ id: number; phone: string; full_name: string }>(`SELECT c.id, c.phone, c.full_name FROM clients c JOIN applications a ON a.client_id = c.id WHERE a.id = $1`, [application.id]);
  await ensureAdmin(page);
  await page.goto(`/clients?query=${encodeURIComponent(client!.phone.slice(2))}`);
  await page.getByRole('row', { name: new RegExp(client!.full_name) }).getByRole('button', { name: MESSAGES.clients.applications }).click();
  await expect(page).toHaveURL(new RegExp(`/applications\\?client_id=${client!.id}$`));
  await expect(page.getByTestId('filter-client')).toHaveText(client!.full_name);
  await expect(page.getByTestId('filter-agency')).toBeDisabled();
  await expect(page.locator('.resource-table tbody a.app-number')).toHaveText([`№${application.number}`]);
});

test("status and a tourist's surname narrow the list together, and the view is kept in the address", async ({ page }) => {
  await ensureAdmin(page);
  await page.goto(`/applications?agency_id=${agencyId}`);
  await expect(page.locator('.resource-table tbody a.app-number')).toHaveCount(5);
  // A newer list request cancels the running one: the 'Новая' page, held up here, is aborted by the browser.
  await page.route(/\/api\/applications\?.*status=1/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => undefined);
  });
  const aborted = page.waitForEvent('requestfailed', (request) => /\/api\/applications\?.*status=1/.test(request.url()));
  await page.getByLabel('Статус', { exact: true }).selectOption({ label: 'Новая' });
  await page.getByLabel('Статус', { exact: true }).selectOption({ label: 'В работе' });
  expect((await aborted).failure()?.errorText).toContain('ABORTED');
  await expect(page.locator('.resource-table tbody a.app-number')).toHaveText([apps.bus, apps.inWorkOther, apps.inWork].map((app) => `№${app.number}`));
  // The box says what it searches (an agency's applications are the agency filter's), the whole text readable.
  const search = page.getByLabel(MESSAGES.list.searchPlaceholder);
  await expect(search).toHaveAttribute('placeholder', MESSAGES.applicationList.searchPlaceholder);
  // Its text fits the box: typed in, it does not scroll (then the real search replaces it within the debounce).
  await search.fill(MESSAGES.applicationList.searchPlaceholder);
  expect(await search.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await search.fill('Пересвет');
  await expect(page.locator('.resource-table tbody a.app-number')).toHaveText([`№${apps.inWork.number}`]);
  await expect(page).toHaveURL(/status=2/);
  await expect(page).toHaveURL(/query=/);
  await shot(page, 'filters');
  // Bookmarked: the same address opens the same view.
  await page.reload();
  await expect(page.locator('.resource-table tbody a.app-number')).toHaveText([`№${apps.inWork.number}`]);
  await expect(page.getByLabel(MESSAGES.list.searchPlaceholder)).toHaveValue('Пересвет');
  // The platform is offered only for the mobile application.
  await expect(page.getByLabel('Платформа')).toHaveCount(0);
  await page.getByLabel('Источник').selectOption({ value: 'mobile_application' });
  await expect(page.getByLabel('Платформа')).toBeVisible();
  await expect(page.getByText(MESSAGES.list.empty)).toBeVisible();
});

test('three selected rows are sent one message each', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto(`/applications?agency_id=${agencyId}`);
  const chosen = [apps.newOne, apps.inWork, apps.inWorkOther];
  const send = page.getByRole('button', { name: L.sendMessage });
  await expect(send).toBeDisabled();
  for (const app of chosen) await page.getByRole('checkbox', { name: L.selectRow(app.number) }).check({ force: true });
  await expect(page.getByTestId('selected-count')).toHaveText(MESSAGES.list.selected(3));
  await send.click();
  const dialog = page.getByRole('dialog', { name: 'Отправка сообщения' });
  const text = `Уточните время выезда ${suffix}`;
  await dialog.getByRole('textbox').fill(text);
  await shot(page, 'bulk-message');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Сообщение отправлено')).toBeVisible();
  const rows = await sql<{ application_id: number }>(`SELECT application_id FROM application_messages WHERE message = $1 AND NOT from_requester ORDER BY application_id`, [text]);
  expect(rows.map((row) => row.application_id)).toEqual(chosen.map((app) => app.id).sort((a, b) => a - b));
});

test("a chat opened from the list shows the requester's messages, reads them and takes an answer", async ({ page }) => {
  await ensureAdmin(page);
  // The requester writes from the cabinet (an outside channel): its messages are inserted directly.
  await sql(`INSERT INTO application_messages (application_id, message, from_requester) VALUES ($1, 'Когда будут документы?', true)`, [apps.inWork.id]);
  await sql(`INSERT INTO application_messages (application_id, message, from_requester) VALUES ($1, 'Ждём ответа', true)`, [apps.inWork.id]);
  await page.goto(`/applications?agency_id=${agencyId}&unread_messages=1`);
  await expect(page.locator('.resource-table tbody a.app-number')).toHaveText([`№${apps.inWork.number}`]);
  const row = rowOf(page, apps.inWork);
  await expect(row.getByTestId('unread-count')).toHaveText('2');
  await row.getByRole('button', { name: MESSAGES.applicationChat.chatButton }).click();
  const chat = page.getByRole('dialog', { name: MESSAGES.applicationChat.title(apps.inWork.number, AGENCY) });
  // Oldest first on screen: the bulk message of the previous test, then the requester's two, read now.
  const messages = chat.getByTestId('chat-message');
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(0)).toContainText(`Уточните время выезда ${suffix}`);
  await expect(messages.nth(1)).toContainText('Когда будут документы?');
  await expect(messages.nth(2)).toContainText('Ждём ответа');
  await expect(messages.nth(2)).toContainText(MESSAGES.applicationChat.readAt);
  await chat.getByLabel(MESSAGES.applicationChat.placeholder).fill('Документы будут завтра');
  await shot(page, 'chat');
  await chat.getByRole('button', { name: MESSAGES.applicationChat.send }).click();
  await expect(messages).toHaveCount(4);
  await expect(messages.last()).toContainText('Документы будут завтра');
  await chat.getByRole('button', { name: MESSAGES.list.close }).first().click();
  // Opening read them all: the row has no unread count and the unread filter no longer finds it.
  await expect(page.getByText(MESSAGES.list.empty)).toBeVisible();
  expect(await sql(`SELECT id FROM application_messages WHERE application_id = $1 AND from_requester AND read_at IS NULL`, [apps.inWork.id])).toEqual([]);
  expect(await sql(`SELECT id FROM application_messages WHERE application_id = $1 AND message = 'Документы будут завтра' AND NOT from_requester`, [apps.inWork.id])).toHaveLength(1);
});

test('an application cancelled from the list frees its seat on the schedule', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto(`/transports/schedules/${transportId}`);
  await expect(page.locator('.schedule-seats [data-seat="7"]')).toHaveAttribute('data-state', 'occupied');

  await page.goto(`/applications?agency_id=${agencyId}`);
  const row = rowOf(page, apps.bus);
  await row.getByRole('button', { name: L.cancel }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(A.cancelConfirm);
  await shot(page, 'cancel-confirm');
  await confirm.getByRole('button', { name: MESSAGES.list.yes }).click();
  await expect(page.getByText(A.cancelled)).toBeVisible();
  await expect(row).toContainText('Аннулирована');
  await expect(row.getByRole('button', { name: L.cancel })).toHaveCount(0);
  expect((await sql<{ status: number }>(`SELECT status FROM applications WHERE id = $1`, [apps.bus.id]))[0]!.status).toBe(7);

  await page.goto(`/transports/schedules/${transportId}`);
  await expect(page.locator('.schedule-seats [data-seat="7"]')).toHaveAttribute('data-state', 'free');
});

test('delete is offered to the administrator only, and only without payments', async ({ page }) => {
  await ensureAdmin(page);
  await ensureStaff(page, { ...MANAGER, role: 3 });
  await page.goto(`/applications?agency_id=${agencyId}`);
  await expect(rowOf(page, apps.newOne).getByRole('button', { name: MESSAGES.list.delete })).toBeVisible();
  await expect(rowOf(page, apps.paid).getByRole('button', { name: MESSAGES.list.delete })).toHaveCount(0);
  await rowOf(page, apps.newOne).getByRole('button', { name: MESSAGES.list.delete }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: MESSAGES.list.yes }).click();
  await expect(page.getByText(A.deleted)).toBeVisible();
  await expect(rowOf(page, apps.newOne)).toHaveCount(0);
  expect(await sql(`SELECT id FROM applications WHERE id = $1`, [apps.newOne.id])).toEqual([]);

  await signOut(page);
  await signIn(page, MANAGER.email, MANAGER.password);
  await page.goto(`/applications?agency_id=${agencyId}`);
  await expect(rowOf(page, apps.inWork)).toBeVisible();
  await expect(page.locator('.resource-table tbody').getByRole('button', { name: MESSAGES.list.delete })).toHaveCount(0);
});
