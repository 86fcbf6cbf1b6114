/**
 * What tour tests (and the bench, and the catalogue's slider tests) stand on: the ground a tour
 * names — cities, hotels, bus transports there and back, a vendor, services, a catalogue section —
 * written straight into the database, and a type-1 tour payload as an outside client sends it.
 */
import { randomBytes } from 'node:crypto';
import type { TourInput } from '../../shared/tours/schema.js';
import { insertCities, insertTransport, insertTransportation, type Sql } from './transport-fixtures.js';

const uniqueNumber = () => randomBytes(4).readUInt32BE(0);

export interface TourGround {
  cityIds: number[];
  hotelIds: number[];
  transportForthId: number;
  transportBackId: number;
  vendorId: number;
  /** Services by class: 1 additional, 2 individual, 3 group. */
  serviceIds: { additional: number; individual: number; group: number };
  mealTypeId: number;
  categoryId: number;
  tradeOfferIds: number[];
  sectionId: number;
  /** A type other than 1 (a tour in a city). */
  cityTypeId: number;
}

export async function insertTourGround(db: Sql): Promise<TourGround> {
  const n = uniqueNumber();
  const cityIds = await insertCities(db, [`Краснодар ${n}`, `Геленджик ${n}`]);
  const transportationId = await insertTransportation(db);
  const transportForthId = await insertTransport(db, { name: `Туда ${n}`, transportationId, cities: [cityIds[0]!, cityIds[1]!], startDate: '2026-01-01', finishDate: '2030-12-31', days: [1, 5] });
  const transportBackId = await insertTransport(db, { name: `Обратно ${n}`, transportationId, cities: [cityIds[1]!, cityIds[0]!], startDate: '2026-01-01', finishDate: '2030-12-31', days: [3, 7] });
  const hotelIds: number[] = [];
  for (const name of [`Отель Прибой ${n}`, `Отель Бриз ${n}`]) {
    const [hotel] = await db.query<{ id: number }>(`INSERT INTO hotels (city_id, name, slug) VALUES ($1, $2, $3) RETURNING id`, [cityIds[1], name, `h-${uniqueNumber()}`]);
    hotelIds.push(hotel!.id);
  }
  const [vendor] = await db.query<{ id: number }>(`INSERT INTO vendors (name) VALUES ($1) RETURNING id`, [`Поставщик ${n}`]);
  const service = async (name: string, klass: number) =>
    (await db.query<{ id: number }>(`INSERT INTO tour_services (name, class, vendor_id) VALUES ($1, $2, $3) RETURNING id`, [`${name} ${n}`, klass, vendor!.id]))[0]!.id;
  const [meal] = await db.query<{ id: number }>(`INSERT INTO meals (name, category_type) VALUES ($1, 1) RETURNING id`, [`Завтрак ${n}`]);
  const [category] = await db.query<{ id: number }>(`INSERT INTO tour_categories (name) VALUES ($1) RETURNING id`, [`Морские ${n}`]);
  const tradeOfferIds: number[] = [];
  for (const name of [`Хит ${n}`, `Скидка ${n}`]) tradeOfferIds.push((await db.query<{ id: number }>(`INSERT INTO tour_trade_offers (name) VALUES ($1) RETURNING id`, [name]))[0]!.id);
  const [section] = await db.query<{ id: number }>(`INSERT INTO catalog_sections (name, slug) VALUES ($1, $2) RETURNING id`, [`Морские туры ${n}`, `s-${uniqueNumber()}`]);
  const [cityType] = await db.query<{ id: number }>(`INSERT INTO tour_types (name) VALUES ($1) RETURNING id`, [`Городской ${n}`]);
  return {
    cityIds,
    hotelIds,
    transportForthId,
    transportBackId,
    vendorId: vendor!.id,
    serviceIds: { additional: await service('Экскурсия', 1), individual: await service('Гид', 2), group: await service('Трансфер', 3) },
    mealTypeId: meal!.id,
    categoryId: category!.id,
    tradeOfferIds,
    sectionId: section!.id,
    cityTypeId: cityType!.id,
  };
}

/** A date `days` from today, YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A type-1 tour as an outside client of the original system sends it: flags 0/1, numbers as text,
 * optional keys left out; transport there, two hotels, a meal with two dated prices, two days, two
 * future dates and a past one, trade offers, services of each list, a catalogue section.
 */
export function tourPayload(ground: TourGround, name: string): TourInput {
  return {
    name,
    tour_type_id: '1',
    duration: '3',
    category_id: String(ground.categoryId),
    transport_forth_id: String(ground.transportForthId),
    transport_back_id: ground.transportBackId,
    is_active: 1,
    is_hotel_selection: 1,
    application_auto_confirm: 0,
    trade_offers: ground.tradeOfferIds,
    hotels: ground.hotelIds.map((id, index) => ({ id, arrival_day: String(index + 1), departure_day: index + 2, meal_id: ground.mealTypeId })),
    services: [ground.serviceIds.additional],
    required_services: [String(ground.serviceIds.group)],
    commission_agency_type: '2',
    commission_agency_sum: '10',
    adult_price: '15000',
    meals: [
      {
        name: 'Ужин в кафе',
        vendor_id: ground.vendorId,
        days: [1, '2'],
        dates: [
          { from: '2027-06-01', to: '2027-06-30', price: '900', commission_type: 1, commission_sum: '100' },
          { from: '2027-07-01', to: '2027-08-31', price: 1000 },
        ],
      },
    ],
    days: [
      { name: 'Прибытие', description: '<p>Заселение и прогулка по набережной</p>' },
      { name: 'Экскурсия', description: '<p>Поездка в горы</p>' },
    ],
    dates: [{ start_date: daysFromToday(10) }, { start_date: daysFromToday(20) }, { start_date: daysFromToday(-5) }],
    catalog_sections: [{ id: ground.sectionId, sum: '1500.50', sort: '5' }],
    short_description: 'Три дня у моря',
  } as TourInput;
}
