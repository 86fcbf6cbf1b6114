/**
 * Realistic records for the walks over every screen (Russian text, clean console, 1366×768): one or
 * more rows in each list built so far, with the long values an office types (long legal names,
 * e-mails, addresses, three-digit counters), so layouts are judged on real content. Idempotent: a
 * record is added only when the list does not hold it yet, so a second run (or another file's data)
 * changes nothing. Screens built later bring rows of their own through their own tests or this list.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createHotelHandbooks, hotelPayload } from '../../server/test/hotel-fixtures.js';
import { daysFromToday, insertTransport, insertTransportation } from '../../server/test/transport-fixtures.js';
import { toPayloadBody } from '../../shared/editor.js';
import { routePath } from '../../shared/routes.js';
import { sql } from './session.js';

async function xsrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}

async function firstMatch(request: APIRequestContext, path: string, query: string): Promise<{ id: number } | undefined> {
  const reply = await request.get(`/api${path}`, { params: { query, limit: 1 } });
  expect(reply.status(), `GET ${path}`).toBe(200);
  return ((await reply.json()) as { data: { id: number }[] }).data[0];
}

/** Adds the record unless a search for `query` already finds one; answers its id. */
async function ensure(page: Page, path: string, query: string, body: Record<string, unknown>): Promise<number> {
  const existing = await firstMatch(page.request, path, query);
  if (existing) return existing.id;
  const reply = await page.request.post(`/api${path}`, { data: body, headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
  expect(reply.status(), `POST ${path}: ${await reply.text()}`).toBe(201);
  return ((await reply.json()) as { data: { id: number } }).data.id;
}

const AGENCIES = [
  {
    legal_name: 'Общество с ограниченной ответственностью «Туристическая компания Южный берег Крыма и Кавказа»',
    brand: 'Южный берег — путешествия для всей семьи',
    actual_address: 'Республика Крым, г. Ялта, пгт Гаспра, Алупкинское шоссе, д. 9А, офис 214',
    legal_address: 'Республика Крым, г. Симферополь, ул. Александра Невского, д. 27, помещение 3',
    contact_phone: '+7 (978) 123-45-67',
    contact_email: 'reservations.department@yuzhny-bereg-travel.ru',
    commission_type: 2,
    commission_sum: 12,
    has_search_module: true,
    search_module_url: 'https://search-module.yuzhny-bereg-travel.ru/widgets/hotels?partner=1024',
  },
  {
    legal_name: 'ИП Ковалёва Анастасия Викторовна',
    brand: 'Анастасия-Тур',
    actual_address: 'г. Краснодар, ул. Красная, д. 176, литер Б',
    legal_address: 'г. Краснодар, ул. Красная, д. 176',
    contact_phone: '+7 (918) 765-43-21',
    contact_email: 'a.kovaleva@anastasia-tour.ru',
    commission_type: 1,
    commission_sum: 150000,
    has_search_module: false,
  },
  {
    legal_name: 'ООО «Северное сияние»',
    brand: null,
    actual_address: 'г. Мурманск, пр. Ленина, д. 82',
    legal_address: 'г. Мурманск, пр. Ленина, д. 82',
    contact_phone: '+7 (815) 245-00-11',
    contact_email: 'info@severnoe-siyanie.travel',
    commission_type: 2,
    commission_sum: 100,
    has_search_module: false,
  },
];

const CLIENTS = [
  { surname: 'Константинопольский', name: 'Александр', patronymic: 'Вячеславович', phone: '+7 (916) 123-45-67', email: 'konstantinopolsky.alexander@example-mail.ru' },
  { surname: 'Иванова', name: 'Мария', patronymic: 'Петровна', phone: '+7 (903) 555-12-34', email: 'maria.ivanova@example.ru' },
  { surname: 'Ким', name: 'Олег', patronymic: null, phone: '+7 (999) 000-11-22', email: null },
];

/** The comment the walk's seeded applications carry (so a second run adds none). */
const SEEDED_APPLICATION = 'Семья просит номер с видом на море и места в начале автобуса';

/**
 * Seeds every list built so far; answers the records the walk opens besides the first of each list:
 * the seeded applications, one of each kind of product (a hotel, an avia one with transfers, a bus tour).
 */
export async function seedScreens(page: Page): Promise<{ name: 'application-edit'; path: string }[]> {
  const agencies = [];
  for (const agency of AGENCIES) agencies.push(await ensure(page, '/agencies', agency.contact_email, agency));
  // Every status on screen: the third agency is verified and has its contract signed.
  for (const transition of ['approve', 'contract']) {
    const reply = await page.request.put(`/api/agencies/${agencies[2]}/${transition}`, { headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
    expect([200, 409]).toContain(reply.status());
  }
  for (const client of CLIENTS) await ensure(page, '/clients', client.surname, client);
  await ensure(page, '/vendors', 'Гостиничная сеть', {
    name: 'Гостиничная сеть «Азимут Отели Россия» — бронирование групп',
    address: 'г. Москва, Смоленская пл., д. 8',
    email: 'groups@azimut-hotels.example',
    contact_name: 'Смирнова Елена',
    contact_phone: '+7 (495) 123-45-67',
    inn: '7701234567',
    payment_method: 'bank_transfer',
    is_external_service: true,
    payload: { login: 'api-user' },
  });
  await ensure(page, '/vendors', 'Автобусный парк', { name: 'Автобусный парк «Крымтроллейбус»' });
  // An import (issue 31): a vendor connected by protocol v1 whose types an update cached, with log lines.
  const service = await ensure(page, '/vendors', 'Сервис бронирования', {
    name: 'Сервис бронирования отелей «Крым-Онлайн»',
    is_external_service: true,
    payload: { protocol: 'v1', base_url: 'https://api.crimea-online.example/v1', login: 'backoffice', password: 'секрет' },
  });
  await sql(`INSERT INTO vendor_types (vendor_id, id, name) VALUES ($1, 'hotels', 'Отели и гостевые дома') ON CONFLICT DO NOTHING`, [service]);
  if ((await sql('SELECT id FROM imports WHERE vendor_id = $1', [service])).length === 0) {
    const items = [
      { id: 'YLT-1024', name: 'Гостевой дом «Ласточкино гнездо» у Приморского парка' },
      { id: 'YLT-2048', name: 'Парк-отель «Марат» — корпус 2' },
    ];
    // Inactive: the import job would ask the example address and mark it failed over the status set below.
    const reply = await page.request.post('/api/imports', { data: { vendor_id: service, type: 'hotels', items, is_active: false }, headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
    expect(reply.status(), `POST /imports: ${await reply.text()}`).toBe(201);
    const { id } = ((await reply.json()) as { data: { id: number } }).data;
    await sql(
      `INSERT INTO import_logs (import_id, message, status) VALUES ($1, 'Импорт начат', 'info'), ($1, 'Гостевой дом «Ласточкино гнездо» у Приморского парка: обновлён, 4 номера', 'success')`,
      [id],
    );
    await sql(`UPDATE imports SET status = 3, progress = 100, last_log_at = now() WHERE id = $1`, [id]);
  }
  const countryId = await ensure(page, '/countries', 'Россия', { name: 'Россия' });
  const yalta = await ensure(page, '/cities', 'Ялта', { name: 'Ялта', country_id: countryId, slug: 'yalta' });
  const simferopol = await ensure(page, '/cities', 'Симферополь', { name: 'Симферополь', country_id: countryId, slug: 'simferopol', near_cities: [yalta] });
  await ensure(page, '/directions', 'Южный берег', { name: 'Южный берег Крыма', cities: [yalta], sort: 10 });
  await ensure(page, '/hotels/directions', 'Набережная', { name: 'Набережная имени Ленина', city_id: yalta, info: 'Центр города, 5 минут до моря' });
  await ensure(page, '/hotels/meals', 'Завтрак', { name: 'Завтрак «шведский стол»', category_type: 2 });
  await ensure(page, '/hotels/accommodations', 'Основное', { name: 'Основное место' });
  await ensure(page, '/hotels/services', 'Бассейн', { name: 'Бассейн с подогревом', icon: 'pool', is_filter: true });
  await ensure(page, '/hotels/promotions', 'Скидка при бронировании', { name: 'Скидка при бронировании до марта', discount: true, percent: 15, date_from: '2026-01-10', date_to: '2026-03-31' });
  const typeId = await ensure(page, '/hotels/infrastructure-types', 'Пляж', { name: 'Пляж' });
  await ensure(page, '/hotels/infrastructures', 'Галечный', { name: 'Галечный пляж', infrastructure_type_id: typeId });
  for (const path of ['types', 'descriptions', 'services', 'equipment', 'furniture', 'bathroom']) {
    await ensure(page, `/hotels/rooms/${path}`, 'Стандарт', { name: 'Стандарт' });
  }
  await ensure(page, '/hotels/rooms/places', 'Двухместное', { name: 'Двухместное размещение', places_count: 2, adv_places_count: 1 });
  await ensure(page, '/tours/excursion/categories', 'Обзорные', { name: 'Обзорные экскурсии' });
  await ensure(page, '/tours/excursion/trade-offers', 'Хит', { name: 'Хит сезона', icon: 'star' });
  await ensure(page, '/tours/types', 'Автобусный', { name: 'Автобусный тур' });
  // A tour service (its list and dialog): a group one, whose periods show the vendor's price, with two child brackets.
  const excursionVendor = await ensure(page, '/vendors', 'Крымские тропы', { name: 'Экскурсионное бюро «Крымские тропы»' });
  await ensure(page, '/tours/services', 'Ай-Петри', {
    name: 'Канатная дорога на Ай-Петри',
    class: 3,
    vendor_id: excursionVendor,
    description: 'Подъём по канатной дороге Мисхор — Ай-Петри с гидом',
    dates: [
      { from: '2027-05-01', to: '2027-09-30', vendor_price: 900, adult_price: 1500, commission_adult_type: 2, commission_adult_sum: 10, child_prices: [{ age_from: 0, age_to: 6, price: 0 }, { age_from: 6, age_to: 14, price: 1000 }] },
    ],
  });
  // Catalogue sections: a parent and a child with a long description (the list's description and parent columns).
  const seaSection = await ensure(page, '/catalog-sections', 'Морской отдых', { name: 'Морской отдых', sort: 10 });
  await ensure(page, '/catalog-sections', 'Южный берег Крыма', {
    name: 'Южный берег Крыма: отели у моря с собственным пляжем и бассейном',
    catalog_section_id: seaSection,
    description: 'Подборка отелей Ялты, Алушты и Гурзуфа в пешей доступности от моря: завтраки включены, трансфер от вокзала Симферополя',
    price: 'от 4 500 ₽ за ночь',
  });
  // A hotel (its editor, rooms and periods) and a bus transport with departures (its schedule page), until their own editors make them.
  if (!(await firstMatch(page.request, '/hotels', 'Ялта-Интурист'))) {
    const handbooks = await createHotelHandbooks(sql, 'обход');
    // The fixture's code-like placement name, as an office would write it.
    await sql('UPDATE room_places SET name = $1 WHERE id = $2', ['Двухместное с доп. местом (обход)', handbooks.placeId]);
    const hotel = hotelPayload(handbooks, 'Гостиница «Ялта-Интурист» — корпус «Таврида» с видом на море', { rooms: 2, periodsPerRoom: 2, slug: 'yalta-intourist' });
    const reply = await page.request.post('/api/hotels', { data: toPayloadBody(hotel), headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  const transportName = 'Симферополь — Ялта (обзорная экскурсия по Южному берегу)';
  if ((await sql('SELECT id FROM transports WHERE name = $1', [transportName])).length === 0) {
    const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
    await insertTransport(db, { name: transportName, transportationId: await insertTransportation(db, undefined, 'Автобус «Неоплан Туристар», 49 мест'), cities: [simferopol, yalta], startDate: daysFromToday(-1), finishDate: daysFromToday(60), dates: [daysFromToday(3), daysFromToday(10)] });
  }
  // An excursion tour with a past and three upcoming dates, its checklist made and the first upcoming date ticked (green; the others red).
  if (!(await firstMatch(page.request, '/tours', 'Крым за выходные'))) {
    const headers = { 'X-XSRF-TOKEN': await xsrf(page) };
    const type = await firstMatch(page.request, '/tours/types', 'Автобусный');
    const [transport] = await sql<{ id: number }>('SELECT id FROM transports WHERE name = $1', [transportName]);
    const hotel = await firstMatch(page.request, '/hotels', 'Ялта-Интурист');
    const byTransport = type?.id === 1;
    const tour = {
      name: 'Крым за выходные: Ялта, Ливадийский и Воронцовский дворцы, Ласточкино гнездо',
      tour_type_id: type?.id,
      duration: 3,
      is_active: true,
      ...(byTransport ? { transport_forth_id: transport!.id } : { city_id: yalta }),
      hotels: hotel ? [{ id: hotel.id, city_id: yalta, arrival_day: 1, departure_day: 3 }] : [],
      meals: [{ name: 'Обед в ресторане «Ореанда»', days: [1, 2], dates: [{ from: daysFromToday(-30), to: daysFromToday(90), price: 900, commission_type: 1, commission_sum: 100 }] }],
      days: [
        { name: 'Ялта и Ливадия', description: '<p>Набережная, Ливадийский дворец, Царская тропа.</p>' },
        { name: 'Алупка', description: '<p>Воронцовский дворец и парк, Ласточкино гнездо.</p>' },
      ],
      dates: [daysFromToday(-7), daysFromToday(5), daysFromToday(12), daysFromToday(19)],
      short_description: 'Три дня на Южном берегу Крыма с проживанием в Ялте',
      external_link: 'https://example.com/tours/krym-za-vyhodnye',
    };
    const created = await page.request.post('/api/tours', { data: toPayloadBody(tour), headers });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const checklist = await page.request.post(`/api/tours/${id}/checklist`, { headers });
    expect(checklist.status(), await checklist.text()).toBe(201);
    const { data } = (await checklist.json()) as { data: { current: { points: { id: number; version: number }[] }[] } };
    const points = data.current[0]!.points.map((point) => ({ id: point.id, version: point.version, checked: true }));
    const ticked = await page.request.patch(`/api/tours/${id}/checklist`, { data: { points }, headers });
    expect(ticked.status(), await ticked.text()).toBe(200);
  }
  // A route there and back on that transport, with a hotel of Yalta at its finish (the routes list and editor).
  if ((await sql('SELECT r.id FROM tour_routes r JOIN transports t ON t.id = r.transport_id WHERE t.name = $1', [transportName])).length === 0) {
    const [transport] = await sql<{ id: number; finish: number }>(
      `SELECT t.id, p.id AS finish FROM transports t JOIN transport_route_points p ON p.transport_id = t.id AND p.kind = 'finish' WHERE t.name = $1`,
      [transportName],
    );
    const hotelName = 'Гостиница «Ореанда» на набережной';
    const [hotel] = await sql<{ id: number }>('SELECT id FROM hotels WHERE name = $1', [hotelName]);
    const hotelId = hotel?.id ?? (await sql<{ id: number }>('INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3) RETURNING id', [yalta, hotelName, 'oreanda']))[0]!.id;
    const [forth, back] = [daysFromToday(3), daysFromToday(10)].map((date) => date.split('-').reverse().join('.'));
    const reply = await page.request.post('/api/routes', {
      data: { transport_type: 1, transport_id: transport!.id, kind: 1, forth_date: forth, back_date: back, routes: [{ is_forth: true, transport_route_id: transport!.finish, hotels: [{ id: hotelId, arrival_date: forth, arrival_time: '20:30' }] }] },
      headers: { 'X-XSRF-TOKEN': await xsrf(page) },
    });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  // A sea tour in the seeded hotel's city: a hotel group with its own markups, railway and avia transfers.
  if (!(await firstMatch(page.request, '/sea-tours', 'Бархатный сезон'))) {
    const [hotel] = await sql<{ id: number; city_id: number }>('SELECT id, city_id FROM hotels WHERE slug = $1', ['yalta-intourist']);
    const tour = {
      name: 'Бархатный сезон у моря',
      city_id: hotel!.city_id,
      info: ['Пляж в 5 минутах', 'Завтраки включены'],
      commission_sum: 10,
      commission_railway_sum: 8,
      commission_avia_sum: 5,
      transfer_types_ids: [2, 3],
      hotels: [{ hotels_ids: [hotel!.id], commission_sum: 12, commission_railway_sum: 9, commission_avia_sum: 6 }],
    };
    const reply = await page.request.post('/api/sea-tours', { data: toPayloadBody(tour), headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  // A tour calculator (issue 30) with a priced day and a hotel's room line, so the walk opens its tabs and dialogs.
  if (!(await firstMatch(page.request, '/tours/calculators', 'Ялта на выходные'))) {
    const [hotel] = await sql<{ id: number }>('SELECT id FROM hotels WHERE slug = $1', ['yalta-intourist']);
    const calculator = {
      name: 'Ялта на выходные: группа школьников',
      duration: 2,
      adult_count: 2,
      child_count: 20,
      free_count: 1,
      commission_sum: 12,
      days: [
        { name: 'Ливадийский дворец', tour_guide_price: 4000, auto_price: 18000, meals: [{ name: 'Обед', sum: 650 }], services: [{ name: 'Билеты во дворец', type: 1, adult_price: 900, child_price: 450 }] },
        { name: 'Ласточкино гнездо', tour_guide_price: 4000, auto_price: 12000, additional_services: [{ name: 'Канатная дорога', sum: 700 }] },
      ],
      hotels: [{ hotel_id: hotel!.id, arrival_day: 1, departure_day: 2, rooms: [{ name: 'Четырёхместный', count: 6, duration: 1, sum: 6000 }] }],
    };
    const reply = await page.request.post('/api/tours/calculators', { data: calculator, headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  // Applications (issue 18): one of a hotel and one of the bus transport with seats, for the editor's walk.
  if ((await sql(`SELECT id FROM applications WHERE comment = $1`, [SEEDED_APPLICATION])).length === 0) {
    const [client] = await sql<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1');
    const [room] = await sql<{ hotel_id: number; room_id: number; from: string }>(
      `SELECT r.hotel_id, r.id AS room_id, min(p.date_from)::text AS from FROM hotels h JOIN hotel_rooms r ON r.hotel_id = h.id JOIN hotel_room_prices p ON p.room_id = r.id
        WHERE h.slug = 'yalta-intourist' GROUP BY r.hotel_id, r.id ORDER BY r.id LIMIT 1`,
    );
    const [points] = await sql<{ transport_id: number; from_id: number; to_id: number }>(
      `SELECT t.id AS transport_id, min(p.id) FILTER (WHERE p.kind = 'start') AS from_id, min(p.id) FILTER (WHERE p.kind = 'finish') AS to_id
         FROM transports t JOIN transport_route_points p ON p.transport_id = t.id WHERE t.name = $1 GROUP BY t.id`,
      [transportName],
    );
    const tourists = [
      { last_name: 'Константинопольский', first_name: 'Александр', patronymic: 'Владимирович', birthday_date: '1979-05-14', document_number: '4512345678' },
      { last_name: 'Константинопольская', first_name: 'Екатерина', patronymic: 'Сергеевна', birthday_date: '1983-11-02', document_number: '4598765432' },
    ];
    const common = { requester_type: 'client', requester_id: client!.id, adult_count: 2, phone: '+79781234567', email: 'konstantinopolsky.family@example.com', comment: SEEDED_APPLICATION, tourists };
    const stayEnd = new Date(`${room!.from}T00:00:00Z`);
    stayEnd.setUTCDate(stayEnd.getUTCDate() + 3);
    const applications = [
      { ...common, application_type: 1, applicationable_id: room!.hotel_id, accommodations: [{ hotel_id: room!.hotel_id, room_id: room!.room_id, start_at: room!.from, finish_at: stayEnd.toISOString().slice(0, 10), adult_count: 2 }] },
      // An avia application: its transfers are the whole order (the Трансферы tab names their cities; a manual price).
      {
        ...common,
        application_type: 5,
        tourists: [],
        manual_price_without_discount: 64400,
        transfer_forth: { from_city_id: simferopol, to_city_id: yalta, transfer_type: 2, start_at: daysFromToday(3), finish_at: daysFromToday(3) },
        transfer_back: { from_city_id: yalta, to_city_id: simferopol, transfer_type: 2, start_at: daysFromToday(10), finish_at: daysFromToday(10) },
      },
      {
        ...common,
        application_type: 3,
        applicationable_id: points!.transport_id,
        transport_forth: { transport_id: points!.transport_id, departure_date: daysFromToday(3), from_route_id: points!.from_id, to_route_id: points!.to_id },
        seats_forth: [
          { number: 7, tourist_index: 0 },
          { number: 8, tourist_index: 1 },
        ],
      },
    ];
    for (const application of applications) {
      const reply = await page.request.post('/api/applications', { data: toPayloadBody(application), headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
      expect(reply.status(), await reply.text()).toBe(201);
    }
  }
  const seeded = await sql<{ id: number }>('SELECT id FROM applications WHERE comment = $1 ORDER BY id', [SEEDED_APPLICATION]);
  const documents = await firstMatch(page.request, '/agencies/files', 'Договор');
  if (!documents) {
    const reply = await page.request.post('/api/agencies/files', {
      headers: { 'X-XSRF-TOKEN': await xsrf(page) },
      multipart: {
        description: 'Договор агентирования с приложениями: порядок бронирования, оплаты и аннуляции',
        sort: '10',
        file: { name: 'Договор агентирования.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
      },
    });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  return seeded.map(({ id }) => ({ name: 'application-edit' as const, path: routePath('application-edit', { id }) }));
}
