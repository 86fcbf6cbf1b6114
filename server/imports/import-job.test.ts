/**
 * The import job (issue 31 "The import job") against a local supplier (server/test/supplier-server.ts):
 * an import saved active is run by the job queue, creating and then updating the vendor's hotels and
 * rooms by their external ids through the hotel aggregate (photos in the files store, prices as price
 * periods, a person's edits kept, an open editor's version refused); a failing item, a hotel the schema
 * refuses, an unknown city and a name clash are logged while the rest go on; the administrator's restart
 * runs every active import anew; a run resumes at its cursor.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { ImportStatus } from '../../shared/resources/imports.js';
import { Role } from '../../shared/roles.js';
import { startTestSupplier, SUPPLIER_JPEG, SUPPLIER_LOGIN, SUPPLIER_PASSWORD, SUPPLIER_PNG, supplierHotel, type TestSupplier } from '../test/supplier-server.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const J = MESSAGES.imports.job;
const VENDOR = 'Сервис «Юг»';

let app: TestApp;
let supplier: TestSupplier;
let admin: ApiClient, manager: ApiClient;
let vendorId: number, cityId: number;

const hotels = () => supplier.hotels.get('hotels')!;
const item = (n: number) => ({ id: `H${n}`, name: `Отель поставщика ${n}` });

/** Saves an import of the supplier's hotels `numbers` (active unless told) and answers its id. */
async function saveImport(numbers: number[], body: Record<string, unknown> = {}): Promise<number> {
  const created = await manager.post('/api/imports', { vendor_id: vendorId, type: 'hotels', items: numbers.map(item), ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as number;
}

interface ImportState {
  status: number;
  progress: number;
  cursor: number;
}

/** The import once its run has finished (status 3, 4 or 5). */
async function finished(importId: number): Promise<ImportState> {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const [row] = await app.db.query<ImportState>('SELECT status, progress, cursor FROM imports WHERE id = $1', [importId]);
    if (row && row.status >= ImportStatus.Done) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Import ${importId} did not finish`);
}

/** Links of the import's run that wait or run in the queue. */
const links = async (importId: number) =>
  ((await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'import-run' AND data->>'importId' = $1 AND state IN ('created', 'retry', 'active')`, [String(importId)]))[0]!.n);

const logs = async (importId: number) => (await app.db.query<{ status: string; message: string }>('SELECT status, message FROM import_logs WHERE import_id = $1 ORDER BY id', [importId])).map(({ status, message }) => [status, message]);
const hotelRows = () => app.db.query<{ id: number; external_id: string; name: string; city_id: number; slug: string; address: string; version: number }>(
  'SELECT id, external_id, name, city_id, slug, address, version FROM hotels WHERE vendor_id = $1 ORDER BY external_id',
  [vendorId],
);
const roomRows = (external: string) =>
  app.db.query<{ external_id: string; adult_count: number; removed: boolean }>(
    'SELECT r.external_id, r.adult_count, r.removed_by_supplier_at IS NOT NULL AS removed FROM hotel_rooms r JOIN hotels h ON h.id = r.hotel_id WHERE h.vendor_id = $1 AND h.external_id = $2 ORDER BY r.position',
    [vendorId, external],
  );

beforeAll(async () => {
  [app, supplier] = await Promise.all([startTestApp(), startTestSupplier({ hotels: 6 })]);
  admin = (await app.signInAs(Role.Administrator)).client;
  manager = (await app.signInAs(Role.Manager)).client;
  const vendor = await admin.post('/api/vendors', { name: VENDOR, is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD, timeout_ms: 2000 } });
  vendorId = vendor.body.data.id as number;
  expect((await admin.get('/api/imports/update-items', { proof: true })).status).toBe(200);
  // Our handbooks hold the supplier's words (supplierHotel): Ялта, Стандарт, Двухместный, Основное место.
  const [{ id: countryId }] = (await app.db.query<{ id: number }>(`INSERT INTO countries (name) VALUES ('Россия импорта') RETURNING id`)) as [{ id: number }];
  [{ id: cityId }] = (await app.db.query<{ id: number }>(`INSERT INTO cities (name, country_id, slug) VALUES ('Ялта', $1, 'yalta') RETURNING id`, [countryId])) as [{ id: number }];
  await app.db.query(`INSERT INTO room_types (name) VALUES ('стандарт')`);
  await app.db.query(`INSERT INTO room_places (name, places_count, adv_places_count) VALUES ('Двухместный', 2, 1)`);
  await app.db.query(`INSERT INTO accommodations (name) VALUES ('Основное место')`);
});
afterAll(async () => {
  await supplier?.close();
  await app?.close();
});
afterEach(() => {
  supplier.behaviour.failingItems.clear();
  supplier.behaviour.failingPhotos.clear();
});

/** A hotel's photos and each room's, with whether the upload and its bytes are stored (the bytes as the supplier served them). */
const photoRows = async (hotelId: number) => ({
  hotel: await app.db.query<{ path: string; bytes: Buffer | null }>(
    `SELECT u.path, (SELECT string_agg(c.data, ''::bytea ORDER BY c.index) FROM files f JOIN stored_file_chunks c ON c.sha256 = f.sha256 WHERE f.path = u.path) AS bytes
       FROM hotel_uploads u WHERE u.hotel_id = $1 AND u.list = 'photo' ORDER BY u.position`,
    [hotelId],
  ),
  rooms: await app.db.query<{ external_id: string; path: string; bytes: Buffer | null }>(
    `SELECT r.external_id, p.path, (SELECT string_agg(c.data, ''::bytea ORDER BY c.index) FROM files f JOIN stored_file_chunks c ON c.sha256 = f.sha256 WHERE f.path = p.path) AS bytes
       FROM hotel_room_photos p JOIN hotel_rooms r ON r.id = p.room_id WHERE r.hotel_id = $1 ORDER BY r.position, p.position`,
    [hotelId],
  ),
});
const periodRows = (hotelId: number) =>
  app.db.query<{ external_id: string; date_from: string; date_to: string; is_total_price: boolean; total_price: number | null }>(
    `SELECT r.external_id, to_char(p.date_from, 'YYYY-MM-DD') AS date_from, to_char(p.date_to, 'YYYY-MM-DD') AS date_to, p.is_total_price, p.total_price
       FROM hotel_room_prices p JOIN hotel_rooms r ON r.id = p.room_id WHERE r.hotel_id = $1 ORDER BY r.position, p.date_from`,
    [hotelId],
  );
const photoRequests = () => supplier.requests.filter((request) => request.path.startsWith('/photos/')).map((request) => request.path);
/** Another hotel of the supplier (7 and on: the first six are the suite's), answered by /items/H<n>. */
const addHotel = (n: number, change: (hotel: ReturnType<typeof supplierHotel>) => void = () => {}) => {
  const hotel = supplierHotel(n, 2, supplier.url);
  change(hotel);
  hotels().push(hotel);
  return hotel;
};

describe('the import job', () => {
  it('an import saved active creates the hotels with their rooms by external id: progress 100, a log line per item, «Завершён»', async () => {
    const id = await saveImport([1, 2]);
    expect(await finished(id)).toEqual({ status: ImportStatus.Done, progress: 100, cursor: 2 });
    const rows = await hotelRows();
    expect(rows).toEqual([
      expect.objectContaining({ external_id: 'H1', name: 'Отель поставщика 1', city_id: cityId, slug: 'otel-postavshchika-1', address: 'ул. Морская, 1' }),
      expect.objectContaining({ external_id: 'H2', name: 'Отель поставщика 2', city_id: cityId, slug: 'otel-postavshchika-2' }),
    ]);
    const [payload] = await app.db.query<{ payload: { id: string; rooms?: unknown } }>(`SELECT payload FROM hotels WHERE id = $1`, [rows[0]!.id]);
    expect(payload!.payload).toMatchObject({ id: 'H1', city: 'Ялта' });
    expect(await roomRows('H1')).toEqual([
      { external_id: 'H1-R1', adult_count: 2, removed: false },
      { external_id: 'H1-R2', adult_count: 2, removed: false },
    ]);
    // Photos are uploads of the files store (downloaded from the supplier's links), in the hotel's and the rooms' lists.
    const photos = await photoRows(rows[0]!.id);
    expect(photos.hotel).toEqual([{ path: expect.stringMatching(/^photos\/hotel\/[\w-]+\.jpg$/), bytes: SUPPLIER_JPEG }]);
    expect(photos.rooms).toEqual([
      { external_id: 'H1-R1', path: expect.stringMatching(/^photos\/hotel-room\/[\w-]+\.png$/), bytes: SUPPLIER_PNG },
      { external_id: 'H1-R2', path: expect.stringMatching(/^photos\/hotel-room\/[\w-]+\.png$/), bytes: SUPPLIER_PNG },
    ]);
    expect(await app.db.query('SELECT entity, type, mime FROM files WHERE path = $1', [photos.hotel[0]!.path])).toEqual([{ entity: 'hotel', type: '3', mime: 'image/jpeg' }]);
    expect((await manager.get(`/api/storage/${photos.hotel[0]!.path}`)).status).toBe(200);
    // Prices are the rooms' price periods: a total price per stay, in whole roubles.
    expect(await periodRows(rows[0]!.id)).toEqual([
      { external_id: 'H1-R1', date_from: '2027-06-01', date_to: '2027-08-31', is_total_price: true, total_price: 4500 },
      { external_id: 'H1-R2', date_from: '2027-06-01', date_to: '2027-08-31', is_total_price: true, total_price: 5000 },
    ]);
    expect(await logs(id)).toEqual([
      ['info', J.started(2)],
      ['success', J.created('Отель поставщика 1', 2)],
      ['success', J.created('Отель поставщика 2', 2)],
      ['success', J.done],
    ]);
    const list = await manager.get(`/api/imports/${id}`);
    expect(list.body.data).toMatchObject({ status: ImportStatus.Done, status_name: 'Завершён', progress: 100 });
    expect(list.body.data.last_log).not.toBeNull();
  });

  it('a second import updates the same hotels without duplicates: changed fields, a new room added, a room no longer offered marked and kept', async () => {
    const [before] = await hotelRows();
    const photosBefore = await photoRows(before!.id);
    const uploads = await app.db.query('SELECT count(*)::int AS n FROM files');
    const h1 = hotels()[0]!;
    const saved = structuredClone(h1);
    h1.address = 'ул. Новая, 1';
    h1.rooms = [{ ...h1.rooms[0]!, prices: [{ date_from: '2027-06-01', date_to: '2027-07-15', price: 4700 }, { date_from: '2027-07-16', date_to: '2027-08-31', price: 5200 }] }, { ...h1.rooms[0]!, id: 'H1-R3', places: 1 }];
    supplier.requests.length = 0;
    try {
      const id = await saveImport([1, 2]);
      expect((await finished(id)).status).toBe(ImportStatus.Done);
      const rows = await hotelRows();
      expect(rows.map((row) => row.external_id)).toEqual(['H1', 'H2']);
      expect(rows[0]).toMatchObject({ id: before!.id, address: 'ул. Новая, 1', slug: 'otel-postavshchika-1' });
      // The rooms changed: the hotel's version moves, so an editor open on it hears of the change.
      expect(rows[0]!.version).toBeGreaterThan(before!.version);
      expect(await roomRows('H1')).toEqual([
        { external_id: 'H1-R1', adult_count: 2, removed: false },
        { external_id: 'H1-R2', adult_count: 2, removed: true },
        { external_id: 'H1-R3', adult_count: 1, removed: false },
      ]);
      // A photo imported before is not downloaded again (its link is known): the same uploads, no new file.
      expect(photoRequests()).toEqual([]);
      const photosAfter = await photoRows(before!.id);
      expect(photosAfter.hotel).toEqual(photosBefore.hotel);
      expect(photosAfter.rooms.map((room) => [room.external_id, room.path])).toEqual([
        ['H1-R1', photosBefore.rooms[0]!.path],
        ['H1-R2', photosBefore.rooms[1]!.path],
        ['H1-R3', photosBefore.rooms[0]!.path],
      ]);
      expect(await app.db.query('SELECT count(*)::int AS n FROM files')).toEqual(uploads);
      expect(await periodRows(before!.id)).toEqual([
        { external_id: 'H1-R1', date_from: '2027-06-01', date_to: '2027-07-15', is_total_price: true, total_price: 4700 },
        { external_id: 'H1-R1', date_from: '2027-07-16', date_to: '2027-08-31', is_total_price: true, total_price: 5200 },
        { external_id: 'H1-R2', date_from: '2027-06-01', date_to: '2027-08-31', is_total_price: true, total_price: 5000 },
        { external_id: 'H1-R3', date_from: '2027-06-01', date_to: '2027-08-31', is_total_price: true, total_price: 4500 },
      ]);
      expect(await app.db.query('SELECT count(*)::int AS n FROM hotels WHERE vendor_id = $1', [vendorId])).toEqual([{ n: 2 }]);
      expect(await logs(id)).toContainEqual(['info', J.roomsRemoved('Отель поставщика 1', 1)]);
      expect(await logs(id)).toContainEqual(['info', J.roomsAdded('Отель поставщика 1', 1)]);
      expect(await logs(id)).toContainEqual(['success', J.updated('Отель поставщика 1', 2)]);
    } finally {
      hotels()[0] = saved;
    }
    // Offered again, the mark goes; one no longer offered gets it.
    const [h1Before, h2Before] = await hotelRows();
    const again = await saveImport([1, 2]);
    await finished(again);
    // An import of unchanged data (H2) leaves the hotel and its version alone.
    const [h1After, h2After] = await hotelRows();
    expect(h2After!.version).toBe(h2Before!.version);
    expect(h1After!.version).toBeGreaterThan(h1Before!.version);
    expect((await roomRows('H1')).map((room) => [room.external_id, room.removed])).toEqual([
      ['H1-R1', false],
      ['H1-R2', false],
      ['H1-R3', true],
    ]);
  });

  it('a room whose external id the administrator cleared is no longer matched: the next import creates a new room and logs it', async () => {
    const [room] = await app.db.query<{ id: number }>(`SELECT r.id FROM hotel_rooms r JOIN hotels h ON h.id = r.hotel_id WHERE h.vendor_id = $1 AND r.external_id = 'H2-R1'`, [vendorId]);
    expect((await admin.put(`/api/hotels/rooms/${room!.id}/external-id/clean`)).status).toBe(200);
    const id = await saveImport([2]);
    expect((await finished(id)).status).toBe(ImportStatus.Done);
    expect(await roomRows('H2')).toEqual([
      { external_id: null, adult_count: 2, removed: false },
      { external_id: 'H2-R2', adult_count: 2, removed: false },
      { external_id: 'H2-R1', adult_count: 2, removed: false },
    ]);
    expect(await logs(id)).toContainEqual(['info', J.roomsAdded('Отель поставщика 2', 1)]);
    // The new room is the supplier's whole (its price period, its photo); the unlinked one keeps what it had.
    const { id: hotelId } = (await hotelRows()).find((row) => row.external_id === 'H2')!;
    expect((await periodRows(hotelId)).map((period) => [period.external_id, period.total_price])).toEqual([
      [null, 4500],
      ['H2-R2', 5000],
      ['H2-R1', 4500],
    ]);
    expect((await photoRows(hotelId)).rooms.map((photo) => photo.external_id)).toEqual([null, 'H2-R2', 'H2-R1']);
  });

  it('an item the supplier fails on is logged and the others import: «Завершён с ошибками»; every item failing is «Ошибка»', async () => {
    supplier.behaviour.failingItems.add('H4');
    const id = await saveImport([3, 4, 5]);
    expect(await finished(id)).toEqual({ status: ImportStatus.DoneWithErrors, progress: 100, cursor: 3 });
    expect((await hotelRows()).map((row) => row.external_id)).toEqual(['H1', 'H2', 'H3', 'H5']);
    const lines = await logs(id);
    expect(lines).toContainEqual(['error', J.itemFailed('Отель поставщика 4', MESSAGES.imports.door.unavailable)]);
    expect(lines.at(-1)).toEqual(['error', J.doneWithErrors(1)]);

    const failing = await saveImport([4]);
    expect((await finished(failing)).status).toBe(ImportStatus.Failed);
    expect((await logs(failing)).at(-1)).toEqual(['error', J.failed(J.noneImported)]);
    expect((await hotelRows()).map((row) => row.external_id)).not.toContain('H4');
  });

  it('an item in a city we do not have is logged and skipped, and no city is created; a value missing from a room handbook too', async () => {
    const cities = await app.db.query('SELECT count(*)::int AS n FROM cities');
    const h6 = hotels()[5]!;
    h6.city = 'Атлантида';
    const id = await saveImport([6]);
    expect((await finished(id)).status).toBe(ImportStatus.Failed);
    expect(await logs(id)).toContainEqual(['skipped', J.unknownCity('Отель поставщика 6', 'Атлантида')]);
    expect(await app.db.query('SELECT count(*)::int AS n FROM cities')).toEqual(cities);
    expect((await hotelRows()).map((row) => row.external_id)).not.toContain('H6');

    h6.city = 'ялта';
    h6.rooms[1]!.room_type = 'Люкс';
    const again = await saveImport([6, 1]);
    expect((await finished(again)).status).toBe(ImportStatus.DoneWithErrors);
    expect(await logs(again)).toContainEqual(['skipped', J.unknownValue('Отель поставщика 6', J.handbooks.room_types, 'Люкс')]);
    expect((await hotelRows()).map((row) => row.external_id)).not.toContain('H6');
    Object.assign(h6, supplierHotel(6, 2, supplier.url));
  });

  it('a hotel of the same name in that city that is not this item: saved as «Название (Поставщик)» with a log line', async () => {
    await app.db.query(`INSERT INTO hotels (city_id, name, slug) VALUES ($1, 'Отель поставщика 6', 'svoy-otel-6')`, [cityId]);
    const id = await saveImport([6]);
    expect((await finished(id)).status).toBe(ImportStatus.Done);
    const h6 = (await hotelRows()).find((row) => row.external_id === 'H6');
    expect(h6).toMatchObject({ name: `Отель поставщика 6 (${VENDOR})`, slug: 'otel-postavshchika-6-servis-yug' });
    expect(await logs(id)).toContainEqual(['info', J.renamed('Отель поставщика 6', `Отель поставщика 6 (${VENDOR})`)]);
    // Imported again, it is this item: the name stays, no second hotel.
    const again = await saveImport([6]);
    await finished(again);
    expect((await hotelRows()).filter((row) => row.external_id === 'H6')).toHaveLength(1);
  });

  it('a person’s edits made in the editor survive the next import; the fields nobody edited take the supplier’s new values', async () => {
    const h7 = addHotel(7);
    await finished(await saveImport([7]));
    const { id: hotelId } = (await hotelRows()).find((row) => row.external_id === 'H7')!;
    // The editor asks a room for a meal (the supplier sends none): the person picks one as they edit.
    const [{ id: mealId }] = (await app.db.query<{ id: number }>(`INSERT INTO meals (name, category_type) VALUES ('Завтрак импорта', 2) RETURNING id`)) as [{ id: number }];
    const record = (await manager.get(`/api/hotels/${hotelId}`)).body.data;
    const [r1, r2] = record.rooms;
    const edited = await manager.put(
      `/api/hotels/${hotelId}`,
      toPayloadBody({
        ...record,
        name: 'Отель «Мой»',
        meals: [{ id: mealId, sum: 0 }],
        rooms: [
          { ...r1, adult_count: 1, meals: [mealId], dates: [{ ...r1.dates[0], total_price: 3900 }] },
          { ...r2, meals: [mealId], photos: [] },
        ],
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    // The supplier changes everything; the person's name, the first room's adults and prices stay.
    Object.assign(h7, { name: 'Отель поставщика 7 — новое имя', address: 'пр. Новый, 7', description: '<p>Обновлено</p>', photos: [{ url: `${supplier.url}/photos/h7-new.jpg` }] });
    h7.rooms[0]!.prices = [{ date_from: '2027-06-01', date_to: '2027-08-31', price: 6100 }];
    h7.rooms[1] = { ...h7.rooms[1]!, places: 1, photos: [{ url: `${supplier.url}/photos/h7-r2-new.png` }], prices: [{ date_from: '2027-05-01', date_to: '2027-09-30', price: 7000 }] };
    supplier.requests.length = 0;
    const id = await saveImport([7]);
    expect((await finished(id)).status).toBe(ImportStatus.Done);
    const stored = (await manager.get(`/api/hotels/${hotelId}`)).body.data;
    expect(stored).toMatchObject({ name: 'Отель «Мой»', address: 'пр. Новый, 7', description: '<p>Обновлено</p>', meals: [{ id: mealId, sum: 0 }] });
    expect(stored.rooms.map((room: { adult_count: number; meals: number[] }) => [room.adult_count, room.meals])).toEqual([
      [1, [mealId]],
      [1, [mealId]],
    ]);
    expect(await periodRows(hotelId)).toEqual([
      { external_id: 'H7-R1', date_from: '2027-06-01', date_to: '2027-08-31', is_total_price: true, total_price: 3900 },
      { external_id: 'H7-R2', date_from: '2027-05-01', date_to: '2027-09-30', is_total_price: true, total_price: 7000 },
    ]);
    // The photo list nobody edited is the supplier's new one (downloaded: a new link); the room's list the
    // person emptied stays empty, its new link not even downloaded.
    expect(photoRequests()).toEqual(['/photos/h7-new.jpg']);
    expect((await photoRows(hotelId)).rooms.map((photo) => photo.external_id)).toEqual(['H7-R1']);
    expect((await photoRows(hotelId)).hotel).toEqual([{ path: expect.stringMatching(/^photos\/hotel\//), bytes: SUPPLIER_JPEG }]);
    expect(await logs(id)).toContainEqual(['info', J.keptEdits('Отель «Мой»', 'name, rooms.H7-R1.adult_count, rooms.H7-R1.dates, rooms.H7-R2.photos')]);

    // Imported again unchanged, the person's values still stand.
    await finished(await saveImport([7]));
    expect((await manager.get(`/api/hotels/${hotelId}`)).body.data).toMatchObject({ name: 'Отель «Мой»', rooms: [{ adult_count: 1 }, { adult_count: 1 }] });
  });

  it('an editor holding the version it read before an import changed the hotel gets the 409 with the imported record', async () => {
    const { id: hotelId } = (await hotelRows()).find((row) => row.external_id === 'H7')!;
    const open = (await manager.get(`/api/hotels/${hotelId}`)).body.data;
    hotels().find((hotel) => hotel.id === 'H7')!.address = 'пр. Новейший, 7';
    await finished(await saveImport([7]));
    const saved = await manager.put(`/api/hotels/${hotelId}`, toPayloadBody({ ...open, short_description: 'Правка поверх импорта' }));
    expect(saved.status).toBe(409);
    expect(JSON.stringify(saved.body)).toContain('пр. Новейший, 7');
    expect(await app.db.query('SELECT short_description FROM hotels WHERE id = $1', [hotelId])).toEqual([{ short_description: null }]);
  });

  it('a hotel the schema or the editor’s build refuses fails as an item with the field and its message; a photo that does not download is logged and the hotel imported', async () => {
    const [{ n: files }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files')) as [{ n: number }];
    // Money is whole roubles: a price with kopecks is refused by the schema.
    addHotel(8, (hotel) => (hotel.rooms[0]!.prices[0]!.price = 4500.5));
    // Three adults on a two-place layout: the place cap of the editor's build.
    addHotel(9, (hotel) => (hotel.rooms[1]!.places = 3));
    // Two periods of one room overlapping.
    addHotel(10, (hotel) => hotel.rooms[0]!.prices.push({ date_from: '2027-08-01', date_to: '2027-09-15', price: 3000 }));
    addHotel(11, (hotel) => hotel.photos.push({ url: `${supplier.url}/photos/h11-plan.txt` }));
    supplier.behaviour.failingPhotos.add('h11.jpg');
    const id = await saveImport([8, 9, 10, 11]);
    expect(await finished(id)).toEqual({ status: ImportStatus.DoneWithErrors, progress: 100, cursor: 4 });
    const lines = await logs(id);
    expect(lines).toContainEqual(['error', J.refused('Отель поставщика 8', 'rooms.0.dates.0.total_price', MESSAGES.validation.integer)]);
    expect(lines).toContainEqual(['error', J.refused('Отель поставщика 9', 'rooms.1.adult_count', MESSAGES.validation.max(2))]);
    expect(lines).toContainEqual(['error', J.refused('Отель поставщика 10', 'rooms.0.dates.1.from', MESSAGES.editor.overlap)]);
    expect(lines).toContainEqual(['error', J.photoFailed('Отель поставщика 11', `${supplier.url}/photos/h11.jpg`, MESSAGES.imports.door.unavailable)]);
    // A link that is no picture is refused as the editor's upload would be (by content).
    expect(lines).toContainEqual(['error', J.photoFailed('Отель поставщика 11', `${supplier.url}/photos/h11-plan.txt`, MESSAGES.files.badFormat)]);
    expect(lines).toContainEqual(['success', J.created('Отель поставщика 11', 2)]);
    expect((await hotelRows()).map((row) => row.external_id).filter((external) => ['H8', 'H9', 'H10', 'H11'].includes(external))).toEqual(['H11']);
    // The refused hotels' downloaded photos are let go: only H11's two room photos stay.
    expect(await app.db.query('SELECT count(*)::int AS n FROM files')).toEqual([{ n: files + 2 }]);
    const [h11] = (await hotelRows()).filter((row) => row.external_id === 'H11');
    expect((await photoRows(h11!.id)).hotel).toEqual([]);
  });

  it('an inactive import is not run; a run resumes at its cursor (as the queue retries a run whose app stopped)', async () => {
    const id = await saveImport([1, 2, 3], { is_active: false });
    // Nothing runs an import but a job of it, and an active import's save queues its run in the save's transaction:
    // an inactive one's save has queued none (nor any other job of it) by the time it answers.
    expect(await app.db.query(`SELECT name FROM pgboss.job WHERE data->>'importId' = $1`, [String(id)])).toEqual([]);
    expect(await app.db.query('SELECT status, cursor FROM imports WHERE id = $1', [id])).toEqual([{ status: ImportStatus.Waiting, cursor: 0 }]);
    expect(await logs(id)).toEqual([]);
    // As a run the app stopped after its second item left it; its job taken again runs the third only.
    await app.db.query('UPDATE imports SET status = $2, cursor = 2, progress = 66 WHERE id = $1', [id, ImportStatus.Running]);
    supplier.requests.length = 0;
    const { default: PgBoss } = await import('pg-boss');
    const boss = new PgBoss({ connectionString: app.db.url, schedule: false, supervise: false });
    await boss.start();
    await boss.send('import-run', { importId: id }, { singletonKey: String(id) });
    await boss.stop({ graceful: false, wait: true });
    expect(await finished(id)).toEqual({ status: ImportStatus.Done, progress: 100, cursor: 3 });
    expect(supplier.requests.map((request) => request.path)).toEqual(['/items/H3']);
    expect(await logs(id)).toEqual([
      ['success', J.updated('Отель поставщика 3', 2)],
      ['success', J.done],
    ]);
  });

  it('deleting a running import stops it at its next item', async () => {
    supplier.behaviour.delayMs = 300;
    try {
      supplier.requests.length = 0;
      const id = await saveImport([1, 2, 3, 5, 6]);
      for (let waited = 0; waited < 20_000 && !(await logs(id)).some(([status]) => status === 'success'); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await manager.delete(`/api/imports/${id}`)).status).toBe(200);
      const asked = supplier.requests.filter((request) => request.path.startsWith('/items/')).length;
      // The link stops: no link of the run waits or runs any more.
      for (let waited = 0; waited < 20_000 && (await links(id)) > 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await links(id)).toBe(0);
      // The item being fetched when it was deleted is the last one asked for; nothing of it is written.
      expect(supplier.requests.filter((request) => request.path.startsWith('/items/')).length).toBeLessThanOrEqual(asked + 1);
      expect(asked).toBeLessThan(5);
      expect(await app.db.query('SELECT count(*)::int AS n FROM import_logs WHERE import_id = $1', [id])).toEqual([{ n: 0 }]);
    } finally {
      supplier.behaviour.delayMs = 0;
    }
  });
});

describe('GET /imports/restart', () => {
  it('is the administrator’s, asks for the write proof, and runs every active import anew from its first item', async () => {
    expect((await manager.get('/api/imports/restart', { proof: true })).status).toBe(403);
    expect((await admin.get('/api/imports/restart')).status).toBe(419);
    // The earlier tests' imports (saved active) are switched off: the restart would run each of them again, one
    // after another, before this test's — seconds of waiting that prove nothing more.
    await app.db.query('UPDATE imports SET is_active = false');
    const active = await saveImport([1]);
    await finished(active);
    const inactive = await saveImport([2], { is_active: false });
    const before = (await logs(active)).length;
    const restarted = await admin.get('/api/imports/restart', { proof: true });
    expect(restarted).toMatchObject({ status: 200, body: { message: MESSAGES.imports.restarted } });
    const queued = await app.db.query<{ key: string }>(`SELECT singleton_key AS key FROM pgboss.job WHERE name = 'import-run' AND state IN ('created', 'active', 'completed') AND created_on > now() - interval '1 minute'`);
    expect(queued.map((job) => job.key)).toContain(String(active));
    expect(queued.map((job) => job.key)).not.toContain(String(inactive));
    expect(await finished(active)).toMatchObject({ status: ImportStatus.Done, progress: 100 });
    const lines = await logs(active);
    expect(lines.slice(before)).toEqual([
      ['info', J.started(1)],
      ['success', J.updated('Отель поставщика 1', 2)],
      ['success', J.done],
    ]);
    expect(await app.db.query('SELECT status FROM imports WHERE id = $1', [inactive])).toEqual([{ status: ImportStatus.Waiting }]);
    // Switched active from the list, it runs.
    expect((await manager.put(`/api/imports/${inactive}/active`, {})).body).toMatchObject({ is_active: true });
    expect(await finished(inactive)).toMatchObject({ status: ImportStatus.Done, progress: 100 });
  });
});
