/**
 * Bench of the transport features (issue 12), `npm run bench:transport`:
 *
 * - the seat dashboard (GET /api/transports/schedules/seats) for a year of 50 transports with 40
 *   seats booked on each of 365 days (730 000 bookings): p50/p95 over HTTP and PostgreSQL's own time
 *   for the query, target p95 < 100 ms;
 * - booking throughput: 32 concurrent clients booking random seats and segments of one transport
 *   over HTTP (POST /api/transports/{id}/seats) — bookings per second, refusals, and zero double
 *   bookings verified by SQL afterwards (no two bookings of a seat on a date with overlapping ranges).
 *
 * `transportBenchScenarios` has the shape of a scenario of the bench registry (a name and
 * `run(context)`), so the registry can list it in one line; `main()` runs it on its own: an embedded
 * PostgreSQL in a temp folder and the real server.
 *
 * Environment: BENCH_TRANSPORTS (50), BENCH_DAYS (365), BENCH_SEATS (40), BENCH_REQUESTS (dashboard
 * requests, 100), BENCH_CLIENTS_AT_ONCE (32), BENCH_BOOKINGS (booking attempts, 4000).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServer } from '../bootstrap.js';
import { startEmbeddedDatabase } from '../database/embedded-database.js';
import { ApiClient } from '../test/api-client.js';
import { DASHBOARD_SQL } from '../transports/schedules.service.js';
import { insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const TRANSPORTS = number('BENCH_TRANSPORTS', 50);
const DAYS = number('BENCH_DAYS', 365);
const SEATS = number('BENCH_SEATS', 40);
const REQUESTS = number('BENCH_REQUESTS', 100);
const AT_ONCE = number('BENCH_CLIENTS_AT_ONCE', 32);
const ATTEMPTS = number('BENCH_BOOKINGS', 4000);
const DASHBOARD_TARGET_MS = 100;
const YEAR = 2030;

export interface TransportBenchContext {
  baseUrl: string;
  /** A signed-in client (administrator). */
  http: ApiClient;
  sql: pg.Client;
  log(line: string): void;
}

export interface TransportBenchRow {
  scenario: string;
  figure: string;
  target: string;
  met: boolean | null;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

/** 50 transports × 365 departure days × 40 booked seats, with segments from two boarding cities. */
async function fillYear(context: TransportBenchContext): Promise<void> {
  const { sql } = context;
  const started = performance.now();
  const db = { query: async <Row>(text: string, params?: unknown[]) => (await sql.query(text, params)).rows as Row[] };
  const cities = await insertCities(db, ['Москва', 'Тула', 'Орёл']);
  const transportation = await insertTransportation(db);
  const ids: number[] = [];
  for (let index = 0; index < TRANSPORTS; index++) {
    ids.push(await insertTransport(db, { name: `Рейс ${index + 1}`, transportationId: transportation, cities, startDate: `${YEAR}-01-01`, finishDate: `${YEAR}-12-31`, days: [1, 2, 3, 4, 5, 6, 7], isExcursion: index % 2 === 0 }));
  }
  // Seats 1..SEATS/2 ride from Moscow, the rest from Tula: the tooltips have two cities.
  await sql.query(
    `INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position)
     SELECT t.id, make_date($2, 1, 1) + d, s, CASE WHEN s <= $4 / 2 THEN 0 ELSE 1 END, 2
       FROM unnest($1::int[]) AS t(id), generate_series(0, $3 - 1) AS d, generate_series(1, $4) AS s`,
    [ids, YEAR, DAYS, SEATS],
  );
  await sql.query('VACUUM ANALYZE seat_bookings');
  await sql.query('VACUUM ANALYZE seat_booking_counts');
  const [{ count }] = (await sql.query<{ count: string }>('SELECT count(*) FROM seat_bookings')).rows as [{ count: string }];
  context.log(`Filled ${Number(count).toLocaleString('en')} bookings (${TRANSPORTS} transports × ${DAYS} days × ${SEATS} seats) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function dashboard(context: TransportBenchContext): Promise<TransportBenchRow[]> {
  await fillYear(context);
  const path = `/api/transports/schedules/seats?year=${YEAR}`;
  for (let warm = 0; warm < 10; warm++) await context.http.get(path);
  const times: number[] = [];
  let cells = 0;
  for (let request = 0; request < REQUESTS; request++) {
    const started = performance.now();
    const reply = await context.http.get(path);
    times.push(performance.now() - started);
    if (reply.status !== 200) throw new Error(`Dashboard answered ${reply.status}`);
    cells = (reply.body.data.transports as { cells: unknown[] }[]).reduce((sum, transport) => sum + transport.cells.length, 0);
  }
  // PostgreSQL's own time for the dashboard's aggregation (the statement of SchedulesService.dashboardJson).
  const explained: number[] = [];
  for (let run = 0; run < 5; run++) {
    const [plan] = (
      await context.sql.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${DASHBOARD_SQL}`,
        [YEAR, null],
      )
    ).rows[0]['QUERY PLAN'] as { 'Execution Time': number; 'Planning Time': number }[];
    explained.push(plan!['Execution Time'] + plan!['Planning Time']);
  }
  const p95 = percentile(times, 95);
  return [
    {
      scenario: `dashboard, ${TRANSPORTS} transports × ${DAYS} days × ${SEATS} seats (${cells.toLocaleString('en')} cells)`,
      figure: `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (DB ${percentile(explained, 50).toFixed(1)} ms)`,
      target: `p95 < ${DASHBOARD_TARGET_MS} ms`,
      met: p95 < DASHBOARD_TARGET_MS,
    },
  ];
}

async function bookingThroughput(context: TransportBenchContext): Promise<TransportBenchRow[]> {
  const { sql } = context;
  const db = { query: async <Row>(text: string, params?: unknown[]) => (await sql.query(text, params)).rows as Row[] };
  const cities = await insertCities(db, ['Казань', 'Чебоксары', 'Нижний Новгород', 'Владимир']);
  const dates = Array.from({ length: 10 }, (_, index) => `${YEAR + 1}-06-${String(index + 1).padStart(2, '0')}`);
  const transportId = await insertTransport(db, { name: 'Нагрузочный рейс', transportationId: await insertTransportation(db), cities, startDate: `${YEAR + 1}-01-01`, finishDate: `${YEAR + 1}-12-31`, dates });
  // Random seats, dates and segments of a 4-point route: contention is real, many attempts collide.
  let seed = 12345;
  const random = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  const attempts = Array.from({ length: ATTEMPTS }, () => {
    const from = random(3);
    const to = from + 1 + random(3 - from);
    return { number: 1 + random(49), start_date: dates[random(dates.length)], from_city_id: cities[from], to_city_id: cities[to] };
  });
  const clients = Array.from({ length: AT_ONCE }, () => context.http.withBaseUrl(context.baseUrl));
  let next = 0;
  let booked = 0;
  let refused = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let index = next++; index < attempts.length; index = next++) {
        const reply = await client.post(`/api/transports/${transportId}/seats`, attempts[index]);
        if (reply.status === 201) booked++;
        else if (reply.status === 422) refused++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [{ doubles }] = (
    await sql.query<{ doubles: string }>(
      `SELECT count(*) AS doubles FROM seat_bookings a JOIN seat_bookings b
         ON a.id < b.id AND a.transport_id = b.transport_id AND a.departure_date = b.departure_date AND a.number = b.number
        AND int4range(a.from_position, a.to_position) && int4range(b.from_position, b.to_position)
        WHERE a.transport_id = $1`,
      [transportId],
    )
  ).rows as [{ doubles: string }];
  const [{ stored }] = (await sql.query<{ stored: string }>('SELECT count(*) AS stored FROM seat_bookings WHERE transport_id = $1', [transportId])).rows as [{ stored: string }];
  return [
    {
      scenario: `booking, ${AT_ONCE} concurrent clients, ${ATTEMPTS} attempts`,
      figure: `${(booked / seconds).toFixed(0)} bookings/s, ${(ATTEMPTS / seconds).toFixed(0)} attempts/s; ${booked} booked, ${refused} refused (422), ${failed} failed`,
      target: 'no failures',
      met: failed === 0,
    },
    {
      scenario: 'booking: double bookings found by SQL afterwards',
      figure: `${doubles} (stored ${stored}, answered 201: ${booked})`,
      target: '0, and stored = booked',
      met: Number(doubles) === 0 && Number(stored) === booked,
    },
  ];
}

/** The transport scenarios, registry-shaped: a name and `run(context)`. */
export const transportBenchScenarios = [
  { name: 'transport-dashboard', run: dashboard },
  { name: 'transport-booking', run: bookingThroughput },
];

async function main(): Promise<void> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const log = (line: string) => console.log(line);
  try {
    const cpus = os.cpus();
    log(`Machine: ${cpus.length} CPU(s) ${cpus[0]?.model.trim() ?? ''}, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}, Node ${process.version}`);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-transport-bench-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const database = await startEmbeddedDatabase(dataDir);
    cleanup.push(() => database.stop());
    const admin = { email: 'bench.admin@example.test', password: 'bench-admin-password' };
    const server = await startServer({ databaseUrl: database.url, port: 0, rendererDir: path.join(os.tmpdir(), 'backoffice-bench-no-renderer'), env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
    cleanup.push(() => server.close());
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    cleanup.push(() => sql.end());
    const http = new ApiClient(server.url);
    const signIn = await http.login(admin.email, admin.password);
    if (signIn.status !== 200) throw new Error(`Sign-in failed: ${signIn.status}`);

    const rows: TransportBenchRow[] = [];
    for (const scenario of transportBenchScenarios) rows.push(...(await scenario.run({ baseUrl: server.url, http, sql, log })));
    log('');
    const header = `${'scenario'.padEnd(62)} ${'figure'.padEnd(78)} ${'target'.padEnd(24)} met`;
    log(header);
    log('-'.repeat(header.length));
    for (const row of rows) log(`${row.scenario.padEnd(62)} ${row.figure.padEnd(78)} ${row.target.padEnd(24)} ${row.met === null ? '' : row.met ? 'yes' : 'NO'}`);
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
