/**
 * Applications of every type (issue 18) for the demo's clients and agencies, on the demo's real
 * products: stays in hotel rooms within the rooms' caps and price periods, bus rides on departure
 * dates with seats from the seat store (free ones: the transport kind's bookings are read first),
 * excursion tours on their dates with their hotels, meals and services, sea tours in their groups'
 * hotels with the bus pair or a train or flight, and flights and trains without a product. Tourists
 * with names, birth dates and documents; service lines; statuses 1–7 (a paid one with its payment);
 * some from outside sources (the site, the mobile app with its platform, the search module); managers
 * from the staff. The rows are written in bulk, the seats through the seat store, and every
 * application is then priced by the same code its save uses (loader, engine, store), so the totals
 * and the stored breakdown are the engine's. The transport kind's passengers' applications get their
 * search text here but no totals (see fill).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { ApplicationSource, ApplicationStatus, RequesterType, SOURCE_PLATFORMS, TransferType, type ServiceLineKind } from '../../shared/applications/constants.js';
import { applicationSchema } from '../../shared/applications/schema.js';
import { Role } from '../../shared/roles.js';
import { seatNumbers } from '../../shared/transport/seat-scheme.js';
import { departureDates } from '../../shared/transport/rules.js';
import { todayIso } from '../../shared/transport/constants.js';
import { syncApplicationSeats } from '../seats/seat-store.js';
import { ApplicationsService } from '../applications/applications.service.js';
import type { ApplicationActor } from '../applications/commands/actor.js';
import { ApplicationCommands } from '../applications/commands/application-commands.js';
import { parseInput } from '../common/http/errors.js';
import { addDays, BulkRows, reserveIds } from './bulk.js';
import type { FakeDataContext, FakeDataKind } from './kind.js';
import { FULLEST_DEPARTURE, familyOf } from './transports.js';

type Faker = FakeDataContext['faker'];
type Sql = FakeDataContext['sql'];

const between = (faker: Faker, min: number, max: number) => faker.number.int({ min, max });
const chance = (faker: Faker, percent: number) => faker.number.int(99) < percent;

/** Types in the mix (of 100): stays and bus tours most, then tours and the sea, flights and trains least. */
const TYPE_WEIGHTS: [type: number, weight: number][] = [
  [1, 30],
  [2, 15],
  [3, 20],
  [4, 15],
  [5, 10],
  [6, 10],
];

const COMMENTS = ['Просят номер с видом на море', 'Позвонить за день до выезда', 'Ребёнку нужна отдельная кровать', 'Оплата наличными в офисе', 'Клиент постоянный, скидку согласовали', 'Нужен трансфер с вокзала'];
const FLIGHT_CITIES = ['Москва', 'Санкт-Петербург', 'Казань', 'Екатеринбург', 'Сочи', 'Минеральные Воды', 'Анапа', 'Калининград'];

interface Room {
  id: number;
  hotel_id: number;
  city_id: number;
  adult_count: number;
  child_count: number;
  adv_adult_count: number;
  adv_child_count: number;
  child_without: number;
  periods: { from: string; to: string }[];
}

interface Point {
  id: number;
  position: number;
  kind: string;
  city_id: number;
  arrival_day: number | null;
  departure_day: number | null;
}

interface Transport {
  id: number;
  duration: number;
  finish_city: number;
  points: Point[];
  seats: number[];
  departures: string[];
  auto_confirm: number | null;
}

interface Tour {
  id: number;
  city_id: number | null;
  duration: number;
  transport_forth_id: number | null;
  transport_back_id: number | null;
  dates: string[];
  hotels: { hotel_id: number; meal_id: number | null }[];
  meals: number[];
  services: { item_id: number; list: string }[];
  auto_confirm: number | null;
}

interface SeaTour {
  id: number;
  city_id: number;
  transfers: number[];
  hotels: number[];
  pairs: { forth: number; back: number }[];
}

/** Everything an application may be made of, read once. */
async function readCatalogue(sql: Sql, today: string) {
  const q = async <Row>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows as Row[];
  const managers = (await q<{ id: number }>(`SELECT id FROM users WHERE is_active AND role IN (2, 3) ORDER BY id LIMIT 40`)).map((row) => row.id);
  const clients = await q<{ id: number; phone: string; email: string | null }>(`SELECT id, phone, email FROM clients WHERE is_active ORDER BY id LIMIT 3000`);
  const agencies = await q<{ id: number; users: number[] }>(
    `SELECT a.id, coalesce(array_agg(u.id ORDER BY u.id) FILTER (WHERE u.id IS NOT NULL), '{}') AS users FROM agencies a LEFT JOIN agency_users u ON u.agency_id = a.id GROUP BY a.id ORDER BY a.id LIMIT 300`,
  );
  const rooms = await q<Room>(
    `SELECT r.id, r.hotel_id, h.city_id, r.adult_count, r.child_count, r.adv_adult_count, r.adv_child_count, r.child_without,
            json_agg(json_build_object('from', p.date_from, 'to', p.date_to) ORDER BY p.date_from) AS periods
       FROM hotel_rooms r JOIN hotels h ON h.id = r.hotel_id JOIN hotel_room_prices p ON p.room_id = r.id
      WHERE r.adult_count > 0 GROUP BY r.id, h.city_id ORDER BY r.id`,
  );
  const hotelMeals = new Map((await q<{ hotel_id: number; items: number[] }>(`SELECT hotel_id, array_agg(item_id ORDER BY position) AS items FROM hotel_meal_items GROUP BY hotel_id`)).map((row) => [row.hotel_id, row.items]));
  const hotelServices = new Map((await q<{ hotel_id: number; items: number[] }>(`SELECT hotel_id, array_agg(DISTINCT item_id) AS items FROM hotel_service_items GROUP BY hotel_id`)).map((row) => [row.hotel_id, row.items]));
  const hotelAutoConfirm = new Map((await q<{ id: number; status: number }>(`SELECT id, auto_confirm_status AS status FROM hotels WHERE application_auto_confirm AND auto_confirm_status IS NOT NULL`)).map((row) => [row.id, row.status]));

  const transportRows = await q<{
    id: number; duration: number; departure_type: number; start_date: string; finish_date: string; days: number[]; dates: string[]; points: Point[]; auto_confirm: number | null;
    seats: number; rear_seats: number; rows: number; columns_at_door: number; second_door: boolean; second_door_rows: number | null; second_door_length: number | null;
  }>(
    `SELECT t.id, t.duration, t.departure_type, t.start_date::text, t.finish_date::text,
            CASE WHEN t.application_auto_confirm THEN t.auto_confirm_status END AS auto_confirm,
            coalesce((SELECT array_agg(d.number) FROM transport_days d WHERE d.transport_id = t.id), '{}') AS days,
            coalesce((SELECT array_agg(d.start_date::text) FROM transport_dates d WHERE d.transport_id = t.id), '{}') AS dates,
            (SELECT json_agg(json_build_object('id', p.id, 'position', p.position, 'kind', p.kind, 'city_id', p.point_city_id, 'arrival_day', p.arrival_day, 'departure_day', p.departure_day) ORDER BY p.position)
               FROM transport_route_points p WHERE p.transport_id = t.id) AS points,
            b.seats, b.rear_seats, b.rows, b.columns_at_door, b.second_door, b.second_door_rows, b.second_door_length
       FROM transports t JOIN transportations b ON b.id = t.transportation_id
      WHERE b.kind = 1 AND b.seats > 0 ORDER BY t.id`,
  );
  const transports = new Map<number, Transport>();
  for (const row of transportRows) {
    if (!row.points || row.points.length < 2) continue;
    const departures = departureDates(
      { departure_type: row.departure_type, start_date: row.start_date, finish_date: row.finish_date, days: row.days.map((number) => ({ number })), dates: row.dates.map((start_date) => ({ start_date })) },
      { from: addDays(today, -35), to: addDays(today, 84) },
    );
    transports.set(row.id, { id: row.id, duration: Math.max(1, row.duration), finish_city: row.points.at(-1)!.city_id, points: row.points, seats: seatNumbers(row), departures, auto_confirm: row.auto_confirm });
  }
  // Seats already held, per transport and departure: [number, from, to].
  const held = new Map<string, [number, number, number][]>();
  for (const row of await q<{ transport_id: number; departure_date: string; number: number; from_position: number; to_position: number }>(
    `SELECT transport_id, departure_date::text, number, from_position, to_position FROM seat_bookings WHERE departure_date >= $1`,
    [addDays(today, -40)],
  )) {
    const key = `${row.transport_id}:${row.departure_date}`;
    held.set(key, [...(held.get(key) ?? []), [row.number, row.from_position, row.to_position]]);
  }

  const tours = await q<Tour>(
    `SELECT t.id, t.city_id, t.duration, t.transport_forth_id, t.transport_back_id,
            CASE WHEN t.application_auto_confirm THEN t.auto_confirm_status END AS auto_confirm,
            coalesce((SELECT array_agg(d.start_date::text ORDER BY d.start_date) FROM tour_dates d WHERE d.tour_id = t.id), '{}') AS dates,
            coalesce((SELECT json_agg(json_build_object('hotel_id', h.hotel_id, 'meal_id', h.meal_id) ORDER BY h.position) FROM tour_hotels h WHERE h.tour_id = t.id), '[]') AS hotels,
            coalesce((SELECT array_agg(m.id ORDER BY m.position) FROM tour_meals m WHERE m.tour_id = t.id), '{}') AS meals,
            coalesce((SELECT json_agg(json_build_object('item_id', i.item_id, 'list', i.list) ORDER BY i.position) FROM tour_service_items i WHERE i.tour_id = t.id), '[]') AS services
       FROM tours t ORDER BY t.id`,
  );
  const seaTours = await q<SeaTour>(
    `SELECT s.id, s.city_id,
            coalesce((SELECT array_agg(x.transfer_type ORDER BY x.position) FROM sea_tour_transfer_types x WHERE x.sea_tour_id = s.id), '{}') AS transfers,
            coalesce((SELECT array_agg(gh.hotel_id ORDER BY g.position, gh.position) FROM sea_tour_hotel_groups g JOIN sea_tour_group_hotels gh ON gh.group_id = g.id WHERE g.sea_tour_id = s.id), '{}') AS hotels,
            coalesce((SELECT json_agg(json_build_object('forth', p.transport_forth_id, 'back', p.transport_back_id) ORDER BY p.position) FROM sea_tour_transports p WHERE p.sea_tour_id = s.id), '[]') AS pairs
       FROM sea_tours s ORDER BY s.id`,
  );
  // Tour services' priced days, to sell a service only on a day it has a price.
  const servicePeriods = new Map<number, { from: string; to: string }[]>();
  for (const row of await q<{ service_id: number; from: string; to: string }>(`SELECT service_id, date_from::text AS from, date_to::text AS to FROM tour_service_dates ORDER BY service_id, date_from`)) {
    servicePeriods.set(row.service_id, [...(servicePeriods.get(row.service_id) ?? []), { from: row.from, to: row.to }]);
  }
  const cities = new Map((await q<{ id: number; name: string }>(`SELECT id, name FROM cities`)).map((row) => [row.name, row.id]));
  return { managers, clients, agencies, rooms, hotelMeals, hotelServices, hotelAutoConfirm, transports, held, tours, seaTours, servicePeriods, cities };
}

type Catalogue = Awaited<ReturnType<typeof readCatalogue>>;

/** Every night of the stay covered by one of the room's price periods (the engine refuses any other). */
const covered = (room: Room, start: string, finish: string) => {
  for (let night = start; night < finish; night = addDays(night, 1)) if (!room.periods.some((period) => period.from <= night && night <= period.to)) return false;
  return true;
};

/** Seats of `transport` free on the segment [from, to) of the departure; taken ones are remembered as held. */
function takeSeats(catalogue: Catalogue, transport: Transport, date: string, from: number, to: number, count: number, faker: Faker): number[] | null {
  const key = `${transport.id}:${date}`;
  const held = catalogue.held.get(key) ?? [];
  const free = transport.seats.filter((number) => !held.some(([seat, start, end]) => seat === number && start < to && from < end));
  if (free.length < count) return null;
  // A party sits together when it can: consecutive free seats from a random place.
  const first = between(faker, 0, free.length - count);
  const seats = free.slice(first, first + count);
  // The bus lines' rule: no departure is booked past FULLEST_DEPARTURE % of its seats (on any segment).
  const booked = new Set([...held.map(([seat]) => seat), ...seats]).size;
  if (booked * 100 > transport.seats.length * FULLEST_DEPARTURE) return null;
  catalogue.held.set(key, [...held, ...seats.map((seat) => [seat, from, to] as [number, number, number])]);
  return seats;
}

interface Party {
  adults: number;
  children: number;
}

interface Stay {
  room: Room;
  start: string;
  finish: string;
  meal: number | null;
  counts: { adult_count: number; child_count: number; adv_adult_count: number; adv_child_count: number; child_without_count: number };
}

/** The party's places in a room: adults in the main places then the extra ones, children likewise; null when it does not fit. */
function placesIn(room: Room, party: Party): Stay['counts'] | null {
  const adults = Math.min(party.adults, room.adult_count);
  const extraAdults = party.adults - adults;
  const children = Math.min(party.children, room.child_count);
  const extraChildren = Math.min(party.children - children, room.adv_child_count);
  const withoutPlace = party.children - children - extraChildren;
  if (extraAdults > room.adv_adult_count || withoutPlace > room.child_without) return null;
  return { adult_count: adults, child_count: children, adv_adult_count: extraAdults, adv_child_count: extraChildren, child_without_count: withoutPlace };
}

/** A stay for `party` in one of `rooms`, from `start` (or a date the room sells) for `nights`: null when none fits. */
function findStay(catalogue: Catalogue, faker: Faker, rooms: readonly Room[], party: Party, nights: number, start: string | null, today: string): Stay | null {
  for (let attempt = 0; attempt < 12 && rooms.length > 0; attempt++) {
    const room = faker.helpers.arrayElement(rooms);
    const counts = placesIn(room, party);
    if (!counts) continue;
    let from = start;
    if (from === null) {
      const period = faker.helpers.arrayElement(room.periods);
      const earliest = period.from > addDays(today, -30) ? period.from : addDays(today, -30);
      const span = Math.round((Date.parse(period.to) - Date.parse(earliest)) / 86_400_000) - nights;
      if (span < 0) continue;
      from = addDays(earliest, between(faker, 0, Math.min(span, 110)));
    }
    const finish = addDays(from, nights);
    if (!covered(room, from, finish)) continue;
    const meals = catalogue.hotelMeals.get(room.hotel_id) ?? [];
    return { room, start: from, finish, meal: meals.length > 0 && chance(faker, 60) ? faker.helpers.arrayElement(meals) : null, counts };
  }
  return null;
}

/** A ride on `transport` leaving on `date`: the whole route mostly, sometimes from or to a stop. */
function rideOf(faker: Faker, transport: Transport, date: string, whole = false) {
  const last = transport.points.length - 1;
  const partial = !whole && last > 1 && chance(faker, 20);
  const from = partial ? between(faker, 0, last - 1) : 0;
  const to = partial ? between(faker, from + 1, last) : last;
  const fromPoint = transport.points[from]!;
  const toPoint = transport.points[to]!;
  // The trip days as the transport's rideDates counts them: the start left on day 1, the finish reached on the last.
  const leaves = fromPoint.kind === 'start' ? 1 : (fromPoint.departure_day ?? 1);
  const arrives = toPoint.kind === 'finish' ? transport.duration : (toPoint.arrival_day ?? 1);
  return { from, to, fromPoint, toPoint, start: addDays(date, leaves - 1), finish: addDays(date, Math.max(leaves, arrives) - 1) };
}

interface Draft {
  type: number;
  product: { hotel_id?: number; tour_id?: number; transport_id?: number; sea_tour_id?: number; auto_confirm?: number | null };
  tour_date: string | null;
  city_id: number | null;
  party: Party;
  stays: Stay[];
  rides: { leg: 'forth' | 'back'; transport: Transport; date: string; ride: ReturnType<typeof rideOf>; seats: number[] }[];
  transfers: { leg: 'forth' | 'back'; from: number; to: number; type: number; start: string; finish: string }[];
  services: { kind: ServiceLineKind; tour_service_id: number | null; hotel_service_id: number | null; count: number }[];
  meals: number[];
  manual_price: number | null;
  tourists: boolean;
}

const partyOf = (faker: Faker): Party => {
  const adults = faker.helpers.weightedArrayElement([
    { value: 1, weight: 25 },
    { value: 2, weight: 55 },
    { value: 3, weight: 12 },
    { value: 4, weight: 8 },
  ]);
  return { adults, children: adults >= 2 && chance(faker, 45) ? between(faker, 1, 2) : 0 };
};

/** Tour services with a price on `date`, as lines of `kind` (at most `max`, none twice). */
function tourServiceLines(catalogue: Catalogue, faker: Faker, candidates: readonly { item_id: number; kind: ServiceLineKind }[], date: string, max: number, people: number): Draft['services'] {
  const priced = candidates.filter((candidate) => (catalogue.servicePeriods.get(candidate.item_id) ?? []).some((period) => period.from <= date && date <= period.to));
  const seen = new Set<number>();
  return faker.helpers
    .arrayElements(priced, { min: 0, max: Math.min(max, priced.length) })
    .filter((candidate) => !seen.has(candidate.item_id) && seen.add(candidate.item_id))
    .map((candidate) => ({ kind: candidate.kind, tour_service_id: candidate.item_id, hotel_service_id: null, count: chance(faker, 70) ? people : 1 }));
}

/** Up to two of the hotel's own services (its price list's sums). */
function hotelServiceLines(catalogue: Catalogue, faker: Faker, hotelId: number): Draft['services'] {
  const sold = catalogue.hotelServices.get(hotelId) ?? [];
  return faker.helpers
    .arrayElements(sold, { min: 0, max: Math.min(2, sold.length) })
    .map((id, index) => ({ kind: (['services', 'additional_services'] as const)[index % 2]!, tour_service_id: null, hotel_service_id: id, count: between(faker, 1, 3) }));
}

function draftHotel(catalogue: Catalogue, faker: Faker, today: string): Draft | null {
  const party = partyOf(faker);
  const nights = faker.helpers.weightedArrayElement([
    { value: between(faker, 2, 4), weight: 40 },
    { value: between(faker, 5, 8), weight: 45 },
    { value: between(faker, 9, 14), weight: 15 },
  ]);
  const first = findStay(catalogue, faker, catalogue.rooms, party, nights, null, today);
  if (!first) return null;
  const stays = [first];
  // Now and then a second room of the same hotel for the same dates (grandparents, friends).
  if (chance(faker, 12)) {
    const second = findStay(catalogue, faker, catalogue.rooms.filter((room) => room.hotel_id === first.room.hotel_id), { adults: 2, children: 0 }, nights, first.start, today);
    if (second) stays.push(second);
  }
  const services = hotelServiceLines(catalogue, faker, first.room.hotel_id);
  const people = { adults: party.adults + (stays.length > 1 ? 2 : 0), children: party.children };
  return { type: 1, product: { hotel_id: first.room.hotel_id, auto_confirm: catalogue.hotelAutoConfirm.get(first.room.hotel_id) ?? null }, tour_date: null, city_id: first.room.city_id, party: people, stays, rides: [], transfers: [], services, meals: [], manual_price: null, tourists: true };
}

function draftBus(catalogue: Catalogue, faker: Faker): Draft | null {
  const transports = [...catalogue.transports.values()].filter((transport) => transport.departures.length > 0);
  if (transports.length === 0) return null;
  const party = partyOf(faker);
  const riders = party.adults + party.children;
  for (let attempt = 0; attempt < 10; attempt++) {
    const transport = faker.helpers.arrayElement(transports);
    const date = faker.helpers.arrayElement(transport.departures);
    const ride = rideOf(faker, transport, date);
    const seats = takeSeats(catalogue, transport, date, ride.from, ride.to, riders, faker);
    if (!seats) continue;
    // One leg: a bus-tour application sells its own transport only (its back line is another product).
    const rides: Draft['rides'] = [{ leg: 'forth', transport, date, ride, seats }];
    return {
      type: 3,
      product: { transport_id: transport.id, auto_confirm: transport.auto_confirm },
      tour_date: null,
      city_id: transport.finish_city,
      party,
      stays: [],
      rides,
      transfers: [],
      services: [],
      meals: [],
      manual_price: null,
      tourists: true,
    };
  }
  return null;
}

function draftTour(catalogue: Catalogue, faker: Faker, today: string): Draft | null {
  const tours = catalogue.tours.filter((tour) => tour.dates.length > 0);
  if (tours.length === 0) return null;
  const tour = faker.helpers.arrayElement(tours);
  const date = faker.helpers.arrayElement(tour.dates);
  const party = partyOf(faker);
  const riders = party.adults + party.children;
  const last = addDays(date, tour.duration - 1);
  const stays: Stay[] = [];
  if (tour.duration > 1) {
    const hotel = tour.hotels.length > 0 ? faker.helpers.arrayElement(tour.hotels) : null;
    const stay = hotel && findStay(catalogue, faker, catalogue.rooms.filter((room) => room.hotel_id === hotel.hotel_id), party, tour.duration - 1, date, today);
    if (stay) stays.push({ ...stay, meal: hotel.meal_id !== null && (catalogue.hotelMeals.get(hotel.hotel_id) ?? []).includes(hotel.meal_id) ? hotel.meal_id : null });
  }
  const rides: Draft['rides'] = [];
  for (const [leg, id, day] of [['forth', tour.transport_forth_id, date], ['back', tour.transport_back_id, last]] as const) {
    const transport = id === null ? undefined : catalogue.transports.get(id);
    if (!transport || !transport.departures.includes(day)) continue;
    const ride = rideOf(faker, transport, day, true);
    const seats = takeSeats(catalogue, transport, day, ride.from, ride.to, riders, faker);
    if (seats) rides.push({ leg, transport, date: day, ride, seats });
  }
  const candidates = tour.services.map((service) => ({ item_id: service.item_id, kind: (['services', 'required_services', 'additional_services'].includes(service.list) ? service.list : 'additional_services') as ServiceLineKind }));
  return {
    type: 2,
    product: { tour_id: tour.id, auto_confirm: tour.auto_confirm },
    tour_date: date,
    city_id: tour.city_id ?? stays[0]?.room.city_id ?? rides[0]?.transport.finish_city ?? null,
    party,
    stays,
    rides,
    transfers: [],
    services: tourServiceLines(catalogue, faker, candidates, date, 2, riders),
    meals: tour.meals.filter(() => chance(faker, 70)),
    manual_price: null,
    tourists: true,
  };
}

function draftSea(catalogue: Catalogue, faker: Faker, today: string): Draft | null {
  const tours = catalogue.seaTours.filter((tour) => tour.hotels.length > 0 && tour.transfers.length > 0);
  if (tours.length === 0) return null;
  const tour = faker.helpers.arrayElement(tours);
  const party = partyOf(faker);
  const riders = party.adults + party.children;
  const rooms = catalogue.rooms.filter((room) => tour.hotels.includes(room.hotel_id));
  const nights = between(faker, 5, 12);
  const transfer = faker.helpers.arrayElement(tour.transfers);
  const pair = transfer === TransferType.Bus && tour.pairs.length > 0 ? faker.helpers.arrayElement(tour.pairs) : null;
  const forth = pair ? catalogue.transports.get(pair.forth) : undefined;
  const back = pair ? catalogue.transports.get(pair.back) : undefined;
  if (forth && back && forth.departures.length > 0) {
    // By bus: the stay starts on the day the bus arrives and ends with the first bus back.
    for (let attempt = 0; attempt < 6; attempt++) {
      const date = faker.helpers.arrayElement(forth.departures);
      const ride = rideOf(faker, forth, date, true);
      const homeward = back.departures.find((departure) => departure >= addDays(ride.finish, nights));
      if (!homeward) continue;
      const stay = findStay(catalogue, faker, rooms, party, Math.round((Date.parse(homeward) - Date.parse(ride.finish)) / 86_400_000), ride.finish, today);
      if (!stay) continue;
      const seats = takeSeats(catalogue, forth, date, ride.from, ride.to, riders, faker);
      const backRide = rideOf(faker, back, homeward, true);
      const backSeats = seats && takeSeats(catalogue, back, homeward, backRide.from, backRide.to, riders, faker);
      if (!seats || !backSeats) continue;
      return {
        type: 4,
        product: { sea_tour_id: tour.id },
        tour_date: null,
        city_id: tour.city_id,
        party,
        stays: [stay],
        rides: [
          { leg: 'forth', transport: forth, date, ride, seats },
          { leg: 'back', transport: back, date: homeward, ride: backRide, seats: backSeats },
        ],
        transfers: [
          { leg: 'forth', from: forth.points[0]!.city_id, to: tour.city_id, type: TransferType.Bus, start: ride.start, finish: ride.finish },
          { leg: 'back', from: tour.city_id, to: back.finish_city, type: TransferType.Bus, start: backRide.start, finish: backRide.finish },
        ],
        services: hotelServiceLines(catalogue, faker, stay.room.hotel_id),
        meals: [],
        manual_price: null,
        tourists: true,
      };
    }
  }
  // By train or plane (or a bus transfer of their own): the transfers name the trip, the stay is priced.
  const stay = findStay(catalogue, faker, rooms, party, nights, null, today);
  if (!stay) return null;
  const home = catalogue.cities.get(faker.helpers.arrayElement(['Москва', 'Санкт-Петербург', 'Воронеж', 'Самара'])) ?? tour.city_id;
  const type = transfer === TransferType.Bus ? TransferType.Railway : transfer;
  return {
    type: 4,
    product: { sea_tour_id: tour.id },
    tour_date: null,
    city_id: tour.city_id,
    party,
    stays: [stay],
    rides: [],
    transfers: [
      { leg: 'forth', from: home, to: tour.city_id, type, start: addDays(stay.start, type === TransferType.Railway ? -1 : 0), finish: stay.start },
      { leg: 'back', from: tour.city_id, to: home, type, start: stay.finish, finish: addDays(stay.finish, type === TransferType.Railway ? 1 : 0) },
    ],
    services: hotelServiceLines(catalogue, faker, stay.room.hotel_id),
    meals: [],
    manual_price: null,
    tourists: true,
  };
}

/** A flight (5) or a train (6): no product and no tourists, the price set by hand from the carrier's fare. */
function draftTicket(catalogue: Catalogue, faker: Faker, today: string, type: 5 | 6): Draft {
  const [from, to] = faker.helpers.arrayElements(FLIGHT_CITIES, 2).map((name) => catalogue.cities.get(name) ?? [...catalogue.cities.values()][0]!) as [number, number];
  const party = partyOf(faker);
  const start = addDays(today, between(faker, -30, 80));
  const back = chance(faker, 70) ? addDays(start, between(faker, 5, 14)) : null;
  const transfer = type === 5 ? TransferType.Avia : TransferType.Railway;
  const fare = type === 5 ? between(faker, 60, 220) * 100 : between(faker, 25, 90) * 100;
  const transfers: Draft['transfers'] = [{ leg: 'forth', from, to, type: transfer, start, finish: type === 6 && chance(faker, 50) ? addDays(start, 1) : start }];
  if (back) transfers.push({ leg: 'back', from: to, to: from, type: transfer, start: back, finish: back });
  return { type, product: {}, tour_date: null, city_id: to, party, stays: [], rides: [], transfers, services: [], meals: [], manual_price: fare * (party.adults + party.children) * (back ? 2 : 1), tourists: false };
}

/** When a draft starts (the earliest of its items). */
const startOf = (draft: Draft): string | null =>
  [...draft.stays.map((stay) => stay.start), ...draft.rides.map((ride) => ride.ride.start), ...draft.transfers.map((transfer) => transfer.start), ...(draft.tour_date ? [draft.tour_date] : [])].sort()[0] ?? null;

export const applicationsKind: FakeDataKind = {
  name: 'applications',
  table: 'applications',
  async fill({ sql, faker }, count) {
    const today = todayIso();
    const catalogue = await readCatalogue(sql, today);
    if (catalogue.clients.length === 0) return;

    const drafts: Draft[] = [];
    for (let attempt = 0; drafts.length < count && attempt < count * 4; attempt++) {
      const type = faker.helpers.weightedArrayElement(TYPE_WEIGHTS.map(([value, weight]) => ({ value, weight })));
      const draft =
        type === 1 ? draftHotel(catalogue, faker, today)
        : type === 2 ? draftTour(catalogue, faker, today)
        : type === 3 ? draftBus(catalogue, faker)
        : type === 4 ? draftSea(catalogue, faker, today)
        : draftTicket(catalogue, faker, today, type as 5 | 6);
      if (draft) drafts.push(draft);
    }

    const applications = new BulkRows('applications', {
      id: 'integer', type: 'smallint', hotel_id: 'integer', tour_id: 'integer', transport_id: 'integer', sea_tour_id: 'integer', tour_date: 'date',
      client_id: 'integer', agency_id: 'integer', agency_user_id: 'integer', user_id: 'integer', created_by_id: 'integer', status: 'smallint', payment_method: 'smallint',
      adult_count: 'smallint', child_count: 'smallint', phone: 'varchar', email: 'varchar', attendant_phone: 'varchar', comment: 'text', promo_code: 'varchar',
      manual_price_without_discount: 'numeric', source: 'varchar', source_payload: 'jsonb', payload: 'jsonb', external_id: 'varchar', start_date: 'date', city_id: 'integer', created_at: 'timestamptz',
    });
    const stays = new BulkRows('application_accommodations', {
      application_id: 'integer', position: 'smallint', hotel_id: 'integer', room_id: 'integer', start_at: 'date', finish_at: 'date', meal_id: 'integer',
      adult_count: 'smallint', child_count: 'smallint', adv_adult_count: 'smallint', adv_child_count: 'smallint', child_without_count: 'smallint',
    });
    const rides = new BulkRows('application_transports', {
      application_id: 'integer', leg: 'varchar', transport_id: 'integer', departure_date: 'date', from_route_id: 'integer', to_route_id: 'integer', from_city_id: 'integer', to_city_id: 'integer', start_at: 'date', finish_at: 'date',
    });
    const transfers = new BulkRows('application_transfers', { application_id: 'integer', leg: 'varchar', from_city_id: 'integer', to_city_id: 'integer', transfer_type: 'smallint', start_at: 'date', finish_at: 'date' });
    const services = new BulkRows('application_services', { application_id: 'integer', kind: 'varchar', position: 'smallint', tour_service_id: 'integer', hotel_service_id: 'integer', count: 'numeric' });
    const meals = new BulkRows('application_meals', { application_id: 'integer', position: 'smallint', tour_meal_id: 'integer', persons: 'smallint' });
    const tourists = new BulkRows('tourists', {
      id: 'integer', application_id: 'integer', position: 'smallint', last_name: 'varchar', first_name: 'varchar', patronymic: 'varchar', birthday_date: 'date', document: 'smallint', document_number: 'varchar', citizenship: 'smallint', gender: 'smallint',
    });

    const ids = await reserveIds(sql, 'applications', drafts.length);
    const touristCount = drafts.reduce((sum, draft) => sum + (draft.tourists ? draft.party.adults + draft.party.children : 0), 0);
    const touristIds = await reserveIds(sql, 'tourists', touristCount);
    let nextTourist = 0;
    const seatings: { application: number; leg: 'forth' | 'back'; transport: number; date: string; from: number; to: number; seats: number[]; tourists: number[]; by: number | null }[] = [];
    // Children's ages go in after the rows (an array column does not travel through unnest's arrays).
    const ages: { id: number; ages: string }[] = [];
    const settled: { id: number; status: number; requester: RequesterType; discount: boolean; past: boolean }[] = [];

    drafts.forEach((draft, index) => {
      const id = ids[index]!;
      const start = startOf(draft) ?? today;
      const past = start < today;
      const source = chance(faker, 14) ? faker.helpers.arrayElement([ApplicationSource.WebSite, ApplicationSource.MobileApplication, ApplicationSource.SearchModule]) : null;
      const byAgency = source === ApplicationSource.SearchModule || (source === null && chance(faker, 35));
      const agency = byAgency && catalogue.agencies.length > 0 ? faker.helpers.arrayElement(catalogue.agencies) : null;
      const client = faker.helpers.arrayElement(catalogue.clients);
      const managerId = catalogue.managers.length > 0 && (source === null || chance(faker, 60)) ? faker.helpers.arrayElement(catalogue.managers) : null;
      // Statuses as an office's list shows them: past trips paid or cancelled, coming ones at every step.
      let status: number = past
        ? faker.helpers.weightedArrayElement([
            { value: ApplicationStatus.Paid, weight: 65 },
            { value: ApplicationStatus.Cancelled, weight: 15 },
            { value: ApplicationStatus.FullPaymentRequired, weight: 8 },
            { value: ApplicationStatus.ConfirmedPaymentRequired, weight: 7 },
            { value: ApplicationStatus.InWork, weight: 5 },
          ])
        : faker.helpers.weightedArrayElement([
            { value: ApplicationStatus.New, weight: 20 },
            { value: ApplicationStatus.InWork, weight: 20 },
            { value: ApplicationStatus.ConfirmedPaymentRequired, weight: 18 },
            { value: ApplicationStatus.AwaitingVendor, weight: 10 },
            { value: ApplicationStatus.FullPaymentRequired, weight: 10 },
            { value: ApplicationStatus.Paid, weight: 16 },
            { value: ApplicationStatus.Cancelled, weight: 6 },
          ]);
      // An outside application for an auto-confirming product took the product's status on arrival.
      if (source !== null && draft.product.auto_confirm && status <= ApplicationStatus.InWork) status = draft.product.auto_confirm;
      const requester = agency ? RequesterType.Agency : RequesterType.Client;
      const family = familyOf(faker, draft.party.adults + draft.party.children, draft.party.children);
      const childAges = family.members.slice(draft.party.adults).map((member) => Number(start.slice(0, 4)) - Number(member.birthday_date.slice(0, 4)) - (start.slice(5) < member.birthday_date.slice(5) ? 1 : 0));
      const madeDaysBefore = between(faker, 3, 60);
      const made = addDays(start, -madeDaysBefore) < today ? addDays(start, -madeDaysBefore) : addDays(today, -between(faker, 0, 2));
      const platform = source === ApplicationSource.MobileApplication ? faker.helpers.arrayElement(SOURCE_PLATFORMS) : null;
      const external = source === ApplicationSource.SearchModule ? `SM-${between(faker, 100000, 999999)}` : null;
      applications.push({
        id,
        type: draft.type,
        hotel_id: draft.product.hotel_id ?? null,
        tour_id: draft.product.tour_id ?? null,
        transport_id: draft.product.transport_id ?? null,
        sea_tour_id: draft.product.sea_tour_id ?? null,
        tour_date: draft.tour_date,
        client_id: agency ? null : client.id,
        agency_id: agency?.id ?? null,
        agency_user_id: agency && agency.users.length > 0 && chance(faker, 60) ? faker.helpers.arrayElement(agency.users) : null,
        user_id: managerId,
        created_by_id: source === null ? managerId : null,
        status,
        payment_method: chance(faker, 80) ? (agency ? faker.helpers.arrayElement([2, 3]) : faker.helpers.arrayElement([1, 2, 3, 4])) : null,
        adult_count: draft.party.adults,
        child_count: draft.party.children,
        phone: agency ? family.phone : client.phone,
        email: agency ? family.email : client.email,
        attendant_phone: chance(faker, 15) ? `+79${faker.string.numeric({ length: 9, allowLeadingZeros: true })}` : null,
        comment: chance(faker, 25) ? faker.helpers.arrayElement(COMMENTS) : null,
        promo_code: source !== null && chance(faker, 20) ? faker.helpers.arrayElement(['LETO2026', 'SEMYA10', 'PERVYI']) : null,
        manual_price_without_discount: draft.manual_price,
        source,
        source_payload: source === null ? null : JSON.stringify({ ...(platform ? { platform } : {}), received_at: `${made}T12:00:00+03:00`, adults: draft.party.adults, children: draft.party.children }),
        payload: source === null ? null : JSON.stringify({ application_type: draft.type, adult_count: draft.party.adults, child_count: draft.party.children, phone: client.phone, ...(external ? { external_id: external } : {}) }),
        external_id: external,
        start_date: startOf(draft),
        city_id: draft.city_id,
        created_at: `${made}T${String(between(faker, 9, 19)).padStart(2, '0')}:${String(between(faker, 0, 59)).padStart(2, '0')}:00+03:00`,
      });
      draft.stays.forEach((stay, position) => stays.push({ application_id: id, position, hotel_id: stay.room.hotel_id, room_id: stay.room.id, start_at: stay.start, finish_at: stay.finish, meal_id: stay.meal, ...stay.counts }));
      const people = draft.tourists ? family.members.map(() => touristIds[nextTourist++]!) : [];
      people.forEach((touristId, position) => tourists.push({ id: touristId, application_id: id, position, ...family.members[position]! }));
      for (const ride of draft.rides) {
        rides.push({
          application_id: id, leg: ride.leg, transport_id: ride.transport.id, departure_date: ride.date, from_route_id: ride.ride.fromPoint.id, to_route_id: ride.ride.toPoint.id,
          from_city_id: ride.ride.fromPoint.city_id, to_city_id: ride.ride.toPoint.city_id, start_at: ride.ride.start, finish_at: ride.ride.finish,
        });
        seatings.push({ application: id, leg: ride.leg, transport: ride.transport.id, date: ride.date, from: ride.ride.from, to: ride.ride.to, seats: ride.seats, tourists: people, by: managerId });
      }
      for (const transfer of draft.transfers) transfers.push({ application_id: id, leg: transfer.leg, from_city_id: transfer.from, to_city_id: transfer.to, transfer_type: transfer.type, start_at: transfer.start, finish_at: transfer.finish });
      const positions: Record<ServiceLineKind, number> = { services: 0, required_services: 0, additional_services: 0 };
      for (const line of draft.services) services.push({ application_id: id, kind: line.kind, position: positions[line.kind]++, tour_service_id: line.tour_service_id, hotel_service_id: line.hotel_service_id, count: String(line.count) });
      draft.meals.forEach((meal, position) => meals.push({ application_id: id, position, tour_meal_id: meal, persons: draft.party.adults + draft.party.children }));
      if (childAges.length > 0) ages.push({ id, ages: `{${childAges.join(',')}}` });
      settled.push({ id, status, requester, discount: draft.manual_price === null && status <= ApplicationStatus.InWork && chance(faker, 25), past });
    });

    for (const rows of [applications, stays, rides, transfers, services, meals, tourists]) await rows.insert(sql);
    await sql.query(`UPDATE applications a SET children_ages = x.ages::smallint[] FROM unnest($1::int[], $2::text[]) AS x(id, ages) WHERE x.id = a.id`, [ages.map((row) => row.id), ages.map((row) => row.ages)]);

    // Seats through the seat store, in one transaction (its statements want one).
    const { manager, db } = typeormOn(sql);
    await sql.query('BEGIN');
    try {
      for (const seating of seatings) {
        await syncApplicationSeats(manager, {
          applicationId: seating.application,
          leg: seating.leg,
          transportId: seating.transport,
          departureDate: seating.date,
          from: seating.from,
          to: seating.to,
          wanted: seating.seats.map((number, index) => ({ number, touristId: seating.tourists[index] ?? null })),
          createdById: seating.by,
        });
      }
      await sql.query('COMMIT');
    } catch (error) {
      await sql.query('ROLLBACK');
      throw error;
    }

    // The transport kind's passengers' applications get their search text here; their totals stay 0
    // (pricing each through the save costs ~20 ms: thousands of them would add minutes to the fill).
    await fillSearchText(sql);

    // Totals by the engine, as a save stores them; a discount (within the engine's cap) for some of those still open, priced again.
    const saver = await editorSave(sql, db);
    for (const application of settled) await saver(application.id);
    const discounted = settled.filter((application) => application.discount);
    if (discounted.length > 0) {
      await sql.query(
        `UPDATE applications SET discount = least(max_discount, round(price_without_discount * (3 + id % 5) / 100 / 100) * 100) WHERE id = ANY($1::int[]) AND max_discount > 0`,
        [discounted.map((application) => application.id)],
      );
      for (const application of discounted) await saver(application.id);
    }

    // Payments: a paid application paid in full (one or two payments), some confirmed ones the prepayment.
    const paid = settled.filter((application) => application.status === ApplicationStatus.Paid).map((application) => application.id);
    const prepaid = settled.filter((application) => (application.status === ApplicationStatus.ConfirmedPaymentRequired || application.status === ApplicationStatus.FullPaymentRequired) && chance(faker, 50)).map((application) => application.id);
    await sql.query(
      `INSERT INTO payments (application_id, status, sum, is_online, date, created_by_id, created_at)
       SELECT a.id, 2, CASE WHEN a.id = ANY($2::int[]) THEN round(a.price_total * 0.3, -2) WHEN a.id % 3 = 0 THEN round(a.price_total * 0.3, -2) ELSE a.price_total END,
              coalesce(a.payment_method = 2, false), least(current_date, a.created_at::date + 1), a.user_id, least(now(), a.created_at + interval '1 day')
         FROM applications a WHERE a.id = ANY($1::int[]) OR a.id = ANY($2::int[])`,
      [paid, prepaid],
    );
    await sql.query(
      `INSERT INTO payments (application_id, status, sum, is_online, date, created_by_id, created_at)
       SELECT a.id, 2, a.price_total - round(a.price_total * 0.3, -2), coalesce(a.payment_method = 2, false), least(current_date, a.created_at::date + 3), a.user_id, least(now(), a.created_at + interval '3 days')
         FROM applications a WHERE a.id = ANY($1::int[]) AND a.id % 3 = 0`,
      [paid],
    );
    await sql.query(`UPDATE applications SET payment_status = CASE WHEN id = ANY($1::int[]) THEN 3 ELSE 2 END,
              payment_method = coalesce(payment_method, CASE WHEN agency_id IS NULL THEN 1 ELSE 3 END), prepayment = CASE WHEN id = ANY($2::int[]) THEN round(price_total * 0.3, -2) END WHERE id = ANY($1::int[]) OR id = ANY($2::int[])`, [paid, prepaid]);
    await sql.query(`ANALYZE application_accommodations, application_transports, application_services, tourists, seat_bookings, payments`);
  },
};

/** The list's search text (number, the requester's name, phone, e-mail, tourists' names) of the applications without one. */
async function fillSearchText(sql: Sql): Promise<void> {
  await sql.query(
    `UPDATE applications a SET search_text = concat_ws(' ', a.number, coalesce(c.full_name, u.full_name), a.phone, a.email,
            (SELECT string_agg(concat_ws(' ', s.last_name, s.first_name, s.patronymic), ' ' ORDER BY s.position) FROM tourists s WHERE s.application_id = a.id))
       FROM applications x LEFT JOIN clients c ON c.id = x.client_id LEFT JOIN agency_users u ON u.id = x.agency_user_id
      WHERE x.id = a.id AND a.search_text = ''`,
  );
}

/**
 * The fake-data client as TypeORM's manager and data source (what the server's code runs on): rows
 * of a query, [rows, count] of an UPDATE or DELETE as TypeORM's PostgreSQL driver answers them, and
 * a transaction on the one connection (a manager bound to it, so reads are never sent in parallel).
 */
function typeormOn(sql: Sql): { manager: EntityManager; db: DataSource } {
  const manager = {
    // Bound to one connection, as a transaction's manager is: its reads run one after another (readAll).
    queryRunner: {},
    query: async (text: string, params?: unknown[]) => {
      const result = await sql.query(text, params as unknown[]);
      return result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows;
    },
  } as unknown as EntityManager;
  const transaction = async <T>(work: (transaction: EntityManager) => Promise<T>): Promise<T> => {
    await sql.query('BEGIN');
    try {
      const result = await work(manager);
      await sql.query('COMMIT');
      return result;
    } catch (error) {
      await sql.query('ROLLBACK');
      throw error;
    }
  };
  const db = { manager, transaction } as unknown as DataSource;
  // The data source a manager belongs to (schema reads are cached per data source).
  Object.assign(manager, { connection: db });
  return { manager, db };
}

/**
 * Prices and stores an application as the editor does: opened (GET's record read into the form) and
 * saved unchanged by an administrator through the applications' own save — the loader, the engine,
 * the shares and breakdown, the search text, start date and city, the seats — so the demo's totals
 * are the engine's.
 */
async function editorSave(sql: Sql, db: DataSource): Promise<(id: number) => Promise<void>> {
  const [admin] = (await sql.query<{ id: number }>(`SELECT id FROM users WHERE is_active ORDER BY role = $1 DESC, id LIMIT 1`, [Role.Administrator])).rows;
  const actor: ApplicationActor = { kind: 'system', userId: admin?.id ?? null };
  const reads = new ApplicationsService(db);
  const commands = new ApplicationCommands(db, reads);
  return async (id) => {
    try {
      const form = parseInput(applicationSchema, await reads.read(db.manager, id, { role: Role.Administrator }));
      await commands.save(form, actor, { id });
    } catch (error) {
      throw new Error(`Demo application ${id} refused by the save: ${error instanceof Error ? `${error.message} ${JSON.stringify((error as { getResponse?: () => unknown }).getResponse?.() ?? '')}` : String(error)}`, { cause: error });
    }
  };
}
