/**
 * `npm run bench` (docs/performance.md): the real server on an embedded PostgreSQL (tuned as the
 * app runs it) in a temporary folder, filled by the fake-data generator to 1 000 000 clients and
 * 200 000 staff users, then every scenario of scenarios/index.ts. For each HTTP scenario at one and
 * at eight concurrent clients: p50/p95 over HTTP, the database's own p50/p95 for the same requests'
 * statements as they ran (db-time.ts), the ratio of the p95s and the target, met or not.
 *
 * Sizes: --clients=N --staff=N --agencies=N --export-rows=N --requests=N --applications=N, or BENCH_CLIENTS,
 * BENCH_STAFF, BENCH_AGENCIES, BENCH_EXPORT_ROWS, BENCH_REQUESTS, BENCH_APPLICATIONS. --only=name,name runs
 * some scenarios; --explain prints the plan of each statement of every HTTP scenario. Scenarios that
 * bring their own data (`data: 'none'`, e.g. `--only=imports`) run on an unfilled database when only they run.
 *
 * Scenarios on the million applications (`data: 'applications'`, e.g. `--only=applications-list`) run
 * on a kept data folder instead (BENCH_DATA_DIR, default .bench-data/applications-1m; filled once by
 * fill/applications.ts, BENCH_REFILL=1 fills it again), with the read-only scenarios named beside them.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer } from '../bootstrap.js';
import { startEmbeddedDatabase } from '../database/embedded-database.js';
import { fillFakeData } from '../fake-data/index.js';
import { ApiClient } from '../test/api-client.js';
import { XSRF_COOKIE } from '../../shared/api.js';
import { percentile, type BenchContext, type BenchRow, type BenchSizes } from './context.js';
import { databaseTimes, logDurations, recordStatements, startWindow, statementsOf, StatementLog } from './db-time.js';
import { backendsCpu, backendsCpuMs, mainThreadCpu, mainThreadRunAndWait } from './cpu.js';
import { runLoad } from './load.js';
import { BENCH_SCENARIOS } from './scenarios/index.js';
import { DEFAULT_BENCH_DATA_DIR, openApplicationsDatabase } from './fill/applications.js';

const ADMIN = { email: 'bench.admin@example.test', password: 'bench-admin-password' };
const CONCURRENCY = [1, 8] as const;
const WARMUP = 20;

function option(name: string, env: string, fallback: number): number {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const text = flag ? flag.slice(name.length + 3) : process.env[env];
  const value = text === undefined || text === '' ? fallback : Number(text.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} / ${env} must be a whole number, got ${text}`);
  return value;
}

function readSizes(): BenchSizes {
  const clients = option('clients', 'BENCH_CLIENTS', 1_000_000);
  return {
    clients,
    staff: option('staff', 'BENCH_STAFF', 200_000),
    agencies: option('agencies', 'BENCH_AGENCIES', 2_000),
    exportRows: Math.min(clients, option('export-rows', 'BENCH_EXPORT_ROWS', 100_000)),
    requests: option('requests', 'BENCH_REQUESTS', 200),
    applications: option('applications', 'BENCH_APPLICATIONS', 1_000_000),
  };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const sizes = readSizes();
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const explain = process.argv.includes('--explain');
  const log = (line: string) => console.log(line);
  // The million applications live in a kept folder: their scenarios run only when named, beside read-only ones.
  const scenarios = BENCH_SCENARIOS.filter((scenario) => (only ? only.includes(scenario.name) : scenario.data !== 'applications'));
  const kept = scenarios.some((scenario) => scenario.data === 'applications');
  const writing = scenarios.filter((scenario) => !scenario.data || scenario.data === 'none');
  if (kept && writing.length) {
    throw new Error(`These scenarios write and cannot run on the kept applications database; run them separately: ${writing.map((scenario) => scenario.name).join(', ')}`);
  }
  // Only scenarios that bring their own data: no fake-data fill.
  const bare = scenarios.every((scenario) => scenario.data === 'none');
  if (!only) log(`Not run (kept data folder, name them with --only): ${BENCH_SCENARIOS.filter((scenario) => scenario.data === 'applications').map((scenario) => scenario.name).join(', ')}`);
  const cleanup: (() => Promise<unknown>)[] = [];
  recordStatements();
  try {
    const cpus = os.cpus();
    log(`Machine: ${cpus.length} CPU(s) ${cpus[0]?.model.trim() ?? ''}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}, ${os.platform()} ${os.release()}, Node ${process.version}`);
    if (bare) log('Sizes: no fake data (the scenarios bring their own)');
    else log(`Sizes: ${sizes.clients.toLocaleString('en')} clients, ${sizes.staff.toLocaleString('en')} staff users, ${sizes.agencies.toLocaleString('en')} agencies; ${kept ? `${sizes.applications.toLocaleString('en')} applications` : `export of ${sizes.exportRows.toLocaleString('en')}`}; ${sizes.requests} timed requests per scenario and concurrency`);

    // The embedded PostgreSQL as the app runs it; its log gives each statement's own time.
    const statementLog = new StatementLog();
    let dataDir: string;
    let database: Awaited<ReturnType<typeof startEmbeddedDatabase>>;
    if (kept) {
      const started = performance.now();
      const opened = await openApplicationsDatabase({
        dir: path.resolve(process.env.BENCH_DATA_DIR || DEFAULT_BENCH_DATA_DIR),
        sizes: { applications: sizes.applications, clients: sizes.clients, staff: sizes.staff, agencies: sizes.agencies },
        refill: process.env.BENCH_REFILL === '1',
        onLog: statementLog.onLog,
        log,
        admin: ADMIN,
      });
      ({ dataDir, database } = opened);
      log(`Kept data folder ${dataDir}: ${opened.filled ? 'filled' : 'reused'}, opened in ${seconds(started)}`);
    } else {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-bench-'));
      cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      database = await startEmbeddedDatabase(dataDir, { onLog: statementLog.onLog });
    }
    cleanup.push(() => database.stop());
    const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const startedWaiting = mainThreadRunAndWait();

    const server = await startServer({
      databaseUrl: database.url,
      port: 0,
      rendererDir: path.join(os.tmpdir(), 'backoffice-bench-no-renderer'),
      // The imports scenario's local supplier lives on this computer: named, as an office would name one (issue 37).
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SUPPLIER_PRIVATE_HOSTS: '127.0.0.1' },
    });
    cleanup.push(() => server.close());
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    cleanup.push(() => sql.end());
    const setting = async (name: string) => (await sql.query<{ v: string }>('SELECT current_setting($1) AS v', [name])).rows[0]!.v;
    log(`PostgreSQL ${await setting('server_version')}: shared_buffers ${await setting('shared_buffers')}, work_mem ${await setting('work_mem')}, jit ${await setting('jit')}; DB_POOL_SIZE ${process.env.DB_POOL_SIZE ?? 'default'}`);

    const admin = new ApiClient(server.url);
    const signIn = await admin.login(ADMIN.email, ADMIN.password);
    if (signIn.status !== 200) throw new Error(`Sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    let measured = 0;
    const measure: BenchContext['measure'] = async (title, paths, target, write) => {
      const rows: BenchRow[] = [];
      measured++;
      // A write is signed with the XSRF token the administrator's session holds by now (its cookie too).
      if (write && !admin.cookies.has(XSRF_COOKIE)) await admin.csrf();
      const sessionCookie = write ? [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : cookie;
      const writes = write && { method: write.method, bodies: write.bodies.map((body) => JSON.stringify(body)), xsrf: decodeURIComponent(admin.cookies.get(XSRF_COOKIE) ?? '') };
      for (const concurrency of CONCURRENCY) {
        const plan = { baseUrl: server.url, cookie: sessionCookie, paths, concurrency, requests: sizes.requests, warmup: WARMUP, id: `s${measured}c${concurrency}`, write: writes };
        // Two passes of the same requests: HTTP timed with nothing recorded, then the database's own
        // times from the statement log (whose writing and reading would otherwise slow the server).
        const cpuBefore = { server: mainThreadCpu(), db: backendsCpu(postmaster) };
        const { timings } = await runLoad(plan);
        // The CPU covers the warm-up requests too (the same paths): per request of all that were sent.
        const sent = timings.length + WARMUP * concurrency;
        const serverCpu = cpuBefore.server === null ? null : (mainThreadCpu()! - cpuBefore.server) / 1e6 / sent;
        const dbCpu = cpuBefore.db.size === 0 ? null : backendsCpuMs(cpuBefore.db, backendsCpu(postmaster)) / sent;
        await logDurations(sql, true);
        const window = startWindow(statementLog);
        const recorded = await runLoad({ ...plan, id: `${plan.id}db` });
        const { times, unmatched } = await databaseTimes(window);
        await logDurations(sql, false);
        if (explain && concurrency === 1) await explainRequest(sql, recorded.timings[0]!.id, title, log);
        const http = timings.map((timing) => timing.ms);
        const db = recorded.timings.flatMap((timing) => (times.has(timing.id) ? [times.get(timing.id)!] : []));
        const p95 = percentile(http, 95);
        const dbP95 = percentile(db, 95);
        const ratio = p95 / dbP95;
        const limit = concurrency === 1 ? target.p95AtOne : target.p95AtEight;
        const dbTarget = target.dbP95 === undefined ? '' : `, DB p95 < ${target.dbP95} ms`;
        rows.push({
          scenario: title,
          clients: concurrency,
          p50: percentile(http, 50),
          p95,
          dbP50: percentile(db, 50),
          dbP95,
          ratio: Number.isFinite(ratio) ? ratio : undefined,
          serverCpu,
          dbCpu,
          target: (target.ratio === undefined ? `p95 < ${limit} ms` : `p95 < ${limit} ms, ≤ ${target.ratio}×`) + dbTarget,
          met: p95 < limit && (target.ratio === undefined || ratio <= target.ratio) && (target.dbP95 === undefined || dbP95 < target.dbP95),
          note: unmatched ? `${unmatched} requests without DB time` : undefined,
        });
      }
      return rows;
    };
    const context: BenchContext = { sizes, baseUrl: server.url, cookie, admin, sql, postmaster, measure, log };
    const results: BenchRow[] = [];
    const runStage = async (stage: 'export' | 'full') => {
      for (const scenario of scenarios.filter((candidate) => candidate.stage === stage)) {
        const started = performance.now();
        results.push(...(await scenario.run(context)));
        log(`  ${scenario.name}: done in ${seconds(started)}`);
      }
    };

    if (kept) {
      await runStage('full');
    } else if (bare) {
      await runStage('export');
      await runStage('full');
    } else {
      let started = performance.now();
      await fillFakeData(sql, { cities: 200, staff: sizes.staff, clients: sizes.exportRows, agencies: sizes.agencies }, (line) => log(`Filled ${line}`));
      log(`Filled in ${seconds(started)}`);
      await runStage('export');
      started = performance.now();
      await fillFakeData(sql, { clients: sizes.clients - sizes.exportRows }, (line) => log(`Filled ${line} more`));
      log(`Filled in ${seconds(started)}`);
      await runStage('full');
    }

    report(results, log);
    const waited = mainThreadRunAndWait();
    if (startedWaiting && waited) {
      const run = (waited.run - startedWaiting.run) / 1e9;
      const wait = (waited.wait - startedWaiting.wait) / 1e9;
      log(`The server's main thread ran ${run.toFixed(1)} s and waited ${wait.toFixed(1)} s for a CPU taken by other work (load average now ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs).`);
    }
  } finally {
    for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
  }
}

/** --explain: the plan of each statement of a scenario's first request, as PostgreSQL ran it. */
async function explainRequest(sql: pg.Client, request: string, title: string, log: (line: string) => void): Promise<void> {
  log(`EXPLAIN ${title}`);
  for (const { text, values } of statementsOf(request)) {
    const { rows } = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values);
    log(`  ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
    for (const row of rows) log(`    ${row['QUERY PLAN']}`);
  }
}

function report(rows: BenchRow[], log: (line: string) => void): void {
  const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '' : value.toFixed(1));
  const columns: [string, number, (row: BenchRow) => string][] = [
    ['scenario', 44, (row) => row.scenario],
    ['clients', 7, (row) => (row.clients ? String(row.clients) : '')],
    ['p50', 7, (row) => ms(row.p50)],
    ['p95', 7, (row) => ms(row.p95)],
    ['DB p50', 7, (row) => ms(row.dbP50)],
    ['DB p95', 7, (row) => ms(row.dbP95)],
    ['ratio', 6, (row) => (row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`)],
    ['srv CPU', 7, (row) => (row.serverCpu === undefined || row.serverCpu === null ? '' : row.serverCpu.toFixed(2))],
    ['DB CPU', 7, (row) => (row.dbCpu === undefined || row.dbCpu === null ? '' : row.dbCpu.toFixed(2))],
    ['target', 22, (row) => row.target],
    ['met', 4, (row) => (row.met === null ? '' : row.met ? 'yes' : 'NO')],
  ];
  const line = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(columns[index]![1]) : cell.padStart(columns[index]![1]))).join(' ');
  log('');
  log('HTTP times from the bench clients (a worker thread), keep-alive, signed in; DB = the database\'s own time for the');
  log('same requests\' statements (PostgreSQL\'s statement log, a second pass of the same requests), parallel statements');
  log('counted once; ratio = p95 / DB p95; srv CPU / DB CPU = CPU per request of the server\'s main thread and of');
  log('PostgreSQL\'s backends (Linux scheduler statistics: what they cost, whatever else the machine runs); ms.');
  log(line(columns.map(([title]) => title)));
  log('-'.repeat(columns.reduce((sum, [, width]) => sum + width + 1, 0)));
  for (const row of rows) {
    log(line(columns.map(([, , cell]) => cell(row))) + (row.note ? `  ${row.note}` : ''));
  }
  const missed = rows.filter((row) => row.met === false);
  log('');
  log(missed.length === 0 ? 'Every target is met.' : `Targets NOT met (${missed.length}): ${missed.map((row) => `${row.scenario}${row.clients ? ` at ${row.clients}` : ''}`).join('; ')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
