/**
 * Hotels (spec 02): the aggregate save of the hotel editor against a real PostgreSQL — one payload
 * in, the same shape out; ids stable; every rule of §4/§5 with its 422 path; versions; rollback.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { HotelFileType } from '../../shared/hotels/constants.js';
import { copyHotel } from '../../shared/hotels/rules.js';
import { HOTEL_LIMITS } from '../../shared/hotels/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { createHotelHandbooks, hotelPayload, periods, room, type HotelHandbooks } from '../test/hotel-fixtures.js';

let app: TestApp;
let manager: ApiClient;
let admin: ApiClient;
let handbooks: HotelHandbooks;

beforeAll(async () => {
  app = await startTestApp();
  [manager, admin] = (await Promise.all([app.signInAs(Role.Manager, { surname: 'Менеджерова', name: 'Ольга', patronymic: null }), app.signInAs(Role.Administrator)])).map(({ client }) => client);
  handbooks = await createHotelHandbooks(app.db.query);
  // Stands for the applications of a later issue: a record that uses a room (foreign keys are read once per table).
  await app.db.query('CREATE TABLE test_accommodations (id serial PRIMARY KEY, room_id integer NOT NULL REFERENCES hotel_rooms (id))');
});
afterAll(() => app?.close());

const create = (payload: unknown, client = manager) => client.post('/api/hotels', toPayloadBody(payload));
const update = (id: number, payload: unknown, client = manager) => client.put(`/api/hotels/${id}`, toPayloadBody(payload));
const count = async (sql: string, params: unknown[] = []) => (await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${sql}`, params))[0]!.count;

describe('an outside client', () => {
  it('POSTs a hotel with rooms and periods, finds it, GETs it, changes one field and PUTs it back: nothing else changes', async () => {
    const payload = hotelPayload(handbooks, 'Отель Маяк', { rooms: 2, periodsPerRoom: 3 });
    const created = await create(payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ name: 'Отель Маяк', city: { id: handbooks.cityId }, version: 1, coords: ['44.894', '37.316'], rating: 8.5, arrival_time: '14:00' });
    expect(created.body.data.rooms).toHaveLength(2);
    expect(created.body.data.rooms[0].dates).toHaveLength(3);
    expect(created.body.data.rooms[0]).toMatchObject({ can_delete: true, premises: [{ name: 'Спальня', area: 18.5 }], meals: [handbooks.mealIds[0]] });
    expect(created.body.data.services).toEqual([{ id: handbooks.serviceId, sum: 150.5 }]);
    expect(created.body.data.infrastructures).toEqual([{ id: handbooks.infrastructureId, type: handbooks.infrastructureTypeId, pay: true }]);

    const found = await manager.get(`/api/hotels?query=${encodeURIComponent('маяк')}&limit=10`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ count: 1, data: [{ id, name: 'Отель Маяк', city: { id: handbooks.cityId }, category_name: 'Отель', commission_general_sum: 10, can_delete: true }] });

    const read = await manager.get(`/api/hotels/${id}`);
    expect(read.status).toBe(200);
    const before = await app.db.query('SELECT id, room_id, date_from::text, adult_price FROM hotel_room_prices ORDER BY id');
    const roomsBefore = await app.db.query('SELECT id FROM hotel_rooms WHERE hotel_id = $1 ORDER BY id', [id]);

    const changed = { ...read.body.data, address: 'ул. Новая, 5' };
    const saved = await update(id, changed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.version).toBe(2);
    const { version: _v1, updated_at: _u1, ...savedRest } = saved.body.data;
    const { version: _v2, updated_at: _u2, ...readRest } = read.body.data;
    expect(savedRest).toEqual({ ...readRest, address: 'ул. Новая, 5' });
    expect(await app.db.query('SELECT id, room_id, date_from::text, adult_price FROM hotel_room_prices ORDER BY id')).toEqual(before);
    expect(await app.db.query('SELECT id FROM hotel_rooms WHERE hotel_id = $1 ORDER BY id', [id])).toEqual(roomsBefore);
  });
});

describe('an outside client of the original system', () => {
  const text = (value: number) => String(value);
  /** The hotel as the site's import scripts send it: flags as 0/1, numbers and ids as text, no slug. */
  const asSent = (name: string, cityId = handbooks.cityId) => {
    const { slug: _slug, ...payload } = hotelPayload(handbooks, name);
    const [period] = periods(1);
    return {
      ...payload,
      city_id: text(cityId),
      category_type: '1',
      stars: '3',
      rating: '8.5',
      is_excursion: 0,
      is_search_priority: '0',
      application_auto_confirm: 1,
      auto_confirm_status: '3',
      services: [{ id: text(handbooks.serviceId), sum: '150.50' }],
      meals: [{ id: text(handbooks.mealIds[0]), sum: '500' }, { id: text(handbooks.mealIds[1]), sum: 1200 }],
      infrastructures: [{ id: text(handbooks.infrastructureId), pay: 0 }],
      catalog: { price: '4500', sort: '10' },
      commission_general_sum: '10',
      rooms: [
        {
          ...room(handbooks),
          type_id: text(handbooks.roomTypeId),
          accommodation_id: text(handbooks.accommodationId),
          place_id: text(handbooks.placeId),
          quota: 0,
          adult_count: '2',
          child_count: '0',
          adv_adult_count: '1',
          adv_child_count: '0',
          child_without: false,
          meals: [text(handbooks.mealIds[0])],
          premises: [{ name: 'Спальня', area: '18.50' }],
          dates: [{ ...period, adult_price: '3000', child_price: '1500', child_without_price: '500', is_total_price: 0, is_differentiate: '1', commission_adult_type: '2', commission_adult_sum: '5' }],
        },
      ],
    };
  };

  it('sends flags as 0/1, numbers and ids as text and no slug: stored normalized, the slug derived from the name and made unique', async () => {
    const created = await create(asSent('Отель «Морской бриз»'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hotel = created.body.data;
    expect(hotel).toMatchObject({
      slug: 'otel-morskoy-briz',
      city_id: handbooks.cityId,
      category_type: 1,
      stars: 3,
      rating: 8.5,
      is_excursion: false,
      application_auto_confirm: true,
      auto_confirm_status: 3,
      services: [{ id: handbooks.serviceId, sum: 150.5 }],
      meals: [{ id: handbooks.mealIds[0], sum: 500 }, { id: handbooks.mealIds[1], sum: 1200 }],
      infrastructures: [{ id: handbooks.infrastructureId, pay: false }],
      catalog: { price: 4500, sort: 10 },
      commission_general_sum: 10,
    });
    expect(hotel.rooms[0]).toMatchObject({ type_id: handbooks.roomTypeId, adult_count: 2, quota: false, child_without: 0, meals: [handbooks.mealIds[0]], premises: [{ name: 'Спальня', area: 18.5 }] });
    expect(hotel.rooms[0].dates[0]).toMatchObject({ adult_price: 3000, child_price: 1500, is_total_price: false, is_differentiate: true, commission_adult_type: 2, commission_adult_sum: 5 });
    expect(await app.db.query('SELECT pay FROM hotel_infrastructure_items WHERE hotel_id = $1', [hotel.id])).toEqual([{ pay: false }]);

    // The same name in another city: the next free suffix, as a site editor would; a name in Latin is kept as it reads.
    const second = await create(asSent('Отель «Морской бриз»', handbooks.otherCityId));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.slug).toBe('otel-morskoy-briz-2');
    expect((await create({ ...asSent('Otel Morskoy Briz'), slug: '' })).body.data.slug).toBe('otel-morskoy-briz-3');

    const refused = await create({
      ...asSent('Отель Неверный'),
      meals: [{ id: text(handbooks.mealIds[0]), sum: '1200.505' }],
      rooms: [{ ...asSent('x').rooms[0], adult_count: 'abc', child_without: 'много' }],
      infrastructures: [{ id: text(handbooks.infrastructureId), pay: 2 }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      'meals.0.sum': [MESSAGES.fields.decimals(2)],
      'rooms.0.adult_count': [MESSAGES.validation.integer],
      'rooms.0.child_without': [MESSAGES.validation.integer],
      'infrastructures.0.pay': [MESSAGES.validation.invalid],
    });
  });

  it('two hotels of one name saved at once without a slug both get one: the second waits for the first\'s and takes -2', async () => {
    const [first, second] = await Promise.all([create(asSent('Отель Одновременный')), create(asSent('Отель Одновременный', handbooks.otherCityId))]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([201, 201]);
    expect([first.body.data.slug, second.body.data.slug].sort()).toEqual(['otel-odnovremennyy', 'otel-odnovremennyy-2']);
  });

  it('GETs a hotel and PUTs it back with flags as 0/1, ids as text and no slug: 200, the slug and the ids of rooms and periods kept', async () => {
    const created = await create(asSent('Отель Прибой'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const read = (await manager.get(`/api/hotels/${id}`)).body.data;
    const ids = async () => ({
      rooms: await app.db.query('SELECT id FROM hotel_rooms WHERE hotel_id = $1 ORDER BY id', [id]),
      periods: await app.db.query('SELECT p.id FROM hotel_room_prices p JOIN hotel_rooms r ON r.id = p.room_id WHERE r.hotel_id = $1 ORDER BY p.id', [id]),
    });
    const before = await ids();
    const { slug: _slug, ...withoutSlug } = read;
    const resent = {
      ...withoutSlug,
      address: 'ул. Прибойная, 3',
      is_excursion: 0,
      infrastructures: read.infrastructures.map((item: { id: number; pay: boolean }) => ({ ...item, id: text(item.id), pay: item.pay ? 1 : 0 })),
      rooms: read.rooms.map((stored: { id: number; dates: { id: number }[] }) => ({ ...stored, id: text(stored.id), child_without: false, dates: stored.dates.map((period) => ({ ...period, id: text(period.id) })) })),
    };
    const saved = await update(id, resent);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { version: _v1, updated_at: _u1, ...savedRest } = saved.body.data;
    const { version: _v2, updated_at: _u2, ...readRest } = read;
    expect(savedRest).toEqual({ ...readRest, address: 'ул. Прибойная, 3' });
    expect(savedRest.slug).toBe('otel-priboy');
    expect(await ids()).toEqual(before);
  });
});

describe('bounds (issue 37: one place for the editor and the supplier import, HOTEL_LIMITS)', () => {
  it('201 rooms, 101 periods of a room, 51 photos of the hotel or a room: 422 on the list itself', async () => {
    const rooms = await create(hotelPayload(handbooks, 'Отель Небоскрёб', { rooms: HOTEL_LIMITS.rooms + 1, periodsPerRoom: 1 }));
    expect(rooms.status).toBe(422);
    expect(rooms.body.errors).toEqual({ rooms: [MESSAGES.validation.maxItems(HOTEL_LIMITS.rooms)] });
    const dated = await create(hotelPayload(handbooks, 'Отель Календарь', { periodsPerRoom: HOTEL_LIMITS.roomPeriods + 1 }));
    expect(dated.status).toBe(422);
    expect(dated.body.errors).toEqual({ 'rooms.0.dates': [MESSAGES.validation.maxItems(HOTEL_LIMITS.roomPeriods)] });
    const photo = { name: 'a.jpg', path: 'photos/hotel/a.jpg', alt: null };
    const pictured = hotelPayload(handbooks, 'Отель Галерея');
    const refused = await create({
      ...pictured,
      photos: Array.from({ length: HOTEL_LIMITS.photos + 1 }, () => photo),
      rooms: [{ ...room(handbooks), photos: Array.from({ length: HOTEL_LIMITS.roomPhotos + 1 }, () => ({ ...photo, path: 'photos/hotel-room/a.jpg' })) }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({ photos: [MESSAGES.validation.maxItems(HOTEL_LIMITS.photos)], 'rooms.0.photos': [MESSAGES.validation.maxItems(HOTEL_LIMITS.roomPhotos)] });
    // At the bound itself: accepted.
    expect((await create(hotelPayload(handbooks, 'Отель Предел', { periodsPerRoom: HOTEL_LIMITS.roomPeriods }))).status).toBe(201);
  });
});

describe('price periods', () => {
  it('may touch (one ends 10.06, the next starts 11.06) but not share a day: 422 on the later period\'s path', async () => {
    const touching = hotelPayload(handbooks, 'Отель Стык');
    touching.rooms = [
      room(handbooks),
      room(handbooks, { dates: [{ ...periods(1)[0]!, from: '2027-06-01', to: '2027-06-10' }, { ...periods(1)[0]!, from: '2027-06-11', to: '2027-06-20' }] }),
    ];
    expect((await create(touching)).status).toBe(201);

    const overlapping = hotelPayload(handbooks, 'Отель Нахлёст');
    overlapping.rooms = [room(handbooks), room(handbooks, { dates: [{ ...periods(1)[0]!, from: '2027-06-01', to: '2027-06-10' }, { ...periods(1)[0]!, from: '2027-06-10', to: '2027-06-20' }] })];
    const refused = await create(overlapping);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'rooms.1.dates.1.from': [MESSAGES.editor.overlap] });

    const reversed = hotelPayload(handbooks, 'Отель Наоборот');
    reversed.rooms = [room(handbooks, { dates: [{ ...periods(1)[0]!, from: '2027-06-10', to: '2027-06-01' }] })];
    expect((await create(reversed)).body.errors).toEqual({ 'rooms.0.dates.0.to': [MESSAGES.editor.periodOrder] });
  });

  it('PostgreSQL itself refuses overlapping periods of one room (exclusion constraint), whoever writes', async () => {
    const created = await create(hotelPayload(handbooks, 'Отель Ограда'));
    const roomId = created.body.data.rooms[0].id as number;
    const insert = (from: string, to: string) =>
      app.db.query(`INSERT INTO hotel_room_prices (room_id, date_from, date_to, child_without_price, adv_adult_price, adv_child_price) VALUES ($1, $2, $3, 0, 0, 0)`, [roomId, from, to]);
    await expect(insert('2027-01-05', '2027-01-07')).rejects.toMatchObject({ code: '23P01', constraint: 'ex_hotel_room_prices_from' });
    await expect(insert('2027-01-21', '2027-01-25')).resolves.toBeDefined();
  });

  it('keeps prices whole, the total or the adult/child prices by mode, empty adult and child prices as null', async () => {
    const payload = hotelPayload(handbooks, 'Отель Цены');
    payload.rooms = [
      room(handbooks, {
        dates: [
          { ...periods(1)[0]!, adult_price: 10.5, child_price: '' },
          { ...periods(2)[1]!, is_total_price: true, total_price: 9000, adult_price: 100, child_price: 50 },
        ],
      }),
    ];
    expect((await create(payload)).body.errors).toEqual({ 'rooms.0.dates.0.adult_price': [MESSAGES.validation.integer] });
    (payload.rooms[0]!.dates![0] as Record<string, unknown>).adult_price = '';
    const created = await create(payload);
    expect(created.status).toBe(201);
    expect(created.body.data.rooms[0].dates[0]).toMatchObject({ adult_price: null, child_price: null, total_price: null, is_total_price: false });
    expect(created.body.data.rooms[0].dates[1]).toMatchObject({ adult_price: null, child_price: null, total_price: 9000, is_total_price: true });
    const missing = await create({ ...payload, name: 'Отель Цены 2', slug: 'ceny-2', rooms: [room(handbooks, { dates: [{ from: '2027-01-01', to: '2027-01-02' }] })] });
    expect(missing.body.errors).toMatchObject({
      'rooms.0.dates.0.child_without_price': [MESSAGES.validation.required],
      'rooms.0.dates.0.adv_adult_price': [MESSAGES.validation.required],
      'rooms.0.dates.0.adv_child_price': [MESSAGES.validation.required],
    });
  });
});

describe('rooms', () => {
  it('caps adult and child counts by the place layout (child cap = total − adults), likewise the extra places', async () => {
    const payload = hotelPayload(handbooks, 'Отель Места');
    payload.rooms = [room(handbooks), room(handbooks, { adult_count: 3, adv_adult_count: 1, adv_child_count: 1, adv_children_ages: [{ id: 5 }] })];
    expect((await create(payload)).body.errors).toEqual({
      'rooms.1.adult_count': [MESSAGES.validation.max(2)],
      'rooms.1.adv_child_count': [MESSAGES.validation.max(0)],
    });
    payload.rooms = [room(handbooks, { adult_count: 1, child_count: 2, children_ages: [{ id: 3 }, { id: 7 }] })];
    expect((await create(payload)).body.errors).toEqual({ 'rooms.0.child_count': [MESSAGES.validation.max(1)] });
    payload.rooms = [room(handbooks, { adult_count: 1, child_count: 1, children_ages: [{ id: 3 }] })];
    expect((await create(payload)).status).toBe(201);
  });

  it('requires type, layout, conditions, meals, ages when children; clears quota count and children on adult places as the spec says', async () => {
    const payload = hotelPayload(handbooks, 'Отель Номера');
    payload.rooms = [{ adult_count: 0, child_count: 0, adv_adult_count: 0, adv_child_count: 0, meals: [] } as never, room(handbooks, { adult_count: 1, child_count: 1 })];
    const refused = await create(payload);
    expect(refused.body.errors).toEqual({
      'rooms.0.type_id': [MESSAGES.validation.required],
      'rooms.0.place_id': [MESSAGES.validation.required],
      'rooms.0.accommodation_id': [MESSAGES.validation.required],
      'rooms.0.meals': [MESSAGES.validation.required],
      'rooms.1.children_ages': [MESSAGES.validation.required],
    });
    payload.rooms = [room(handbooks, { adult_count: 0, quota: false, quota_count: 5, is_children_in_adult_places: true, in_adult_places_children_ages: [{ id: 4 }], meals: [handbooks.mealIds[0], 999_999] })];
    const created = await create(payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.rooms[0]).toMatchObject({ quota_count: null, is_children_in_adult_places: false, in_adult_places_children_ages: [], meals: [handbooks.mealIds[0]] });
  });

  it('refuses a room id that is not this hotel\'s, and an unknown room type, on the row\'s path', async () => {
    const first = await create(hotelPayload(handbooks, 'Отель Первый'));
    const second = await create(hotelPayload(handbooks, 'Отель Второй'));
    const foreignRoom = first.body.data.rooms[0];
    const stolen = await update(second.body.data.id, { ...second.body.data, rooms: [...second.body.data.rooms, foreignRoom] });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ 'rooms.1.id': [MESSAGES.validation.oneOf] });
    const unknownType = await update(second.body.data.id, { ...second.body.data, rooms: [second.body.data.rooms[0], { ...room(handbooks), type_id: 999_999 }] });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors).toEqual({ 'rooms.1.type_id': [MESSAGES.validation.oneOf] });
  });

  it('diffs rooms and periods by id: new ones inserted, kept ones updated, missing ones deleted', async () => {
    const created = (await create(hotelPayload(handbooks, 'Отель Дифф', { rooms: 3, periodsPerRoom: 2 }))).body.data;
    const [keep, drop, change] = created.rooms;
    const next = {
      ...created,
      rooms: [
        keep,
        { ...change, area: '25 м²', dates: [{ ...change.dates[0], adult_price: 7777 }, ...periods(3).slice(2)] },
        room(handbooks, { dates: periods(1) }),
      ],
    };
    const saved = (await update(created.id, next)).body.data;
    expect(saved.rooms.map((row: { id: number }) => row.id).slice(0, 2)).toEqual([keep.id, change.id]);
    expect(saved.rooms[2].id).toBeGreaterThan(change.id);
    expect(saved.rooms[1]).toMatchObject({ area: '25 м²', dates: [{ id: change.dates[0].id, adult_price: 7777 }, { from: '2027-01-21' }] });
    expect(await count('hotel_rooms WHERE id = $1', [drop.id])).toBe(0);
    expect(await count('hotel_room_prices WHERE room_id = $1', [drop.id])).toBe(0);
    expect(await count('hotel_room_prices WHERE id = $1', [change.dates[1].id])).toBe(0);
  });

  it('a removed room that another record uses is refused with 422 on its row; its can_delete is false', async () => {
    const created = (await create(hotelPayload(handbooks, 'Отель Занят', { rooms: 2 }))).body.data;
    await app.db.query('INSERT INTO test_accommodations (room_id) VALUES ($1)', [created.rooms[1].id]);
    const read = (await manager.get(`/api/hotels/${created.id}`)).body.data;
    expect(read.rooms.map((row: { can_delete: boolean }) => row.can_delete)).toEqual([true, false]);
    const refused = await update(created.id, { ...read, name: 'Отель Занят (изм.)', rooms: [read.rooms[0]] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'rooms.1': [MESSAGES.editor.childInUse] });
    expect((await app.db.query('SELECT name FROM hotels WHERE id = $1', [created.id]))[0]).toEqual({ name: 'Отель Занят' });
    expect(await count('hotel_rooms WHERE hotel_id = $1', [created.id])).toBe(2);
    // Deleting the hotel is refused too (403, the spec's in-use message).
    const deleted = await manager.delete(`/api/hotels/${created.id}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual({ message: MESSAGES.errors.inUse });
  });
});

describe('the hotel', () => {
  it('is unique by name within its city and by slug (422 on the field), whatever the case', async () => {
    const first = await create({ ...hotelPayload(handbooks, 'Отель Эхо'), slug: 'eho' });
    expect(first.status).toBe(201);
    const sameCity = await create({ ...hotelPayload(handbooks, 'отель эхо'), slug: 'eho-2' });
    expect(sameCity.status).toBe(422);
    expect(sameCity.body.errors).toEqual({ name: [MESSAGES.validation.unique] });
    expect((await create({ ...hotelPayload(handbooks, 'Отель Эхо'), city_id: handbooks.otherCityId, slug: 'eho-3' })).status).toBe(201);
    const slug = await create({ ...hotelPayload(handbooks, 'Отель Эхо 2'), slug: 'EHO' });
    expect(slug.status).toBe(422);
    expect(slug.body.errors).toMatchObject({ slug: [MESSAGES.cities.slugFormat] });
    const slugTaken = await create({ ...hotelPayload(handbooks, 'Отель Эхо 2'), slug: 'eho' });
    expect(slugTaken.body.errors).toEqual({ slug: [MESSAGES.validation.unique] });
  });

  it('says every taken unique field in one 422 (a copy that kept name and slug), on create and on update, and writes nothing', async () => {
    const original = await create({ ...hotelPayload(handbooks, 'Отель Дубль'), slug: 'dubl' });
    expect(original.status).toBe(201);
    const [{ count: before }] = (await app.db.query('SELECT count(*)::int AS count FROM hotels')) as [{ count: number }];
    const copy = await create({ ...hotelPayload(handbooks, 'отель дубль'), slug: 'dubl' });
    expect(copy.status).toBe(422);
    expect(copy.body.errors).toEqual({ name: [MESSAGES.validation.unique], slug: [MESSAGES.validation.unique] });
    expect(await app.db.query('SELECT count(*)::int AS count FROM hotels')).toEqual([{ count: before }]);
    // The same on an update: another hotel renamed onto both.
    const other = (await create({ ...hotelPayload(handbooks, 'Отель Дубль (копия)'), slug: 'dubl-kopiia' })).body.data;
    const renamed = await update(other.id, { ...other, name: 'Отель Дубль', slug: 'DUBL'.toLowerCase() });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: [MESSAGES.validation.unique], slug: [MESSAGES.validation.unique] });
    // Its own name and slug are no conflict with itself.
    expect((await update(other.id, { ...other, address: 'ул. Своя, 1' })).status).toBe(200);
  });

  it('resets commissions as the spec says: differentiation off → categories type 1 sum 0; on → general 0; percent within ±100', async () => {
    const payload = { ...hotelPayload(handbooks, 'Отель Наценка'), commission_general_sum: 15, commission_adult_type: 2, commission_adult_sum: 20, commission_meal_type: 1, commission_meal_sum: 300 };
    const off = (await create(payload)).body.data;
    expect(off).toMatchObject({ is_differentiate: false, commission_general_sum: 15, commission_adult_type: 1, commission_adult_sum: 0, commission_meal_sum: 0 });
    const on = (await update(off.id, { ...off, is_differentiate: true, commission_adult_type: 2, commission_adult_sum: 20, commission_meal_sum: 300 })).body.data;
    expect(on).toMatchObject({ is_differentiate: true, commission_general_sum: 0, commission_adult_type: 2, commission_adult_sum: 20, commission_meal_sum: 300 });
    const tooMuch = await update(on.id, { ...on, commission_adult_sum: 150 });
    expect(tooMuch.body.errors).toEqual({ commission_adult_sum: [MESSAGES.validation.max(100)] });
    const general = await update(on.id, { ...on, is_differentiate: false, commission_general_sum: 101 });
    expect(general.body.errors).toEqual({ commission_general_sum: [MESSAGES.validation.max(100)] });
    // A price period follows the same rules.
    const period = { ...periods(1)[0]!, commission_general_sum: 5, commission_child_type: 2, commission_child_sum: 10 };
    const withPeriod = (await update(on.id, { ...on, rooms: [{ ...on.rooms[0], dates: [period] }] })).body.data;
    expect(withPeriod.rooms[0].dates[0]).toMatchObject({ commission_general_sum: 5, commission_child_type: 1, commission_child_sum: 0 });
  });

  it('needs the required status when auto-confirm is on (3 or 5), and drops it when off', async () => {
    const payload = { ...hotelPayload(handbooks, 'Отель Авто'), application_auto_confirm: true };
    expect((await create(payload)).body.errors).toEqual({ auto_confirm_status: [MESSAGES.fields.autoConfirmStatus] });
    expect((await create({ ...payload, auto_confirm_status: 4 })).body.errors).toEqual({ auto_confirm_status: [MESSAGES.validation.oneOf] });
    expect((await create({ ...payload, auto_confirm_status: 5 })).body.data).toMatchObject({ application_auto_confirm: true, auto_confirm_status: 5 });
    expect((await create({ ...payload, name: 'Отель Авто 2', slug: 'avto-2', application_auto_confirm: false, auto_confirm_status: 3 })).body.data.auto_confirm_status).toBeNull();
  });

  it('copies: a new hotel with new room, period and premises ids, files and photos emptied', async () => {
    const original = (await create(hotelPayload(handbooks, 'Отель Оригинал', { rooms: 2 }))).body.data;
    // As the editor makes it: named '… (копия)' with a slug of its own, so it saves as it is.
    const copy = copyHotel(original);
    const created = await create(copy);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const saved = created.body.data;
    expect(saved.id).not.toBe(original.id);
    expect(saved.rooms).toHaveLength(2);
    const ids = (hotel: typeof saved, list?: 'dates' | 'premises') =>
      hotel.rooms.flatMap((row: { id: number; dates: { id: number }[]; premises: { id: number }[] }) => (list ? row[list].map((item) => item.id) : [row.id]));
    for (const list of [undefined, 'dates', 'premises'] as const) {
      expect(ids(saved, list).some((id: number) => ids(original, list).includes(id)), list).toBe(false);
      expect(ids(saved, list)).toHaveLength(ids(original, list).length);
    }
    expect(saved).toMatchObject({ name: 'Отель Оригинал (копия)', slug: `${original.slug}-kopiia`, desc_files: [], memo_files: [], photos: [], videos: [], version: 1 });
    expect((await manager.get(`/api/hotels/${original.id}`)).body.data.rooms.map((row: { id: number }) => row.id)).toEqual(original.rooms.map((row: { id: number }) => row.id));
  });
});

describe('versions', () => {
  it('a save with a stale version gets 409 naming who saved and when, with the current hotel; nothing is written', async () => {
    const created = (await create(hotelPayload(handbooks, 'Отель Версия'))).body.data;
    expect((await update(created.id, { ...created, address: 'Первый адрес' })).body.data.version).toBe(2);
    const stale = await update(created.id, { ...created, address: 'Второй адрес' }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ saved_by: 'Менеджерова Ольга', data: { id: created.id, address: 'Первый адрес', version: 2 } });
    expect(stale.body.message).toContain('Менеджерова Ольга');
    expect((await app.db.query('SELECT address, version FROM hotels WHERE id = $1', [created.id]))[0]).toEqual({ address: 'Первый адрес', version: 2 });
    // Without a version (an outside client of the original system) the save is accepted.
    const { version: _version, ...unversioned } = created;
    expect((await update(created.id, { ...unversioned, address: 'Третий адрес' }, admin)).status).toBe(200);
  });
});

describe('a save that fails half-way', () => {
  it('leaves the database exactly as it was', async () => {
    const created = (await create(hotelPayload(handbooks, 'Отель Откат', { rooms: 2 }))).body.data;
    const snapshot = async () => ({
      hotel: await app.db.query('SELECT name, version FROM hotels WHERE id = $1', [created.id]),
      rooms: await app.db.query('SELECT id, area FROM hotel_rooms WHERE hotel_id = $1 ORDER BY id', [created.id]),
      prices: await app.db.query('SELECT p.id, p.adult_price FROM hotel_room_prices p JOIN hotel_rooms r ON r.id = p.room_id WHERE r.hotel_id = $1 ORDER BY p.id', [created.id]),
      services: await app.db.query('SELECT item_id, sum FROM hotel_service_items WHERE hotel_id = $1', [created.id]),
    });
    const before = await snapshot();
    await app.db.query(`CREATE FUNCTION test_premises_frozen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'premises are frozen by the test'; END $$`);
    await app.db.query('CREATE TRIGGER test_premises_frozen BEFORE INSERT ON hotel_room_premises FOR EACH ROW EXECUTE FUNCTION test_premises_frozen()');
    let response;
    try {
      response = await update(created.id, {
        ...created,
        name: 'Отель Откат (изм.)',
        services: [],
        rooms: [{ ...created.rooms[0], area: '30 м²', dates: [{ ...created.rooms[0].dates[0], adult_price: 1 }] }, room(handbooks)],
      });
    } finally {
      await app.db.query('DROP TRIGGER test_premises_frozen ON hotel_room_premises');
      await app.db.query('DROP FUNCTION test_premises_frozen()');
    }
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: MESSAGES.http.serverError });
    expect(await snapshot()).toEqual(before);
  });
});

describe('a create committed while the database goes away', () => {
  it('answers 201 with the new id and the payload\'s fields when the read after the commit dies, so the client does not retry into a duplicate', async () => {
    const payload = hotelPayload(handbooks, 'Отель Обрыв');
    // The read after the commit asks which rooms test_accommodations uses; the write never touches that
    // table. Holding it locked stops the read there, after the commit, and its connection is then killed.
    const locker = new pg.Client({ connectionString: app.db.url });
    await locker.connect();
    let reply;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE test_accommodations IN ACCESS EXCLUSIVE MODE');
      const pending = create(payload);
      let killed = 0;
      for (let attempt = 0; attempt < 200 && killed === 0; attempt++) {
        const rows = await app.db.query<{ killed: boolean }>(
          `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%test_accommodations%'`,
        );
        killed = rows.filter((row) => row.killed).length;
        if (killed === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(killed).toBe(1);
      reply = await pending;
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({ id: expect.any(Number), name: 'Отель Обрыв', slug: payload.slug, city_id: handbooks.cityId });
    expect(reply.body.data.rooms).toBeUndefined();
    expect(reply.body.data.version).toBe(1);
    expect(await app.db.query('SELECT name FROM hotels WHERE id = $1', [reply.body.data.id])).toEqual([{ name: 'Отель Обрыв' }]);
    // Once the database answers again (the killed connection may have started a recovery), the hotel reads whole.
    let read = await manager.get(`/api/hotels/${reply.body.data.id}`);
    for (let attempt = 0; attempt < 100 && read.status === 503; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await manager.get(`/api/hotels/${reply.body.data.id}`);
    }
    expect(read.status).toBe(200);
    expect(read.body.data.rooms).toHaveLength(1);
  });
});

describe('the payload', () => {
  it('bad JSON, a missing payload or a non-object is a 422 on `payload`, never a 500', async () => {
    for (const body of [{ payload: '{"name": ' }, {}, { payload: '[1, 2]' }, { payload: 'null' }, { payload: 42 }]) {
      const response = await manager.post('/api/hotels', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors).toEqual({ payload: [MESSAGES.editor.payloadInvalid] });
    }
  });

  it('takes bodies up to 5 MB (30 rooms × 12 periods), refuses larger ones with 413', async () => {
    const big = hotelPayload(handbooks, 'Отель Большой', { rooms: 30, periodsPerRoom: 12 });
    const body = toPayloadBody(big);
    expect(body.payload.length).toBeGreaterThan(100 * 1024);
    const created = await manager.post('/api/hotels', body);
    expect(created.status).toBe(201);
    expect(created.body.data.rooms).toHaveLength(30);
    const huge = await manager.post('/api/hotels', { payload: 'x'.repeat(5 * 1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: MESSAGES.validation.tooLarge });
  });
});

describe('roles and the other routes', () => {
  it('hotels are for the administrator and the manager: 403 for the accountant, who reads only the picker (issue 17)', async () => {
    const { client: accountant } = await app.signInAs(Role.Accountant);
    for (const path of ['/api/hotels', '/api/hotels/data', '/api/hotels/1']) expect((await accountant.get(path)).status, path).toBe(403);
    expect((await accountant.get('/api/hotels/list?query=Отель')).status).toBe(200);
    expect((await accountant.post('/api/hotels', toPayloadBody(hotelPayload(handbooks, 'Отель Бух')))).status).toBe(403);
  });

  it('clearing a room\'s external id is for the administrator only', async () => {
    const created = (await create(hotelPayload(handbooks, 'Отель Внешний'))).body.data;
    const roomId = created.rooms[0].id as number;
    await app.db.query(`UPDATE hotel_rooms SET external_id = 'ext-77', payload = '{"code": 1}' WHERE id = $1`, [roomId]);
    expect((await manager.put(`/api/hotels/rooms/${roomId}/external-id/clean`)).status).toBe(403);
    const cleaned = await admin.put(`/api/hotels/rooms/${roomId}/external-id/clean`);
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.message).toBe(MESSAGES.hotels.externalIdCleared);
    expect((await app.db.query('SELECT external_id FROM hotel_rooms WHERE id = $1', [roomId]))[0]).toEqual({ external_id: null });
    expect((await admin.put('/api/hotels/rooms/999999/external-id/clean')).status).toBe(404);
  });

  it('GET /api/hotels/data, /infrastructures/list and the /list picker', async () => {
    const data = (await manager.get('/api/hotels/data?type=' + handbooks.infrastructureTypeId)).body;
    expect(Object.keys(data).sort()).toEqual(
      ['accommodations', 'auto_confirm_statuses', 'catalog_sections', 'category_types', 'cities', 'commissions', 'infrastructures', 'infrastructures_by_type', 'infrastructures_types', 'meals', 'promotions', 'sea_distances', 'services', 'stars', 'vendors'].sort(),
    );
    expect(data.infrastructures_by_type).toEqual([{ id: handbooks.infrastructureId, name: expect.any(String), type: handbooks.infrastructureTypeId }]);
    const infrastructures = (await manager.get(`/api/hotels/infrastructures/list?type=${handbooks.infrastructureTypeId}`)).body.data;
    expect(infrastructures).toEqual([{ id: handbooks.infrastructureId, name: expect.any(String) }]);
    expect((await manager.get(`/api/hotels/infrastructures/list?type=${handbooks.infrastructureTypeId + 1000}`)).body.data).toEqual([]);

    await create({ ...hotelPayload(handbooks, 'Пикер Экскурсионный'), is_excursion: true, city_id: handbooks.otherCityId });
    await create({ ...hotelPayload(handbooks, 'Пикер Обычный'), city_id: handbooks.otherCityId });
    const picked = (await manager.get(`/api/hotels/list?city_id=${handbooks.otherCityId}&is_excursion=0&query=пикер`)).body.data;
    const [{ name: city }] = (await app.db.query<{ name: string }>('SELECT name FROM cities WHERE id = $1', [handbooks.otherCityId])) as [{ name: string }];
    expect(picked).toEqual([{ id: expect.any(Number), name: 'Пикер Обычный', city_id: handbooks.otherCityId, is_excursion: false, detail: city }]);
    // The same filters without a search, and with one too short for the trigram index.
    const all = async (query: string) => (await manager.get(`/api/hotels/list?limit=200&${query}`)).body.data as { name: string; city_id: number; is_excursion: boolean }[];
    const excursions = await all(`city_id=${handbooks.otherCityId}&is_excursion=1`);
    expect(excursions.map((row) => row.name)).toContain('Пикер Экскурсионный');
    expect(excursions.every((row) => row.city_id === handbooks.otherCityId && row.is_excursion)).toBe(true);
    expect((await all(`query=${encodeURIComponent('ер')}&city_id=${handbooks.otherCityId}&is_excursion=0`)).map((row) => row.name)).toContain('Пикер Обычный');
    expect((await all(`query=${encodeURIComponent('ер')}&city_id=${handbooks.otherCityId}&is_excursion=0`)).map((row) => row.name)).not.toContain('Пикер Экскурсионный');
    const refused = await manager.get('/api/hotels/list?city_id=abc&is_excursion=maybe');
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['city_id', 'is_excursion']);
    expect((await manager.get('/api/hotels/list?limit=201')).status).toBe(422);
    expect((await manager.get('/api/hotels/list?limit=1')).body.data).toHaveLength(1);
  });

  it('deletes a hotel no one uses with the uploads it held (its photos, its rooms\' photos); then it is gone (404), a second delete too', async () => {
    const photo = async (type: number) => {
      const form = new FormData();
      form.append('type', String(type));
      form.append('file', new Blob([Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)])]), 'фото.jpg');
      const reply = await manager.postForm('/api/hotels/files', form);
      expect(reply.status).toBe(201);
      return { name: 'фото.jpg', path: reply.body.path as string };
    };
    const [hotelPhoto, roomPhoto] = [await photo(HotelFileType.Photo), await photo(HotelFileType.RoomPhoto)];
    const payload = hotelPayload(handbooks, 'Отель Удалить');
    const created = await create({ ...payload, photos: [hotelPhoto], rooms: [{ ...payload.rooms[0]!, photos: [roomPhoto] }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const uploads = () => count('files WHERE path = ANY($1)', [[hotelPhoto.path, roomPhoto.path]]);
    expect(await uploads()).toBe(2);
    const listed = await manager.get(`/api/hotels?query=${encodeURIComponent('Отель Удалить')}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id, can_delete: true })]);

    expect((await manager.delete(`/api/hotels/${id}`)).body).toEqual({ message: MESSAGES.success.deleted });
    expect((await manager.get(`/api/hotels/${id}`)).status).toBe(404);
    expect(await count('hotel_rooms WHERE hotel_id = $1', [id])).toBe(0);
    expect(await uploads()).toBe(0);
    expect((await manager.delete(`/api/hotels/${id}`)).status).toBe(404);
  });

  it('lists and reads a hotel whose room another record uses as not deletable: the key points at the room, the delete would cascade to it', async () => {
    const [used, free] = [(await create(hotelPayload(handbooks, 'Отель Со Списком Занят'))).body.data, (await create(hotelPayload(handbooks, 'Отель Со Списком Свободен'))).body.data];
    await app.db.query('INSERT INTO test_accommodations (room_id) VALUES ($1)', [used.rooms[0].id]);
    const listed = await manager.get(`/api/hotels?query=${encodeURIComponent('Отель Со Списком')}&orderBy=name`);
    expect(listed.body.data.map((row: { id: number; can_delete: boolean }) => [row.id, row.can_delete])).toEqual([[used.id, false], [free.id, true]]);
    // The editor's GET says the same.
    expect([(await manager.get(`/api/hotels/${used.id}`)).body.data.can_delete, (await manager.get(`/api/hotels/${free.id}`)).body.data.can_delete]).toEqual([false, true]);
    // PostgreSQL says the same when asked.
    expect((await manager.delete(`/api/hotels/${used.id}`)).status).toBe(403);
    expect((await manager.delete(`/api/hotels/${free.id}`)).status).toBe(200);
  });
});
