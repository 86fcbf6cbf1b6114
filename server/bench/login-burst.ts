/**
 * `npm run bench`, sign-in part: does a burst of wrong sign-ins freeze the API? (issue 8: 100
 * parallel attempts used to push /api/health to 11 s, bcryptjs hashing on the event loop.)
 *
 * Starts the real server (in a child process, as the office's browsers are not in the server's
 * process either) on a fresh database, creates 100 staff users and fires 100 wrong sign-ins at once
 * — one per login, so that every one of them reaches the password check (the per-login throttle
 * would otherwise stop all but 5) — while GET /api/health is requested over and over (one at a time,
 * every 20 ms at most); prints the p95 of those health requests next to the target (< 100 ms) and
 * the server's event-loop delay; then the same with all 100 attempts on one login, and the idle p95.
 *
 * Environment: DATABASE_URL (a server where the bench may CREATE and DROP a database of its own).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { Role } from '../../shared/roles.js';
import { hashPassword, PASSWORD_CHECKS_AT_ONCE } from '../auth/passwords.js';
import { startServer } from '../bootstrap.js';
import { ApiClient } from '../test/api-client.js';
import { freshBenchDatabase } from './fresh-database.js';

const ATTEMPTS = 100;
const TARGET_P95_MS = 100;
const IDLE_SAMPLES = 200;
/** A health request is sent this often during a burst, whether the previous one answered or not. */
const SAMPLE_EVERY_MS = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function timedHealth(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/health`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
  return performance.now() - started;
}

/**
 * Health latencies while the burst runs: one request at a time (as a colleague's app sends them),
 * started every SAMPLE_EVERY_MS or right after the previous answer when that took longer; the
 * burst's statuses and time, and the server's event-loop delay meanwhile.
 */
async function duringBurst(server: BenchServer, logins: string[]) {
  // Each attempt from its own browser, with its XSRF cookie fetched beforehand (as a page would have it).
  const clients = logins.map(() => new ApiClient(server.url));
  await Promise.all(clients.map((client) => client.csrf()));
  await server.loopDelay(); // resets the server's measurement
  let done = false;
  const started = performance.now();
  const burst = Promise.all(clients.map((client, n) => client.login(logins[n]!, `wrong-password-${n}`))).finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const ms = await timedHealth(server.url);
    latencies.push(ms);
    if (ms < SAMPLE_EVERY_MS) await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS - ms));
  }
  const replies = await burst;
  const ms = performance.now() - started;
  const loop = await server.loopDelay();
  const statuses = new Map<number, number>();
  for (const reply of replies) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
  return { latencies, statuses, ms, loop };
}

interface BenchServer {
  url: string;
  /** The server's event-loop delay (p99 and max, ms) since the previous call. */
  loopDelay(): Promise<{ p99: number; max: number }>;
  stop(): Promise<void>;
}

/** The server, in a child process of this script (`login-burst.js serve <database url>`). */
function startServerProcess(databaseUrl: string): Promise<BenchServer> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', databaseUrl], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The server process exited (${code})`)));
    child.once('message', (message: { url: string }) =>
      resolve({
        url: message.url,
        loopDelay: () =>
          new Promise((answer) => {
            child.once('message', answer as (reply: unknown) => void);
            child.send('loop-delay');
          }),
        stop: () => new Promise<void>((done) => {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      }),
    );
  });
}

async function serve(databaseUrl: string): Promise<void> {
  const server = await startServer({ databaseUrl, port: 0, rendererDir: path.join(os.tmpdir(), 'backoffice-bench-no-renderer'), env: {} });
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', () => {
    process.send!({ p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 });
    delay.reset();
  });
  process.send!({ url: server.url });
}

async function main(): Promise<void> {
  const database = await freshBenchDatabase();
  const log = (message: string) => console.log(message);
  try {
    const server = await startServerProcess(database.url);
    try {
      log('');
      log(`Sign-in burst (database: ${database.description}; ${os.availableParallelism()} cores, ${PASSWORD_CHECKS_AT_ONCE} password check(s) at a time)`);
      const sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
      const passwordHash = await hashPassword('bench-right-password');
      const { rows } = await sql.query<{ email: string }>(
        `INSERT INTO users (surname, name, email, password_hash, role, is_active)
         SELECT 'Тестов', 'Бенч', 'burst' || g || '@example.test', $1, $2, true FROM generate_series(1, $3::int) AS g RETURNING email`,
        [passwordHash, Role.Manager, ATTEMPTS + 1],
      );
      await sql.end();

      for (let n = 0; n < 30; n++) await timedHealth(server.url); // warm-up
      const idle: number[] = [];
      for (let n = 0; n < IDLE_SAMPLES; n++) idle.push(await timedHealth(server.url));

      // 100 logins with one attempt each; then 100 attempts on a login not used before.
      const logins = rows.map((row) => row.email);
      const many = await duringBurst(server, logins.slice(0, ATTEMPTS));
      const one = await duringBurst(server, logins.slice(0, ATTEMPTS).map(() => logins[ATTEMPTS]!));

      const line = (title: string, result: Awaited<ReturnType<typeof duringBurst>>) => {
        const p95 = percentile(result.latencies, 95);
        const statuses = [...result.statuses].map(([status, count]) => `${count}×${status}`).join(', ');
        log(
          `  ${title}: /api/health p95 ${p95.toFixed(1)} ms (max ${Math.max(...result.latencies).toFixed(1)} ms, ${result.latencies.length} requests)` +
            ` (target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'yes' : 'NO'}); the burst took ${(result.ms / 1000).toFixed(2)} s, answers ${statuses};` +
            ` server event-loop delay p99 ${result.loop.p99.toFixed(0)} ms, max ${result.loop.max.toFixed(0)} ms`,
        );
        return p95 < TARGET_P95_MS;
      };
      log(`  idle server: /api/health p95 ${percentile(idle, 95).toFixed(1)} ms over ${IDLE_SAMPLES} requests`);
      const held = [
        line(`${ATTEMPTS} wrong sign-ins at once, ${ATTEMPTS} logins`, many),
        line(`${ATTEMPTS} wrong sign-ins at once, one login`, one),
      ].every(Boolean);
      log(held ? '  The sign-in target holds.' : '  The sign-in target does NOT hold.');
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

// `login-burst.js` runs the bench; `login-burst.js serve <url>` is its server process.
(process.argv[2] === 'serve' ? serve(process.argv[3]!) : main()).then(
  () => {
    if (process.argv[2] !== 'serve') process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
