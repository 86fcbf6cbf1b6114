/**
 * A whole import run (issue 31): the administrator adds an active import by searching a local supplier
 * (server/test/supplier-server.ts) and ticking its hotels; the list follows the run by itself — its
 * progress bar moves blue and turns green at 100 with «Завершён» — the logs show a line per hotel, and
 * the hotels list holds the imported hotels with their rooms. «Перезапустить импорты» says so and the
 * list shows the run anew. The supplier answers slowly (SLOW_MS a request) so the run can be watched.
 * Screens at 1366×768 go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { IMPORTS_RESTART_PATH } from '../../shared/resources/imports.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, supplierHotel, type TestSupplier } from '../../server/test/supplier-server.js';
import { apiPost, ensureAdmin, sql } from './session.js';

const T = MESSAGES.imports;
const J = MESSAGES.imports.job;
/** Each supplier answer while the import runs: three hotels take ~4.5 s, two reads of the list (every 2 s) at least. */
const SLOW_MS = 1500;
/** Our handbook rows the supplier's words match (the job maps same-name rows, case aside). */
const WORDS = { city: 'Судак Импорт', roomType: 'Стандарт Импорт', placement: 'Двухместное Импорт', accommodation: 'Основное Импорт' };
const HOTELS = [1, 2, 3].map((n) => `Пансионат «Прибой-${n}»`);

let supplier: TestSupplier;

test.beforeAll(async () => {
  supplier = await startTestSupplier({ hotels: HOTELS.length, rooms: 2 });
  // The supplier's hotels in our handbooks' words, beside one hotel the search does not find.
  const hotels = HOTELS.map((name, index) => {
    const hotel = supplierHotel(index + 1, 2, supplier.url);
    return {
      ...hotel,
      name,
      city: WORDS.city,
      rooms: hotel.rooms.map((room) => ({ ...room, room_type: WORDS.roomType, placement: WORDS.placement, accommodation: WORDS.accommodation })),
    };
  });
  supplier.hotels.set('hotels', [...hotels, { ...supplierHotel(9, 2, supplier.url), name: 'Гостевой дом «Якорь»' }]);
});
test.afterAll(() => supplier?.close());

/** The handbook rows the supplier names, made once through the API. */
async function arrangeHandbooks(page: Page) {
  if ((await sql(`SELECT 1 FROM cities WHERE name = $1`, [WORDS.city])).length) return;
  const country = await apiPost(page, '/countries', { name: 'Россия Импорт' });
  await apiPost(page, '/cities', { name: WORDS.city, country_id: country.data.id, slug: 'sudak-import' });
  await apiPost(page, '/hotels/rooms/types', { name: WORDS.roomType });
  await apiPost(page, '/hotels/rooms/places', { name: WORDS.placement, places_count: 2, adv_places_count: 1 });
  await apiPost(page, '/hotels/accommodations', { name: WORDS.accommodation });
}

/** The row's progress bar: blue (primary) until 100, green (success) at 100. */
const bar = (row: Locator, intent: 'primary' | 'success') => row.locator(`.bp6-progress-bar.bp6-intent-${intent}`);
/** Newest first: the import this test adds is on the first page whatever other files added. */
const IMPORTS_NEWEST_FIRST = '/imports?orderBy=id&ascending=0';

test('an active import runs: the list follows its progress to a green 100, the logs and the hotels list show what it wrote', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  await arrangeHandbooks(page);
  const vendorName = `Сервис «Прибой-${Date.now() % 1_000_000}»`;
  const vendor = (await apiPost(page, '/vendors', { name: vendorName, is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD } })).data.id as number;

  await page.goto(IMPORTS_NEWEST_FIRST);
  await page.getByRole('button', { name: T.updateVendorData }).click();
  await expect(page.getByText(T.updating)).toBeVisible();

  // Added active (the default) with the hotels a search finds, ticked all at once.
  await page.getByRole('button', { name: MESSAGES.list.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('select-vendor_id').click();
  await page.getByRole('option', { name: vendorName }).click();
  await dialog.getByTestId('select-type').click();
  await page.getByRole('option', { name: 'Отели' }).click();
  await dialog.getByLabel('Поиск по названию').fill('прибой');
  const results = dialog.getByRole('region', { name: 'Результаты поиска' });
  await expect(results.getByRole('checkbox')).toHaveCount(HOTELS.length);
  await results.getByRole('checkbox', { name: HOTELS[0] }).check({ force: true });
  await dialog.getByRole('button', { name: T.selectAll }).click();
  await expect(dialog.getByText(`Выбрано: ${HOTELS.length}`)).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Активен' })).toBeChecked();
  supplier.behaviour.delayMs = SLOW_MS;
  await dialog.getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page.getByText(T.saved)).toBeVisible();

  // No reload from here: the list reads itself again while the run goes.
  const row = page.getByRole('row').filter({ hasText: vendorName });
  await expect(row).toContainText(`Отели (${HOTELS.length})`);
  await expect(row).toContainText('Выполняется');
  await expect(bar(row, 'primary')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/imports-run-running-1366.png' });
  await expect(row).toContainText('Завершён', { timeout: 20_000 });
  await expect(row).toContainText('100%');
  await expect(bar(row, 'success')).toBeVisible();
  await expect(bar(row, 'primary')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/imports-run-done-1366.png' });

  // The logs: the start, a line per hotel, the end.
  await row.getByRole('button', { name: 'Логи' }).click();
  const logs = page.getByRole('dialog');
  await expect(logs.getByRole('cell', { name: J.started(HOTELS.length) })).toBeVisible();
  for (const name of HOTELS) await expect(logs.getByRole('cell', { name: J.created(name, 2) })).toBeVisible();
  await expect(logs.getByRole('cell', { name: J.done, exact: true })).toBeVisible();
  await expect(logs.getByText(`Строк: ${HOTELS.length + 2}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/imports-run-logs-1366.png' });
  await logs.getByRole('button', { name: 'Закрыть' }).click();

  // The hotels list holds them in their city; the editor shows the supplier's rooms.
  await page.goto('/hotels');
  await page.getByRole('searchbox').fill('Прибой-2');
  const hotelRow = page.getByRole('row', { name: new RegExp(HOTELS[1]!) });
  await expect(hotelRow).toContainText(WORDS.city);
  await hotelRow.getByRole('button', { name: MESSAGES.list.edit }).click();
  await expect(page.getByLabel('Название отеля *')).toHaveValue(HOTELS[1]!);
  await page.getByRole('tab', { name: 'Номера' }).click();
  for (const index of [0, 1]) await expect(page.getByTestId(`rooms-row-${index}`)).toContainText(WORDS.roomType);
  await expect(page.getByTestId('rooms-row-2')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/imports-run-hotel-rooms-1366.png' });
  const rooms = await sql<{ external_id: string }>(`SELECT r.external_id FROM hotel_rooms r JOIN hotels h ON h.id = r.hotel_id WHERE h.vendor_id = $1 ORDER BY r.external_id`, [vendor]);
  expect(rooms.map((room) => room.external_id)).toEqual(['H1-R1', 'H1-R2', 'H2-R1', 'H2-R2', 'H3-R1', 'H3-R2']);

  // «Перезапустить импорты»: its message, and the list shows the run anew without a reload, to a green 100 again.
  await page.goto(IMPORTS_NEWEST_FIRST);
  await expect(bar(row, 'success')).toBeVisible();
  const restarted = page.waitForResponse((response) => response.url().includes(`/api${IMPORTS_RESTART_PATH}`));
  await page.getByRole('button', { name: T.restart }).click();
  await restarted;
  await expect(page.getByText(T.restarted)).toBeVisible();
  await expect(row).toContainText(/Ожидает|Выполняется/);
  await expect(bar(row, 'success')).toHaveCount(0);
  await expect(row).toContainText('Завершён', { timeout: 20_000 });
  await expect(bar(row, 'success')).toBeVisible();
  const started = await sql(`SELECT 1 FROM import_logs l JOIN imports i ON i.id = l.import_id WHERE i.vendor_id = $1 AND l.message = $2`, [vendor, J.started(HOTELS.length)]);
  expect(started).toHaveLength(2);
  // Updated, not duplicated.
  expect(await sql(`SELECT 1 FROM hotels WHERE vendor_id = $1`, [vendor])).toHaveLength(HOTELS.length);
});
