/**
 * Analytics at a million applications (issue 29; docs/performance.md "Analytics at a million"), on the
 * kept database of fill/applications.ts (`--only=analytics`): the totals and the first table page for
 * one month and one status — targets database p95 < 150 ms and HTTP p95 < 200 ms at one client (on a
 * quiet machine: the load average is printed beside; eight clients informative) —; this year without a filter and the charts' reply, informational
 * with their plans' shape; the analytics export of about 100 000 rows: time, and peak memory over idle
 * < 150 MB.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ANALYTICS_PATHS } from '../../../shared/analytics/analytics.js';
import { percentile, type BenchContext, type BenchRow, type BenchScenario } from '../context.js';
import { MB, measureDownload } from '../download.js';

const DB_P95 = 150;
const HTTP_P95 = 200;
const EXPORT_MB = 150;
const EXPORT_ROWS = 100_000;
const INFORMATIONAL_REQUESTS = 10;
const loadAverage = () => os.loadavg()[0]!.toFixed(1);

/** Milliseconds of each of `count` GETs of `url`, one after another, each read to its end. */
async function timeRequests(url: string, cookie: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/** A busy month a year back (Moscow), and the first day from which about EXPORT_ROWS applications not cancelled were created up to today. */
async function choose({ sql }: BenchContext) {
  const month = (await sql.query<{ first: string; last: string }>(
    `SELECT to_char(m, 'YYYY-MM-DD') AS first, to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') AS last
       FROM (SELECT date_trunc('month', (now() AT TIME ZONE 'Europe/Moscow') - interval '1 year') AS m) x`,
  )).rows[0]!;
  const exportFrom = (await sql.query<{ day: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'Europe/Moscow', 'YYYY-MM-DD') AS day FROM applications WHERE status <> 7 ORDER BY created_at DESC OFFSET ${EXPORT_ROWS - 1} LIMIT 1`,
  )).rows[0]!.day;
  return { month, exportFrom };
}

/** The plan's shape of a statement: its node types, top down (EXPLAIN without ANALYZE: cheap). */
async function planShape(sql: BenchContext['sql'], statement: string): Promise<string> {
  const { rows } = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`);
  return rows
    .map((row) => /^\s*(?:->\s*)?([A-Z][A-Za-z ]+?)(?: on | using |\s+\(|$)/.exec(row['QUERY PLAN'])?.[1])
    .filter((node): node is string => Boolean(node))
    .slice(0, 6)
    .join(' > ');
}

export const analyticsScenario: BenchScenario = {
  name: 'analytics',
  stage: 'full',
  data: 'applications',
  async run(context) {
    const { measure, sql, log, baseUrl, cookie } = context;
    const { month, exportFrom } = await choose(context);
    const inMonth = (await sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM applications WHERE status = 6 AND created_at >= ($1::date)::timestamp AT TIME ZONE 'Europe/Moscow' AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'Europe/Moscow'`,
      [month.first, month.last],
    )).rows[0]!.count;
    log(`  analytics: month ${month.first}…${month.last}, ${inMonth.toLocaleString('en')} applications in status 6; export from ${exportFrom}`);
    const filters = `date_from=${month.first}&date_to=${month.last}&statuses_ids=6`;
    const rows: BenchRow[] = [];
    // The target is one office user's request; eight at once on two CPUs are printed beside, informative.
    const judged = (measured: BenchRow[], load: string) =>
      measured.map((row) => ({
        ...row,
        target: row.clients === 1 ? `p95 < ${HTTP_P95}, DB p95 < ${DB_P95}` : 'informative',
        met: row.clients === 1 ? (row.p95 ?? Infinity) < HTTP_P95 && (row.dbP95 ?? Infinity) < DB_P95 : null,
        note: [row.note, `load ${load}`].filter(Boolean).join('; '),
      }));
    const target = { p95AtOne: HTTP_P95, p95AtEight: HTTP_P95, dbP95: DB_P95 };
    let load = loadAverage();
    rows.push(...judged(await measure('analytics: totals, one month + one status', [`/api${ANALYTICS_PATHS.totals}?${filters}`], target), load));
    load = loadAverage();
    rows.push(...judged(await measure('analytics: first table page, one month + one status', [`/api${ANALYTICS_PATHS.page}?page=1&limit=20&${filters}`], target), load));

    // This year, no filter, and the charts: informational — a few requests one after another (each reads
    // about a third of the million), with the plan's shape of the totals.
    const year = new Date().getFullYear();
    const totalsPlan = await planShape(sql, `SELECT count(*) FROM applications t JOIN application_figures f ON f.application_id = t.id WHERE t.created_at >= '${year}-01-01'::timestamp AT TIME ZONE 'Europe/Moscow' AND t.status <> 7`);
    for (const [title, path, note] of [
      ['analytics: totals, this year, no filter', ANALYTICS_PATHS.totals, `plan ${totalsPlan}`],
      ['analytics: charts, this year, no filter', ANALYTICS_PATHS.charts, 'three aggregates at once'],
    ] as const) {
      const times = await timeRequests(`${baseUrl}/api${path}`, cookie, INFORMATIONAL_REQUESTS);
      rows.push({ scenario: title, clients: 1, p50: percentile(times, 50), p95: percentile(times, 95), target: 'informational', met: null, note: `${INFORMATIONAL_REQUESTS} requests in turn; ${note}; load ${loadAverage()}` });
    }

    const { seconds, bytes, overMb, idleMb, collected } = await measureDownload(`${baseUrl}/api${ANALYTICS_PATHS.export}?date_from=${exportFrom}`, cookie);
    const title = `analytics export, about ${EXPORT_ROWS.toLocaleString('en')} rows (${(bytes / MB).toFixed(1)} MB)`;
    rows.push(
      { scenario: `${title}: time`, target: 'informational', met: null, note: `${seconds.toFixed(2)} s` },
      { scenario: `${title}: peak RSS over idle`, target: `< ${EXPORT_MB} MB`, met: overMb < EXPORT_MB, note: `+${overMb.toFixed(0)} MB (idle ${idleMb.toFixed(0)} MB${collected ? '' : ', no --expose-gc'})` },
    );
    return rows;
  },
};
