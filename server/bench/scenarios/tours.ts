/**
 * The tours list (issue 17): 20 000 tours × 20 start dates × 15 checklist points per date (6 000 000
 * points), a third of the future dates incomplete. The list's first page with and without the
 * incomplete-checklist filter: HTTP p95 beside the database's p95 and the CPU per request. Targets:
 * database p95 < 20 ms, HTTP p95 < 50 ms on a quiet machine. A date's colour and the filter read
 * the two counts PostgreSQL keeps per tour date, never the points.
 */
import { performance } from 'node:perf_hooks';
import { insertCities, insertTransport, insertTransportation, type Sql } from '../../test/transport-fixtures.js';
import type { BenchContext, BenchRow, BenchScenario } from '../context.js';

const TOURS = 20_000;
const DATES = 20;
const POINTS = 15;
const HTTP_TARGET_MS = 50;
const DB_TARGET_MS = 20;

async function fillTours(context: BenchContext): Promise<void> {
  const started = performance.now();
  const db: Sql = { query: async <Row>(text: string, params?: unknown[]) => (await context.sql.query(text, params)).rows as Row[] };
  const cities = await insertCities(db, ['Сочи', 'Адлер']);
  const transport = await insertTransport(db, { name: 'Рейс туров', transportationId: await insertTransportation(db), cities, startDate: '2026-01-01', finishDate: '2031-12-31', days: [5] });
  await context.sql.query(
    `INSERT INTO tours (name, slug, tour_type_id, transport_forth_id, duration, is_active, has_checklist)
     SELECT 'Экскурсионный тур № ' || n, 'tour-bench-' || n, 1, $1, 1 + n % 7, n % 5 <> 0, true FROM generate_series(1, $2) AS n`,
    [transport, TOURS],
  );
  // Dates every two weeks from four months back: about 9 past and 11 future per tour.
  await context.sql.query(
    `INSERT INTO tour_dates (tour_id, start_date) SELECT t.id, current_date - 120 + d * 14 FROM tours t, generate_series(0, $1 - 1) AS d WHERE t.slug LIKE 'tour-bench-%'`,
    [DATES],
  );
  // The points are written in bulk with the counting trigger off, and the counts (and the tours' last
  // open date the dates' trigger keeps) set once after:
  // a third of the future dates have one unchecked point (incomplete), the others none.
  await context.sql.query(`ALTER TABLE tour_checklist_points DISABLE TRIGGER trg_tour_checklist_counts`);
  await context.sql.query(
    `INSERT INTO tour_checklist_points (tour_date_id, checkable_alias, checkable_id, checked)
     SELECT d.id, (ARRAY['tour_service', 'hotel', 'meal', 'transport'])[1 + k % 4], k,
            NOT (k = 1 AND d.start_date >= current_date AND d.id % 3 = 0)
       FROM tour_dates d JOIN tours t ON t.id = d.tour_id, generate_series(1, $1) AS k
      WHERE t.slug LIKE 'tour-bench-%'`,
    [POINTS],
  );
  await context.sql.query(`ALTER TABLE tour_checklist_points ENABLE TRIGGER trg_tour_checklist_counts`);
  await context.sql.query(
    `UPDATE tour_dates d SET points_total = c.total, points_unchecked = c.unchecked
       FROM (SELECT tour_date_id, count(*) AS total, count(*) FILTER (WHERE NOT checked) AS unchecked FROM tour_checklist_points GROUP BY tour_date_id) c
      WHERE c.tour_date_id = d.id`,
  );
  await context.sql.query(
    `UPDATE tours t SET checklist_open_until = s.open_until, last_start_date = s.last_date
       FROM (SELECT tour_id, max(start_date) FILTER (WHERE points_unchecked > 0) AS open_until, max(start_date) AS last_date FROM tour_dates GROUP BY tour_id) s
      WHERE s.tour_id = t.id`,
  );
  await context.sql.query('VACUUM ANALYZE tours, tour_dates, tour_checklist_points');
  const [{ count }] = (await context.sql.query(`SELECT count(*)::int AS count FROM tour_checklist_points`)).rows as { count: number }[];
  context.log(`  tours: ${TOURS.toLocaleString('en')} tours, ${(TOURS * DATES).toLocaleString('en')} dates, ${count.toLocaleString('en')} points filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** HTTP p95 under 50 ms and the database's p95 under 20 ms, both on the row. */
const withDatabaseTarget = (rows: BenchRow[]): BenchRow[] =>
  rows.map((row) => ({
    ...row,
    target: `p95 < ${HTTP_TARGET_MS} ms, БД p95 < ${DB_TARGET_MS} ms`,
    met: (row.p95 ?? Infinity) < HTTP_TARGET_MS && (row.dbP95 ?? Infinity) < DB_TARGET_MS,
  }));

export const toursScenario: BenchScenario = {
  name: 'tours',
  stage: 'full',
  async run(context): Promise<BenchRow[]> {
    await fillTours(context);
    const target = { p95AtOne: HTTP_TARGET_MS, p95AtEight: HTTP_TARGET_MS };
    return withDatabaseTarget([
      ...(await context.measure('tours: list, first pages by id and by name', ['/api/tours?page=1&limit=10', '/api/tours?page=2&limit=10&orderBy=name&ascending=1'], target)),
      ...(await context.measure('tours: list, incomplete checklist filter', ['/api/tours?page=1&limit=10&checklist_is_incomplete=1', '/api/tours?page=3&limit=10&checklist_is_incomplete=1&is_active=1'], target)),
    ]);
  },
};
