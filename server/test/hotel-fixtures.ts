/**
 * Hotels for tests and the bench: the handbook rows a hotel needs, and a payload of any size.
 */
import { PERIOD_COMMISSION_CATEGORIES } from '../../shared/hotels/constants.js';

/** Payloads as a client builds them: loose JSON (the server validates them). */
type Payload = Record<string, any>;
type HotelInput = Payload;
type PeriodInput = Payload;
type RoomInput = Payload;

export interface HotelHandbooks {
  cityId: number;
  otherCityId: number;
  roomTypeId: number;
  placeId: number;
  /** A layout of 2 main and 1 extra place. */
  accommodationId: number;
  mealIds: [number, number];
  serviceId: number;
  infrastructureId: number;
  infrastructureTypeId: number;
}

type Query = <Row = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<Row[]>;

/** Inserts one of each handbook row a hotel names (`tag` keeps names unique across calls). */
export async function createHotelHandbooks(query: Query, tag = 'Тест'): Promise<HotelHandbooks> {
  const one = async (sql: string, params: unknown[]) => (await query<{ id: number }>(sql, params))[0]!.id;
  const countryId = await one('INSERT INTO countries (name) VALUES ($1) RETURNING id', [`Страна ${tag}`]);
  const slug = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'city';
  const cityId = await one('INSERT INTO cities (name, country_id, slug) VALUES ($1, $2, $3) RETURNING id', [`Анапа ${tag}`, countryId, `anapa-${slug}-${Date.now() % 100000}`]);
  const otherCityId = await one('INSERT INTO cities (name, country_id, slug) VALUES ($1, $2, $3) RETURNING id', [`Сочи ${tag}`, countryId, `sochi-${slug}-${Date.now() % 100000}`]);
  const infrastructureTypeId = await one('INSERT INTO infrastructure_types (name) VALUES ($1) RETURNING id', [`Пляж ${tag}`]);
  return {
    cityId,
    otherCityId,
    roomTypeId: await one('INSERT INTO room_types (name) VALUES ($1) RETURNING id', [`Стандарт ${tag}`]),
    placeId: await one('INSERT INTO room_places (name, places_count, adv_places_count) VALUES ($1, 2, 1) RETURNING id', [`DBL+EXB ${tag}`]),
    accommodationId: await one('INSERT INTO accommodations (name) VALUES ($1) RETURNING id', [`Основное ${tag}`]),
    mealIds: [
      await one('INSERT INTO meals (name, category_type) VALUES ($1, 2) RETURNING id', [`Завтрак ${tag}`]),
      await one('INSERT INTO meals (name, category_type) VALUES ($1, 3) RETURNING id', [`Полупансион ${tag}`]),
    ],
    serviceId: await one('INSERT INTO hotel_services (name) VALUES ($1) RETURNING id', [`Wi-Fi ${tag}`]),
    infrastructureId: await one('INSERT INTO infrastructures (name, infrastructure_type_id) VALUES ($1, $2) RETURNING id', [`Галечный пляж ${tag}`, infrastructureTypeId]),
    infrastructureTypeId,
  };
}

const pad = (number: number) => String(number).padStart(2, '0');

/** `count` consecutive periods of `days` days each from 2027-01-01 (whole days, both ends included). */
export function periods(count: number, days = 10): PeriodInput[] {
  return Array.from({ length: count }, (_, index) => {
    const from = new Date(Date.UTC(2027, 0, 1 + index * days));
    const to = new Date(Date.UTC(2027, 0, index * days + days));
    const text = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    // Every field, as the editor sends a period.
    const commission = Object.fromEntries(PERIOD_COMMISSION_CATEGORIES.flatMap((category) => [[`commission_${category}_type`, 1], [`commission_${category}_sum`, 0]]));
    return {
      from: text(from),
      to: text(to),
      is_total_price: false,
      total_price: null,
      adult_price: 3000 + index,
      child_price: 1500,
      child_without_price: 500,
      adv_adult_price: 2000,
      adv_child_price: 1000,
      commission_general_sum: 0,
      is_differentiate: false,
      ...commission,
    };
  });
}

export function room(handbooks: HotelHandbooks, overrides: Partial<RoomInput> = {}): RoomInput {
  return {
    type_id: handbooks.roomTypeId,
    accommodation_id: handbooks.accommodationId,
    place_id: handbooks.placeId,
    adult_count: 2,
    child_count: 0,
    adv_adult_count: 1,
    adv_child_count: 0,
    meals: [handbooks.mealIds[0]],
    r_services: [],
    premises: [{ name: 'Спальня', area: 18.5 }],
    dates: periods(2),
    ...overrides,
  };
}

/** A hotel payload with `rooms` rooms of `periodsPerRoom` periods each. */
let slugs = 0;
export function hotelPayload(handbooks: HotelHandbooks, name: string, options: { rooms?: number; periodsPerRoom?: number; slug?: string } = {}): HotelInput {
  const slug = options.slug ?? `hotel-${process.pid}-${Date.now()}-${++slugs}`;
  return {
    city_id: handbooks.cityId,
    name,
    slug,
    address: 'ул. Пионерский проспект, 1',
    coords: ['44.894', '37.316'],
    category_type: 1,
    stars: 3,
    rating: 8.5,
    arrival_time: '14:00',
    departure_time: '12:00',
    is_excursion: false,
    services: [{ id: handbooks.serviceId, sum: 150.5 }],
    meals: [
      { id: handbooks.mealIds[0], sum: 500 },
      { id: handbooks.mealIds[1], sum: 1200 },
    ],
    infrastructures: [{ id: handbooks.infrastructureId, pay: true }],
    catalog: { price: 4500, sort: 10 },
    commission_general_sum: 10,
    rooms: Array.from({ length: options.rooms ?? 1 }, () => room(handbooks, { dates: periods(options.periodsPerRoom ?? 2) })),
  };
}
