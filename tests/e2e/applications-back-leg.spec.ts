/**
 * The way back on a bus tour (issue 27), as a manager: on a «Москва — Сочи» application the «Обратно»
 * dialog first asks for the way there, then offers the «Сочи — Москва» line with its segment chosen and
 * its departures from the arrival on; saved and opened again, the leg is there. Screenshots at
 * 1366×768 go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { insertBusGround, insertRequesters, nextWeekday } from '../../server/test/application-fixtures.js';
import { insertCities } from '../../server/test/transport-fixtures.js';
import { formatDate } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { addTourist, pick } from './application-steps.js';
import { sql, signInAsStaff } from './session.js';

const A = MESSAGES.applications;
const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const MANAGER = { surname: 'Обратнова', name: 'Дарья', email: 'manager.back-leg@example.com', password: 'manager-secret-1' };

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/application-back-leg-${name}.png` });
}

test('a manager gives a bus tour its way back on the return line, saves, and finds it on reopening', async ({ page }) => {
  const tag = Date.now();
  const [moscow, voronezh, sochi] = (await insertCities(db, [`Москва ${tag}`, `Воронеж ${tag}`, `Сочи ${tag}`])) as [number, number, number];
  const there = await insertBusGround(db, { cities: [moscow, voronezh, sochi] });
  const back = await insertBusGround(db, { cities: [sochi, voronezh, moscow] });
  await sql(`UPDATE transports SET name = $2 WHERE id = $1`, [there.transportId, `Москва — Сочи ${tag}`]);
  await sql(`UPDATE transports SET name = $2 WHERE id = $1`, [back.transportId, `Сочи — Москва ${tag}`]);
  const requesters = await insertRequesters(db);
  const [client] = await sql<{ full_name: string }>(`SELECT full_name FROM clients WHERE id = $1`, [requesters.clientId]);
  const departure = nextWeekday(new Date().toISOString().slice(0, 10), there.weekday);

  await signInAsStaff(page, { ...MANAGER, role: 3 });

  await page.goto('/applications/create');
  await page.getByLabel('Тип заявки').selectOption({ label: 'Автобусный тур' });
  await pick(page, 'picker-applicationable_id', `Москва — Сочи ${tag}`);
  await pick(page, 'picker-requester_id', client!.full_name);
  await page.getByTestId('tab-tourists').click();
  const tourist = await addTourist(page, { last: 'Обратнов', first: 'Илья', birthday: '01.02.1980', document: '4603333333' });
  await tourist.getByTestId('tourist-dialog-save').click();
  await expect(tourist).toBeHidden();

  // Before the way there, the way back has nothing to start from: the dialog says so.
  await page.getByTestId('tab-transport').click();
  const backSection = page.getByRole('region', { name: 'Обратно' });
  await backSection.getByRole('button', { name: 'Добавить транспорт' }).click();
  const early = page.getByRole('dialog', { name: 'Рейс обратно' });
  await expect(early.getByTestId('transport-back-note')).toHaveText(A.backNeedsForth);
  await early.getByRole('button', { name: MESSAGES.list.cancel }).click();
  await expect(early).toBeHidden();

  // There: Москва → Сочи, seat 5.
  await page.getByRole('region', { name: 'Туда' }).getByRole('button', { name: 'Добавить транспорт' }).click();
  const forth = page.getByRole('dialog', { name: 'Рейс туда' });
  await forth.getByLabel('Дата отправления *').selectOption(departure);
  await forth.getByLabel('Откуда *', { exact: true }).selectOption({ label: `Москва ${tag}` });
  await forth.getByLabel('Куда *', { exact: true }).selectOption({ label: `Сочи ${tag}` });
  await forth.getByRole('tab', { name: 'Места' }).click();
  await forth.locator('[data-seat="5"]').click();
  await forth.getByTestId('transport-forth-dialog-save').click();
  await expect(forth).toBeHidden();

  // Back: the return line offered, its segment Сочи → Москва chosen, its departures from the arrival on.
  await backSection.getByRole('button', { name: 'Добавить транспорт' }).click();
  const way = page.getByRole('dialog', { name: 'Рейс обратно' });
  await expect(way.getByTestId('transport-back-note')).toHaveCount(0);
  await expect(way.getByLabel('Транспорт *')).toHaveValue(String(back.transportId));
  await expect(way.getByLabel('Транспорт *').locator('option:checked')).toHaveText(`Сочи — Москва ${tag}`);
  await expect(way.getByLabel('Откуда *', { exact: true }).locator('option:checked')).toHaveText(new RegExp(`^Сочи ${tag}`));
  await expect(way.getByLabel('Куда *', { exact: true }).locator('option:checked')).toHaveText(new RegExp(`^Москва ${tag}`));
  const dates = await way.getByLabel('Дата отправления *').locator('option').allTextContents();
  const weekLater = new Date(Date.parse(`${departure}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  expect(dates.slice(1, 3)).toEqual([formatDate(departure), formatDate(weekLater)]);
  await way.getByLabel('Дата отправления *').selectOption(departure);
  await shot(page, 'dialog');
  await way.getByRole('tab', { name: 'Места' }).click();
  await way.locator('[data-seat="7"]').click();
  await way.getByTestId('transport-back-dialog-save').click();
  await expect(way).toBeHidden();
  await expect(page.getByTestId('transport-back-row-0')).toContainText(`Сочи — Москва ${tag}`);

  await page.getByTestId('editor-save').click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page).toHaveURL(/\/applications\/\d+\/edit$/);
  const id = Number(/\/applications\/(\d+)\/edit/.exec(page.url())![1]);
  const [stored] = await sql<{ price_total: string }>(`SELECT price_total FROM applications WHERE id = $1`, [id]);
  // 5 000 + 300 there, 5 000 + 300 back: the back leg priced from its own bus.
  expect(Number(stored!.price_total)).toBe(10600);
  const seats = await sql<{ transport_id: number; number: number }>(`SELECT transport_id, number FROM seat_bookings WHERE application_id = $1 ORDER BY number`, [id]);
  expect(seats).toEqual([
    { transport_id: there.transportId, number: 5 },
    { transport_id: back.transportId, number: 7 },
  ]);

  // Opened again: the leg is there, on its bus and segment.
  await page.reload();
  await page.getByTestId('tab-transport').click();
  const row = page.getByTestId('transport-back-row-0');
  await expect(row).toContainText(`Сочи — Москва ${tag}`);
  await expect(row).toContainText(formatDate(departure));
  await expect(row).toContainText(`Сочи ${tag}`);
  await expect(row).toContainText(`Москва ${tag}`);
  await shot(page, 'tab');
  await row.getByRole('button', { name: MESSAGES.list.edit }).click();
  const reopened = page.getByRole('dialog', { name: 'Рейс обратно' });
  await expect(reopened.getByLabel('Транспорт *').locator('option:checked')).toHaveText(`Сочи — Москва ${tag}`);
  await expect(reopened.getByLabel('Дата отправления *')).toHaveValue(departure);
});
