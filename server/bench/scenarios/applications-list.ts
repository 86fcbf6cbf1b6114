/**
 * The applications list at a million applications (issue 19; docs/performance.md "Applications list at
 * a million"), on the kept database of fill/applications.ts (`--only=applications-list`; the clients'
 * phone fragments of `first pages` may run beside it: `--only="applications-list,first pages"`).
 * GET /api/applications's first pages as the office uses them: no filter, newest first; a status and a
 * start date; an agency and a status; a tourist's surname fragment; a number. Targets: the database's
 * p95 < 15 ms at one client and < 40 ms at eight, its CPU < 5 ms per request, HTTP p95 < 50 ms without
 * a search and < 100 ms with one (on a quiet machine: the load average is printed beside).
 */
import os from 'node:os';
import type { BenchContext, BenchRow, BenchScenario } from '../context.js';

const DB_P95 = { one: 15, eight: 40 };
const DB_CPU_MS = 5;
const HTTP_P95 = { plain: 50, searched: 100 };

const q = (text: string) => encodeURIComponent(text);
const loadAverage = () => os.loadavg()[0]!.toFixed(1);

/** The targets on each row, with the load average the row was measured at. */
function judged(rows: BenchRow[], searched: boolean, load: string): BenchRow[] {
  const http = searched ? HTTP_P95.searched : HTTP_P95.plain;
  return rows.map((row) => {
    const db = row.clients === 1 ? DB_P95.one : DB_P95.eight;
    return {
      ...row,
      target: `p95 < ${http}, DB p95 < ${db}, DB CPU < ${DB_CPU_MS}`,
      met: (row.p95 ?? Infinity) < http && (row.dbP95 ?? Infinity) < db && (row.dbCpu ?? 0) < DB_CPU_MS,
      note: [row.note, `load ${load}`].filter(Boolean).join('; '),
    };
  });
}

/** Filter values that exist in the data: busy start dates, the busiest agencies, numbers of this year. */
async function choose({ sql }: BenchContext) {
  const dates = (await sql.query<{ day: string }>(
    `SELECT start_date::text AS day FROM applications WHERE status = 3 AND start_date >= current_date GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 4`,
  )).rows.map((row) => row.day);
  const agencies = (await sql.query<{ id: number }>(
    `SELECT agency_id AS id FROM applications WHERE agency_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 4`,
  )).rows.map((row) => row.id);
  const numbers = (await sql.query<{ number: string }>(
    `SELECT number FROM applications WHERE number LIKE to_char(now(), 'YYYY') || '-%' ORDER BY id DESC OFFSET 5000 LIMIT 4`,
  )).rows.map((row) => row.number);
  if (dates.length === 0 || agencies.length === 0 || numbers.length === 0) throw new Error('applications-list: the kept database has no applications to filter');
  return { dates, agencies, numbers };
}

export const applicationsListScenario: BenchScenario = {
  name: 'applications-list',
  stage: 'full',
  data: 'applications',
  async run(context) {
    const { measure, sql, log } = context;
    const { dates, agencies, numbers } = await choose(context);
    const [{ applications, matches }] = (await sql.query<{ applications: number; matches: number }>(
      `SELECT count(*)::int AS applications, count(*) FILTER (WHERE search_text ILIKE '%смирн%')::int AS matches FROM applications`,
    )).rows as [{ applications: number; matches: number }];
    log(`  applications-list: ${applications.toLocaleString('en')} applications; 'смирн' in ${matches.toLocaleString('en')} search texts; dates ${dates.join(', ')}; agencies ${agencies.join(', ')}`);
    const list = '/api/applications?limit=10';
    const scenarios: [string, string[], boolean][] = [
      ['applications: no filter, newest first', [`${list}&page=1`, `${list}&page=2`], false],
      ['applications: status 3 + start date', dates.map((day) => `${list}&page=1&status=3&start_date=${day}`), false],
      ['applications: agency + status 6', agencies.map((agency) => `${list}&page=1&agency_id=${agency}&status=6`), false],
      [`applications: tourist's surname 'смирн', 'кузнец'`, [`${list}&page=1&query=${q('смирн')}`, `${list}&page=1&query=${q('кузнецов')}`], true],
      [`applications: number '${numbers[0]}', its end '${numbers[1]!.slice(-6)}'`, numbers.flatMap((number) => [`${list}&page=1&query=${q(number)}`, `${list}&page=1&query=${number.slice(-6)}`]), true],
    ];
    const rows: BenchRow[] = [];
    for (const [title, paths, searched] of scenarios) {
      const load = loadAverage();
      rows.push(...judged(await measure(title, paths, { p95AtOne: HTTP_P95.plain, p95AtEight: HTTP_P95.plain }), searched, load));
    }
    return rows;
  },
};
