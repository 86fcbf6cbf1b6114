/**
 * Bus transports: coach lines between Russian cities (to the Black Sea, the Caucasian mineral waters,
 * between the capitals) and one-day excursions, each forth and back, with a route of a start, 0–2
 * stops and a finish (times and trip days from the distance), weekly departure days or specific
 * dates from a month ago to some months ahead, a tariff for every ordered pair of route points (by
 * distance, whole roubles), and seats booked on the departures of the past four weeks and the next
 * twelve — most by tourists of applications (families side by side, some riding part of the route),
 * some booked by hand on the schedule — so the seat dashboard and the schedules are lived in.
 * The seat store's exclusion constraint holds by construction: a seat's segments on one date never
 * overlap. Every row is what the bus-transport editor would save (shared/transport/transports.ts,
 * server/transports/transport-rules.ts): opened and saved unchanged, a transport stays as it is.
 */
import { seatNumbers, seatSchemeSvg } from '../../shared/transport/seat-scheme.js';
import { departureDates } from '../../shared/transport/rules.js';
import { addDays, BulkRows, daysBetween, declaredRows, percentOf, reserveIds, roundRoubles } from './bulk.js';
import { ensureCities, ensureVendors, type FakeVendor } from './catalogue.js';
import { applicationSchema } from '../../shared/applications/schema.js';
import type { ApplicationCommands } from '../applications/commands/application-commands.js';
import { TRANSPORT_AGGREGATE } from '../transports/transport.aggregate.js';
import type { FakeDataContext, FakeDataKind } from './kind.js';
import { coachesFor } from './transportations.js';
import { latin, MAIL_DOMAINS } from './vocabulary.js';

type Faker = FakeDataContext['faker'];

/** The most of a departure's seats the fake data books (percent): the schedule always has seats to sell. */
export const FULLEST_DEPARTURE = 95;

interface Line {
  /** Cities in route order with their distance from the start, km. */
  points: [city: string, km: number][];
  /** Departure from the start, HH:MM. */
  leaves: string;
  /** Where the bus waits at each point (the first for the start, the last for the finish). */
  places: string[];
  excursion?: string;
}

/** Coach lines and excursions; each runs forth, and back with the points reversed. */
const LINES: Line[] = [
  { points: [['Москва', 0], ['Воронеж', 520], ['Ростов-на-Дону', 1075], ['Анапа', 1500]], leaves: '15:00', places: ['м. Щёлковская, автовокзал', 'Остановка у ж/д вокзала Воронеж-1', 'Главный автовокзал, ул. Сиверса', 'Автовокзал Анапы, ул. Астраханская'] },
  { points: [['Москва', 0], ['Воронеж', 520], ['Краснодар', 1340], ['Геленджик', 1480]], leaves: '14:00', places: ['м. Котельники, автостанция', 'АЗС «Лукойл» на трассе М-4, съезд на Воронеж', 'Автовокзал «Краснодар-1»', 'Автовокзал Геленджика'] },
  { points: [['Москва', 0], ['Воронеж', 520], ['Туапсе', 1510], ['Сочи', 1640]], leaves: '12:00', places: ['м. Красногвардейская, автостанция', 'Остановка у ТЦ «Сити-Парк Град»', 'Автовокзал Туапсе', 'Автовокзал Сочи, ул. Горького'] },
  { points: [['Санкт-Петербург', 0], ['Великий Новгород', 190], ['Москва', 710]], leaves: '22:00', places: ['Автовокзал, наб. Обводного канала', 'Автовокзал Великого Новгорода', 'м. Ховрино, автовокзал «Северные ворота»'] },
  { points: [['Москва', 0], ['Владимир', 190], ['Нижний Новгород', 420]], leaves: '08:00', places: ['м. Щёлковская, автовокзал', 'Автовокзал Владимира', 'Автовокзал «Канавинский»'] },
  { points: [['Москва', 0], ['Казань', 820]], leaves: '19:00', places: ['м. Новоясеневская, автостанция', 'Центральный автовокзал Казани'] },
  { points: [['Ростов-на-Дону', 0], ['Краснодар', 280], ['Новороссийск', 430], ['Кабардинка', 450]], leaves: '07:00', places: ['Главный автовокзал, ул. Сиверса', 'Автовокзал «Краснодар-1»', 'Автовокзал Новороссийска', 'Остановка «Центр», ул. Мира'] },
  { points: [['Самара', 0], ['Саратов', 440], ['Волгоград', 830], ['Анапа', 1450]], leaves: '10:00', places: ['Центральный автовокзал Самары', 'Автовокзал Саратова', 'Автовокзал Волгограда', 'Автовокзал Анапы, ул. Астраханская'] },
  { points: [['Воронеж', 0], ['Ростов-на-Дону', 560], ['Краснодар', 840], ['Сочи', 1130]], leaves: '17:00', places: ['Центральный автовокзал Воронежа', 'Главный автовокзал, ул. Сиверса', 'Автовокзал «Краснодар-1»', 'Автовокзал Сочи, ул. Горького'] },
  { points: [['Минеральные Воды', 0], ['Пятигорск', 25], ['Ессентуки', 45], ['Кисловодск', 65]], leaves: '09:00', places: ['Аэропорт Минеральные Воды', 'Автовокзал Пятигорска', 'Автостанция Ессентуков', 'Автовокзал Кисловодска'] },
  { points: [['Белгород', 0], ['Ростов-на-Дону', 620], ['Анапа', 1050]], leaves: '18:00', places: ['Автовокзал Белгорода', 'Главный автовокзал, ул. Сиверса', 'Автовокзал Анапы, ул. Астраханская'] },
  { points: [['Москва', 0], ['Ярославль', 270]], leaves: '09:30', places: ['м. ВДНХ, у гостиницы «Космос»', 'Автовокзал Ярославля'] },
  { points: [['Казань', 0], ['Самара', 360]], leaves: '08:00', places: ['Центральный автовокзал Казани', 'Центральный автовокзал Самары'] },
  { points: [['Санкт-Петербург', 0], ['Петрозаводск', 430]], leaves: '07:30', places: ['м. Площадь Восстания, Лиговский пр.', 'Автовокзал Петрозаводска'] },
  { points: [['Екатеринбург', 0], ['Челябинск', 210]], leaves: '08:30', places: ['Северный автовокзал', 'Автовокзал «Юность»'] },
  { points: [['Москва', 0], ['Сергиев Посад', 75], ['Ростов Великий', 200], ['Ярославль', 270]], leaves: '07:30', places: ['м. ВДНХ, у гостиницы «Космос»', 'Троице-Сергиева лавра', 'Ростовский кремль', 'Набережная Волги'], excursion: 'Золотое кольцо' },
  { points: [['Кисловодск', 0], ['Домбай', 190]], leaves: '07:00', places: ['Курортный бульвар', 'Канатная дорога Домбая'], excursion: 'Домбай' },
  { points: [['Сочи', 0], ['Красная Поляна', 70]], leaves: '08:00', places: ['Морской вокзал', 'Курорт «Роза Хутор»'], excursion: 'Красная Поляна' },
  { points: [['Анапа', 0], ['Абрау-Дюрсо', 75]], leaves: '09:00', places: ['Центральный пляж', 'Озеро Абрау'], excursion: 'Абрау-Дюрсо' },
];

const CARRIERS: FakeVendor[] = [
  { name: 'ООО «Автолайн»', address: 'г. Москва, Щёлковское ш., 75', email: 'dispatch@avtoline-bus.ru', contact_name: 'Гришин Павел Андреевич', contact_phone: '+79161234567', inn: '7719456123', ogrn: '1177746123456', contract_form: 'Договор фрахтования', payment_method: 'bank_transfer' },
  { name: 'ООО «ТрансЮг»', address: 'г. Ростов-на-Дону, ул. Сиверса, 1', email: 'info@transyug.ru', contact_name: 'Бондаренко Сергей Иванович', contact_phone: '+79185553311', inn: '6163098765', ogrn: '1096163004321', contract_form: 'Договор фрахтования', payment_method: 'bank_transfer' },
  { name: 'ИП Сидоренко Виктор Петрович', address: 'г. Краснодар, ул. Новокузнечная, 12', email: 'sidorenko.bus@mail.ru', contact_name: 'Сидоренко Виктор Петрович', contact_phone: '+79094567788', inn: '230812345678', ogrn: '318237500054321', contract_form: 'Договор перевозки', payment_method: 'offset' },
  { name: 'ООО «Евротранс»', address: 'г. Санкт-Петербург, наб. Обводного канала, 36', email: 'orders@eurotrans-spb.ru', contact_name: 'Лебедева Анна Михайловна', contact_phone: '+79217654321', inn: '7839012345', ogrn: '1147847012345', contract_form: 'Договор фрахтования', payment_method: 'bank_transfer' },
];

const WEEKLY = [[5], [1, 5], [2, 5, 7], [3, 6], [1, 3, 5, 7], [1, 2, 3, 4, 5, 6, 7], [6], [4, 7]];
/** Kopecks a kilometre on a coach line (3 roubles). */
const KOPECKS_PER_KM = 300;

const between = (faker: Faker, min: number, max: number) => faker.number.int({ min, max });
const chance = (faker: Faker, percent: number) => faker.number.int(99) < percent;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Day of the trip (1 = the departure day) and HH:MM of a moment `offset` minutes after midnight of day 1. */
const moment = (offset: number) => ({ day: Math.floor(offset / 1440) + 1, time: `${String(Math.floor((offset % 1440) / 60)).padStart(2, '0')}:${String(offset % 60).padStart(2, '0')}` });
/** Minutes on the road for a distance (70 km/h), to five minutes. */
const driving = (km: number) => Math.round((km * 60) / 70 / 5) * 5;

/**
 * The lines in the order transports are made: forth and back of each, lines interleaved so a few
 * transports are varied. A line comes with its return or not at all (a bus tour there finds its way
 * back, issue 27): when only one transport is left to make, it is an excursion's, which comes back
 * the same day (one transport, not two).
 */
function services(count: number, taken: (line: Line, back: boolean, round: number) => boolean): { line: Line; back: boolean; round: number }[] {
  const units: { line: Line; back: boolean; round: number }[][] = [];
  for (let round = 0; round < 50; round++) {
    for (const line of LINES) units.push((line.excursion ? [false] : [false, true]).filter((back) => !taken(line, back, round)).map((back) => ({ line, back, round })));
  }
  const chosen: { line: Line; back: boolean; round: number }[] = [];
  for (const unit of units) if (unit.length > 0 && chosen.length + unit.length <= count) chosen.push(...unit);
  return chosen;
}

function routeOf(line: Line, back: boolean) {
  const total = line.points.at(-1)![1];
  const points = back ? [...line.points].reverse().map(([city, km]) => [city, total - km] as [string, number]) : line.points;
  const places = back ? [...line.places].reverse() : line.places;
  const leaves = back ? (line.excursion ? '17:00' : line.leaves) : line.leaves;
  // Moments at each point: a stop takes 20 minutes (arrival, then departure).
  const start = minutes(leaves);
  let stopped = 0;
  const stops = points.map(([city, km], position) => {
    const arrives = start + driving(km) + stopped;
    if (position > 0 && position < points.length - 1) stopped += 20;
    return { city, km, place: places[position]!, arrives: moment(arrives), leaves: moment(position === 0 ? start : arrives + 20) };
  });
  return { points: stops, duration: stops.at(-1)!.arrives.day };
}

export const transportsKind: FakeDataKind = {
  name: 'transports',
  table: 'transports',
  async fill({ sql, faker, commands: openCommands, today }, count) {
    const cities = await ensureCities(sql, [...new Set(LINES.flatMap((line) => line.points.map(([city]) => city)))]);
    const carriers = [...(await ensureVendors(sql, CARRIERS)).values()];
    // Buses: the types there are (one coach of transportations.ts when there are none).
    let { rows: buses } = await sql.query<{ id: number; name: string; seats: number; rear_seats: number; rows: number; columns_at_door: number; second_door: boolean; second_door_rows: number | null; second_door_length: number | null }>(
      'SELECT id, name, seats, rear_seats, rows, columns_at_door, second_door, second_door_rows, second_door_length FROM transportations WHERE kind = 1 AND seats > 0 ORDER BY id',
    );
    if (buses.length === 0) {
      const [{ name, ...coach }] = coachesFor(1) as [ReturnType<typeof coachesFor>[number]];
      buses = (
        await sql.query(
          `INSERT INTO transportations (name, kind, seats, rear_seats, rows, columns_at_door, second_door, second_door_rows, second_door_length, schema_svg)
           VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, name, seats, rear_seats, rows, columns_at_door, second_door, second_door_rows, second_door_length`,
          [name, coach.seats, coach.rear_seats, coach.rows, coach.columns_at_door, coach.second_door, coach.second_door_rows, coach.second_door_length, seatSchemeSvg(coach)],
        )
      ).rows;
    }
    const { rows: managers } = await sql.query<{ id: number }>('SELECT id FROM users WHERE role = 3 AND is_active ORDER BY id LIMIT 20');
    const { rows: takenNames } = await sql.query<{ name: string }>('SELECT lower(name) AS name FROM transports');
    const taken = new Set(takenNames.map((row) => row.name));
    // Every application has a requester: the demo's clients (one is made when there are none).
    let { rows: requesters } = await sql.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 5000');
    if (requesters.length === 0) requesters = (await sql.query<{ id: number }>(`INSERT INTO clients (surname, name, phone, is_new) VALUES ('Пассажиров', 'Пётр', '+79990000001', false) RETURNING id`)).rows;

    // The transport's own tables as its declaration writes them; the seat store and departure data beside.
    const transports = declaredRows(TRANSPORT_AGGREGATE, { id: 'integer' });
    const points = declaredRows(TRANSPORT_AGGREGATE.collections.route_points, { transport_id: 'integer' });
    const days = declaredRows(TRANSPORT_AGGREGATE.collections.days, { transport_id: 'integer' });
    const dates = declaredRows(TRANSPORT_AGGREGATE.collections.dates, { transport_id: 'integer' });
    const tariffs = declaredRows(TRANSPORT_AGGREGATE.links.tariffs, { transport_id: 'integer' });
    const bookings = new BulkRows('seat_bookings', {
      transport_id: 'integer', departure_date: 'date', number: 'smallint', from_position: 'smallint', to_position: 'smallint', application_id: 'integer', tourist_id: 'integer', leg: 'varchar', created_by_id: 'integer', created_at: 'timestamptz',
    });
    const departureData = new BulkRows('transport_date_data', { id: 'integer', transport_id: 'integer', date: 'date', name: 'varchar', number: 'varchar', glonas_url: 'varchar', departure_place: 'varchar', departure_time: 'time' });
    const departureApplications = new BulkRows('transport_date_data_applications', { date_data_id: 'integer', application_id: 'integer' });

    const transportIds = await reserveIds(sql, 'transports', count);
    // Passengers' applications and departure data are numbered 0, 1, … as they are made; the
    // applications are saved through the commands once the transports are written, the departure data's
    // ids reserved, and the references remapped (BulkRows.remap).
    const passengers: Passenger[] = [];
    let nextData = 0;
    const chosen = services(count, (line, back, round) => taken.has(nameOf(line, back, round).toLowerCase()));

    const made = chosen.map(({ line, back, round }, index) => {
      const route = routeOf(line, back);
      const bus = line.excursion ? buses.find((candidate) => candidate.seats <= 35) ?? buses[0]! : faker.helpers.arrayElement(buses.filter((candidate) => candidate.seats >= 35).length > 0 ? buses.filter((candidate) => candidate.seats >= 35) : buses);
      const weekly = chance(faker, 70);
      const startDate = addDays(today, -between(faker, 28, 45));
      const finishDate = addDays(today, between(faker, 120, 240));
      const dateList: string[] = [];
      const weekdays = weekly ? faker.helpers.arrayElement(line.excursion ? [[6], [3, 6], [2, 4, 6, 7]] : WEEKLY) : [];
      if (!weekly) {
        // Specific dates: every few days from the start, some skipped later on (none in the next three
        // weeks: there is always a departure within a week).
        for (let date = addDays(startDate, between(faker, 0, 3)); date <= finishDate; date = addDays(date, between(faker, 3, 7))) {
          if (chance(faker, 85) || (date >= today && date < addDays(today, 21))) dateList.push(date);
        }
      }
      const fare = (from: number, to: number) => roundRoubles(Math.round(((route.points[to]!.km - route.points[from]!.km) * KOPECKS_PER_KM) / 100), 50);
      const adult = line.excursion ? between(faker, 18, 45) * 100 : fare(0, route.points.length - 1);
      return { id: transportIds[index]!, line, back, round, route, bus, weekly, weekdays, dateList, startDate, finishDate, fare, adult, departures: [] as string[] };
    });

    for (const transport of made) {
      const { id, line, back, round, route, bus, weekly, weekdays, dateList, startDate, finishDate, fare, adult } = transport;
      const name = nameOf(line, back, round);
      const autoConfirm = chance(faker, 20);
      const last = route.points.length - 1;
      const first = route.points[0]!.city;
      const end = route.points[last]!.city;
      transports.push({
        id,
        name,
        transportation_id: bus.id,
        vendor_id: chance(faker, 80) ? faker.helpers.arrayElement(carriers) : null,
        duration: route.duration,
        adult_price: adult,
        child_price: percentOf(adult, 80),
        start_date: startDate,
        finish_date: finishDate,
        departure_type: weekly ? 1 : 2,
        is_excursion: line.excursion !== undefined,
        application_auto_confirm: autoConfirm,
        auto_confirm_status: autoConfirm ? faker.helpers.arrayElement([3, 5]) : null,
        catalog_title: line.excursion ? `Экскурсия «${line.excursion}» из города ${first}` : `Автобусный тур ${first} — ${end}`,
        catalog_price: adult,
        catalog_image: null,
        catalog_sort: chance(faker, 30) ? between(faker, 1, 100) : null,
        // As the editor stores it (shared/transport/transports.ts catalogSchema with its defaults filled).
        seo_settings: JSON.stringify({
          meta: { h1: name, title: `${name}: расписание и цены на автобус`, description: `Автобус ${first} — ${end}: ${route.duration > 1 ? `${route.duration} дня в пути` : 'в тот же день'}, места по схеме салона.` },
          advantages: [
            { title: 'Комфортный автобус', text: '<p>Кондиционер, откидные кресла и остановки каждые 3–4 часа.</p>' },
            { title: 'Место по схеме', text: '<p>Выбирайте место в салоне при бронировании.</p>' },
          ],
          faq: [{ question: 'Сколько багажа можно взять?', answer: '<p>Одно место багажа до 20 кг и ручная кладь бесплатно.</p>' }],
          top_block: { title: null, text: null },
          bottom_block: { title: null, text: null },
        }),
      });
      route.points.forEach((point, position) => {
        const kind = position === 0 ? 'start' : position === last ? 'finish' : 'intermediate';
        points.push({
          transport_id: id,
          position,
          kind,
          point_city_id: cities.get(point.city)!,
          info: point.place,
          start_time: kind === 'finish' ? null : point.leaves.time,
          finish_time: kind === 'start' ? null : point.arrives.time,
          arrival_day: kind === 'intermediate' ? point.arrives.day : null,
          departure_day: kind === 'intermediate' ? point.leaves.day : null,
        });
      });
      for (let from = 0; from < last; from++) {
        for (let to = from + 1; to <= last; to++) tariffs.push({ transport_id: id, from_position: from, to_position: to, tariff: line.excursion ? (from === 0 && to === last ? adult : 0) : fare(from, to) });
      }
      // Commission of the operator on a departure: a percent or a sum a seat; the bus's freight.
      const commission = () => (chance(faker, 60) ? { commission_type: 2, commission_sum: between(faker, 5, 12) } : { commission_type: 1, commission_sum: between(faker, 2, 8) * 100 });
      const freight = () => (chance(faker, 50) ? between(faker, 6, 20) * 10_000 : 0);
      for (const number of weekdays) days.push({ transport_id: id, number, ...commission(), freight: freight() });
      for (const date of dateList) dates.push({ transport_id: id, start_date: date, ...commission(), freight: freight() });

      const departures = departureDates({ departure_type: weekly ? 1 : 2, start_date: startDate, finish_date: finishDate, days: weekdays.map((number) => ({ number })), dates: dateList.map((date) => ({ start_date: date })) }, { from: addDays(today, -28), to: addDays(today, 84) });
      transport.departures = departures;
    }

    for (const { id, line, back, route, bus, departures } of made) {
      const last = route.points.length - 1;
      const seats = seatNumbers(bus);
      const leg = back ? 'back' : 'forth';
      for (const date of departures) {
        // How full a departure is: the past ones nearly, the next weeks well, later ones less.
        const ahead = daysBetween(today, date);
        const [low, high] = ahead < 0 ? [70, FULLEST_DEPARTURE] : ahead < 14 ? [50, 85] : ahead < 42 ? [30, 65] : [5, 35];
        const booked = faker.helpers.arrayElements(seats, Math.round((seats.length * between(faker, low, high)) / 100)).sort((a, b) => a - b);
        const seated: number[] = [];
        for (let index = 0; index < booked.length; ) {
          const party = booked.slice(index, index + between(faker, 1, 4));
          index += party.length;
          // A family rides one segment; most ride the whole route, some get on or off at a stop.
          const partial = last > 1 && !line.excursion && chance(faker, 25);
          const from = partial ? between(faker, 0, last - 1) : 0;
          const to = partial ? between(faker, from + 1, from === 0 ? last - 1 : last) : last;
          const bookedAt = addDays(date, -between(faker, 1, 60));
          const createdAt = `${bookedAt < today ? bookedAt : today}T${String(between(faker, 9, 19)).padStart(2, '0')}:${String(between(faker, 0, 59)).padStart(2, '0')}:00+03:00`;
          if (chance(faker, 12)) {
            // Held by hand on the schedule, no tourist yet.
            for (const number of party) bookings.push({ transport_id: id, departure_date: date, number, from_position: from, to_position: to, application_id: null, tourist_id: null, leg: null, created_by_id: managers.length > 0 ? faker.helpers.arrayElement(managers).id : null, created_at: createdAt });
          } else {
            seated.push(passengers.length);
            passengers.push({ transportId: id, date, leg, from, to, seats: party, family: familyOf(faker, today, party.length), clientId: faker.helpers.arrayElement(requesters).id, createdAt });
          }
          // The rest of the route of a seat freed at a stop is sold again, to one traveller.
          if (partial && to < last && chance(faker, 50)) {
            seated.push(passengers.length);
            passengers.push({ transportId: id, date, leg, from: to, to: last, seats: [party[0]!], family: familyOf(faker, today, 1), clientId: faker.helpers.arrayElement(requesters).id, createdAt });
          }
        }
        // The bus, its driver's tracking link and where it waits: for the next two departures.
        if (ahead >= 0 && departures.filter((other) => other >= today && other < date).length < 2) {
          const dataId = nextData++;
          departureData.push({
            id: dataId,
            transport_id: id,
            date,
            name: bus.name.split(',')[0],
            number: `${faker.helpers.arrayElement(['А', 'В', 'Е', 'К', 'М', 'Н', 'О', 'Р', 'С', 'Т', 'У', 'Х'])}${between(faker, 100, 999)}${faker.helpers.arrayElement(['АВ', 'ЕК', 'МР', 'ОС', 'ТХ'])} ${faker.helpers.arrayElement(['77', '177', '93', '123', '61', '161', '78'])}`,
            glonas_url: `https://glonass-monitoring.ru/track/${id}-${date.replaceAll('-', '')}`,
            departure_place: route.points[0]!.place,
            departure_time: route.points[0]!.leaves.time,
          });
          for (const applicationId of seated) departureApplications.push({ date_data_id: dataId, application_id: applicationId });
        }
      }
    }

    for (const rows of [transports, points, days, dates, tariffs, bookings]) await rows.insert(sql);
    const applicationIds = await savePassengers(sql, await openCommands(), passengers);
    const dataIds = await reserveIds(sql, 'transport_date_data', nextData);
    departureData.remap('id', dataIds);
    departureApplications.remap('date_data_id', dataIds);
    departureApplications.remap('application_id', applicationIds);
    for (const rows of [departureData, departureApplications]) await rows.insert(sql);
    for (const table of ['transport_route_points', 'seat_bookings', 'applications', 'tourists']) await sql.query(`ANALYZE ${table}`);
  },
};

/** A party riding one segment of a departure, to be an application of the bus transport. */
interface Passenger {
  transportId: number;
  date: string;
  leg: 'forth' | 'back';
  from: number;
  to: number;
  seats: number[];
  family: ReturnType<typeof familyOf>;
  clientId: number;
  createdAt: string;
}

/**
 * The passengers' applications through the application's commands (issue 26), as the site's
 * module would make them: a bus-tour application of the transport with the leg its seats ride, the
 * party as tourists (a child is under 14 on the ride's first day), numbered and priced by the save.
 * Answers their ids in the order given.
 */
async function savePassengers(sql: FakeDataContext['sql'], commands: ApplicationCommands, passengers: readonly Passenger[]): Promise<number[]> {
  const transportIds = [...new Set(passengers.map((passenger) => passenger.transportId))];
  const { rows: points } = await sql.query<{ transport_id: number; position: number; id: number; kind: string; arrival_day: number | null; departure_day: number | null; duration: number }>(
    `SELECT p.transport_id, p.position, p.id, p.kind, p.arrival_day, p.departure_day, t.duration FROM transport_route_points p JOIN transports t ON t.id = p.transport_id WHERE p.transport_id = ANY($1::int[])`,
    [transportIds],
  );
  const pointAt = new Map(points.map((point) => [`${point.transport_id}:${point.position}`, point]));
  const ids: number[] = [];
  for (const passenger of passengers) {
    const from = pointAt.get(`${passenger.transportId}:${passenger.from}`)!;
    const to = pointAt.get(`${passenger.transportId}:${passenger.to}`)!;
    // The ride's first day as rideDates counts it: the start left on day 1, a stop on its departure day.
    const rideStart = addDays(passenger.date, (from.kind === 'start' ? 1 : (from.departure_day ?? 1)) - 1);
    const ageOn = (born: string) => Number(rideStart.slice(0, 4)) - Number(born.slice(0, 4)) - (rideStart.slice(5) < born.slice(5) ? 1 : 0);
    // Adults first, then the children, so the seats follow the tourists' order.
    const members = [...passenger.family.members].sort((a, b) => Number(ageOn(a.birthday_date) < 14) - Number(ageOn(b.birthday_date) < 14));
    const children = members.filter((member) => ageOn(member.birthday_date) < 14);
    const item = { transport_id: passenger.transportId, departure_date: passenger.date, from_route_id: from.id, to_route_id: to.id };
    const seats = passenger.seats.map((number, index) => ({ number, tourist_index: index }));
    const form = applicationSchema.parse({
      application_type: 3,
      applicationable_id: passenger.transportId,
      requester_type: 'client',
      requester_id: passenger.clientId,
      adult_count: members.length - children.length,
      child_count: children.length,
      children_ages: children.map((member) => ageOn(member.birthday_date)),
      phone: passenger.family.phone,
      email: passenger.family.email,
      [passenger.leg === 'back' ? 'transport_back' : 'transport_forth']: item,
      [passenger.leg === 'back' ? 'seats_back' : 'seats_forth']: seats,
      tourists: members,
    });
    try {
      const { data } = await commands.save(form, { kind: 'system', userId: null }, { createdAt: passenger.createdAt });
      ids.push((data as { id: number }).id);
    } catch (error) {
      const detail = error instanceof Error ? `${error.message} ${JSON.stringify((error as { getResponse?: () => unknown }).getResponse?.() ?? '')}` : String(error);
      throw new Error(`A passengers' application of transport ${passenger.transportId} on ${passenger.date} refused by the save: ${detail}`, { cause: error });
    }
  }
  return ids;
}

function nameOf(line: Line, back: boolean, round: number): string {
  const [first, end] = back ? [line.points.at(-1)![0], line.points[0]![0]] : [line.points[0]![0], line.points.at(-1)![0]];
  const base = line.excursion ? `Экскурсия «${line.excursion}»${back ? ' (обратно)' : ''}` : `${first} — ${end}`;
  return round === 0 ? base : `${base}, рейс ${round + 1}`;
}

const FEMALE_SURNAME: [RegExp, string][] = [[/(ов|ев|ёв|ин|ын)$/, '$1а'], [/ский$/, 'ская'], [/цкий$/, 'цкая'], [/ой$/, 'ая']];
const femaleSurname = (surname: string) => FEMALE_SURNAME.reduce((name, [pattern, ending]) => (pattern.test(name) ? name.replace(pattern, ending) : name), surname);

/**
 * A party of `size` travelling together: a grown-up first, then a partner and children, with their
 * documents; `children` (when given) makes exactly the last ones children (aged 3–13: a child on any trip day this year).
 */
export function familyOf(faker: Faker, today: string, size: number, children?: number) {
  const surname = faker.person.lastName('male');
  const year = Number(today.slice(0, 4));
  const birthday = (from: number, to: number) => `${between(faker, from, to)}-${String(between(faker, 1, 12)).padStart(2, '0')}-${String(between(faker, 1, 28)).padStart(2, '0')}`;
  const passport = () => `${between(faker, 1000, 9999)} ${between(faker, 100000, 999999)}`;
  const members = Array.from({ length: size }, (_, index) => {
    const child = children === undefined ? index >= 2 || (index === 1 && chance(faker, 30)) : index >= size - children;
    const sex = index === 0 ? faker.person.sexType() : index === 1 && !child ? 'female' : faker.person.sexType();
    const female = sex === 'female';
    const born = child ? birthday(year - 13, year - 3) : birthday(year - 70, year - 20);
    return {
      last_name: female ? femaleSurname(surname) : surname,
      first_name: faker.person.firstName(sex),
      patronymic: faker.person.middleName(sex),
      birthday_date: born,
      document: child ? 2 : 1,
      document_number: child ? `${faker.helpers.arrayElement(['I', 'II', 'III', 'IV', 'V'])}-${faker.helpers.arrayElement(['АГ', 'ЛО', 'МЮ', 'РК', 'ТН'])} ${between(faker, 100000, 999999)}` : passport(),
      citizenship: 1,
      gender: female ? 2 : 1,
    };
  });
  // The contacts of the one who booked: the first of the party.
  const { first_name, last_name } = members[0]!;
  return {
    members,
    email: chance(faker, 75) ? `${latin(first_name)}.${latin(last_name)}${between(faker, 1, 999)}@${faker.helpers.arrayElement(MAIL_DOMAINS)}` : null,
    phone: `+79${faker.string.numeric({ length: 9, allowLeadingZeros: true })}`,
  };
}
