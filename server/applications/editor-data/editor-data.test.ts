/**
 * What the application editor reads of other records (issue 18) against a real PostgreSQL: each
 * product's answer against the rows inserted, in one statement whatever its size; 404s; the staff
 * picker's manager rule; the agency's employees; the tour's services without its required ones;
 * the dictionaries; and every call open to all three roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PAYMENT_METHODS, APPLICATION_STATUSES, APPLICATION_TYPES, ProductKind } from '../../../shared/applications/constants.js';
import type { ApplicationEditorData, HotelProduct, SeaTourProduct, StaffOption, TourProduct, TransportProduct } from '../../../shared/applications/editor-data.js';
import { DEPARTURES_AHEAD_DAYS } from '../../../shared/applications/editor-data.js';
import { APPLICATION_PATHS } from '../../../shared/applications/paths.js';
import { API_PREFIX } from '../../../shared/api.js';
import { toPayloadBody } from '../../../shared/editor.js';
import { MESSAGES } from '../../../shared/messages.js';
import { formatPhone } from '../../../shared/resources/clients.js';
import { PAYMENT_METHODS } from '../../../shared/resources/vendors.js';
import { Role } from '../../../shared/roles.js';
import { TOURIST_DOCUMENTS } from '../../../shared/tourists.js';
import { departureDates } from '../../../shared/transport/rules.js';
import { createHotelHandbooks, hotelPayload, periods, room, type HotelHandbooks } from '../../test/hotel-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertTourGround, tourPayload, type TourGround } from '../../test/tour-fixtures.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../../test/transport-fixtures.js';
import { readProduct } from './products.js';

let app: TestApp;
let admin: ApiClient;
let accountant: ApiClient;
let manager: ApiClient;
let managerUser: TestUser;
let handbooks: HotelHandbooks;
let ground: TourGround;

beforeAll(async () => {
  app = await startTestApp();
  [{ client: admin }, { client: accountant }, { client: manager, user: managerUser }] = await Promise.all([
    app.signInAs(Role.Administrator, { surname: 'Админова', name: 'Ольга', patronymic: null }),
    app.signInAs(Role.Accountant, { surname: 'Бухова', name: 'Вера', patronymic: null }),
    app.signInAs(Role.Manager, { surname: 'Менеджерова', name: 'Анна', patronymic: null }),
  ]);
  handbooks = await createHotelHandbooks((sql, params) => app.db.query(sql, params), 'Заявки');
  ground = await insertTourGround(app.db);
});
afterAll(() => app?.close());

const one = async (sql: string, params: unknown[]) => (await app.db.query<{ id: number }>(sql, params))[0]!.id;
const today = async () => (await app.db.query<{ today: string }>('SELECT current_date::text AS today'))[0]!.today;

describe('GET /api/applications/products/hotels/{id}', () => {
  let hotelId: number;
  let descriptionId: number;

  beforeAll(async () => {
    descriptionId = await one('INSERT INTO room_descriptions (name) VALUES ($1) RETURNING id', ['С видом на море']);
    const vendorId = await one('INSERT INTO vendors (name) VALUES ($1) RETURNING id', ['Поставщик отеля']);
    const payload = {
      ...hotelPayload(handbooks, 'Отель Заявочный'),
      vendor_id: vendorId,
      rooms: [
        room(handbooks, { description_id: descriptionId, adult_count: 1, child_count: 1, children_ages: [5], child_without: 1, meals: [handbooks.mealIds[1], handbooks.mealIds[0]], dates: periods(2) }),
        room(handbooks, { adv_adult_count: 0, meals: [handbooks.mealIds[0]], dates: periods(1, 5) }),
      ],
    };
    const created = await admin.post('/api/hotels', toPayloadBody(payload));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    hotelId = created.body.data.id;
  });

  it('answers the hotel, its rooms with caps, meals with the hotel’s sums and priced date ranges, and its services', async () => {
    const response = await accountant.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.Hotel, hotelId));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const roomIds = (await app.db.query<{ id: number }>('SELECT id FROM hotel_rooms WHERE hotel_id = $1 ORDER BY position', [hotelId])).map((row) => row.id);
    const [breakfast, halfBoard] = handbooks.mealIds;
    expect(response.body.data).toEqual({
      kind: 'hotel',
      id: hotelId,
      name: 'Отель Заявочный',
      city: { id: handbooks.cityId, name: 'Анапа Заявки' },
      vendor: { id: expect.any(Number), name: 'Поставщик отеля' },
      rooms: [
        {
          id: roomIds[0],
          type: { id: handbooks.roomTypeId, name: 'Стандарт Заявки' },
          place: { id: handbooks.placeId, name: 'DBL+EXB Заявки', places_count: 2, adv_places_count: 1 },
          accommodation: { id: handbooks.accommodationId, name: 'Основное Заявки' },
          description: { id: descriptionId, name: 'С видом на море' },
          adult_count: 1,
          child_count: 1,
          adv_adult_count: 1,
          adv_child_count: 0,
          child_without: 1,
          meals: [
            { id: halfBoard, name: 'Полупансион Заявки', sum: 1200 },
            { id: breakfast, name: 'Завтрак Заявки', sum: 500 },
          ],
          periods: [
            { from: '2027-01-01', to: '2027-01-10' },
            { from: '2027-01-11', to: '2027-01-20' },
          ],
        },
        {
          id: roomIds[1],
          type: { id: handbooks.roomTypeId, name: 'Стандарт Заявки' },
          place: { id: handbooks.placeId, name: 'DBL+EXB Заявки', places_count: 2, adv_places_count: 1 },
          accommodation: { id: handbooks.accommodationId, name: 'Основное Заявки' },
          description: null,
          adult_count: 2,
          child_count: 0,
          adv_adult_count: 0,
          adv_child_count: 0,
          child_without: 0,
          meals: [{ id: breakfast, name: 'Завтрак Заявки', sum: 500 }],
          periods: [{ from: '2027-01-01', to: '2027-01-05' }],
        },
      ],
      meals: [
        { id: breakfast, name: 'Завтрак Заявки', sum: 500 },
        { id: halfBoard, name: 'Полупансион Заявки', sum: 1200 },
      ],
      services: [{ id: handbooks.serviceId, name: 'Wi-Fi Заявки', sum: 150.5 }],
    } satisfies HotelProduct);
  });

  it('is one statement however many rooms and periods the hotel has', async () => {
    const big = await admin.post('/api/hotels', toPayloadBody(hotelPayload(handbooks, 'Отель Большой', { rooms: 8, periodsPerRoom: 6 })));
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    let statements = 0;
    const counting = {
      query: (sql: string, params?: unknown[]) => {
        statements++;
        return app.db.query(sql, params);
      },
    } as Parameters<typeof readProduct>[0];
    const product = (await readProduct(counting, ProductKind.Hotel, big.body.data.id)) as HotelProduct;
    expect(product.rooms).toHaveLength(8);
    expect(product.rooms.every((room) => room.periods.length === 6)).toBe(true);
    expect(statements).toBe(1);
  });

  it('GET /api/hotels/{id}/services/list gives the hotel’s service items with their sums, to every role', async () => {
    for (const client of [accountant, manager, admin]) {
      const response = await client.get(API_PREFIX + APPLICATION_PATHS.services(ProductKind.Hotel, hotelId));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ data: [{ id: handbooks.serviceId, name: 'Wi-Fi Заявки', sum: 150.5 }] });
    }
  });
});

describe('GET /api/applications/products/transports/{id}', () => {
  let cities: number[];
  let busId: number;

  beforeAll(async () => {
    cities = await insertCities(app.db, ['Москва', 'Воронеж', 'Анапа']);
    busId = await insertTransportation(app.db, undefined, 'Неоплан');
  });

  it('answers the vehicle with its scheme, the route in order as stored, the weekly departures of the next year and the prices', async () => {
    const id = await insertTransport(app.db, {
      name: 'Москва — Анапа',
      transportationId: busId,
      cities,
      duration: 2,
      startDate: daysFromToday(-30),
      finishDate: daysFromToday(500),
      days: [5, 1],
    });
    await app.db.query('UPDATE transports SET adult_price = 4500.50, child_price = 3000 WHERE id = $1', [id]);
    const response = await manager.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.Transport, id));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const product = response.body.data as TransportProduct;
    const points = await app.db.query<{ id: number }>('SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position', [id]);
    const [svg] = await app.db.query<{ schema_svg: string }>('SELECT schema_svg FROM transportations WHERE id = $1', [busId]);
    expect(product).toMatchObject({
      kind: 'transport',
      id,
      name: 'Москва — Анапа',
      duration: 2,
      vendor: null,
      transportation: { id: busId, name: 'Неоплан', seats: 49, schema_svg: svg!.schema_svg },
      departure_type: 1,
      days: [1, 5],
      dates: [],
      adult_price: 4500.5,
      child_price: 3000,
    });
    expect(product.route).toEqual([
      { id: points[0]!.id, position: 0, kind: 'start', city: { id: cities[0], name: 'Москва' }, info: null, start_time: '08:00', finish_time: null, arrival_day: null, departure_day: null },
      { id: points[1]!.id, position: 1, kind: 'intermediate', city: { id: cities[1], name: 'Воронеж' }, info: 'Остановка у вокзала', start_time: '09:00', finish_time: '08:45', arrival_day: 1, departure_day: 1 },
      { id: points[2]!.id, position: 2, kind: 'finish', city: { id: cities[2], name: 'Анапа' }, info: null, start_time: null, finish_time: '20:00', arrival_day: null, departure_day: null },
    ]);
    // Every Monday and Friday from today to a year ahead, and nothing else.
    const from = await today();
    const weekdays = product.departures.map((date) => new Date(`${date}T00:00:00Z`).getUTCDay());
    expect(new Set(weekdays)).toEqual(new Set([1, 5]));
    expect(product.departures.length).toBeGreaterThanOrEqual(104);
    expect(product.departures.length).toBeLessThanOrEqual(106);
    expect(product.departures[0]! >= from).toBe(true);
    const horizon = new Date(`${from}T00:00:00Z`);
    horizon.setUTCDate(horizon.getUTCDate() + DEPARTURES_AHEAD_DAYS);
    expect(product.departures.at(-1)! <= horizon.toISOString().slice(0, 10)).toBe(true);
    expect(product.departures).toEqual([...product.departures].sort());
  });

  it('on dates: the stored dates from today on, and of them the departures within a year', async () => {
    const dates = [daysFromToday(-3), daysFromToday(5), daysFromToday(40), daysFromToday(DEPARTURES_AHEAD_DAYS + 20)];
    const id = await insertTransport(app.db, { transportationId: busId, cities: [cities[0]!, cities[2]!], startDate: daysFromToday(-10), finishDate: daysFromToday(600), dates });
    const response = await admin.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.Transport, id));
    expect(response.status).toBe(200);
    const product = response.body.data as TransportProduct;
    expect(product.departure_type).toBe(2);
    expect(product.days).toEqual([]);
    expect(product.dates).toEqual(dates.slice(1));
    expect(product.departures).toEqual([dates[1], dates[2]]);
    expect(product.departures).toEqual(departureDates({ ...product, days: [], dates: dates.map((start_date) => ({ start_date })) }, { from: await today(), to: daysFromToday(DEPARTURES_AHEAD_DAYS) }));
  });

  it('departs only within its own start and finish dates', async () => {
    const id = await insertTransport(app.db, { transportationId: busId, cities: [cities[0]!, cities[2]!], startDate: daysFromToday(-10), finishDate: daysFromToday(13), days: [1, 2, 3, 4, 5, 6, 7] });
    const product = (await admin.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.Transport, id))).body.data as TransportProduct;
    expect(product.departures).toHaveLength(14);
    expect(product.departures.at(-1)).toBe(daysFromToday(13));
  });
});

describe('GET /api/applications/products/tours/{id}', () => {
  let tourId: number;

  beforeAll(async () => {
    const created = await admin.post('/api/tours', toPayloadBody({ ...tourPayload(ground, 'Тур для заявок'), child_price: '9000' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    tourId = created.body.data.id;
    // The group service is also in the services list: the application offers it only as required.
    await app.db.query(`INSERT INTO tour_service_items (tour_id, list, item_id, position) VALUES ($1, 'services', $2, 1)`, [tourId, ground.serviceIds.group]);
    await app.db.query(`INSERT INTO tour_service_dates (service_id, date_from, date_to, adult_price) VALUES ($1, '2027-06-01', '2027-06-30', 2500), ($1, '2027-07-01', '2027-07-31', 2700)`, [
      ground.serviceIds.additional,
    ]);
  });

  it('answers the tour, its transports, dates, hotels, both service lists and its meals', async () => {
    const response = await accountant.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.Tour, tourId));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const product = response.body.data as TourProduct;
    const names = await app.db.query<{ kind: string; id: number; name: string }>(
      `SELECT 'transport' AS kind, id, name FROM transports UNION ALL SELECT 'hotel', id, name FROM hotels UNION ALL SELECT 'service', id, name FROM tour_services`,
    );
    const nameOf = (kind: string) => (id: number) => names.find((row) => row.kind === kind && row.id === id)!.name;
    const [transportName, hotelName, serviceName] = [nameOf('transport'), nameOf('hotel'), nameOf('service')];
    const [vendor] = await app.db.query<{ name: string }>('SELECT name FROM vendors WHERE id = $1', [ground.vendorId]);
    const [meal] = await app.db.query<{ id: number }>('SELECT id FROM tour_meals WHERE tour_id = $1', [tourId]);
    const [mealType] = await app.db.query<{ name: string }>('SELECT name FROM meals WHERE id = $1', [ground.mealTypeId]);
    const dates = await app.db.query<{ id: number; start_date: string }>('SELECT id, start_date::text FROM tour_dates WHERE tour_id = $1 ORDER BY start_date', [tourId]);
    const vendorNamed = { id: ground.vendorId, name: vendor!.name };
    expect(product).toEqual({
      kind: 'tour',
      id: tourId,
      name: 'Тур для заявок',
      type: { id: 1, name: 'Автобусный тур' },
      // A type-1 tour travels by its transports: no city of its own.
      city: null,
      duration: 3,
      adult_price: 15000,
      child_price: 9000,
      transport_forth: { id: ground.transportForthId, name: transportName(ground.transportForthId) },
      transport_back: { id: ground.transportBackId, name: transportName(ground.transportBackId) },
      dates: dates.map((date, index) => ({ ...date, past: index === 0 })),
      hotels: ground.hotelIds.map((id, index) => ({ id, name: hotelName(id), arrival_day: index + 1, departure_day: index + 2, meal: { id: ground.mealTypeId, name: mealType!.name } })),
      services: [
        {
          id: ground.serviceIds.additional,
          name: serviceName(ground.serviceIds.additional),
          class: 1,
          class_name: 'Дополнительная',
          vendor: vendorNamed,
          periods: [
            { from: '2027-06-01', to: '2027-06-30', adult_price: 2500 },
            { from: '2027-07-01', to: '2027-07-31', adult_price: 2700 },
          ],
        },
        { id: ground.serviceIds.group, name: serviceName(ground.serviceIds.group), class: 3, class_name: 'Групповая', vendor: vendorNamed, periods: [] },
      ],
      required_services: [{ id: ground.serviceIds.group, name: serviceName(ground.serviceIds.group), class: 3, class_name: 'Групповая', vendor: vendorNamed, periods: [] }],
      meals: [{ id: meal!.id, name: 'Ужин в кафе', vendor: vendorNamed, days: [1, 2] }],
    } satisfies TourProduct);
    expect(dates).toHaveLength(3);
  });

  it('names the type and the city of a tour in a city', async () => {
    const [city] = await app.db.query<{ name: string }>('SELECT name FROM cities WHERE id = $1', [ground.cityIds[1]]);
    const [type] = await app.db.query<{ name: string }>('SELECT name FROM tour_types WHERE id = $1', [ground.cityTypeId]);
    await app.db.query('UPDATE tours SET tour_type_id = $2, city_id = $3 WHERE id = $1', [tourId, ground.cityTypeId, ground.cityIds[1]]);
    const product = (await manager.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.Tour, tourId))).body.data as TourProduct;
    await app.db.query('UPDATE tours SET tour_type_id = 1, city_id = NULL WHERE id = $1', [tourId]);
    expect(product).toMatchObject({ type: { id: ground.cityTypeId, name: type!.name }, city: { id: ground.cityIds[1], name: city!.name } });
  });

  it('names a meal without a name of its own after its vendor', async () => {
    await app.db.query('UPDATE tour_meals SET name = NULL WHERE tour_id = $1', [tourId]);
    const product = (await admin.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.Tour, tourId))).body.data as TourProduct;
    const [vendor] = await app.db.query<{ name: string }>('SELECT name FROM vendors WHERE id = $1', [ground.vendorId]);
    expect(product.meals[0]!.name).toBe(vendor!.name);
    await app.db.query(`UPDATE tour_meals SET name = 'Ужин в кафе' WHERE tour_id = $1`, [tourId]);
  });

  it('GET /api/tours/{id}/services/list gives its services without the required ones, to every role', async () => {
    for (const client of [accountant, manager, admin]) {
      const response = await client.get(API_PREFIX + APPLICATION_PATHS.services(ProductKind.Tour, tourId));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect((response.body.data as { id: number }[]).map((service) => service.id)).toEqual([ground.serviceIds.additional]);
      expect(response.body.data[0]).toMatchObject({ class: 1, class_name: 'Дополнительная', periods: [{ from: '2027-06-01', to: '2027-06-30', adult_price: 2500 }, { from: '2027-07-01' }] });
    }
  });
});

describe('GET /api/applications/products/sea-tours/{id}', () => {
  it('answers the city, the transfer types by name, the groups’ hotels and the transport pairs in order', async () => {
    const [city, moscow] = await insertCities(app.db, ['Евпатория', 'Тула']);
    const bus = await insertTransportation(app.db);
    const dates = { startDate: daysFromToday(-1), finishDate: daysFromToday(90), days: [6] };
    const there = await insertTransport(app.db, { name: 'Тула — Евпатория', transportationId: bus, cities: [moscow!, city!], ...dates });
    const back = await insertTransport(app.db, { name: 'Евпатория — Тула', transportationId: bus, cities: [city!, moscow!], ...dates });
    const hotel = (name: string) => one('INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3) RETURNING id', [city, name, `h-${name.length}-${Date.now()}-${Math.random()}`]);
    const [first, second, third] = [await hotel('Отель Волна'), await hotel('Отель Песок'), await hotel('Отель Маяк')];
    const id = await one(`INSERT INTO sea_tours (name, slug, city_id) VALUES ('Море в Евпатории', $1, $2) RETURNING id`, [`sea-${Date.now()}`, city]);
    await app.db.query('INSERT INTO sea_tour_transfer_types (sea_tour_id, transfer_type, position) VALUES ($1, 3, 0), ($1, 1, 1)', [id]);
    const groupA = await one('INSERT INTO sea_tour_hotel_groups (sea_tour_id, position) VALUES ($1, 0) RETURNING id', [id]);
    const groupB = await one('INSERT INTO sea_tour_hotel_groups (sea_tour_id, position) VALUES ($1, 1) RETURNING id', [id]);
    await app.db.query('INSERT INTO sea_tour_group_hotels (group_id, hotel_id, position) VALUES ($1, $2, 0), ($1, $3, 1), ($4, $5, 0)', [groupA, second, first, groupB, third]);
    await app.db.query('INSERT INTO sea_tour_transports (sea_tour_id, transport_forth_id, transport_back_id, position) VALUES ($1, $2, $3, 0)', [id, there, back]);

    const response = await accountant.get(API_PREFIX + APPLICATION_PATHS.product(ProductKind.SeaTour, id));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({
      kind: 'sea_tour',
      id,
      name: 'Море в Евпатории',
      city: { id: city, name: 'Евпатория' },
      transfer_types: [
        { id: 3, name: 'Авиа' },
        { id: 1, name: 'Автобус' },
      ],
      hotels: [
        { id: second, name: 'Отель Песок', group_id: groupA },
        { id: first, name: 'Отель Волна', group_id: groupA },
        { id: third, name: 'Отель Маяк', group_id: groupB },
      ],
      transports: [{ forth: { id: there, name: 'Тула — Евпатория' }, back: { id: back, name: 'Евпатория — Тула' } }],
    } satisfies SeaTourProduct);
  });
});

describe('unknown products', () => {
  it('404 for an id no product has, a kind that is no product, an id that is no number', async () => {
    const missing = 2_147_483_000;
    for (const kind of [ProductKind.Hotel, ProductKind.Tour, ProductKind.Transport, ProductKind.SeaTour]) {
      const response = await admin.get(API_PREFIX + APPLICATION_PATHS.product(kind, missing));
      expect(response.status, kind).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.http.notFound });
    }
    expect((await admin.get(`/api/applications/products/planes/1`)).status).toBe(404);
    expect((await admin.get(`/api/applications/products/hotel/1`)).status).toBe(404);
    expect((await admin.get(`/api/applications/products/hotels/abc`)).status).toBe(404);
    expect((await admin.get(API_PREFIX + APPLICATION_PATHS.services(ProductKind.Hotel, missing))).status).toBe(404);
    expect((await admin.get(API_PREFIX + APPLICATION_PATHS.services(ProductKind.Tour, missing))).status).toBe(404);
  });
});

describe('GET /api/applications/staff/list', () => {
  let colleague: TestUser;
  let retired: TestUser;

  beforeAll(async () => {
    colleague = await app.createUser({ role: Role.Manager, surname: 'Коллегова', name: 'Ирина', patronymic: 'Петровна' });
    retired = await app.createUser({ role: Role.Manager, surname: 'Уволенная', name: 'Зоя', patronymic: null, is_active: false });
  });

  const staff = async (client: ApiClient, query = '') => {
    const response = await client.get(`${API_PREFIX}${APPLICATION_PATHS.staff}/list${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as StaffOption[];
  };

  it('gives the administrator and the accountant every active user by full name, with the assigned manager even when switched off', async () => {
    for (const client of [admin, accountant]) {
      const everyone = await staff(client);
      const names = everyone.map((user) => user.full_name);
      expect(names).toEqual(expect.arrayContaining(['Админова Ольга', 'Бухова Вера', 'Менеджерова Анна', 'Коллегова Ирина Петровна']));
      expect(names).not.toContain('Уволенная Зоя');
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(everyone.find((user) => user.id === colleague.id)).toEqual({ id: colleague.id, name: 'Коллегова Ирина Петровна', full_name: 'Коллегова Ирина Петровна' });
      expect((await staff(client, `?user_id=${retired.id}`)).map((user) => user.id)).toContain(retired.id);
    }
  });

  it('gives a manager only themself, and the application’s assigned manager named by user_id', async () => {
    expect(await staff(manager)).toEqual([{ id: managerUser.id, name: 'Менеджерова Анна', full_name: 'Менеджерова Анна' }]);
    expect((await staff(manager, `?user_id=${colleague.id}`)).map((user) => user.id)).toEqual([colleague.id, managerUser.id]);
    expect((await staff(manager, `?user_id=${retired.id}`)).map((user) => user.id)).toEqual([managerUser.id, retired.id]);
    // The query narrows; it never widens what a manager is offered.
    expect(await staff(manager, '?query=Коллегова')).toEqual([]);
    expect((await staff(manager, `?query=Коллегова&user_id=${colleague.id}`)).map((user) => user.id)).toEqual([colleague.id]);
  });

  it('searches, is bounded like the other pickers, and refuses a bad parameter with 422', async () => {
    expect((await staff(admin, '?query=коллег')).map((user) => user.id)).toEqual([colleague.id]);
    expect(await staff(admin, '?limit=2')).toHaveLength(2);
    const tooMany = await admin.get(`${API_PREFIX}${APPLICATION_PATHS.staff}/list?limit=100000`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toHaveProperty('limit');
    const notAnId = await admin.get(`${API_PREFIX}${APPLICATION_PATHS.staff}/list?user_id=abc`);
    expect(notAnId.status).toBe(422);
    expect(notAnId.body.errors).toHaveProperty('user_id');
  });
});

describe('GET /api/applications/agency-users/list', () => {
  let agencyId: number;
  let otherAgencyId: number;

  beforeAll(async () => {
    agencyId = await one(`INSERT INTO agencies (legal_name) VALUES ('ООО «Южный берег»') RETURNING id`, []);
    otherAgencyId = await one(`INSERT INTO agencies (legal_name) VALUES ('ООО «Северный ветер»') RETURNING id`, []);
    await app.db.query(`INSERT INTO agency_users (agency_id, full_name) VALUES ($1, 'Сидорова Мария'), ($1, 'Алексеев Пётр'), ($2, 'Чужой Сотрудник')`, [agencyId, otherAgencyId]);
  });

  it('gives the agency’s employees by name to every role, searched', async () => {
    const ids = await app.db.query<{ id: number; full_name: string; phone: string | null; email: string | null }>(
      'SELECT id, full_name, phone, email FROM agency_users WHERE agency_id = $1 ORDER BY full_name',
      [agencyId],
    );
    // Each with its phone and e-mail, what tells namesakes apart (issue 27).
    const detail = (phone: string | null, email: string | null) => [phone && formatPhone(phone), email].filter(Boolean).join(' · ') || null;
    for (const client of [accountant, manager, admin]) {
      const response = await client.get(`${API_PREFIX}${APPLICATION_PATHS.agencyUsers}/list?agency_id=${agencyId}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ data: ids.map(({ id, full_name, phone, email }) => ({ id, name: full_name, full_name, detail: detail(phone, email) })) });
    }
    const searched = await manager.get(`${API_PREFIX}${APPLICATION_PATHS.agencyUsers}/list?agency_id=${agencyId}&query=сидор`);
    expect(searched.body.data.map((user: { full_name: string }) => user.full_name)).toEqual(['Сидорова Мария']);
  });

  it('422 without an agency, 404 for an agency that does not exist', async () => {
    const without = await manager.get(`${API_PREFIX}${APPLICATION_PATHS.agencyUsers}/list`);
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ agency_id: [MESSAGES.validation.required] });
    expect((await manager.get(`${API_PREFIX}${APPLICATION_PATHS.agencyUsers}/list?agency_id=2147483000`)).status).toBe(404);
  });
});

describe('GET /api/applications/data', () => {
  it('serves the shared dictionaries, the vendors and empty staff lists', async () => {
    const vendorId = await one(`INSERT INTO vendors (name) VALUES ('Поставщик справочника') RETURNING id`, []);
    const response = await accountant.get(API_PREFIX + APPLICATION_PATHS.data);
    expect(response.status).toBe(200);
    const data = response.body as ApplicationEditorData;
    expect(data.statuses.map(({ id, name }) => ({ id, name }))).toEqual(APPLICATION_STATUSES.map(({ id, name }) => ({ id, name })));
    expect(data.statuses.find((status) => status.id === 6)).toMatchObject({ paymentStatuses: [3, 4] });
    expect(data.types.map((type) => type.id)).toEqual(APPLICATION_TYPES.map((type) => type.id));
    expect(data.types.find((type) => type.id === 5)).toEqual({ id: 5, name: 'Авиа', product: null, touristsEditable: false });
    expect(data.payment_methods).toHaveLength(APPLICATION_PAYMENT_METHODS.length);
    expect(data.payment_methods.find((method) => method.id === 1)).toEqual({ id: 1, name: 'Наличные', types: ['client'], manual_payments: true });
    expect(data.payment_methods.find((method) => method.id === 2)).toEqual({ id: 2, name: 'Онлайн', types: ['client', 'agency'], manual_payments: false });
    expect(data.payment_statuses).toEqual([
      { id: 1, name: 'Не оплачена' },
      { id: 2, name: 'Частично оплачена' },
      { id: 3, name: 'Оплачена' },
      { id: 4, name: 'Переплата' },
    ]);
    expect(data.payment_row_statuses.map((status) => status.name)).toEqual(['Ожидает', 'Оплачен', 'Возврат']);
    expect(data.requester_types).toEqual([
      { id: 'client', name: 'Клиент' },
      { id: 'agency', name: 'Агентство' },
    ]);
    expect(data.sources.map((source) => source.id)).toEqual(['search_module', 'web_site', 'mobile_application', 'vk_application']);
    expect(data.platforms).toEqual([
      { id: 'Android', name: 'Android' },
      { id: 'IOS', name: 'IOS' },
    ]);
    expect(data.transfer_types.map((type) => type.name)).toEqual(['Автобус', 'Ж/д', 'Авиа']);
    expect(data.tourists.documents).toEqual(TOURIST_DOCUMENTS.map(({ id, name }) => ({ id, name })));
    expect(data.tourists.genders.map((gender) => gender.name)).toEqual(['Мужской', 'Женский']);
    expect(data.tourists.citizenship[0]).toEqual({ id: 1, name: 'Россия' });
    expect(data.users).toEqual([]);
    expect(data.agency_users).toEqual([]);
    expect(data.vendors).toContainEqual({ id: vendorId, name: 'Поставщик справочника' });
    expect(data.vendors_data).toEqual({ payment_methods: PAYMENT_METHODS.map(({ type, title }) => ({ type, title })) });
  });
});

describe('statements', () => {
  it('each kind of product is read in one statement', async () => {
    let statements = 0;
    const counting = {
      query: (sql: string, params?: unknown[]) => {
        statements++;
        return app.db.query(sql, params);
      },
    } as Parameters<typeof readProduct>[0];
    const tables = { [ProductKind.Hotel]: 'hotels', [ProductKind.Tour]: 'tours', [ProductKind.Transport]: 'transports', [ProductKind.SeaTour]: 'sea_tours' } as const;
    for (const [kind, table] of Object.entries(tables) as [ProductKind, string][]) {
      const [{ id }] = (await app.db.query<{ id: number }>(`SELECT max(id) AS id FROM ${table}`)) as [{ id: number }];
      statements = 0;
      expect(await readProduct(counting, kind, id), kind).toMatchObject({ kind, id });
      expect(statements, kind).toBe(1);
    }
  });
});

describe('roles', () => {
  it('every call is open to the administrator, the accountant and the manager, and to nobody signed out', async () => {
    const hotelId = (await app.db.query<{ id: number }>('SELECT min(id) AS id FROM hotels'))[0]!.id;
    const tourId = (await app.db.query<{ id: number }>('SELECT min(id) AS id FROM tours'))[0]!.id;
    const agencyId = (await app.db.query<{ id: number }>('SELECT min(id) AS id FROM agencies'))[0]!.id;
    const paths = [
      APPLICATION_PATHS.data,
      APPLICATION_PATHS.product(ProductKind.Hotel, hotelId),
      APPLICATION_PATHS.product(ProductKind.Tour, tourId),
      APPLICATION_PATHS.product(ProductKind.Transport, ground.transportForthId),
      `${APPLICATION_PATHS.staff}/list`,
      `${APPLICATION_PATHS.agencyUsers}/list?agency_id=${agencyId}`,
      APPLICATION_PATHS.services(ProductKind.Hotel, hotelId),
      APPLICATION_PATHS.services(ProductKind.Tour, tourId),
    ];
    for (const path of paths) {
      for (const client of [admin, accountant, manager]) expect((await client.get(API_PREFIX + path)).status, path).toBe(200);
      const anonymous = await app.client().get(API_PREFIX + path);
      expect(anonymous.status, path).toBe(401);
    }
  });
});
