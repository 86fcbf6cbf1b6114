/** The fake-data generator on a real PostgreSQL: the office it makes is valid, Russian, varied and repeatable. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { Role } from '../../shared/roles.js';
import { dashboardGrid, type SeatDashboard } from '../../shared/transport/schedules.js';
import { seatLayout, seatSchemeSvg } from '../../shared/transport/seat-scheme.js';
import { departureDates } from '../../shared/transport/rules.js';
import { todayIso } from '../../shared/transport/constants.js';
import { createTestDatabase, startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { addDays } from './bulk.js';
import { fillFakeData } from './index.js';
import { FAKE_STAFF_PASSWORD } from './staff.js';
import { tourThemeOf } from './tours.js';
import { FULLEST_DEPARTURE } from './transports.js';

/**
 * Sizes that prove the rules below, not the demo's (server/demo.ts): every kind, and few bus transports — each
 * brings a hundred or more passengers' applications saved through the commands, the fill's cost. Three are a
 * coach line both ways and an excursion; with these sizes the line's forth departs on dates and the other two
 * by weekdays (the seeded draws: other sizes draw otherwise), so both departure modes are checked — the test
 * of the transports says so, and fails if a change of the generator's draws takes one away. 200 applications
 * of the applications kind: with so few buses, 120 left some days with no cancelled one on a bus (the seats
 * test needs one; the office is made around the day the test runs); 200 gave 1–10 on each of twelve days.
 */
const SIZES = { cities: 30, staff: 40, clients: 600, agencies: 12, hotels: 6, transportations: 4, transports: 3, tours: 4, routes: 12, sea_tours: 5, tour_calculators: 6, catalog_sections: 9, applications: 200 };
/** A fill saves every application through the commands (about 640 here): tens of seconds on a loaded machine. */
const FILL_TIMEOUT = 600_000;

let app: TestApp;
let sql: pg.Client;
beforeAll(async () => {
  app = await startTestApp();
  sql = new pg.Client({ connectionString: app.db.url });
  await sql.connect();
  await fillFakeData(sql, SIZES);
}, FILL_TIMEOUT);
afterAll(async () => {
  await sql?.end();
  await app?.close();
});

describe('fillFakeData', () => {
  it('makes the asked numbers of valid records with Russian names, unique e-mails and phones', async () => {
    const count = async (table: string) => Number((await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    // The locale's cities (slugs numbered by geography.ts); hotels and transports add the resorts and towns they need.
    expect(await count(`cities WHERE slug ~ '-[0-9]+$'`)).toBe(30);
    expect(await count('cities')).toBeGreaterThan(30);
    expect(await count('users')).toBe(40);
    expect(await count('clients')).toBe(600);
    expect(await count('agencies')).toBe(12);
    expect(await count('sea_tours')).toBe(5);
    expect(await count('sea_tour_group_hotels')).toBeGreaterThan(0);
    // Calculators with their results of the formula, half of them built from tours.
    expect(await count(`tour_calculators WHERE jsonb_array_length(results) >= 6`)).toBe(6);
    expect(await count('tour_calculators WHERE tour_id IS NOT NULL')).toBe(3);
    expect(await count('agency_users')).toBeGreaterThan(0);
    // Catalogue sections: a tree of main sections and resorts under them, some hotels placed in them.
    expect(await count('catalog_sections')).toBe(9);
    expect(await count('catalog_sections WHERE catalog_section_id IS NOT NULL')).toBe(6);
    expect(await count('hotel_catalog_sections')).toBeGreaterThan(0);

    const clients = await app.db.query<{ surname: string; name: string; phone: string; email: string | null }>('SELECT surname, name, phone, email FROM clients');
    for (const client of clients) {
      expect(client.surname).toMatch(/^[А-ЯЁ][а-яё-]+$/);
      expect(client.name).toMatch(/^[А-ЯЁ][а-яё-]+$/);
      expect(client.phone).toMatch(/^\+79\d{9}$/);
      if (client.email) expect(client.email).toMatch(/^[a-z.]+\d+@[a-z.]+$/);
    }
    expect(new Set(clients.map((client) => client.phone)).size).toBe(clients.length);
    const emails = clients.flatMap((client) => (client.email ? [client.email] : []));
    expect(new Set(emails).size).toBe(emails.length);
    // Varied: many surnames of both sexes.
    expect(new Set(clients.map((client) => client.surname)).size).toBeGreaterThan(200);

    // The counts the database keeps match the tables.
    for (const table of ['users', 'clients', 'agencies']) {
      const [kept] = await app.db.query<{ n: string }>(`SELECT sum(delta) AS n FROM row_counts WHERE table_name = $1 AND key = ''`, [table]);
      expect(Number(kept!.n), table).toBe(await count(table));
    }
  });

  it('gives staff who can sign in and lists the API serves', async () => {
    const [manager] = await app.db.query<{ email: string }>(`SELECT email FROM users WHERE role = $1 AND is_active ORDER BY id LIMIT 1`, [Role.Manager]);
    const client = app.client();
    expect((await client.login(manager!.email, FAKE_STAFF_PASSWORD)).status).toBe(200);
    const agencies = await client.get('/api/agencies?orderBy=legal_name');
    expect(agencies.status).toBe(200);
    expect(agencies.body.count).toBe(12);
    expect(agencies.body.data[0].legal_name).toMatch(/^(ООО|ИП|АО) «.+»$/);
    expect((await client.get('/api/clients?query=%D0%BE%D0%B2&limit=5')).body.data).toHaveLength(5);
  });

  it('is repeatable: the same sizes give the same office', async () => {
    const again = await createTestDatabase();
    const other = new pg.Client({ connectionString: again.url });
    await other.connect();
    try {
      await fillFakeData(other, SIZES);
      const rows = (client: pg.Client) => client.query('SELECT surname, name, patronymic, phone, email FROM clients ORDER BY id').then((result) => result.rows);
      expect(await rows(other)).toEqual(await rows(sql));
      const agencies = (client: pg.Client) => client.query('SELECT legal_name, inn FROM agencies ORDER BY id').then((result) => result.rows);
      expect(await agencies(other)).toEqual(await agencies(sql));
      const prices = (client: pg.Client) =>
        client
          .query(`SELECT h.name, r.position, p.date_from::text, p.adult_price, p.total_price FROM hotel_room_prices p JOIN hotel_rooms r ON r.id = p.room_id JOIN hotels h ON h.id = r.hotel_id ORDER BY h.id, r.position, p.date_from`)
          .then((result) => result.rows);
      expect(await prices(other)).toEqual(await prices(sql));
      const seats = (client: pg.Client) =>
        client
          .query(`SELECT t.name, b.departure_date::text, b.number, b.from_position, b.to_position, s.last_name FROM seat_bookings b JOIN transports t ON t.id = b.transport_id LEFT JOIN tourists s ON s.id = b.tourist_id ORDER BY t.id, 2, 3, 4`)
          .then((result) => result.rows);
      expect(await seats(other)).toEqual(await seats(sql));
      const applications = (client: pg.Client) =>
        client.query(`SELECT type, status, source, adult_count, child_count, start_date::text, price_total::text, agency_commission::text FROM applications ORDER BY id`).then((result) => result.rows);
      expect(await applications(other)).toEqual(await applications(sql));
    } finally {
      await other.end();
      await again.drop();
    }
  }, FILL_TIMEOUT);
});

/** A record as GET answers it, without what every save changes (its version and time). */
const unversioned = ({ version: _version, updated_at: _updated, ...rest }: Record<string, unknown>) => rest;

describe('hotels, vehicle types and bus transports', () => {
  const today = todayIso();
  let manager: ApiClient;
  beforeAll(async () => {
    manager = (await app.signInAs(Role.Manager)).client;
  });

  it('gives every hotel 2–6 rooms within their place layout, each with 2–5 price periods over the coming year', async () => {
    const rooms = await app.db.query<{ hotel_id: number; rooms: number }>(`SELECT h.id AS hotel_id, count(r.id)::int AS rooms FROM hotels h LEFT JOIN hotel_rooms r ON r.hotel_id = h.id GROUP BY h.id`);
    expect(rooms).toHaveLength(SIZES.hotels);
    for (const hotel of rooms) expect(hotel.rooms, `hotel ${hotel.hotel_id}`).toBeGreaterThanOrEqual(2);
    for (const hotel of rooms) expect(hotel.rooms, `hotel ${hotel.hotel_id}`).toBeLessThanOrEqual(6);

    const periods = await app.db.query<{ room_id: number; periods: number; first: string; last: string; days: number; gaps: number }>(
      `SELECT r.id AS room_id, count(p.id)::int AS periods, min(p.date_from)::text AS first, max(p.date_to)::text AS last,
              coalesce(sum(p.date_to - p.date_from + 1), 0)::int AS days,
              count(*) FILTER (WHERE p.date_from <> (SELECT max(o.date_to) + 1 FROM hotel_room_prices o WHERE o.room_id = r.id AND o.date_to < p.date_from)
                                 AND p.date_from <> (SELECT min(date_from) FROM hotel_room_prices WHERE room_id = r.id))::int AS gaps
         FROM hotel_rooms r LEFT JOIN hotel_room_prices p ON p.room_id = r.id GROUP BY r.id`,
    );
    for (const room of periods) {
      expect(room.periods, `room ${room.room_id}`).toBeGreaterThanOrEqual(2);
      expect(room.periods, `room ${room.room_id}`).toBeLessThanOrEqual(5);
      // Back to back from this month's first day for a year: today and the next twelve months are priced.
      expect(room.first <= today && room.last >= addDays(today, 330), `room ${room.room_id}: ${room.first}…${room.last}`).toBe(true);
      expect(room.gaps, `room ${room.room_id}`).toBe(0);
    }

    // Prices per person (or per room) in whole roubles.
    const prices = await app.db.query<{ type: string; is_total_price: boolean; total_price: number | null; adult_price: number | null; child_price: number | null; adv_adult_price: number }>(
      'SELECT t.name AS type, p.is_total_price, p.total_price, p.adult_price, p.child_price, p.adv_adult_price FROM hotel_room_prices p JOIN hotel_rooms r ON r.id = p.room_id JOIN room_types t ON t.id = r.type_id',
    );
    for (const price of prices) {
      // Apartments and cottages are let whole: a price per room.
      if (['Апартаменты', 'Коттедж'].includes(price.type)) expect(price.is_total_price).toBe(true);
      if (price.is_total_price) {
        expect(price.adult_price).toBeNull();
        expect(price.total_price).toBeGreaterThanOrEqual(1_000);
      } else {
        expect(price.total_price).toBeNull();
        expect(price.adult_price).toBeGreaterThanOrEqual(500);
        expect(price.adult_price).toBeLessThanOrEqual(60_000);
        expect(price.child_price!).toBeLessThan(price.adult_price!);
      }
    }

    // Counts within the chosen place layout (shared/hotels/rules.ts), a meal the hotel offers in every room.
    const overfull = await app.db.query(
      `SELECT r.id FROM hotel_rooms r JOIN room_places p ON p.id = r.place_id
        WHERE r.adult_count + r.child_count > p.places_count OR r.adv_adult_count + r.adv_child_count > p.adv_places_count
           OR NOT EXISTS (SELECT 1 FROM hotel_room_meals m JOIN hotel_meal_items h ON h.item_id = m.item_id AND h.hotel_id = r.hotel_id WHERE m.room_id = r.id)`,
    );
    expect(overfull).toEqual([]);
    const [names] = await app.db.query<{ bad: string[] }>(`SELECT array_agg(name) FILTER (WHERE name !~ '^[А-ЯЁ][а-яё -]+ «[А-ЯЁа-яё -]+»$') AS bad FROM hotels`);
    expect(names!.bad).toBeNull();
  });

  it('makes vehicle types whose stored scheme numbers exactly their seats', async () => {
    const types = await app.db.query<{ seats: number; rear_seats: number; rows: number; columns_at_door: number; second_door: boolean; second_door_rows: number | null; second_door_length: number | null; schema_svg: string }>(
      'SELECT seats, rear_seats, rows, columns_at_door, second_door, second_door_rows, second_door_length, schema_svg FROM transportations ORDER BY id',
    );
    expect(types.map((type) => type.seats)).toEqual([49, 53, 35, 59]);
    for (const type of types) {
      expect(seatLayout(type).capacity).toBe(type.seats);
      expect(type.schema_svg).toBe(seatSchemeSvg(type));
      expect([...type.schema_svg.matchAll(/data-seat="/g)]).toHaveLength(type.seats);
    }
  });

  it('gives every bus transport a route, departures, the tariff matrix and seats booked on the coming departures', async () => {
    const transports = await app.db.query<{ id: number; seats: number; departure_type: number; start_date: string; finish_date: string; is_excursion: boolean; points: number; kinds: string[]; tariffs: number; days: { number: number }[]; dates: { start_date: string }[] }>(
      `SELECT t.id, v.seats, t.departure_type, t.start_date::text, t.finish_date::text, t.is_excursion,
              (SELECT count(*)::int FROM transport_route_points p WHERE p.transport_id = t.id) AS points,
              (SELECT array_agg(kind ORDER BY position) FROM transport_route_points p WHERE p.transport_id = t.id) AS kinds,
              (SELECT count(*)::int FROM transport_tariffs f WHERE f.transport_id = t.id AND f.tariff >= 0) AS tariffs,
              (SELECT coalesce(json_agg(json_build_object('number', number)), '[]') FROM transport_days d WHERE d.transport_id = t.id) AS days,
              (SELECT coalesce(json_agg(json_build_object('start_date', start_date)), '[]') FROM transport_dates d WHERE d.transport_id = t.id) AS dates
         FROM transports t JOIN transportations v ON v.id = t.transportation_id ORDER BY t.id`,
    );
    expect(transports).toHaveLength(SIZES.transports);
    // The sizes give both departure modes and an excursion, so each branch below is exercised.
    expect(new Set(transports.map((transport) => transport.departure_type))).toEqual(new Set([1, 2]));
    expect(transports.some((transport) => transport.is_excursion)).toBe(true);
    for (const transport of transports) {
      const label = `transport ${transport.id}`;
      expect(transport.points, label).toBeGreaterThanOrEqual(2);
      expect(transport.points, label).toBeLessThanOrEqual(4);
      expect(transport.kinds, label).toEqual(['start', ...Array(transport.points - 2).fill('intermediate'), 'finish']);
      expect(transport.tariffs, label).toBe((transport.points * (transport.points - 1)) / 2);
      // One departure mode; departures in the coming weeks.
      expect(transport.departure_type === 1 ? transport.dates : transport.days, label).toEqual([]);
      const coming = departureDates(transport, { from: today, to: addDays(today, 20) });
      expect(coming.length, label).toBeGreaterThan(0);

      // Bookings only on departures, and 30–95 % of the seats taken on the next two weeks' departures.
      const booked = await app.db.query<{ date: string; seats: number }>(
        `SELECT departure_date::text AS date, count(DISTINCT number)::int AS seats FROM seat_bookings WHERE transport_id = $1 GROUP BY 1 ORDER BY 1`,
        [transport.id],
      );
      const departures = new Set(departureDates(transport));
      for (const { date } of booked) expect(departures.has(date), `${label} ${date}`).toBe(true);
      const soon = booked.filter(({ date }) => date >= today && date < addDays(today, 14));
      expect(soon.length, label).toBeGreaterThan(0);
      for (const { date, seats } of soon) {
        expect(seats / transport.seats, `${label} ${date}`).toBeGreaterThanOrEqual(0.3);
        expect(seats / transport.seats, `${label} ${date}`).toBeLessThanOrEqual(FULLEST_DEPARTURE / 100);
      }
    }
    // Most seats are tourists' of applications, some booked by hand; some ride part of a route.
    const [kinds] = await app.db.query<{ tourists: number; manual: number; partial: number }>(
      `SELECT count(*) FILTER (WHERE b.tourist_id IS NOT NULL)::int AS tourists, count(*) FILTER (WHERE b.tourist_id IS NULL)::int AS manual,
              count(*) FILTER (WHERE b.from_position > 0 OR b.to_position < (SELECT max(position) FROM transport_route_points p WHERE p.transport_id = b.transport_id))::int AS partial
         FROM seat_bookings b`,
    );
    expect(kinds!.tourists).toBeGreaterThan(kinds!.manual * 3);
    expect(kinds!.manual).toBeGreaterThan(0);
    expect(kinds!.partial).toBeGreaterThan(0);
  });

  it('runs every coach line back too: a bus tour on it finds its way back (issue 27)', async () => {
    const lines = await app.db.query<{ id: number; start: number; finish: number }>(
      `SELECT t.id, s.id AS start, f.id AS finish FROM transports t
         JOIN transport_route_points s ON s.transport_id = t.id AND s.kind = 'start' JOIN transport_route_points f ON f.transport_id = t.id AND f.kind = 'finish'
        WHERE NOT t.is_excursion ORDER BY t.id`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const product = (await manager.get(`/api/applications/products/transports/${line.id}`)).body.data as { departures: string[] };
      const query = new URLSearchParams({ transport_id: String(line.id), from_route_id: String(line.start), to_route_id: String(line.finish), departure_date: product.departures[0]! });
      const back = await manager.get(`/api/applications/back-transports?${query}`);
      expect(back.status).toBe(200);
      expect(back.body.data.length, `transport ${line.id}`).toBeGreaterThan(0);
    }
  });

  it('makes every tour fit its bus: named after where the bus goes, hotels there, back on the line’s return', async () => {
    // A tour by transport has no city of its own (spec 03 §4): it goes where its bus goes.
    const tours = await app.db.query<{ id: number; name: string; city: string; start_city: number; finish_city: number; back_start: number | null; back_finish: number | null; hotel_cities: number[] }>(
      `SELECT t.id, t.name, c.name AS city, fs.point_city_id AS start_city, ff.point_city_id AS finish_city, bs.point_city_id AS back_start, bf.point_city_id AS back_finish,
              coalesce((SELECT array_agg(h.city_id) FROM tour_hotels th JOIN hotels h ON h.id = th.hotel_id WHERE th.tour_id = t.id), '{}') AS hotel_cities
         FROM tours t
         JOIN transport_route_points fs ON fs.transport_id = t.transport_forth_id AND fs.kind = 'start' JOIN transport_route_points ff ON ff.transport_id = t.transport_forth_id AND ff.kind = 'finish'
         JOIN cities c ON c.id = ff.point_city_id LEFT JOIN transport_route_points bs ON bs.transport_id = t.transport_back_id AND bs.kind = 'start' LEFT JOIN transport_route_points bf ON bf.transport_id = t.transport_back_id AND bf.kind = 'finish'
        ORDER BY t.id`,
    );
    expect(tours).toHaveLength(SIZES.tours);
    expect(tours.filter((tour) => tour.back_start !== null).length).toBeGreaterThan(0);
    for (const tour of tours) {
      expect(tour.name.startsWith(`${tourThemeOf(tour.city).theme}:`), `${tour.name} in ${tour.city}`).toBe(true);
      for (const city of tour.hotel_cities) expect(city, tour.name).toBe(tour.finish_city);
      if (tour.back_start !== null) expect([tour.back_start, tour.back_finish], tour.name).toEqual([tour.finish_city, tour.start_city]);
    }
  });

  it('makes routes on the transports with hotels of their points’ cities', async () => {
    expect(Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM tour_routes'))[0]!.n)).toBe(12);
    const misplaced = await app.db.query(
      `SELECT h.hotel_id FROM tour_route_hotels h JOIN tour_route_points p ON p.id = h.point_id JOIN transport_route_points t ON t.id = p.transport_route_id JOIN hotels o ON o.id = h.hotel_id WHERE o.city_id <> t.point_city_id`,
    );
    expect(misplaced).toEqual([]);
    expect(Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM tour_route_hotels'))[0]!.n)).toBeGreaterThan(0);
  });

  it('answers the seat dashboard and the schedule of a booked date with its occupied seats', async () => {
    const [next] = await app.db.query<{ transport_id: number; date: string; count: number }>(
      `SELECT transport_id, departure_date::text AS date, count(*)::int AS count FROM seat_bookings WHERE departure_date >= $1 AND tourist_id IS NOT NULL
        GROUP BY 1, 2 ORDER BY 2, 1 LIMIT 1`,
      [today],
    );
    const year = Number(next!.date.slice(0, 4));
    const dashboard = await manager.get(`/api/transports/schedules/seats?year=${year}`);
    expect(dashboard.status).toBe(200);
    const data = dashboard.body.data as SeatDashboard;
    const [{ bookings }] = (await app.db.query<{ bookings: number }>(`SELECT count(*)::int AS bookings FROM seat_bookings WHERE extract(year FROM departure_date) = $1`, [year])) as [{ bookings: number }];
    const grid = dashboardGrid(data);
    expect(grid.totals.reduce((sum, total) => sum + total, 0)).toBe(bookings);
    expect(grid.rows.find((row) => row.id === next!.transport_id)?.cells.get(grid.dates.indexOf(next!.date))?.count).toBe(
      (await app.db.query(`SELECT 1 FROM seat_bookings WHERE transport_id = $1 AND departure_date = $2`, [next!.transport_id, next!.date])).length,
    );

    const schedule = await manager.post(`/api/transports/${next!.transport_id}/schedules`, { date: next!.date });
    expect(schedule.status).toBe(200);
    const seats = schedule.body.data.seats as { number: number; tourist: { last_name: string } | null }[];
    expect(seats.filter((seat) => seat.tourist !== null)).toHaveLength(next!.count);
    for (const seat of seats) if (seat.tourist) expect(seat.tourist.last_name).toMatch(/^[А-ЯЁ][а-яё-]+$/);
    expect(schedule.body.data.applications.length).toBeGreaterThan(0);
  });

  it('is valid for the editors: every hotel, transport, vehicle type, sea tour and tour calculator opened and saved unchanged answers 200 and stays as it was', async () => {
    const roundTrip = async (path: string, body: (record: Record<string, unknown>) => unknown) => {
      const opened = await manager.get(path);
      expect(opened.status, path).toBe(200);
      const saved = await manager.put(path, body(opened.body.data));
      expect(saved.status, `${path}: ${JSON.stringify(saved.body).slice(0, 500)}`).toBe(200);
      const again = await manager.get(path);
      expect(unversioned(again.body.data), path).toEqual(unversioned(opened.body.data));
    };
    for (const { id } of await app.db.query<{ id: number }>('SELECT id FROM hotels ORDER BY id')) await roundTrip(`/api/hotels/${id}`, toPayloadBody);
    for (const { id } of await app.db.query<{ id: number }>('SELECT id FROM transports ORDER BY id')) await roundTrip(`/api/transports/${id}`, toPayloadBody);
    for (const { id } of await app.db.query<{ id: number }>('SELECT id FROM transportations ORDER BY id')) await roundTrip(`/api/transportation/${id}`, (record) => record);
    for (const { id } of await app.db.query<{ id: number }>('SELECT id FROM tours ORDER BY id')) await roundTrip(`/api/tours/${id}`, toPayloadBody);
    for (const { id } of await app.db.query<{ id: number }>('SELECT id FROM tour_routes ORDER BY id')) await roundTrip(`/api/routes/${id}`, (record) => record);
    for (const { id } of await app.db.query<{ id: number }>('SELECT id FROM sea_tours ORDER BY id')) await roundTrip(`/api/sea-tours/${id}`, toPayloadBody);
    for (const { id } of await app.db.query<{ id: number }>('SELECT id FROM tour_calculators ORDER BY id')) await roundTrip(`/api/tours/calculators/${id}`, (record) => record);
  });

  it('tours have dates, and most a checklist with past dates ticked and future dates to do', async () => {
    const tours = await app.db.query<{ id: number; dates: number; has_checklist: boolean; past_unchecked: number; future_unchecked: number }>(
      `SELECT t.id, count(d.id)::int AS dates, t.has_checklist,
              coalesce(sum(d.points_unchecked) FILTER (WHERE d.start_date < current_date), 0)::int AS past_unchecked,
              coalesce(sum(d.points_unchecked) FILTER (WHERE d.start_date >= current_date), 0)::int AS future_unchecked
         FROM tours t JOIN tour_dates d ON d.tour_id = t.id GROUP BY t.id ORDER BY t.id`,
    );
    expect(tours).toHaveLength(SIZES.tours);
    const withChecklist = tours.filter((tour) => tour.has_checklist);
    expect(withChecklist.length).toBeGreaterThanOrEqual(2);
    for (const tour of withChecklist) expect([tour.past_unchecked, tour.future_unchecked > 0]).toEqual([0, true]);
    const list = await manager.get('/api/tours?limit=10&checklist_is_incomplete=1');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(SIZES.tours);
  });
});

describe('applications', () => {
  let manager: ApiClient;
  beforeAll(async () => {
    manager = (await app.signInAs(Role.Manager)).client;
  });
  /** The applications kind's own: from an outside source or with a manager (the transport kind's passengers' applications have neither). */
  const demo = `(source IS NOT NULL OR user_id IS NOT NULL)`;
  /** The transport kind's passengers' applications. */
  const passengers = `(source IS NULL AND user_id IS NULL)`;

  it('saves every application through the commands: numbered by the application’s rule, priced, the passengers’ too', async () => {
    const [counts] = await app.db.query<{ all: number; numbered: number; priced: number; passengers: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE number ~ '^\\d{4}-\\d{6}$')::int AS numbered,
              count(*) FILTER (WHERE estimated_price_without_discount > 0 OR manual_price_without_discount IS NOT NULL)::int AS priced,
              count(*) FILTER (WHERE ${passengers})::int AS passengers
         FROM applications`,
    );
    expect(counts!.passengers).toBeGreaterThan(100);
    expect(counts!.all).toBe(SIZES.applications + counts!.passengers);
    expect(counts!.numbered).toBe(counts!.all);
    expect(counts!.priced).toBe(counts!.all);
  });

  it('finds every application by the number it shows, whole and by its end, and each one carries its price (issue 27)', async () => {
    const rows = await app.db.query<{ id: number; number: string; price_total: string }>(`SELECT id, number, price_total::text FROM applications ORDER BY id`);
    expect(rows.filter((row) => !(Number(row.price_total) > 0))).toEqual([]);
    // As a user would: the list's search box, a few at a time.
    const found = async (query: string) => ((await manager.get(`/api/applications?query=${encodeURIComponent(query)}&limit=100`)).body.data as { id: number; number: string }[]).map((row) => row.id);
    for (let start = 0; start < rows.length; start += 8) {
      await Promise.all(
        rows.slice(start, start + 8).map(async (row) => {
          expect(await found(row.number), row.number).toEqual([row.id]);
          expect(await found(row.number.slice(-5)), row.number).toContain(row.id);
        }),
      );
    }
  }, 300_000);

  it('gives bus tours their way back on the line’s return, leaving after the arrival (issue 27)', async () => {
    const [counts] = await app.db.query<{ bus: number; back: number; early: number }>(
      `SELECT count(DISTINCT a.id)::int AS bus, count(b.id)::int AS back, count(b.id) FILTER (WHERE b.start_at < f.finish_at)::int AS early
         FROM applications a JOIN application_transports f ON f.application_id = a.id AND f.leg = 'forth'
         LEFT JOIN application_transports b ON b.application_id = a.id AND b.leg = 'back' AND b.transport_id <> a.transport_id
        WHERE a.type = 3 AND ${demo}`,
    );
    expect(counts!.back).toBeGreaterThan(0);
    expect(counts!.early).toBe(0);
  });

  it('makes applications of every type, at every status, some from outside sources, managed by staff', async () => {
    const types = await app.db.query<{ type: number; n: number }>(`SELECT type, count(*)::int AS n FROM applications WHERE ${demo} GROUP BY type ORDER BY type`);
    expect(types.map((row) => row.type)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(types.reduce((sum, row) => sum + row.n, 0)).toBe(SIZES.applications);
    const statuses = await app.db.query<{ status: number }>(`SELECT DISTINCT status FROM applications WHERE ${demo} ORDER BY status`);
    expect(statuses.map((row) => row.status)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const [counts] = await app.db.query<{ outside: number; mobile: number; agencies: number; managed: number; tourists: number; staff_managers: number }>(
      `SELECT count(*) FILTER (WHERE source IS NOT NULL)::int AS outside,
              count(*) FILTER (WHERE source = 'mobile_application' AND source_payload->>'platform' IN ('Android', 'IOS'))::int AS mobile,
              count(*) FILTER (WHERE agency_id IS NOT NULL)::int AS agencies,
              count(*) FILTER (WHERE user_id IS NOT NULL)::int AS managed,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM tourists t WHERE t.application_id = a.id AND t.document_number IS NOT NULL AND t.birthday_date IS NOT NULL))::int AS tourists,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id AND u.role IN (2, 3)))::int AS staff_managers
         FROM applications a WHERE ${demo}`,
    );
    expect(counts!.outside).toBeGreaterThan(0);
    expect(counts!.agencies).toBeGreaterThan(0);
    expect(counts!.managed).toBeGreaterThan(SIZES.applications / 2);
    expect(counts!.staff_managers).toBe(counts!.managed);
    expect(counts!.tourists).toBeGreaterThan(SIZES.applications / 2);
    // A paid application is paid in full: what its requester owes (an agency: its to-pay).
    const unpaid = await app.db.query(`SELECT a.id FROM applications a WHERE a.status = 6 AND (a.payment_status <> 3 OR application_due(a) <> (SELECT sum(sum) FROM payments p WHERE p.application_id = a.id))`);
    expect(unpaid).toEqual([]);
  });

  it('holds a seat per rider on every bus leg, tied to its tourists (the passengers’ too); a cancelled one released its seats', async () => {
    const legs = await app.db.query<{ id: number; leg: string; riders: number; seats: number; tied: number; cancelled: boolean }>(
      `SELECT a.id, i.leg, a.adult_count + a.child_count AS riders, a.status = 7 AS cancelled,
              (SELECT count(*)::int FROM seat_bookings b WHERE b.application_id = a.id AND b.leg = i.leg) AS seats,
              (SELECT count(*)::int FROM seat_bookings b JOIN tourists t ON t.id = b.tourist_id AND t.application_id = a.id WHERE b.application_id = a.id AND b.leg = i.leg) AS tied
         FROM applications a JOIN application_transports i ON i.application_id = a.id`,
    );
    expect(legs.filter((leg) => !leg.cancelled).length).toBeGreaterThan(100);
    expect(legs.filter((leg) => leg.cancelled).length).toBeGreaterThan(0);
    for (const leg of legs) expect([leg.seats, leg.tied], `application ${leg.id} ${leg.leg}`).toEqual(leg.cancelled ? [0, 0] : [leg.riders, leg.riders]);
  });

  it("stores the engine's totals: calc-totals over the stored application answers them again", async () => {
    const sample = await app.db.query<{ id: number }>(`SELECT DISTINCT ON (type) id FROM applications WHERE ${demo} ORDER BY type, discount DESC, agency_id, id`);
    const more = await app.db.query<{ id: number }>(`SELECT id FROM applications WHERE ${demo} AND (discount > 0 OR agency_id IS NOT NULL) ORDER BY id LIMIT 6`);
    const riders = await app.db.query<{ id: number }>(`SELECT id FROM applications WHERE ${passengers} ORDER BY id LIMIT 3`);
    for (const { id } of [...sample, ...more, ...riders]) {
      const opened = await manager.get(`/api/applications/${id}`);
      expect(opened.status, `application ${id}`).toBe(200);
      const record = opened.body.data;
      expect(record.totals.price_total, `application ${id}`).toBeGreaterThan(0);
      const priced = await manager.post(`/api/applications/${id}/calc-totals`, {
        discount: record.discount,
        manual_price_without_discount: record.manual_price_without_discount,
        manual_agency_commission: record.manual_agency_commission,
      });
      expect(priced.status, `application ${id}: ${JSON.stringify(priced.body).slice(0, 300)}`).toBe(200);
      expect(priced.body.data, `application ${id}`).toEqual(record.totals);
    }
  });

  it('is valid for the editor: applications of every type opened and saved unchanged answer 200 and stay as they were', async () => {
    const ids = await app.db.query<{ id: number }>(`SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY type ORDER BY id) AS n FROM applications WHERE ${demo}) s WHERE n <= 3 ORDER BY id`);
    expect(ids).toHaveLength(18);
    const admin = (await app.signInAs(Role.Administrator)).client;
    for (const { id } of ids) {
      const path = `/api/applications/${id}`;
      const opened = await admin.get(path);
      expect(opened.status, path).toBe(200);
      const saved = await admin.put(path, toPayloadBody(opened.body.data));
      expect(saved.status, `${path}: ${JSON.stringify(saved.body).slice(0, 500)}`).toBe(200);
      const again = await admin.get(path);
      expect(unversioned(again.body.data), path).toEqual(unversioned(opened.body.data));
    }
  });
});
