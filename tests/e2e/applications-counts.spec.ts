/**
 * Head counts follow the tourists (issue 27), as a first-day manager meets them: an empty save says
 * every missing thing at once (the client, the product and its row); the new application is the
 * manager's and takes the client's phone; a seat beyond the one adult is refused until a second
 * tourist raises «Взрослых» to 2 — the note says what that changes — and then the scheme takes the
 * second seat, and the save stores 2 adults with their 2 seats.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { insertBusGround, insertRequesters, nextWeekday } from '../../server/test/application-fixtures.js';
import { sql, signInAsStaff } from './session.js';

const A = MESSAGES.applications;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const MANAGER = { surname: 'Счётова', name: 'Вера', email: 'manager.counts@example.com', password: 'manager-secret-1' };

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/application-counts-${name}.png` });
}

/** Chooses in a server-searched picker: opens it, types, clicks the match. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('combobox', { name: MESSAGES.list.searchPlaceholder, expanded: true }).fill(text);
  await page.getByTestId(`${testId}-menu`).getByRole('option', { name: new RegExp(text) }).first().click();
  await expect(page.getByTestId(testId)).toContainText(text);
}

/** The save with its status question answered. */
async function save(page: Page) {
  await page.getByTestId('editor-save').click();
  await page.getByRole('alertdialog').getByRole('button', { name: MESSAGES.list.save }).click();
}

/** The forth leg's dialog (its route tab open). */
const legDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByLabel('Дата отправления *') });

test('a manager’s bus-tour application: every error at once, then two tourists raise «Взрослых» to 2 and the scheme takes the second seat', async ({ page }) => {
  const bus = await insertBusGround(db);
  const requesters = await insertRequesters(db);
  const [transport] = await sql<{ name: string }>(`SELECT name FROM transports WHERE id = $1`, [bus.transportId]);
  const [client] = await sql<{ phone: string }>(`SELECT phone FROM clients WHERE id = $1`, [requesters.clientId]);
  const departure = nextWeekday(new Date().toISOString().slice(0, 10), bus.weekday);
  const manager = { id: await signInAsStaff(page, { ...MANAGER, role: 3 }) };

  // An empty hotel application: the client, the hotel and its stay are said together, nothing is sent.
  await page.goto('/applications/create');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/applications') sent.push(request.url());
  });
  await save(page);
  const required = MESSAGES.validation.required;
  await expect(page.locator('.application-header .bp6-form-helper-text', { hasText: required })).toHaveCount(2);
  await page.getByTestId('tab-accommodations').click();
  await expect(page.getByTestId('accommodations-errors')).toHaveText(A.stayRequired);
  await shot(page, 'every-error');
  expect(sent).toEqual([]);

  // The bus tour: the manager is the new application's manager; the client gives it the phone.
  await page.getByTestId('tab-general').click();
  await expect(page.getByTestId('picker-user_id')).toContainText(MANAGER.name);
  await page.getByLabel('Тип заявки').selectOption({ label: 'Автобусный тур' });
  await pick(page, 'picker-applicationable_id', transport!.name);
  await pick(page, 'picker-requester_id', requesters.clientName);
  await page.getByTestId('tab-contacts').click();
  await expect(page.getByLabel('Телефон', { exact: true })).toHaveValue(new RegExp(client!.phone.slice(-2)));

  // One adult: one seat, a second is refused.
  await page.getByTestId('tab-transport').click();
  await page.getByRole('button', { name: 'Добавить транспорт' }).first().click();
  const leg = legDialog(page);
  await leg.getByLabel('Дата отправления *').selectOption(departure);
  await leg.getByLabel('Откуда *', { exact: true }).selectOption({ index: 1 });
  await leg.getByLabel('Куда *', { exact: true }).selectOption({ index: 2 });
  await leg.getByRole('tab', { name: 'Места' }).click();
  await leg.locator('[data-seat="5"]').click();
  await leg.locator('[data-seat="6"]').click();
  await expect(page.getByText(A.seatsCount(1))).toBeVisible();
  await expect(leg.getByText('Выбрано мест: 1 из 1')).toBeVisible();
  await leg.getByTestId('transport-forth-dialog-save').click();
  await expect(leg).toBeHidden();

  // Two tourists: «Взрослых» follows, and the note says what that changes.
  await page.getByTestId('tab-tourists').click();
  for (const [index, tourist] of [
    ['Лебедев', 'Павел', '05.05.1985', '4607777771'],
    ['Лебедева', 'Нина', '06.06.1987', '4607777772'],
  ].entries()) {
    await page.getByRole('button', { name: 'Добавить туриста' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавление туриста' });
    await dialog.getByLabel('Фамилия *').fill(tourist[0]!);
    await dialog.getByLabel('Имя *').fill(tourist[1]!);
    await dialog.getByLabel('Дата рождения').fill(tourist[2]!);
    await dialog.getByLabel('Номер документа *').fill(tourist[3]!);
    await dialog.getByTestId('tourist-dialog-save').click();
    await expect(dialog).toBeHidden();
    if (index === 0) await expect(page.getByTestId('counts-note')).toHaveCount(0);
  }
  await expect(page.getByTestId('counts-note')).toHaveText(A.countsRaised({ adults: 1, children: 0 }, { adults: 2, children: 0 }, 1));
  await shot(page, 'counts-note');
  await page.getByTestId('tab-general').click();
  await expect(page.getByLabel('Взрослых', { exact: true })).toHaveValue('2');

  // The scheme now takes the second seat.
  await page.getByTestId('tab-transport').click();
  await page.getByTestId('transport-forth-row-0').getByRole('button', { name: MESSAGES.list.edit }).click();
  await leg.getByRole('tab', { name: 'Места' }).click();
  await leg.locator('[data-seat="6"]').click();
  await expect(leg.getByText('Выбрано мест: 2 из 2')).toBeVisible();
  await shot(page, 'second-seat');
  await leg.getByTestId('transport-forth-dialog-save').click();
  await expect(leg).toBeHidden();

  await save(page);
  await expect(page.getByText(A.created)).toBeVisible();
  await expect(page).toHaveURL(/\/applications\/\d+\/edit$/);
  const id = Number(/\/applications\/(\d+)\/edit/.exec(page.url())![1]);
  const [stored] = await sql<{ adult_count: number; child_count: number; user_id: number; phone: string }>(`SELECT adult_count, child_count, user_id, phone FROM applications WHERE id = $1`, [id]);
  expect(stored).toEqual({ adult_count: 2, child_count: 0, user_id: manager!.id, phone: client!.phone });
  const seats = await sql<{ number: number }>(`SELECT number FROM seat_bookings WHERE application_id = $1 ORDER BY number`, [id]);
  expect(seats.map((seat) => seat.number)).toEqual([5, 6]);
});
