/**
 * The chat with the requester (issue 19, spec 03 §2.2): a client's messages written straight into the
 * database (as the cabinet writes them) show as the unread count on the edit page's Chat button;
 * opening the chat reads them (the count goes, read_at is set), the office answers; an inactive
 * requester's chat has no input; the bulk message (on a fixture until the list hosts it) writes one
 * message per application. Screenshots at 1366×768: /tmp/app-chat-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { FIXTURES_PORT } from '../../playwright.config.js';
import { ensureAdmin, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const C = MESSAGES.applicationChat;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `/tmp/app-chat-${name}.png` });
}

const requesterWrites = (applicationId: number, message: string, minutesAgo: number) =>
  sql(`INSERT INTO application_messages (application_id, message, from_requester, created_at) VALUES ($1, $2, true, now() - make_interval(mins => $3))`, [applicationId, message, minutesAgo]);

test('the unread count on the edit page; opening the chat reads it; the office answers', async ({ page }) => {
  const application = await insertApplication(db);
  const [client] = await sql<{ full_name: string }>(`SELECT c.full_name FROM clients c JOIN applications a ON a.client_id = c.id WHERE a.id = $1`, [application.id]);
  await requesterWrites(application.id, 'Здравствуйте! Подскажите, когда будут билеты?', 30);
  await requesterWrites(application.id, 'И можно ли место у окна?', 10);

  await ensureAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/applications/${application.id}/edit`);
  await expect(page.getByTestId('chat-unread')).toHaveText('2');
  await shot(page, 'edit-page');

  await page.getByTestId('chat-button').click();
  const dialog = page.getByRole('dialog', { name: C.title(application.number, client!.full_name) });
  await expect(dialog).toBeVisible();
  const messages = dialog.getByTestId('chat-message');
  // Oldest first, the requester as the author, and read now.
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText('Здравствуйте! Подскажите, когда будут билеты?');
  await expect(messages.nth(1)).toContainText('И можно ли место у окна?');
  await expect(messages.nth(0)).toContainText(client!.full_name);
  await expect(messages.nth(0).getByTestId('chat-read-at')).toContainText(C.readAt);
  await expect(page.getByTestId('chat-unread')).toHaveCount(0);
  expect(await sql(`SELECT 1 FROM application_messages WHERE application_id = $1 AND read_at IS NULL`, [application.id])).toEqual([]);
  expect((await sql<{ unread_messages_count: number }>(`SELECT unread_messages_count FROM applications WHERE id = $1`, [application.id]))[0]!.unread_messages_count).toBe(0);

  // Send is off while the text is empty; the answer appears at the bottom, written by the administrator.
  const send = dialog.getByRole('button', { name: C.send });
  await expect(send).toBeDisabled();
  await dialog.getByLabel(C.placeholder).fill('   ');
  await expect(send).toBeDisabled();
  await dialog.getByLabel(C.placeholder).fill('Билеты будут завтра, место у окна забронировано.');
  await send.click();
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(2)).toContainText('Билеты будут завтра, место у окна забронировано.');
  await expect(messages.nth(2).getByTestId('chat-read-at')).toHaveText(C.notRead);
  await expect(dialog.getByLabel(C.placeholder)).toHaveValue('');
  const [stored] = await sql<{ from_requester: boolean; user_id: number | null }>(
    `SELECT from_requester, user_id FROM application_messages WHERE application_id = $1 ORDER BY id DESC LIMIT 1`,
    [application.id],
  );
  expect(stored).toMatchObject({ from_requester: false, user_id: expect.any(Number) });
  await shot(page, 'dialog');

  // A new message from the requester shows on the next poll (here: the page read again).
  await dialog.getByRole('button', { name: MESSAGES.list.close }).click();
  await requesterWrites(application.id, 'Спасибо!', 0);
  await page.reload();
  await expect(page.getByTestId('chat-unread')).toHaveText('1');
});

test('an inactive requester’s chat has no input; an empty chat says so', async ({ page }) => {
  const application = await insertApplication(db);
  await sql(`UPDATE clients SET is_active = false WHERE id = (SELECT client_id FROM applications WHERE id = $1)`, [application.id]);
  await ensureAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/applications/${application.id}/edit`);
  await expect(page.getByTestId('chat-unread')).toHaveCount(0);
  await page.getByTestId('chat-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(C.empty)).toBeVisible();
  await expect(dialog.getByLabel(C.placeholder)).toHaveCount(0);
  await expect(dialog.getByTestId('chat-inactive')).toHaveText(C.requesterInactive);
  await expect(dialog.getByRole('button', { name: C.send })).toHaveCount(0);
  await shot(page, 'inactive');
});

test('the bulk message: required, then one message to each of three applications; an unknown one sends nothing', async ({ page }) => {
  const ids = [(await insertApplication(db)).id, (await insertApplication(db)).id, (await insertApplication(db)).id];
  await ensureAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const fixture = (applicationIds: number[]) => `http://127.0.0.1:${FIXTURES_PORT}/test-fixtures/bulk-message.html?ids=${applicationIds.join(',')}`;
  const stored = () => sql<{ application_id: number; message: string }>(`SELECT application_id, message FROM application_messages WHERE application_id = ANY($1::int[]) ORDER BY application_id`, [ids]);

  // An application deleted meanwhile: nothing is written to the others.
  await page.goto(fixture([...ids, 2147483000]));
  await page.getByRole('button', { name: 'Отправить сообщение' }).click();
  let dialog = page.getByRole('dialog', { name: C.bulkTitle });
  await dialog.getByRole('button', { name: C.send }).click();
  await expect(dialog.getByText(MESSAGES.validation.required)).toBeVisible();
  await dialog.getByLabel(C.placeholder).fill('Автобус отправляется в 8:00');
  await dialog.getByRole('button', { name: C.send }).click();
  await expect(page.getByText(C.bulkFailed)).toBeVisible();
  await expect(page.getByText(C.unknownApplication)).toBeVisible();
  expect(await stored()).toEqual([]);

  await page.goto(fixture(ids));
  await page.getByRole('button', { name: 'Отправить сообщение' }).click();
  dialog = page.getByRole('dialog', { name: C.bulkTitle });
  await dialog.getByLabel(C.placeholder).fill('Автобус отправляется в 8:00');
  await expect(dialog.getByText(`27 / 200`)).toBeVisible();
  await shot(page, 'bulk');
  await dialog.getByRole('button', { name: C.send }).click();
  await expect(page.getByText(C.sent)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('sent')).toHaveText(JSON.stringify({ sent: 3, skipped_inactive: [] }));
  expect(await stored()).toEqual(ids.map((id) => ({ application_id: id, message: 'Автобус отправляется в 8:00' })));
});
