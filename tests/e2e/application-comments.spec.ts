/**
 * The Comments tab of an application from an outside service (spec 03 §2.3, §7; issue 31): the
 * application's booking at a vendor connected to a local supplier (server/test/supplier-server.ts);
 * the tab shows the supplier's messages and ours, sends one and reads the list again, says the
 * supplier's refusal under the field and the supplier down in the tab. An application from no outside
 * service has no such tab. Screens at 1366×768: /tmp/comments/*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatDateTime } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, type TestSupplier } from '../../server/test/supplier-server.js';
import { apiPost, ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const C = MESSAGES.applicationComments;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
let supplier: TestSupplier;
let vendor: number;

test.beforeAll(async () => {
  supplier = await startTestSupplier();
});
test.afterAll(() => supplier?.close());
test.afterEach(() => {
  Object.assign(supplier.behaviour, { failStatus: null, message: null });
});

/** The vendor connected to the local supplier, made once through the API (as the administrator sets it up). */
async function connectedVendor(page: Page): Promise<number> {
  vendor ??= (await apiPost(page, '/vendors', { name: `Сервис «Комментарии-${Date.now() % 1_000_000}»`, is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD } })).data
    .id as number;
  return vendor;
}

/** An application that came from the vendor's service as booking `booking` (the site's API sets both columns). */
async function externalApplication(page: Page, booking: string): Promise<number> {
  const { id } = await insertApplication(db);
  await sql('UPDATE applications SET external_id = $2, external_vendor_id = $3 WHERE id = $1', [id, booking, await connectedVendor(page)]);
  return id;
}

async function openComments(page: Page, applicationId: number) {
  await page.goto(`/applications/${applicationId}/edit`);
  await page.getByTestId('tab-comments').click();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/comments/${name}.png` });

test('the supplier’s messages and ours; a message sent appears; the supplier’s refusal under the field', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  const booking = `B-${Date.now()}`;
  const id = await externalApplication(page, booking);
  // Earlier today and before (a message sent now is the newest).
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000 - (Date.now() % 60_000)).toISOString();
  const [first, second, third] = [ago(30), ago(29), ago(2)];
  supplier.messages.set(booking, [
    { id: 'M2', type: 'question', date: second, author: 'Туроператор', is_our: true, text: 'Гости приедут к 16:00.' },
    { id: 'M1', type: 'question', date: first, author: 'Ольга', is_our: false, text: 'Заезд после 14:00, ранний заезд за доплату.' },
    { id: 'M3', type: 'change', date: third, author: 'Ольга', is_our: false, text: 'Номер заменён на улучшенный без доплаты.' },
  ]);

  await openComments(page, id);
  const tab = page.getByTestId('external-messages');
  const messages = tab.getByTestId('external-message');
  // Oldest first, each with who, the kind by its name and the time; ours marked as ours.
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(0)).toContainText('Заезд после 14:00, ранний заезд за доплату.');
  await expect(messages.nth(0)).toContainText('Ольга');
  await expect(messages.nth(0)).toContainText(C.supplier);
  await expect(messages.nth(0)).toContainText('Вопрос');
  await expect(messages.nth(0)).toContainText(formatDateTime(first));
  await expect(messages.nth(1)).toContainText('Гости приедут к 16:00.');
  await expect(messages.nth(1)).toContainText(C.ours);
  await expect(messages.nth(1)).toHaveClass(/ours/);
  await expect(messages.nth(2)).toContainText('Изменение заявки');
  await expect(messages.nth(2)).toContainText(formatDateTime(third));

  // Send waits for a text; the counter counts to the limit; the kind is the supplier's.
  const send = tab.getByRole('button', { name: C.send });
  const text = tab.getByRole('textbox', { name: C.text });
  await expect(send).toBeDisabled();
  await text.fill('   ');
  await expect(send).toBeDisabled();
  await expect(text).toHaveAttribute('maxlength', '2000');
  await tab.getByTestId('select-type').click();
  await page.getByRole('option', { name: 'Изменение заявки' }).click();
  await text.fill('Просим поселить в соседних номерах.');
  await expect(tab.getByText(C.counter('Просим поселить в соседних номерах.'.length, 2000))).toBeVisible();
  await shot(page, 'comments-typed');
  supplier.requests.length = 0;
  await send.click();
  await expect(page.getByText(C.sent)).toBeVisible();
  await expect(messages).toHaveCount(4);
  await expect(messages.nth(3)).toContainText('Просим поселить в соседних номерах.');
  await expect(messages.nth(3)).toHaveClass(/ours/);
  await expect(text).toHaveValue('');
  // Sent to the supplier, then the list read again.
  expect(supplier.requests.map((request) => [request.method, request.path, request.body])).toEqual([
    ['POST', `/bookings/${booking}/messages`, { type: 'change', text: 'Просим поселить в соседних номерах.' }],
    ['GET', `/bookings/${booking}/messages`, undefined],
  ]);
  await shot(page, 'comments-messages');

  // The supplier no longer takes the kind the tab offered: its words under the text, nothing added.
  // (In place: the supplier's server holds this very list.)
  const offered = supplier.messageTypes.splice(0, supplier.messageTypes.length, { id: 'claim', name: 'Претензия' });
  await text.fill('Ещё вопрос');
  await send.click();
  await expect(tab.getByText('Неизвестный тип сообщения')).toBeVisible();
  await expect(messages).toHaveCount(4);
  await shot(page, 'comments-refused');
  // Typing again takes the message away.
  await text.fill('Ещё вопрос?');
  await expect(tab.getByText('Неизвестный тип сообщения')).toHaveCount(0);
  supplier.messageTypes.splice(0, 1, ...offered);
});

test('the supplier down: its message in the tab with Retry; an empty conversation says so', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  const id = await externalApplication(page, `B-${Date.now()}`);
  Object.assign(supplier.behaviour, { failStatus: 503 });
  await openComments(page, id);
  const tab = page.getByRole('tabpanel');
  await expect(tab.getByText(C.loadFailed)).toBeVisible();
  await expect(tab.getByText(MESSAGES.imports.unavailable)).toBeVisible();
  await shot(page, 'comments-error');

  Object.assign(supplier.behaviour, { failStatus: null });
  await tab.getByRole('button', { name: MESSAGES.connection.retry }).click();
  await expect(page.getByTestId('external-messages').getByText(C.empty)).toBeVisible();
  await expect(page.getByTestId('external-message-form')).toBeVisible();
  await shot(page, 'comments-empty');
});

test('an application from no outside service has no Comments tab, and its editor asks the supplier nothing', async ({ page }) => {
  await ensureAdmin(page);
  const { id } = await insertApplication(db);
  supplier.requests.length = 0;
  await page.goto(`/applications/${id}/edit`);
  await expect(page.getByTestId('tab-general')).toBeVisible();
  await expect(page.getByTestId('tab-comments')).toHaveCount(0);
  // An outside one shows the tab, yet reads the supplier only once it is opened.
  const outside = await externalApplication(page, `B-${Date.now()}`);
  await page.goto(`/applications/${outside}/edit`);
  await expect(page.getByTestId('tab-comments')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(supplier.requests).toEqual([]);
});
