/**
 * Files in use stay (issue 8 "Stored content"): DELETE /api/photos refuses a city's catalogue image
 * while the city shows it (the reference is RESTRICT, no longer SET NULL), and a record points only
 * at uploads made for its kind of field — a catalogue image is a city photo, never an agency
 * document, an editor image or a bus photo.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredContent1764300000000 } from '../../migrations/1764300000000-StoredContent.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { rerunMigration } from '../test/migration-rerun.js';

let app: TestApp;
let manager: ApiClient;
let countryId: number;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager } = await app.signInAs(Role.Manager));
  countryId = (await manager.post('/api/countries', { name: 'Россия' })).body.data.id as number;
});
afterAll(() => app?.close());

const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), randomBytes(2000)]);
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]);

async function upload(path: string, fields: Record<string, string>, file: { field: string; bytes: Buffer; name: string }): Promise<{ path: string; url: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(file.field, new Blob([file.bytes]), file.name);
  const response = await manager.postForm(path, form);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.data?.file ?? response.body) as { path: string; url: string };
}
const cityPhoto = () => upload('/api/photos', { entity: 'city' }, { field: 'photo', bytes: jpeg(), name: 'catalog.jpg' });

let slug = 0;
const createCity = (image: string | null) =>
  manager.post('/api/cities', { name: `Город ${++slug}`, country_id: countryId, slug: `city-${slug}`, catalog: { image, price: 100 } });

describe('DELETE /api/photos?path= of a file in use', () => {
  it('is refused with 403 and the Russian message while a city shows it; the city keeps its image', async () => {
    const photo = await cityPhoto();
    const city = await createCity(photo.path);
    expect(city.status, JSON.stringify(city.body)).toBe(201);

    const refused = await manager.delete(`/api/photos?path=${encodeURIComponent(photo.path)}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.errors.inUse });
    expect((await manager.getBytes(photo.url)).status).toBe(200);
    expect((await manager.get(`/api/cities/${city.body.data.id}`)).body.data.catalog).toMatchObject({ image: photo.path, image_url: photo.url });

    // Once the city lets it go, it can be deleted.
    expect((await manager.put(`/api/cities/${city.body.data.id}`, { catalog: { image: null, price: 100 } })).status).toBe(200);
    expect((await manager.delete(`/api/photos?path=${encodeURIComponent(photo.path)}`)).status).toBe(200);
    expect((await manager.getBytes(photo.url)).status).toBe(404);
  });

  it('is refused by PostgreSQL itself, whoever deletes', async () => {
    const photo = await cityPhoto();
    expect((await createCity(photo.path)).status).toBe(201);
    await expect(app.db.query('DELETE FROM files WHERE path = $1', [photo.path])).rejects.toMatchObject({ code: '23001' }); // restrict_violation
  });
});

describe('a catalogue image is a city photo', () => {
  it('refuses an agency document, an editor image, a bus photo and a missing file with 422 on catalog.image', async () => {
    const { client: admin } = await app.signInAs(Role.Administrator);
    const documentForm = new FormData();
    documentForm.append('description', 'Договор');
    documentForm.append('file', new Blob([pdf()]), 'contract.pdf');
    const document = await admin.postForm('/api/agencies/files', documentForm);
    expect(document.status, JSON.stringify(document.body)).toBe(201);
    const editorImage = await upload('/api/images', { entity: 'city' }, { field: 'image', bytes: jpeg(), name: 'in-text.jpg' });
    const busPhoto = await upload('/api/photos', { entity: 'bus' }, { field: 'photo', bytes: jpeg(), name: 'bus.jpg' });
    const uploaded = await upload('/api/upload', { type: 'photo' }, { field: 'file', bytes: jpeg(), name: 'any.jpg' });

    const cities = (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM cities'))[0]!.count;
    for (const path of [document.body.data.file.path as string, editorImage.path, busPhoto.path, uploaded.path]) {
      const response = await createCity(path);
      expect(response.status, path).toBe(422);
      expect(response.body.errors, path).toEqual({ 'catalog.image': [MESSAGES.files.wrongKind] });
    }
    const missing = await createCity('photos/city/00000000-0000-0000-0000-000000000000.jpg');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'catalog.image': [MESSAGES.validation.oneOf] });
    expect((await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM cities'))[0]!.count).toBe(cities);

    // An update too, and PostgreSQL refuses it whoever writes.
    const city = await createCity((await cityPhoto()).path);
    const update = await manager.put(`/api/cities/${city.body.data.id}`, { catalog: { image: document.body.data.file.path, price: 1 } });
    expect(update.status).toBe(422);
    expect(update.body.errors).toEqual({ 'catalog.image': [MESSAGES.files.wrongKind] });
    await expect(app.db.query('UPDATE cities SET catalog_image = $2 WHERE id = $1', [city.body.data.id, document.body.data.file.path])).rejects.toMatchObject({
      code: '23514',
      constraint: 'ck__catalog.image',
    });
    await expect(app.db.query('UPDATE agency_documents SET file_path = $2 WHERE id = $1', [document.body.data.id, editorImage.path])).rejects.toMatchObject({
      code: '23514',
    });
  });
});

describe('migration 1764300000000-StoredContent', () => {
  it('drops a catalogue image that is not a city photo (noted in the logs) and makes the reference RESTRICT', async () => {
    await rerunMigration(
      new StoredContent1764300000000(),
      async (db) => {
        // The content lives in stored_file_chunks since the later FileChunks migration; none is needed here.
        await db.query(`INSERT INTO stored_files (sha256, mime, size) VALUES (repeat('a', 64), 'application/pdf', 1)`);
        await db.query(`INSERT INTO files (path, original_name, sha256, mime, size) VALUES
          ('documents/agency/1.pdf', 'a.pdf', repeat('a', 64), 'application/pdf', 1), ('photos/city/2.jpg', 'b.jpg', repeat('a', 64), 'image/jpeg', 1)`);
        const [country] = await db.query<{ id: number }>(`INSERT INTO countries (name) VALUES ('Россия') RETURNING id`);
        const [wrong, right] = await db.query<{ id: number }>(
          `INSERT INTO cities (name, country_id, slug, catalog_image) VALUES ('А', $1, 'a', 'documents/agency/1.pdf'), ('Б', $1, 'b', 'photos/city/2.jpg') RETURNING id`,
          [country!.id],
        );
        return { wrong, right };
      },
      async (db, { wrong, right }) => {
        expect(await db.query('SELECT id, catalog_image FROM cities ORDER BY id')).toEqual([
          { id: wrong!.id, catalog_image: null },
          { id: right!.id, catalog_image: 'photos/city/2.jpg' },
        ]);
        const [note] = await db.query<{ meta: unknown }>(`SELECT meta FROM logs WHERE source = 'database' AND title LIKE 'Сброшены изображения каталога%'`);
        expect(note!.meta).toEqual({ cities: [{ id: wrong!.id, catalog_image: 'documents/agency/1.pdf' }] });
        await expect(db.query(`DELETE FROM files WHERE path = 'photos/city/2.jpg'`)).rejects.toMatchObject({ code: '23001' });
      },
    );
  });
});
