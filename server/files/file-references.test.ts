/**
 * Files in use stay (issue 8 "Stored content"): DELETE /api/photos refuses a city's catalogue image
 * while the city shows it (the reference is RESTRICT, no longer SET NULL), and a record points only
 * at uploads made for its kind of field — a catalogue image is a city photo, never an agency
 * document, an editor image or a bus photo; a hotel's photos, videos, description and memo files and
 * its rooms' photos are uploads of their own type (migrations/1765200000020-FileFieldKinds.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredContent1764300000000 } from '../../migrations/1764300000000-StoredContent.js';
import { FileFieldKinds1765200000020 } from '../../migrations/1765200000020-FileFieldKinds.js';
import { toPayloadBody } from '../../shared/editor.js';
import { HotelFileType } from '../../shared/hotels/constants.js';
import { hotelSchema } from '../../shared/hotels/schema.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { aggregateRefusal } from '../common/aggregate/aggregate-store.js';
import { createHotelHandbooks, hotelPayload, room, type HotelHandbooks } from '../test/hotel-fixtures.js';
import { HOTEL_AGGREGATE, hotelNode } from '../hotels/hotel.aggregate.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { rerunMigration } from '../test/migration-rerun.js';
import { insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

let app: TestApp;
let manager: ApiClient;
let countryId: number;
let handbooks: HotelHandbooks;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager } = await app.signInAs(Role.Manager));
  countryId = (await manager.post('/api/countries', { name: 'Россия' })).body.data.id as number;
  handbooks = await createHotelHandbooks(app.db.query, 'Файлы');
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

describe('a hotel’s file fields take their own type of upload', () => {
  const hotelFile = async (type: number, bytes: Buffer, name: string) => upload('/api/hotels/files', { type: String(type) }, { field: 'file', bytes, name });
  const webm = () => Buffer.concat([Buffer.from('\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm', 'latin1'), randomBytes(2000)]);

  it('refuses a document among the photos, a photo among the files or the video, a hotel photo among a room’s: 422 on the row’s path', async () => {
    const description = await hotelFile(HotelFileType.Description, pdf(), 'описание.pdf');
    const photo = await hotelFile(HotelFileType.Photo, jpeg(), 'фасад.jpg');
    const roomPhoto = await hotelFile(HotelFileType.RoomPhoto, jpeg(), 'номер.jpg');
    const video = await hotelFile(HotelFileType.Video, webm(), 'обзор.webm');
    const item = (file: { path: string }, name = 'файл') => ({ name, path: file.path, alt: null });

    const wrong = {
      ...hotelPayload(handbooks, 'Отель Не те файлы'),
      photos: [item(photo), item(description)],
      desc_files: [item(photo)],
      memo_files: [item(description)],
      videos: [item(photo)],
      rooms: [room(handbooks, { photos: [item(roomPhoto), item(photo)] })],
    };
    const refused = await manager.post('/api/hotels', toPayloadBody(wrong));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'photos.1.path': [MESSAGES.files.wrongKind],
      'desc_files.0.path': [MESSAGES.files.wrongKind],
      'memo_files.0.path': [MESSAGES.files.wrongKind],
      'videos.0.path': [MESSAGES.files.wrongKind],
      'rooms.0.photos.1.path': [MESSAGES.files.wrongKind],
    });

    const right = {
      ...hotelPayload(handbooks, 'Отель Свои файлы'),
      photos: [item(photo)],
      desc_files: [item(description)],
      videos: [item(video)],
      rooms: [room(handbooks, { photos: [item(roomPhoto), item(roomPhoto, 'ещё')] })],
    };
    const saved = await manager.post('/api/hotels', toPayloadBody(right));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    // PostgreSQL refuses it whoever writes, and the aggregate save maps its refusal to the row's path.
    await expect(app.db.query(`UPDATE hotel_uploads SET path = $2 WHERE hotel_id = $1 AND list = 'photo'`, [saved.body.data.id, description.path])).rejects.toMatchObject({
      code: '23514',
      constraint: 'ck__path',
    });
    const node = hotelNode(hotelSchema.parse(right));
    const stray = node.collections!.rooms![0]!.links!.photos![1]!;
    stray.values.path = photo.path;
    const [{ id: roomId }] = (await app.db.query<{ id: number }>('SELECT id FROM hotel_rooms WHERE hotel_id = $1', [saved.body.data.id])) as [{ id: number }];
    const error = await app.db
      .query('INSERT INTO hotel_room_photos (room_id, path, name, alt, position) VALUES ($1, $2, $3, $4, $5)', [roomId, stray.values.path, stray.values.name, stray.values.alt, stray.values.position])
      .then(() => null, (refusal: unknown) => refusal);
    expect(error).toMatchObject({ code: '23514', constraint: 'ck__path' });
    expect(aggregateRefusal(error, HOTEL_AGGREGATE, node)?.errors).toEqual({ 'rooms.0.photos.1.path': [MESSAGES.validation.invalid] });
  });
});

describe('migration 1765200000020-FileFieldKinds', () => {
  it('keeps rows stored before with the wrong kind (listed in the logs), and refuses new ones', async () => {
    await rerunMigration(
      new FileFieldKinds1765200000020(),
      async (db) => {
        await db.query(`INSERT INTO stored_files (sha256, mime, size) VALUES (repeat('b', 64), 'application/pdf', 1)`);
        await db.query(`INSERT INTO files (path, original_name, sha256, mime, size) VALUES
          ('documents/hotel/1.pdf', 'a.pdf', repeat('b', 64), 'application/pdf', 1), ('photos/hotel/2.jpg', 'b.jpg', repeat('b', 64), 'image/jpeg', 1),
          ('photos/bus/3.jpg', 'c.jpg', repeat('b', 64), 'image/jpeg', 1)`);
        const [city] = await insertCities(db, ['Анапа']);
        const [hotel] = await db.query<{ id: number }>(`INSERT INTO hotels (city_id, name, slug) VALUES ($1, 'Маяк', 'mayak-migration') RETURNING id`, [city]);
        await db.query(`INSERT INTO hotel_uploads (hotel_id, list, path, name, position) VALUES ($1, 'photo', 'documents/hotel/1.pdf', 'a.pdf', 0), ($1, 'photo', 'photos/hotel/2.jpg', 'b.jpg', 1)`, [hotel!.id]);
        const transportationId = await insertTransportation(db);
        const transport = await insertTransport(db, { transportationId, cities: [city!, city!], startDate: '2030-01-01', finishDate: '2030-12-31', dates: ['2030-06-01'] });
        await db.query(`UPDATE transports SET catalog_image = 'photos/hotel/2.jpg' WHERE id = $1`, [transport]);
        return { hotel: hotel!.id, transport };
      },
      async (db, { hotel, transport }) => {
        expect(await db.query('SELECT path FROM hotel_uploads WHERE hotel_id = $1 ORDER BY position', [hotel])).toEqual([{ path: 'documents/hotel/1.pdf' }, { path: 'photos/hotel/2.jpg' }]);
        const [note] = await db.query<{ meta: Record<string, unknown> }>(`SELECT meta FROM logs WHERE source = 'database' AND title = 'Найдены файлы, загруженные не для своего поля'`);
        expect(note!.meta).toEqual({
          hotel_uploads: [{ hotel_id: hotel, list: 'photo', path: 'documents/hotel/1.pdf' }],
          hotel_room_photos: [],
          transports: [{ id: transport, catalog_image: 'photos/hotel/2.jpg' }],
        });
        await expect(db.query(`INSERT INTO hotel_uploads (hotel_id, list, path, name, position) VALUES ($1, 'video', 'photos/hotel/2.jpg', 'b.jpg', 0)`, [hotel])).rejects.toMatchObject({ constraint: 'ck__path' });
        await expect(db.query(`UPDATE transports SET catalog_image = 'photos/hotel/2.jpg', name = 'Новое имя' WHERE id = $1`, [transport])).rejects.toMatchObject({ constraint: 'ck__catalog.image' });
        await db.query(`UPDATE transports SET catalog_image = 'photos/bus/3.jpg' WHERE id = $1`, [transport]);
      },
    );
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
