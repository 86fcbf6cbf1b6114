/**
 * `npm run bench`: how fast the paged staff-user and client lists are on 200 000 rows, over HTTP and
 * inside PostgreSQL, and what the streamed clients export of 100 000 rows costs in time and memory.
 *
 * Starts an embedded PostgreSQL in a temp folder (or, with DATABASE_URL, creates a fresh database on
 * that server), starts the real server, fills `users`, signs in over HTTP and times representative
 * list requests. Next to each it shows what PostgreSQL itself needs for the very SQL the
 * ResourceService generates (captured from TypeORM, measured with EXPLAIN ANALYZE), and whether
 * the search uses the trigram index. Targets: HTTP p95 < 50 ms and < 3x the database time.
 *
 * Environment: DATABASE_URL (a server where the bench may CREATE and DROP a database of its own),
 * BENCH_USERS (default 200000; also the number of clients), BENCH_EXPORT_ROWS (clients in the export,
 * default 100000), BENCH_REQUESTS (timed requests per scenario, default 200),
 * BENCH_VERBOSE=1 (print the captured SQL).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DataSource, type Logger } from 'typeorm';
import { startServer, type RunningServer } from '../bootstrap.js';
import { ResourceService } from '../common/resource/resource.service.js';
import type { ServerResource } from '../common/resource/server-resource.js';
import { createDataSource } from '../database/data-source.js';
import { startEmbeddedDatabase, type RunningDatabase } from '../database/embedded-database.js';
import { ApiClient } from '../test/api-client.js';
import { usersServerResource } from '../users/users.resource.js';
import { clientsServerResource } from '../clients/clients.resource.js';
import { fillClients, fillUsers } from './staff-users.js';
import { Role } from '../../shared/roles.js';

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const EXPORT_ROWS = Math.min(USERS, Number(process.env.BENCH_EXPORT_ROWS ?? 100_000));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 30;
const EXPLAIN_RUNS = 25;
const TARGET_P95_MS = 50;
/** Whoever looks at the list while its SQL is captured: an administrator, as in the HTTP requests. */
const BENCH_VIEWER = { id: 0, name: 'bench', email: 'bench@example.test', role: Role.Administrator };
const TARGET_RATIO = 3;
const ADMIN = { email: 'bench.admin@example.test', password: 'bench-admin-password' };

interface Scenario {
  key: string;
  title: string;
  query: Record<string, string>;
  /** Whether the request searches, so the plan should use the trigram index. */
  searches: boolean;
  /** The list resource (default staff users) and its trigram index. */
  resource?: ServerResource;
  searchIndex?: string;
}

const CLIENTS = { resource: clientsServerResource as unknown as ServerResource, searchIndex: 'ix_clients_search' };

const SCENARIOS: Scenario[] = [
  {
    key: 'a',
    title: "surname part 'кузнец', by full_name, page 3",
    query: { query: 'кузнец', orderBy: 'full_name', ascending: '1', page: '3', limit: '10' },
    searches: true,
  },
  {
    key: 'b',
    title: 'no search, by full_name, page 500',
    query: { orderBy: 'full_name', ascending: '1', page: '500', limit: '10' },
    searches: false,
  },
  {
    key: 'c',
    title: "e-mail part 'petrova', by id desc",
    query: { query: 'petrova', ascending: '0', page: '1', limit: '10' },
    searches: true,
  },
  {
    key: 'd',
    title: "clients: surname part 'смирн', by full_name, p. 2",
    query: { query: 'смирн', orderBy: 'full_name', ascending: '1', page: '2', limit: '10' },
    searches: true,
    ...CLIENTS,
  },
  {
    key: 'e',
    title: 'clients: no search, by full_name desc, page 300',
    query: { orderBy: 'full_name', ascending: '0', page: '300', limit: '10' },
    searches: false,
    ...CLIENTS,
  },
  {
    key: 'f',
    title: "clients: phone part '912', by id desc",
    query: { query: '912', ascending: '0', page: '1', limit: '10' },
    searches: true,
    ...CLIENTS,
  },
];

const resourceOf = (scenario: Scenario) => scenario.resource ?? (usersServerResource as unknown as ServerResource);

// ------------------------------------------------------------------------------------------------
// Measuring

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const ms = (value: number) => value.toFixed(2).padStart(7);

/** Records the SQL TypeORM sends while `recording` is on. */
class CapturingLogger implements Logger {
  recording = false;
  readonly queries: { sql: string; parameters: unknown[] }[] = [];
  logQuery(sql: string, parameters?: unknown[]) {
    if (this.recording && /^\s*SELECT/i.test(sql)) this.queries.push({ sql, parameters: parameters ?? [] });
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): string[] {
  const initPlan = node['Parent Relationship'] === 'InitPlan' ? '[InitPlan] ' : '';
  const own = `${initPlan}${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  return [own, ...(node.Plans ?? []).flatMap(planNodes)];
}

interface Explained {
  /** Median of Planning Time + Execution Time over the runs, ms. */
  time: number;
  nodes: string[];
}

async function explain(client: pg.Client, sql: string, parameters: unknown[]): Promise<Explained> {
  const times: number[] = [];
  let nodes: string[] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters);
    const [result] = rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }[];
    times.push(result!['Planning Time'] + result!['Execution Time']);
    nodes = planNodes(result!.Plan);
  }
  return { time: median(times), nodes };
}

interface Result {
  scenario: Scenario;
  p50: number;
  p95: number;
  rows: number;
  count: number;
  data: Explained;
  counting: Explained;
}

async function measure(
  scenario: Scenario,
  http: ApiClient,
  service: ResourceService,
  logger: CapturingLogger,
  sql: pg.Client,
): Promise<Result> {
  const path = `/api${resourceOf(scenario).definition.path}?${new URLSearchParams(scenario.query)}`;
  let last: { data: unknown[]; count: number } | undefined;
  const durations: number[] = [];
  for (let request = 0; request < WARMUP + REQUESTS; request++) {
    const started = performance.now();
    const response = await http.get(path);
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    if (request >= WARMUP) durations.push(elapsed);
    last = response.body;
  }
  durations.sort((a, b) => a - b);

  // The SQL the service generates for this very request, captured from TypeORM.
  logger.queries.length = 0;
  logger.recording = true;
  await service.list(resourceOf(scenario), scenario.query, BENCH_VIEWER);
  logger.recording = false;
  const counted = logger.queries.find((query) => /count\(\*\)/i.test(query.sql));
  const data = logger.queries.find((query) => query !== counted);
  if (!counted || !data) throw new Error(`Could not capture the list SQL: ${JSON.stringify(logger.queries)}`);

  if (process.env.BENCH_VERBOSE) {
    console.log(`(${scenario.key}) data SQL: ${data.sql}\n    parameters: ${JSON.stringify(data.parameters)}`);
    console.log(`(${scenario.key}) count SQL: ${counted.sql}`);
  }
  return {
    scenario,
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    rows: last?.data.length ?? 0,
    count: last?.count ?? 0,
    data: await explain(sql, data.sql, data.parameters),
    counting: await explain(sql, counted.sql, counted.parameters),
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** Times the clients export and samples this process's memory (the server runs in it) every 10 ms. */
async function measureExport(http: ApiClient): Promise<{ ms: number; bytes: number; rows: number; rssBefore: number; rssPeak: number; heapPeak: number }> {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    rssPeak = Math.max(rssPeak, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapUsed);
  }, 10);
  const started = performance.now();
  const response = await fetch(`${http.baseUrl}/api/clients/export`, {
    headers: { Cookie: [...http.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  if (response.status !== 200 || !response.body) throw new Error(`GET /api/clients/export: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  return { ms: elapsed, bytes, rows: EXPORT_ROWS, rssBefore, rssPeak, heapPeak };
}

// ------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const log = (message: string) => console.log(message);
  try {
    // The database: a fresh one on DATABASE_URL's server, or an embedded PostgreSQL in a temp folder.
    let databaseUrl: string;
    const central = process.env.DATABASE_URL?.trim();
    if (central) {
      const name = `backoffice_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: central });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanup.push(async () => {
        const dropper = new pg.Client({ connectionString: central });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      });
      const url = new URL(central);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      log(`Database: ${name} on the DATABASE_URL server`);
    } else {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-bench-'));
      cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const embedded: RunningDatabase = await startEmbeddedDatabase(dataDir);
      cleanup.push(() => embedded.stop());
      databaseUrl = embedded.url;
      log(`Database: embedded PostgreSQL in ${dataDir}`);
    }

    const server: RunningServer = await startServer({
      databaseUrl,
      port: 0,
      rendererDir: path.join(os.tmpdir(), 'backoffice-bench-no-renderer'),
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    cleanup.push(() => server.close());

    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    cleanup.push(() => sql.end());

    let started = performance.now();
    await fillUsers(sql, USERS);
    log(`Filled ${USERS.toLocaleString('en')} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await sql.query('ANALYZE users');
    await sql.query('VACUUM users'); // visibility map, as autovacuum would leave it
    log(`ANALYZE + VACUUM in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const http = new ApiClient(server.url);
    const signIn = await http.login(ADMIN.email, ADMIN.password);
    if (signIn.status !== 200) throw new Error(`Sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);

    // The clients export first, on EXPORT_ROWS clients; then the rest of the clients for the lists.
    started = performance.now();
    await fillClients(sql, 1, EXPORT_ROWS);
    await sql.query('ANALYZE clients');
    log(`Filled ${EXPORT_ROWS.toLocaleString('en')} clients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const exported = await measureExport(http);
    if (USERS > EXPORT_ROWS) {
      started = performance.now();
      await fillClients(sql, EXPORT_ROWS + 1, USERS);
      log(`Filled ${(USERS - EXPORT_ROWS).toLocaleString('en')} more clients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await sql.query('ANALYZE clients');
    await sql.query('VACUUM clients');

    // The service on a DataSource of its own whose logger captures the generated SQL.
    const logger = new CapturingLogger();
    const base = createDataSource(databaseUrl, { poolSize: 2 });
    const capturing = new DataSource({ ...base.options, logging: ['query'], logger } as typeof base.options);
    await capturing.initialize();
    cleanup.push(() => capturing.destroy());
    const service = new ResourceService(capturing);

    const results: Result[] = [];
    for (const scenario of SCENARIOS) results.push(await measure(scenario, http, service, logger, sql));

    const serverVersion = (await sql.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    log('');
    log(`GET /api/users and /api/clients on ${USERS.toLocaleString('en')} rows each, PostgreSQL ${serverVersion}, Node ${process.version}, ${os.cpus().length} CPU(s)`);
    log(`HTTP: ${REQUESTS} sequential requests after ${WARMUP} warm-up ones, signed in, keep-alive.`);
    log(`DB: median of ${EXPLAIN_RUNS} EXPLAIN (ANALYZE) runs, Planning + Execution Time, of the SQL the ResourceService generates;`);
    log('    "DB total" = data query + count query (a search runs the count first, then the page; without a search');
    log('    they run in parallel on two connections, so the sum is an upper bound there).');
    log('');
    const header = `${'scenario'.padEnd(50)} ${'HTTP p50'.padStart(8)} ${'HTTP p95'.padStart(8)} ${'DB data'.padStart(8)} ${'DB count'.padStart(8)} ${'DB total'.padStart(8)} ${'p95/DB'.padStart(7)} ${'count'.padStart(7)}`;
    log(header);
    log('-'.repeat(header.length));
    for (const result of results) {
      const total = result.data.time + result.counting.time;
      log(
        `${`(${result.scenario.key}) ${result.scenario.title}`.padEnd(50)} ${ms(result.p50)}  ${ms(result.p95)}  ${ms(result.data.time)}  ${ms(result.counting.time)}  ${ms(total)}  ${(result.p95 / total).toFixed(2).padStart(6)}x ${String(result.count).padStart(7)}`,
      );
    }
    log('(times in ms)');

    log('');
    log('Plans:');
    let allHold = true;
    for (const result of results) {
      const searchIndex = result.scenario.searchIndex ?? 'ix_users_search';
      const usesTrigram = [...result.data.nodes, ...result.counting.nodes].some((node) => node.includes(searchIndex));
      const seqScan = [...result.data.nodes, ...result.counting.nodes].some((node) => node.startsWith('Seq Scan') || node.startsWith('Parallel Seq Scan'));
      log(`  (${result.scenario.key}) data:  ${result.data.nodes.join(' → ')}`);
      log(`      count: ${result.counting.nodes.join(' → ')}`);
      if (result.scenario.searches) {
        log(`      trigram index ${searchIndex}: ${usesTrigram ? 'used' : 'NOT used'}${seqScan ? '; a Seq Scan is in the plan' : '; no Seq Scan'}`);
      }
    }

    log('');
    log('Targets:');
    for (const result of results) {
      const total = result.data.time + result.counting.time;
      const fast = result.p95 < TARGET_P95_MS;
      const close = result.p95 < TARGET_RATIO * total;
      allHold &&= fast && close;
      log(
        `  (${result.scenario.key}) p95 ${result.p95.toFixed(1)} ms < ${TARGET_P95_MS} ms: ${fast ? 'yes' : 'NO'};` +
          ` p95 < ${TARGET_RATIO}x DB (${(TARGET_RATIO * total).toFixed(1)} ms): ${close ? 'yes' : 'NO'}`,
      );
    }
    log(allHold ? 'All targets hold.' : 'Some targets do NOT hold.');

    log('');
    log(`GET /api/clients/export of ${exported.rows.toLocaleString('en')} clients (streamed xlsx, read and discarded by the bench):`);
    log(`  time ${(exported.ms / 1000).toFixed(2)} s, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB,` +
        ` RSS before ${mb(exported.rssBefore)} MB, peak ${mb(exported.rssPeak)} MB (+${mb(exported.rssPeak - exported.rssBefore)} MB),` +
        ` heap peak ${mb(exported.heapPeak)} MB — server and bench share this process`);
  } finally {
    for (const step of cleanup.reverse()) {
      await step().catch((error: unknown) => console.error('cleanup:', error));
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
