/**
 * Applications of every type (issue 18) for the demo's clients and agencies, on the demo's real
 * products: stays in hotel rooms within the rooms' caps and price periods, bus rides on departure
 * dates with seats from the seat store (free ones: the transport kind's bookings are read first),
 * excursion tours on their dates with their hotels, meals and services, sea tours in their groups'
 * hotels with the bus pair or a train or flight, and flights and trains without a product. Tourists
 * with names, birth dates and documents; service lines; statuses 1–7 (a paid one with its payment);
 * some from outside sources (the site, the mobile app with its platform, the search module); managers
 * from the staff. Every application is saved through the application's commands (issue 26) as an
 * outside system would save it — numbered, priced by the engine, its seats booked through the seat
 * store — and its discount, payments and status, or its cancel, are later commands.
 */
import { ApplicationSource, ApplicationStatus, RequesterType, SERVICE_LINE_KINDS, SOURCE_PLATFORMS, TransferType, type ServiceLineKind } from '../../shared/applications/constants.js';
import { applicationSchema } from '../../shared/applications/schema.js';
import type { ApplicationRecord } from '../../shared/applications/types.js';
import { decimal } from '../../shared/money.js';
import { seatNumbers } from '../../shared/transport/seat-scheme.js';
import { departureDates } from '../../shared/transport/rules.js';
import type { ApplicationActor } from '../applications/commands/actor.js';
import type { ApplicationCommands, SaveOptions } from '../applications/commands/application-commands.js';
import { addDays } from './bulk.js';
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
  /** A day out: sold for its whole route only (its other segments have no fare), never a way home. */
  excursion: boolean;
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
    is_excursion: boolean; seats: number; rear_seats: number; rows: number; columns_at_door: number; second_door: boolean; second_door_rows: number | null; second_door_length: number | null;
  }>(
    `SELECT t.id, t.duration, t.departure_type, t.start_date::text, t.finish_date::text, t.is_excursion,
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
    transports.set(row.id, { id: row.id, duration: Math.max(1, row.duration), finish_city: row.points.at(-1)!.city_id, points: row.points, seats: seatNumbers(row), departures, auto_confirm: row.auto_confirm, excursion: row.is_excursion });
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
  const partial = !whole && !transport.excursion && last > 1 && chance(faker, 20);
  const from = partial ? between(faker, 0, last - 1) : 0;
  const to = partial ? between(faker, from + 1, last) : last;
  return rideBetween(transport, date, from, to);
}

/** The ride of the trip leaving on `date` from the point at position `from` to the one at `to`, with its first and last days. */
function rideBetween(transport: Transport, date: string, from: number, to: number) {
  const fromPoint = transport.points[from]!;
  const toPoint = transport.points[to]!;
  // The trip days as the transport's rideDates counts them: the start left on day 1, the finish reached on the last.
  const leaves = fromPoint.kind === 'start' ? 1 : (fromPoint.departure_day ?? 1);
  const arrives = toPoint.kind === 'finish' ? transport.duration : (toPoint.arrival_day ?? 1);
  return { from, to, fromPoint, toPoint, start: addDays(date, leaves - 1), finish: addDays(date, Math.max(leaves, arrives) - 1) };
}

/**
 * The way back of a bus ride (issue 27): the first departure, `nights` or more after the arrival,
 * of a bus with a stop in the ride's arrival city before a stop in its departure city (the line's
 * return), with seats for the riders; null when there is none.
 */
function homeward(catalogue: Catalogue, faker: Faker, ride: ReturnType<typeof rideOf>, nights: number, riders: number): Draft['rides'][number] | null {
  for (const transport of catalogue.transports.values()) {
    if (transport.excursion) continue;
    const from = transport.points.find((point) => point.city_id === ride.toPoint.city_id);
    const to = from && transport.points.find((point) => point.position > from.position && point.city_id === ride.fromPoint.city_id);
    if (!from || !to) continue;
    for (const date of transport.departures) {
      const back = rideBetween(transport, date, from.position, to.position);
      if (back.start < addDays(ride.finish, nights)) continue;
      const seats = takeSeats(catalogue, transport, date, back.from, back.to, riders, faker);
      if (seats) return { leg: 'back', transport, date, ride: back, seats };
    }
  }
  return null;
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
    // There on its own transport; half of them back too, on the line's return a few nights later.
    const back = chance(faker, 50) ? homeward(catalogue, faker, ride, between(faker, 3, 10), riders) : null;
    const rides: Draft['rides'] = [{ leg: 'forth', transport, date, ride, seats }, ...(back ? [back] : [])];
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
  async fill({ sql, faker, commands: openCommands, today }, count) {
    const catalogue = await readCatalogue(sql, today);
    if (catalogue.clients.length === 0) return;
    const commands = await openCommands();

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

    // Each application as an outside system would make it: saved through the application's commands
    // (numbered, priced, its seats booked), then its discount, payments, status or cancel as later saves.
    for (const draft of drafts) {
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
      // An outside application for an auto-confirming product takes the product's status on arrival (the save does).
      if (source !== null && draft.product.auto_confirm && status <= ApplicationStatus.InWork) status = draft.product.auto_confirm;
      const family = familyOf(faker, today, draft.party.adults + draft.party.children, draft.party.children);
      const childAges = family.members.slice(draft.party.adults).map((member) => Number(start.slice(0, 4)) - Number(member.birthday_date.slice(0, 4)) - (start.slice(5) < member.birthday_date.slice(5) ? 1 : 0));
      const madeDaysBefore = between(faker, 3, 60);
      const made = addDays(start, -madeDaysBefore) < today ? addDays(start, -madeDaysBefore) : addDays(today, -between(faker, 0, 2));
      const platform = source === ApplicationSource.MobileApplication ? faker.helpers.arrayElement(SOURCE_PLATFORMS) : null;
      const external = source === ApplicationSource.SearchModule ? `SM-${between(faker, 100000, 999999)}` : null;
      const paymentMethod = chance(faker, 80) ? (agency ? faker.helpers.arrayElement([2, 3]) : faker.helpers.arrayElement([1, 2, 3, 4])) : null;
      const product = draft.product.hotel_id ?? draft.product.tour_id ?? draft.product.transport_id ?? draft.product.sea_tour_id ?? null;
      const leg = (side: 'forth' | 'back') => draft.rides.find((ride) => ride.leg === side);
      const transfer = (side: 'forth' | 'back') => draft.transfers.find((item) => item.leg === side);
      const rideOfLeg = (side: 'forth' | 'back') => {
        const ride = leg(side);
        return ride ? { transport_id: ride.transport.id, departure_date: ride.date, from_route_id: ride.ride.fromPoint.id, to_route_id: ride.ride.toPoint.id } : null;
      };
      const seatsOfLeg = (side: 'forth' | 'back') => (leg(side)?.seats ?? []).map((number, index) => ({ number, tourist_index: index }));
      const transferOfLeg = (side: 'forth' | 'back') => {
        const item = transfer(side);
        return item ? { from_city_id: item.from, to_city_id: item.to, transfer_type: item.type, start_at: item.start, finish_at: item.finish } : null;
      };
      const payload = {
        application_type: draft.type,
        applicationable_id: product,
        tour_date: draft.tour_date,
        requester_type: agency ? RequesterType.Agency : RequesterType.Client,
        requester_id: agency ? agency.id : client.id,
        agency_user_id: agency && agency.users.length > 0 && chance(faker, 60) ? faker.helpers.arrayElement(agency.users) : null,
        user_id: managerId,
        // Paid and cancelled come later: a payment first, the cancel action last.
        status: status === ApplicationStatus.Paid ? ApplicationStatus.FullPaymentRequired : status === ApplicationStatus.Cancelled ? ApplicationStatus.New : status,
        payment_method: paymentMethod,
        adult_count: draft.party.adults,
        child_count: draft.party.children,
        children_ages: childAges,
        phone: agency ? family.phone : client.phone,
        email: agency ? family.email : client.email,
        attendant_phone: chance(faker, 15) ? `+79${faker.string.numeric({ length: 9, allowLeadingZeros: true })}` : null,
        comment: chance(faker, 25) ? faker.helpers.arrayElement(COMMENTS) : null,
        promo_code: source !== null && chance(faker, 20) ? faker.helpers.arrayElement(['LETO2026', 'SEMYA10', 'PERVYI']) : null,
        manual_price_without_discount: draft.manual_price,
        source,
        source_payload: source === null ? null : { ...(platform ? { platform } : {}), received_at: `${made}T12:00:00+03:00`, adults: draft.party.adults, children: draft.party.children },
        external_id: external,
        accommodations: draft.stays.map((stay) => ({ hotel_id: stay.room.hotel_id, room_id: stay.room.id, start_at: stay.start, finish_at: stay.finish, meal_id: stay.meal, ...stay.counts })),
        transport_forth: rideOfLeg('forth'),
        transport_back: rideOfLeg('back'),
        seats_forth: seatsOfLeg('forth'),
        seats_back: seatsOfLeg('back'),
        transfer_forth: transferOfLeg('forth'),
        transfer_back: transferOfLeg('back'),
        ...Object.fromEntries(SERVICE_LINE_KINDS.map((kind) => [kind, draft.services.filter((line) => line.kind === kind).map((line) => ({ serviceable_id: line.tour_service_id ?? line.hotel_service_id, count: line.count }))])),
        meals: draft.meals.map((meal) => ({ tour_meal_id: meal, persons: draft.party.adults + draft.party.children })),
        tourists: draft.tourists ? family.members : [],
      };
      const raw = source === null ? undefined : { application_type: draft.type, adult_count: draft.party.adults, child_count: draft.party.children, phone: client.phone, ...(external ? { external_id: external } : {}) };
      const createdAt = `${made}T${String(between(faker, 9, 19)).padStart(2, '0')}:${String(between(faker, 0, 59)).padStart(2, '0')}:00+03:00`;
      const actor: ApplicationActor = { kind: 'system', userId: source === null ? managerId : null };
      const saved = await demoSave(commands, payload, actor, { raw, createdAt });

      // A discount (within the engine's cap) for some of those still open; payments: a paid one in full
      // (in one or two payments), some awaiting payment their prepayment; then the status and the cancel.
      const discounted = draft.manual_price === null && status <= ApplicationStatus.InWork && chance(faker, 25) && saved.totals.max_discount > 0;
      // What the requester owes (an agency: the price less its commission — nothing when the commission
      // takes the whole price), paid in full or in part; a prepayment in whole hundreds, when there is one.
      const total = decimal(agency ? saved.totals.agency_to_pay : saved.totals.price_total);
      const share = total.times(0.3).dividedBy(100).toDecimalPlaces(0).times(100);
      // Nothing owed: no payment to make, so it stays «требуется оплата» rather than «Оплачена».
      const paid = status === ApplicationStatus.Paid && total.greaterThan(0);
      const prepaid = (status === ApplicationStatus.ConfirmedPaymentRequired || status === ApplicationStatus.FullPaymentRequired) && share.greaterThan(0) && chance(faker, 50);
      if (discounted || paid || prepaid) {
        const payDay = (days: number) => (addDays(made, days) < today ? addDays(made, days) : today);
        const isOnline = paymentMethod === 2;
        const payments = paid
          ? saved.id % 3 === 0 && share.greaterThan(0) && share.lessThan(total)
            ? [{ sum: share.toFixed(2), status: 2, is_online: isOnline, date: payDay(1) }, { sum: total.minus(share).toFixed(2), status: 2, is_online: isOnline, date: payDay(3) }]
            : [{ sum: total.toFixed(2), status: 2, is_online: isOnline, date: payDay(1) }]
          : prepaid
            ? [{ sum: share.toFixed(2), status: 2, is_online: isOnline, date: payDay(1) }]
            : [];
        await demoSave(
          commands,
          {
            ...applicationSchema.parse(saved),
            discount: discounted ? Math.min(saved.totals.max_discount, Math.round((Number(saved.totals.price_without_discount) * (3 + (saved.id % 5))) / 100 / 100) * 100) : saved.discount,
            payments,
            payment_method: paid || prepaid ? (paymentMethod ?? (agency ? 3 : 1)) : paymentMethod,
            // By the status the save stored: an outside application for an auto-confirming product has the product's
            // status whatever was sent, and a prepayment is set only in «Подтверждена, требуется оплата».
            prepayment: prepaid && saved.status === ApplicationStatus.ConfirmedPaymentRequired ? share.toFixed(2) : null,
            status: paid ? ApplicationStatus.Paid : saved.status,
          },
          actor,
          { id: saved.id },
        );
      }
      if (status === ApplicationStatus.Cancelled) await commands.cancel(saved.id, undefined, actor);
    }
    await sql.query(`ANALYZE application_accommodations, application_transports, application_services, tourists, seat_bookings, payments`);
  },
};

/** A demo application saved through the commands; a refusal names the application and why (a fake-data bug). */
async function demoSave(commands: ApplicationCommands, payload: unknown, actor: ApplicationActor, options: SaveOptions): Promise<ApplicationRecord> {
  try {
    const { data } = await commands.save(applicationSchema.parse(payload), actor, options);
    return data as ApplicationRecord;
  } catch (error) {
    const detail = error instanceof Error ? `${error.message} ${JSON.stringify((error as { getResponse?: () => unknown }).getResponse?.() ?? '')}` : String(error);
    throw new Error(`Demo application ${options.id ?? '(new)'} refused by the save: ${detail}`, { cause: error });
  }
}
