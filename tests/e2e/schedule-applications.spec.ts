/**
 * The schedule with applications (issue 18): the applications riding a departure, forth or back,
 * listed with their seat numbers, each opening its editor in a new tab; the scheme telling their
 * seats (occupied, named in the seat dialog, not cancellable) from a manual booking; the EGAIS list
 * of the back leg carrying its passenger.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { insertApplication } from '../../server/test/application-fixtures.js';
import { daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { ensureAdmin, sql } from './session.js';

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const date = daysFromToday(5);

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

test('a schedule lists the applications of both legs with their seats, opens one in a new tab, and exports the back leg', async ({ page, context }) => {
  const [tver, klin, moscow] = (await insertCities(db, ['Тверь', 'Клин', 'Москва'])) as [number, number, number];
  const transportId = await insertTransport(db, {
    name: 'Тверь — Москва',
    transportationId: await insertTransportation(db),
    cities: [tver, klin, moscow],
    startDate: daysFromToday(-1),
    finishDate: daysFromToday(30),
    dates: [date],
  });
  const suffix = String(Date.now()).slice(-6);
  const outward = await insertApplication(db, {
    number: `2026-${suffix}1`,
    tourists: [
      { last_name: 'Кузнецов', first_name: 'Андрей', birthday_date: '1985-04-02', document_number: '4510111222' },
      { last_name: 'Кузнецова', first_name: 'Елена', birthday_date: '1987-09-12', document_number: '4510333444' },
    ],
  });
  const homeward = await insertApplication(db, { number: `2026-${suffix}2`, tourists: [{ last_name: 'Соколов', first_name: 'Дмитрий', birthday_date: '1979-01-30', document_number: '4510555666' }] });
  await insertBooking(db, { transportId, date, number: 1, from: 0, to: 2, applicationId: outward.id, touristId: outward.tourists[0], leg: 'forth' });
  await insertBooking(db, { transportId, date, number: 2, from: 0, to: 2, applicationId: outward.id, touristId: outward.tourists[1], leg: 'forth' });
  await insertBooking(db, { transportId, date, number: 10, from: 1, to: 2, applicationId: homeward.id, touristId: homeward.tourists[0], leg: 'back' });
  await insertBooking(db, { transportId, date, number: 6, from: 0, to: 1 });

  await ensureAdmin(page);
  await page.goto(`/transports/schedules/${transportId}`);
  await expect(page.getByLabel('Дата отправления')).toHaveValue(date.split('-').reverse().join('.'));
  const scheme = '.schedule-seats';
  for (const seat of [1, 2, 10]) await expect(page.locator(`${scheme} [data-seat="${seat}"]`)).toHaveAttribute('data-state', 'occupied');
  await expect(page.locator(`${scheme} [data-seat="6"]`)).toHaveAttribute('data-state', 'booked');
  await expect(page.locator(`${scheme} [data-seat="3"]`)).toHaveAttribute('data-state', 'free');

  const rows = page.locator(`${scheme} table tbody tr`);
  await expect(rows).toHaveText([`${outward.number}1, 2`, `${homeward.number}10`]);
  await shot(page, 'schedule-applications-1366');

  // An application's seat names its tourist and application and cannot be cancelled here; a manual one can.
  await page.locator(`${scheme} [data-seat="10"]`).click();
  const dialog = page.getByRole('dialog', { name: 'Место 10' });
  await expect(dialog.getByRole('row', { name: /Соколов Дмитрий/ })).toContainText(`Соколов Дмитрий · заявка ${homeward.number}`);
  await expect(dialog.getByRole('link', { name: `заявка ${homeward.number}` })).toHaveAttribute('target', '_blank');
  await expect(dialog.getByRole('button', { name: 'Снять бронь' })).toHaveCount(0);
  await shot(page, 'schedule-application-seat-dialog-1366');
  await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Закрыть' }).click();
  await page.locator(`${scheme} [data-seat="6"]`).click();
  await expect(page.getByRole('dialog', { name: 'Место 6' }).getByRole('button', { name: 'Снять бронь' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Место 6' }).locator('.bp6-dialog-footer').getByRole('button', { name: 'Закрыть' }).click();

  // Each application opens in a new tab on its editor's address.
  const opening = context.waitForEvent('page');
  await rows.first().getByRole('link', { name: outward.number }).click();
  const tab = await opening;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/applications/${outward.id}/edit`);
  await tab.close();
  await expect(page).toHaveURL(new RegExp(`/transports/schedules/${transportId}$`));

  // The back leg's EGAIS list carries the back passenger; the forth list the forth ones.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole('tab', { name: 'Выгрузка' }).click();
  const surnames = async (button: string) => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await (await downloading).path())!);
    const names: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => index > 1 && names.push(row.getCell(1).value));
    return names;
  };
  expect(await surnames('ЕГАИС: туда')).toEqual(['Кузнецов', 'Кузнецова']);
  expect(await surnames('ЕГАИС: обратно')).toEqual(['Соколов']);
});
