/**
 * The administrator's mapping list of the suppliers' values (issue 31): an import of a local supplier
 * (server/test/supplier-server.ts) meets a city we have not mapped and skips the hotel; the
 * administrator opens «Сопоставления» from the Imports screen, finds the value among the unmapped
 * ones, picks our city for it, and the next import brings the hotel in that city. Screens at
 * 1366×768 go to test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, type TestSupplier } from '../../server/test/supplier-server.js';
import { apiPost, ensureAdmin, sql } from './session.js';

const T = MESSAGES.imports;
const M = T.mappings;
let supplier: TestSupplier;

test.beforeAll(async () => {
  supplier = await startTestSupplier({ hotels: 1 });
});
test.afterAll(() => supplier?.close());

/** Waits until `query` answers a row, and gives it. */
async function eventually<Row>(query: () => Promise<Row[]>): Promise<Row> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const [row] = await query();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('Nothing came');
}

test('an unmapped supplier city is mapped to ours on the «Сопоставления» screen, and the next import brings the hotel there', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  const tag = Date.now() % 1_000_000;
  // The supplier's words: a city of its own naming, room values our handbooks hold by name (mapped by themselves).
  const theirCity = `Курорт-${tag} (пгт)`;
  const ourCity = `Курортное ${tag}`;
  const [country] = await sql<{ id: number }>('SELECT id FROM countries ORDER BY id LIMIT 1');
  const [{ id: cityId }] = (await sql<{ id: number }>(`INSERT INTO cities (name, country_id, slug) VALUES ($1, $2, $3) RETURNING id`, [ourCity, country!.id, `kurortnoe-${tag}`])) as [{ id: number }];
  const room = { room_type: `Стандарт ${tag}`, placement: `Двухместный ${tag}`, accommodation: `Основное место ${tag}` };
  await sql(`INSERT INTO room_types (name) VALUES ($1)`, [room.room_type]);
  await sql(`INSERT INTO room_places (name, places_count, adv_places_count) VALUES ($1, 2, 0)`, [room.placement]);
  await sql(`INSERT INTO accommodations (name) VALUES ($1)`, [room.accommodation]);
  const hotel = supplier.hotels.get('hotels')![0]!;
  hotel.city = theirCity;
  hotel.rooms = hotel.rooms.map((item) => ({ ...item, ...room }));

  const vendorName = `Сервис «Крым-${tag}»`;
  const vendor = (await apiPost(page, '/vendors', { name: vendorName, is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD } })).data.id as number;
  await page.goto('/imports');
  await page.getByRole('button', { name: T.updateVendorData }).click();
  await expect(page.getByText(T.updating)).toBeVisible();
  const importHotel = () => apiPost(page, '/imports', { vendor_id: vendor, type: 'hotels', items: [{ id: 'H1', name: hotel.name }], is_active: true });
  const first = (await importHotel()).data.id as number;
  await eventually(() => sql('SELECT 1 FROM imports WHERE id = $1 AND status >= 3', [first]));
  expect(await sql('SELECT 1 FROM hotels WHERE vendor_id = $1', [vendor])).toEqual([]);

  // The administrator's button on the Imports screen opens the list.
  await page.screenshot({ path: 'test-results/screens/imports-toolbar-1366.png' });
  await page.getByRole('button', { name: M.title }).click();
  await expect(page).toHaveURL(/\/imports\/mappings/);
  await expect(page.getByRole('heading', { name: M.title })).toBeVisible();
  await page.getByRole('combobox', { name: 'Поставщик' }).selectOption({ label: vendorName });
  await page.getByRole('combobox', { name: M.filter }).selectOption({ label: M.onlyUnmapped });
  const row = page.getByRole('row').filter({ hasText: theirCity });
  await expect(row).toContainText('Город');
  await expect(row).toContainText(M.unmapped);
  // The room values our handbooks name are mapped by themselves: only the city waits.
  await expect(page.getByRole('row').filter({ hasText: vendorName })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/imports-mappings-1366.png' });

  await row.getByRole('button', { name: MESSAGES.list.edit }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(M.edit)).toBeVisible();
  await expect(dialog.getByText(theirCity)).toBeVisible();
  await dialog.getByTestId('select-target_id').click();
  await page.keyboard.type(ourCity);
  await page.getByRole('option', { name: ourCity, exact: true }).click();
  await page.screenshot({ path: 'test-results/screens/imports-mappings-edit-1366.png' });
  await dialog.getByRole('button', { name: MESSAGES.list.save }).click();
  await expect(page.getByText(M.saved)).toBeVisible();
  expect(await sql('SELECT city_id FROM supplier_mappings WHERE vendor_id = $1 AND kind = $2', [vendor, 'city'])).toEqual([{ city_id: cityId }]);
  // Mapped, it leaves the unmapped ones; all of them show it with our city.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: M.filter }).selectOption({ label: `${M.filter}: ${MESSAGES.list.all}` });
  await expect(page.getByRole('row').filter({ hasText: theirCity })).toContainText(ourCity);

  await importHotel();
  const imported = await eventually(() => sql<{ city_id: number }>('SELECT city_id FROM hotels WHERE vendor_id = $1 AND external_id = $2', [vendor, 'H1']));
  expect(imported.city_id).toBe(cityId);
});
