/**
 * Applications written straight into a test database. Every raw insert of an application in the tests
 * goes through `insertApplication`, so a column the applications model adds (NOT NULL, with its
 * default for the tests) is adapted here once.
 */
import { randomInt } from 'node:crypto';
import type { SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { insertCities, insertTransport, insertTransportation, type Sql } from './transport-fixtures.js';

/** A tourist's document number when a test names none (the model requires one: a re-priced application is read back through the schema). */
export const DEFAULT_DOCUMENT_NUMBER = '4500000000';

export interface NewTourist {
  last_name: string;
  first_name: string;
  patronymic?: string | null;
  birthday_date?: string | null;
  document?: number;
  document_number?: string | null;
  citizenship?: number;
  gender?: number;
}

export interface ApplicationOverrides {
  number?: string;
  email?: string | null;
  tourists?: NewTourist[];
  /** A bus-tour application (type 3) of this transport; otherwise an "Авиа" one (type 5, no product). */
  transportId?: number;
}

export interface InsertedApplication {
  id: number;
  number: string;
  /** The tourists' ids in the order given. */
  tourists: number[];
}

/** An application (number, contacts) with its tourists, for a client made for it. */
export async function insertApplication(db: Sql, overrides: ApplicationOverrides = {}): Promise<InsertedApplication> {
  // Shaped as the office numbers them (YYYY-NNNNNN…), in a year of its own so it never meets a saved one.
  const number = overrides.number ?? `1999-${randomInt(1e9).toString().padStart(9, '0')}`;
  const [row] = await db.query<{ id: number }>(
    `WITH client AS (INSERT INTO clients (surname, name, phone, is_new) VALUES ('Заказчиков', 'Тест', '+7' || lpad(floor(random() * 1e10)::bigint::text, 10, '0'), false) RETURNING id)
     INSERT INTO applications (number, email, type, transport_id, client_id) SELECT $1, $2, $3, $4, client.id FROM client RETURNING id`,
    [number, overrides.email ?? null, overrides.transportId ? 3 : 5, overrides.transportId ?? null],
  );
  const tourists: number[] = [];
  for (const tourist of overrides.tourists ?? []) {
    const [inserted] = await db.query<{ id: number }>(
      `INSERT INTO tourists (application_id, last_name, first_name, patronymic, birthday_date, document, document_number, citizenship, gender)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [row!.id, tourist.last_name, tourist.first_name, tourist.patronymic ?? null, tourist.birthday_date ?? null, tourist.document ?? 1, tourist.document_number === undefined ? DEFAULT_DOCUMENT_NUMBER : tourist.document_number, tourist.citizenship ?? 1, tourist.gender ?? 1],
    );
    tourists.push(inserted!.id);
  }
  return { id: row!.id, number, tourists };
}

/** A transport item of an application: the leg riding its transport's route from position `from` to `to` on the trip of `date`. */
export async function insertTransportItem(
  db: Sql,
  item: { applicationId: number; leg?: 'forth' | 'back'; transportId: number; date: string; from: number; to: number; startAt?: string; finishAt?: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO application_transports (application_id, leg, transport_id, departure_date, from_route_id, to_route_id, from_city_id, to_city_id, start_at, finish_at)
     SELECT $1, $2, $3, $4, f.id, t.id, f.point_city_id, t.point_city_id, $7, $8
       FROM transport_route_points f, transport_route_points t
      WHERE f.transport_id = $3 AND f.position = $5 AND t.transport_id = $3 AND t.position = $6
     RETURNING id`,
    [item.applicationId, item.leg ?? 'forth', item.transportId, item.date, item.from, item.to, item.startAt ?? item.date, item.finishAt ?? item.date],
  );
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// The ground an application is made on (issue 18): products and requesters written straight into the
// database, with the prices of docs/pricing.md's worked examples.

// Digits, not hex: the names show on screens whose browser walk refuses Latin words.
const tag = () => String(randomInt(100_000, 1_000_000));
const one = async (db: Sql, sql: string, params: unknown[] = []) => (await db.query<{ id: number }>(sql, params))[0]!.id;

/** The weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export const isoWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The first date on or after `from` falling on `weekday` (1 Monday … 7 Sunday). */
export function nextWeekday(from: string, weekday: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  while ((date.getUTCDay() === 0 ? 7 : date.getUTCDay()) !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export interface HotelGround {
  hotelId: number;
  cityId: number;
  vendorId: number;
  /** Caps: 3 adults, 2 children, 1 extra adult, 1 extra child, 1 child without a place. */
  roomId: number;
  /** A meal the hotel sells at 700 a person a night (hotel meal markup fixed 100). */
  mealId: number;
  /** A meal the hotel does not sell. */
  otherMealId: number;
  /** A hotel service sold at 500. */
  serviceId: number;
}

/**
 * A hotel with a general markup of 10 % and one room priced by periods (`prices`, default the pinned
 * example's: adult 3 000, child 1 500 over all of 2027-06).
 */
export async function insertHotelGround(db: Sql, options: { autoConfirmStatus?: number; periods?: Record<string, unknown>[]; markup?: number } = {}): Promise<HotelGround> {
  const t = tag();
  const [cityId] = await insertCities(db, [`Анапа ${t}`]);
  const vendorId = await one(db, `INSERT INTO vendors (name) VALUES ($1) RETURNING id`, [`Поставщик ${t}`]);
  const hotelId = await one(
    db,
    `INSERT INTO hotels (city_id, name, slug, vendor_id, commission_general_sum, commission_meal_type, commission_meal_sum, application_auto_confirm, auto_confirm_status)
     VALUES ($1, $2, $3, $4, $7, 1, 100, $5, $6) RETURNING id`,
    [cityId, `Отель Лазурь ${t}`, `h-${t}`, vendorId, options.autoConfirmStatus !== undefined, options.autoConfirmStatus ?? null, options.markup ?? 10],
  );
  const typeId = await one(db, `INSERT INTO room_types (name) VALUES ($1) RETURNING id`, [`Стандарт ${t}`]);
  const placeId = await one(db, `INSERT INTO room_places (name, places_count, adv_places_count) VALUES ($1, 2, 1) RETURNING id`, [`Двухместное ${t}`]);
  const accommodationId = await one(db, `INSERT INTO accommodations (name) VALUES ($1) RETURNING id`, [`Основное ${t}`]);
  const roomId = await one(
    db,
    `INSERT INTO hotel_rooms (hotel_id, position, type_id, accommodation_id, place_id, adult_count, child_count, adv_adult_count, adv_child_count, child_without)
     VALUES ($1, 0, $2, $3, $4, 3, 2, 1, 1, 1) RETURNING id`,
    [hotelId, typeId, accommodationId, placeId],
  );
  for (const period of options.periods ?? [{ date_from: '2027-06-01', date_to: '2027-06-30', adult_price: 3000, child_price: 1500 }]) {
    const row = { child_without_price: 0, adv_adult_price: 0, adv_child_price: 0, ...period };
    const columns = Object.keys(row);
    await db.query(`INSERT INTO hotel_room_prices (room_id, ${columns.join(', ')}) VALUES ($1, ${columns.map((_, index) => `$${index + 2}`).join(', ')})`, [roomId, ...Object.values(row)]);
  }
  const mealId = await one(db, `INSERT INTO meals (name, category_type) VALUES ($1, 2) RETURNING id`, [`Завтрак ${t}`]);
  const otherMealId = await one(db, `INSERT INTO meals (name, category_type) VALUES ($1, 3) RETURNING id`, [`Ужин ${t}`]);
  await db.query(`INSERT INTO hotel_meal_items (hotel_id, item_id, sum, position) VALUES ($1, $2, 700, 0)`, [hotelId, mealId]);
  const serviceId = await one(db, `INSERT INTO hotel_services (name) VALUES ($1) RETURNING id`, [`Трансфер ${t}`]);
  await db.query(`INSERT INTO hotel_service_items (hotel_id, item_id, sum, position) VALUES ($1, $2, 500, 0)`, [hotelId, serviceId]);
  return { hotelId, cityId: cityId!, vendorId, roomId, mealId, otherMealId, serviceId };
}

export interface BusGround {
  transportId: number;
  /** Route points start, stop, finish (positions 0, 1, 2). */
  pointIds: [number, number, number];
  finishCityId: number;
  /** The cities of the start, the stop and the finish. */
  cityIds: [number, number, number];
  /** Departures every Friday with a fixed markup of 300 a passenger. */
  weekday: number;
}

/**
 * A bus transport: whole route 5 000 / 3 500, the segment start → stop 2 500, departing on Fridays
 * (+300 a passenger); its vehicle `layout` (COACH_49 when absent); through `cities` (new ones when
 * absent — a bus's return line is one through its stop, a city of its own and its start).
 */
export async function insertBusGround(db: Sql, options: { autoConfirmStatus?: number; layout?: SeatSchemeParams; cities?: [number, number, number] } = {}): Promise<BusGround> {
  const t = tag();
  const cities = options.cities ?? (await insertCities(db, [`Краснодар ${t}`, `Новороссийск ${t}`, `Геленджик ${t}`]));
  const transportationId = await insertTransportation(db, options.layout);
  const transportId = await insertTransport(db, { transportationId, cities, startDate: '2026-01-01', finishDate: '2030-12-31', days: [5] });
  await db.query(
    `UPDATE transports SET adult_price = 5000, child_price = 3500, application_auto_confirm = $2, auto_confirm_status = $3 WHERE id = $1`,
    [transportId, options.autoConfirmStatus !== undefined, options.autoConfirmStatus ?? null],
  );
  await db.query(`UPDATE transport_days SET commission_type = 1, commission_sum = 300 WHERE transport_id = $1`, [transportId]);
  await db.query(`UPDATE transport_tariffs SET tariff = 2500 WHERE transport_id = $1 AND from_position = 0 AND to_position = 1`, [transportId]);
  const points = await db.query<{ id: number }>(`SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position`, [transportId]);
  return { transportId, pointIds: points.map((point) => point.id) as [number, number, number], finishCityId: cities[2]!, cityIds: cities as [number, number, number], weekday: 5 };
}

/** The return line of a bus ridden start → stop: from its stop through a city of its own (Анапа) to its start, as insertBusGround prices and runs it. */
export async function insertReturnBus(db: Sql, bus: BusGround, options: { layout?: SeatSchemeParams } = {}): Promise<BusGround> {
  const [via] = await insertCities(db, [`Анапа ${tag()}`]);
  return insertBusGround(db, { ...options, cities: [bus.cityIds[1], via!, bus.cityIds[0]] });
}

export interface RequesterGround {
  clientId: number;
  clientName: string;
  /** An agency taking 12 % of the price, its employee, and an agency taking a fixed 1 500. */
  agencyId: number;
  agencyUserId: number;
  agencyUserName: string;
  fixedAgencyId: number;
}

export async function insertRequesters(db: Sql): Promise<RequesterGround> {
  const t = tag();
  const phone = () => `+7${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const clientId = await one(db, `INSERT INTO clients (surname, name, phone, is_new) VALUES ($1, 'Анна', $2, false) RETURNING id`, [`Петрова${t}`, phone()]);
  const agency = (commissionType: number, sum: number) =>
    one(db, `INSERT INTO agencies (legal_name, commission_type, commission_sum) VALUES ($1, $2, $3) RETURNING id`, [`Агентство ${tag()}`, commissionType, sum]);
  const agencyId = await agency(2, 12);
  const agencyUserName = `Сидоров Пётр ${t}`;
  const agencyUserId = await one(db, `INSERT INTO agency_users (agency_id, full_name) VALUES ($1, $2) RETURNING id`, [agencyId, agencyUserName]);
  return { clientId, clientName: `Петрова${t} Анна`, agencyId, agencyUserId, agencyUserName, fixedAgencyId: await agency(1, 1500) };
}

export interface ExcursionGround {
  tourId: number;
  tourDate: string;
  /** 600 a person on days 1 and 2, +10 %. */
  mealId: number;
  /** An additional service at 1 000 (+10 %) over 2027. */
  serviceId: number;
}

/**
 * An excursion tour (docs/pricing.md's example): adult 10 000 (+10 %), child 7 000 (+500), the
 * hotel's rooms marked up 200 a person a night, its date 2027-06-10, a meal and a service.
 */
export async function insertExcursionGround(db: Sql, hotel: HotelGround): Promise<ExcursionGround> {
  const t = tag();
  const typeId = await one(db, `INSERT INTO tour_types (name) VALUES ($1) RETURNING id`, [`Экскурсионный ${t}`]);
  const tourId = await one(
    db,
    `INSERT INTO tours (name, slug, tour_type_id, city_id, duration, adult_price, child_price, commission_adult_type, commission_adult_sum,
       commission_child_type, commission_child_sum, commission_accommodation_type, commission_accommodation_sum)
     VALUES ($1, $2, $3, $4, 3, 10000, 7000, 2, 10, 1, 500, 1, 200) RETURNING id`,
    [`Тур Золотое кольцо ${t}`, `t-${t}`, typeId, hotel.cityId],
  );
  const tourDate = '2027-06-10';
  await db.query(`INSERT INTO tour_dates (tour_id, start_date) VALUES ($1, $2)`, [tourId, tourDate]);
  await db.query(`INSERT INTO tour_hotels (tour_id, hotel_id, position) VALUES ($1, $2, 0)`, [tourId, hotel.hotelId]);
  const mealId = await one(db, `INSERT INTO tour_meals (tour_id, position, name, days) VALUES ($1, 0, $2, '{1,2}') RETURNING id`, [tourId, `Обед ${t}`]);
  await db.query(`INSERT INTO tour_meal_dates (meal_id, date_from, date_to, price, commission_type, commission_sum) VALUES ($1, '2027-01-01', '2027-12-31', 600, 2, 10)`, [mealId]);
  const serviceId = await one(db, `INSERT INTO tour_services (name, class) VALUES ($1, 1) RETURNING id`, [`Экскурсия ${t}`]);
  await db.query(
    `INSERT INTO tour_service_dates (service_id, date_from, date_to, adult_price, commission_adult_type, commission_adult_sum) VALUES ($1, '2027-01-01', '2027-12-31', 1000, 2, 10)`,
    [serviceId],
  );
  await db.query(`INSERT INTO tour_service_items (tour_id, list, item_id, position) VALUES ($1, 'services', $2, 0)`, [tourId, serviceId]);
  return { tourId, tourDate, mealId, serviceId };
}

/** A sea tour (bus 10 %, railway 12 %, avia 15 %) whose one hotel group (20 / 25 / 30 %) holds the hotel. */
export async function insertSeaTourGround(db: Sql, hotel: HotelGround): Promise<{ seaTourId: number }> {
  const t = tag();
  const seaTourId = await one(
    db,
    `INSERT INTO sea_tours (name, slug, city_id, commission_sum, commission_railway_sum, commission_avia_sum) VALUES ($1, $2, $3, 10, 12, 15) RETURNING id`,
    [`Море ${t}`, `s-${t}`, hotel.cityId],
  );
  const groupId = await one(
    db,
    `INSERT INTO sea_tour_hotel_groups (sea_tour_id, position, commission_sum, commission_railway_sum, commission_avia_sum) VALUES ($1, 0, 20, 25, 30) RETURNING id`,
    [seaTourId],
  );
  await db.query(`INSERT INTO sea_tour_group_hotels (group_id, sea_tour_id, hotel_id, position) VALUES ($1, $2, $3, 0)`, [groupId, seaTourId, hotel.hotelId]);
  return { seaTourId };
}

// ---------------------------------------------------------------------------------------------
// The largest application the limits allow (issue 25): what the limits tests and the bench price.

/** A coach of 100 seats (24 rows of 2+2 and a rear bench of 4): a leg's seats for the most persons. */
export const COACH_100 = { seats: 100, rear_seats: 4, rows: 24, columns_at_door: 2, second_door: false, second_door_rows: null, second_door_length: null };

export interface LargestGround {
  hotel: HotelGround;
  /** 150 more services the hotel sells: 50 for each kind of service line. */
  serviceIds: number[];
  /** A bus there and one back (100 seats, every day of 2027), start → finish. */
  forth: { transportId: number; from: number; to: number };
  back: { transportId: number; from: number; to: number };
}

/**
 * The ground of the largest hotel application: the pinned hotel priced by weekly periods over
 * 2027-05-01 … 2027-08-31 (a 60-night stay crosses nine of them), selling 150 services, and two 100-seat buses.
 */
export async function insertLargestGround(db: Sql): Promise<LargestGround> {
  const periods: Record<string, unknown>[] = [];
  for (let start = Date.UTC(2027, 4, 1); start <= Date.UTC(2027, 7, 31); start += 7 * 86_400_000) {
    const to = Math.min(start + 6 * 86_400_000, Date.UTC(2027, 7, 31));
    periods.push({ date_from: new Date(start).toISOString().slice(0, 10), date_to: new Date(to).toISOString().slice(0, 10), adult_price: 3000 + periods.length * 10, child_price: 1500, adv_adult_price: 1000, adv_child_price: 800, child_without_price: 300 });
  }
  const hotel = await insertHotelGround(db, { periods });
  const serviceIds: number[] = [];
  for (let index = 0; index < 150; index++) {
    const id = await one(db, `INSERT INTO hotel_services (name) VALUES ($1) RETURNING id`, [`Услуга ${index + 1} ${tag()}`]);
    await db.query(`INSERT INTO hotel_service_items (hotel_id, item_id, sum, position) VALUES ($1, $2, $3, $4)`, [hotel.hotelId, id, 100 + index, index + 1]);
    serviceIds.push(id);
  }
  const [from, finish] = await insertCities(db, [`Ростов ${tag()}`, `Анапа ${tag()}`]);
  const transportationId = await insertTransportation(db, COACH_100);
  const bus = async (cities: number[]) => {
    const transportId = await insertTransport(db, { transportationId, cities, startDate: '2027-01-01', finishDate: '2027-12-31', days: [1, 2, 3, 4, 5, 6, 7] });
    await db.query(`UPDATE transports SET adult_price = 5000, child_price = 3500 WHERE id = $1`, [transportId]);
    const points = await db.query<{ id: number }>(`SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position`, [transportId]);
    return { transportId, from: points[0]!.id, to: points.at(-1)!.id };
  };
  return { hotel, serviceIds, forth: await bus([from!, finish!]), back: await bus([finish!, from!]) };
}

/**
 * The largest hotel application the limits allow (shared/applications/constants.ts): 100 persons (96
 * adults and 4 children, so each stay's 4 + 4 fit) and 100 tourists, 30 stays of 60 nights (every place of the room taken, with the meal), both buses with
 * a seat for each person, both transfers, 50 lines of each kind of service.
 */
export function largestApplication(ground: LargestGround, requester: { requester_type: string; requester_id: number }) {
  const persons = 100;
  const seats = Array.from({ length: persons }, (_, index) => ({ number: index + 1, tourist_index: index }));
  const lines = (from: number) => ground.serviceIds.slice(from, from + 50).map((serviceable_id, index) => ({ serviceable_id, count: 1 + (index % 3) }));
  const transfer = (from_city_id: number, to_city_id: number, date: string) => ({ from_city_id, to_city_id, transfer_type: 1, start_at: date, finish_at: date });
  return {
    application_type: 1,
    applicationable_id: ground.hotel.hotelId,
    ...requester,
    adult_count: persons - 4,
    child_count: 4,
    phone: '+79161234567',
    accommodations: Array.from({ length: 30 }, () => ({
      hotel_id: ground.hotel.hotelId,
      room_id: ground.hotel.roomId,
      start_at: '2027-06-01',
      finish_at: '2027-07-31',
      meal_id: ground.hotel.mealId,
      adult_count: 3,
      child_count: 2,
      adv_adult_count: 1,
      adv_child_count: 1,
      child_without_count: 1,
    })),
    transport_forth: { transport_id: ground.forth.transportId, departure_date: '2027-05-31', from_route_id: ground.forth.from, to_route_id: ground.forth.to },
    transport_back: { transport_id: ground.back.transportId, departure_date: '2027-07-31', from_route_id: ground.back.from, to_route_id: ground.back.to },
    seats_forth: seats,
    seats_back: seats,
    transfer_forth: transfer(ground.hotel.cityId, ground.hotel.cityId, '2027-06-01'),
    transfer_back: transfer(ground.hotel.cityId, ground.hotel.cityId, '2027-07-31'),
    services: lines(0),
    required_services: lines(50),
    additional_services: lines(100),
    tourists: Array.from({ length: persons }, (_, index) => ({ last_name: 'Иванов', first_name: `Турист ${index + 1}`, document_number: `4510 ${100000 + index}` })),
  };
}

/** An agency's application with its stored totals and payments, as the agency reports read it. */
export interface AgencyApplicationFixture {
  agencyId: number;
  agencyUserId?: number | null;
  createdAt: string;
  status?: number;
  price: string;
  commission: string;
  toPay: string;
  /** [status, sum] of each payment row (1 pending, 2 paid, 3 refund). */
  payments?: [number, string][];
  tourists?: NewTourist[];
  /** An accommodation (type 1) of this hotel; otherwise «Авиа». */
  hotelId?: number;
  source?: string | null;
}

/** Writes an agency's application (status 3 unless said) created at `createdAt`; its number. */
export async function insertAgencyApplication(db: Sql, fixture: AgencyApplicationFixture): Promise<string> {
  const inserted = await insertApplication(db, { tourists: fixture.tourists ?? [] });
  await db.query(
    `UPDATE applications SET client_id = NULL, agency_id = $2, status = $3, price_total = $4, agency_commission = $5, agency_to_pay = $6, created_at = $7,
            type = CASE WHEN $8::int IS NULL THEN type ELSE 1 END, hotel_id = $8, agency_user_id = $9, source = $10
      WHERE id = $1`,
    [inserted.id, fixture.agencyId, fixture.status ?? 3, fixture.price, fixture.commission, fixture.toPay, fixture.createdAt, fixture.hotelId ?? null, fixture.agencyUserId ?? null, fixture.source ?? null],
  );
  for (const [status, sum] of fixture.payments ?? []) {
    await db.query('INSERT INTO payments (application_id, status, sum) VALUES ($1, $2, $3)', [inserted.id, status, sum]);
  }
  return inserted.number;
}
