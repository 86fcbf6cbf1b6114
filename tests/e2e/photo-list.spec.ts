import { expect, test } from '@playwright/test';
import { FIXTURES_PORT } from '../../playwright.config.js';
import { ensureAdmin } from './session.js';

/**
 * The reusable photo-list editor (spec 01 §5 "Photos", §4 "photo lists reindex the sort values after
 * a drag reorder"), mounted on a test fixture against the real API until hotels and tours host it.
 */
const png = (fill: number) => ({
  name: `photo-${fill}.png`,
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, fill)]),
});

test('uploads several photos at once, reorders them by dragging and re-indexes their sort values', async ({ page }) => {
  await ensureAdmin(page); // the session cookie belongs to 127.0.0.1, whatever the port
  await page.goto(`http://127.0.0.1:${FIXTURES_PORT}/test-fixtures/photo-list.html`);
  const value = async () => JSON.parse((await page.getByTestId('value').textContent()) ?? '[]') as { name: string; alt: string | null; sort: number; path: string }[];

  await page.getByTestId('photo-list-input').setInputFiles([png(1), png(2), png(3)]);
  await expect(page.getByTestId('photo-tile')).toHaveCount(3);
  const uploaded = await value();
  const [one, two, three] = uploaded.map((photo) => photo.path);
  expect(uploaded.map((photo) => photo.sort)).toEqual([1, 2, 3]);
  // Each thumbnail is served back by the API from PostgreSQL, in the order the files were picked.
  for (const [index, path] of [one, two, three].entries()) {
    const served = await page.request.get(`/api/storage/${path}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect((await served.body()).at(-1)).toBe(index + 1);
  }

  // Drag the third photo onto the first: it comes first, and the sort values follow the new order.
  await page.getByTestId('photo-tile').nth(2).dragTo(page.getByTestId('photo-tile').nth(0));
  await expect.poll(async () => (await value()).map((photo) => photo.path)).toEqual([three, one, two]);
  expect((await value()).map((photo) => photo.sort)).toEqual([1, 2, 3]);

  // A caption is kept with its photo; removing one leaves the others' order as it was.
  await page.getByTestId('photo-tile').nth(0).getByLabel('Подпись').fill('Набережная');
  await page.getByTestId('photo-tile').nth(1).getByRole('button', { name: 'Удалить фотографию' }).click();
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  expect((await value()).map((photo) => [photo.path, photo.alt, photo.sort])).toEqual([
    [three, 'Набережная', 1],
    [two, '', 3],
  ]);
  // The removed photo was not saved anywhere yet, so it is deleted on the server too.
  await expect.poll(async () => (await page.request.get(`/api/storage/${one}`)).status()).toBe(404);
});

test('refuses a file that is not an image, with the spec message', async ({ page }) => {
  await ensureAdmin(page);
  await page.goto(`http://127.0.0.1:${FIXTURES_PORT}/test-fixtures/photo-list.html`);
  await page.getByTestId('photo-list-input').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
  await expect(page.getByText('Недопустимый формат файла.')).toBeVisible();
  await expect(page.getByTestId('photo-tile')).toHaveCount(0);
});
