/**
 * The transport features (issue 12):
 *
 * - the seat dashboard (GET /api/transports/schedules/seats) for a year of 50 transports with 40
 *   seats booked on each of 365 days (730 000 bookings, boarding in two cities): p50/p95 over HTTP at
 *   one client next to the target p95 < 100 ms, and the dashboard statement's p50/p95 through a plain
 *   client (PostgreSQL's work and the reply text's transfer, without the server around it);
 * - booking throughput: 32 concurrent clients booking random seats and segments of one transport over
 *   HTTP (POST /api/transports/{id}/seats): bookings per second, then SQL looks for two bookings of a
 *   seat on a date whose stop ranges overlap (there must be none) and counts what was stored.
 *
 * `--explain` also prints the dashboard statement's plan (EXPLAIN ANALYZE, BUFFERS).
 */
import { performance } from 'node:perf_hooks';
import { dashboardGrid } from '../../../shared/transport/schedules.js';
import { seededFaker } from '../../fake-data/vocabulary.js';
import { insertCities, insertTransport, insertTransportation, type Sql } from '../../test/transport-fixtures.js';
import { DASHBOARD_SQL } from '../../transports/schedules.service.js';
import { percentile, type BenchContext, type BenchRow, type BenchScenario } from '../context.js';

const YEAR = 2030;
const TRANSPORTS = 50;
const DAYS = 365;
const SEATS = 40;
const DASHBOARD_TARGET_MS = 100;
const WARMUP = 10;
const AT_ONCE = 32;
const ATTEMPTS = 4000;
/** Departure dates the attempts spread over: enough seats that most attempts can succeed, few enough that they collide. */
const BOOKING_DATES = 60;

const sqlOf = ({ sql }: BenchContext): Sql => ({ query: async <Row>(text: string, params?: unknown[]) => (await sql.query(text, params)).rows as Row[] });

/** 50 transports × 365 departure days × 40 booked seats; seats of the first half board in the first city, the rest in the second. */
async function fillYear(context: BenchContext): Promise<void> {
  const started = performance.now();
  const db = sqlOf(context);
  const cities = await insertCities(db, ['Москва', 'Тула', 'Орёл']);
  const transportation = await insertTransportation(db);
  const ids: number[] = [];
  for (let index = 0; index < TRANSPORTS; index++) {
    ids.push(await insertTransport(db, { name: `Рейс ${index + 1}`, transportationId: transportation, cities, startDate: `${YEAR}-01-01`, finishDate: `${YEAR}-12-31`, days: [1, 2, 3, 4, 5, 6, 7], isExcursion: index % 2 === 0 }));
  }
  await context.sql.query(
    `INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position)
     SELECT t.id, make_date($2, 1, 1) + d, s, CASE WHEN s <= $4 / 2 THEN 0 ELSE 1 END, 2
       FROM unnest($1::int[]) AS t(id), generate_series(0, $3 - 1) AS d, generate_series(1, $4) AS s`,
    [ids, YEAR, DAYS, SEATS],
  );
  await context.sql.query('VACUUM ANALYZE seat_bookings, seat_booking_counts');
  context.log(`  transport: ${(TRANSPORTS * DAYS * SEATS).toLocaleString('en')} seat bookings filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function dashboard(context: BenchContext): Promise<BenchRow> {
  await fillYear(context);
  const path = `/api/transports/schedules/seats?year=${YEAR}`;
  const times: number[] = [];
  let cells = 0;
  for (let request = 0; request < WARMUP + context.sizes.requests; request++) {
    const started = performance.now();
    const reply = await context.admin.get(path);
    if (reply.status !== 200) throw new Error(`Dashboard answered ${reply.status}`);
    if (request >= WARMUP) times.push(performance.now() - started);
    cells = dashboardGrid(reply.body.data).rows.reduce((sum, row) => sum + row.cells.size, 0);
  }
  if (cells !== TRANSPORTS * DAYS) throw new Error(`The dashboard shows ${cells} cells, ${TRANSPORTS * DAYS} expected`);
  const database: number[] = [];
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    await context.sql.query(DASHBOARD_SQL, [YEAR, null]);
    database.push(performance.now() - started);
  }
  if (process.argv.includes('--explain')) {
    const plan = await context.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${DASHBOARD_SQL}`, [YEAR, null]);
    context.log(`EXPLAIN dashboard\n${plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
  }
  const p95 = percentile(times, 95);
  const dbP95 = percentile(database, 95);
  return {
    scenario: `seat dashboard, a year of ${TRANSPORTS} transports`,
    clients: 1,
    p50: percentile(times, 50),
    p95,
    dbP50: percentile(database, 50),
    dbP95,
    ratio: p95 / dbP95,
    target: `p95 < ${DASHBOARD_TARGET_MS} ms`,
    met: p95 < DASHBOARD_TARGET_MS,
    note: `${SEATS} seats booked on each of ${DAYS} days: ${cells.toLocaleString('en')} cells; DB = the statement through a plain client`,
  };
}

async function bookingThroughput(context: BenchContext): Promise<BenchRow[]> {
  const db = sqlOf(context);
  const cities = await insertCities(db, ['Казань', 'Чебоксары', 'Нижний Новгород', 'Владимир']);
  const dates = Array.from({ length: BOOKING_DATES }, (_, index) => new Date(Date.UTC(YEAR + 1, 5, 1 + index)).toISOString().slice(0, 10));
  const transportId = await insertTransport(db, { name: 'Нагрузочный рейс', transportationId: await insertTransportation(db), cities, startDate: `${YEAR + 1}-01-01`, finishDate: `${YEAR + 1}-12-31`, dates });
  // Random seats, dates and segments of a 4-point route (the fake-data generator's seeded faker: the
  // same attempts every run); many attempts collide, so the refusals are real contention.
  const faker = seededFaker();
  const random = (below: number) => faker.number.int({ min: 0, max: below - 1 });
  const attempts = Array.from({ length: ATTEMPTS }, () => {
    const from = random(3);
    const to = from + 1 + random(3 - from);
    return { number: 1 + random(49), start_date: dates[random(dates.length)], from_city_id: cities[from], to_city_id: cities[to] };
  });
  const clients = Array.from({ length: AT_ONCE }, () => context.admin.withBaseUrl(context.baseUrl));
  let next = 0;
  const answered = { booked: 0, refused: 0, failed: 0 };
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let index = next++; index < attempts.length; index = next++) {
        const reply = await client.post(`/api/transports/${transportId}/seats`, attempts[index]);
        if (reply.status === 201) answered.booked++;
        else if (reply.status === 422) answered.refused++;
        else answered.failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [{ doubles, stored }] = (
    await context.sql.query<{ doubles: number; stored: number }>(
      `SELECT (SELECT count(*)::int FROM seat_bookings a JOIN seat_bookings b
                 ON a.id < b.id AND a.transport_id = b.transport_id AND a.departure_date = b.departure_date AND a.number = b.number
                AND int4range(a.from_position, a.to_position) && int4range(b.from_position, b.to_position)
              WHERE a.transport_id = $1) AS doubles,
              (SELECT count(*)::int FROM seat_bookings WHERE transport_id = $1) AS stored`,
      [transportId],
    )
  ).rows as [{ doubles: number; stored: number }];
  return [
    {
      scenario: `seat booking, ${ATTEMPTS} attempts`,
      clients: AT_ONCE,
      target: 'informs; none fail',
      met: answered.failed === 0,
      note: `${(answered.booked / seconds).toFixed(0)} bookings/s (${(ATTEMPTS / seconds).toFixed(0)} attempts/s): ${answered.booked} booked, ${answered.refused} refused (422), ${answered.failed} other answers`,
    },
    {
      scenario: 'seat booking: double bookings (SQL)',
      target: '0, stored = booked',
      met: doubles === 0 && stored === answered.booked,
      note: `${doubles} double bookings; ${stored} stored, ${answered.booked} answered 201`,
    },
  ];
}

export const transportScenario: BenchScenario = {
  name: 'transport',
  stage: 'full',
  async run(context) {
    return [await dashboard(context), ...(await bookingThroughput(context))];
  },
};
