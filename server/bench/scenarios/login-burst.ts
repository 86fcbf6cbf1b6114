/**
 * Does a burst of wrong sign-ins freeze the API? (issue 8: 100 parallel attempts used to push
 * /api/health to 11 s, bcryptjs hashing on the event loop.)
 *
 * A server of its own (../burst-server.ts, a child process) on a fresh embedded database with 101
 * staff users gets 100 wrong sign-ins at once — one per login, so that every one reaches the password
 * check (the per-login throttle would stop all but 5) — while GET /api/health is requested one request
 * at a time, every SAMPLE_EVERY_MS at most, as a colleague's app would; then the same with 100
 * attempts on one login (ONE_LOGIN_ROUNDS times). Rows: the idle p95, and the health p95 during each
 * kind of burst against the target.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Role } from '../../../shared/roles.js';
import { hashPassword, PASSWORD_CHECKS_AT_ONCE } from '../../auth/passwords.js';
import { startEmbeddedDatabase } from '../../database/embedded-database.js';
import { ApiClient } from '../../test/api-client.js';
import type { BenchRow, BenchScenario } from '../context.js';

const ATTEMPTS = 100;
const TARGET_P95_MS = 100;
const IDLE_SAMPLES = 200;
/** Health requests during a burst start this often, or right after the previous answer when it took longer. */
const SAMPLE_EVERY_MS = 20;
/**
 * A burst on one login is over in well under a second (95 of the 100 are 429 at once): it runs this
 * many times, each on a login of its own, so that its p95 is over enough requests to mean something.
 */
const ONE_LOGIN_ROUNDS = 5;

interface BurstServer {
  url: string;
  /** The server's event-loop delay (p99 and max, ms) since the previous call. */
  loopDelay(): Promise<{ p99: number; max: number }>;
  stop(): Promise<void>;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

async function timedHealth(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/health`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
  return performance.now() - started;
}

function startBurstServer(databaseUrl: string): Promise<BurstServer> {
  // dist/server/bench/burst-server.js, beside the bench's own entry.
  const child = fork(path.join(process.cwd(), 'dist/server/bench/burst-server.js'), [databaseUrl], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The burst server exited (${code})`)));
    child.once('message', (message: { url: string }) =>
      resolve({
        url: message.url,
        loopDelay: () =>
          new Promise((answer) => {
            child.once('message', answer as (reply: unknown) => void);
            child.send('loop-delay');
          }),
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
  });
}

/** Health latencies while 100 wrong sign-ins run at once; the burst's answers, time and the server's loop delay. */
async function duringBurst(server: BurstServer, logins: string[]) {
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
  const seconds = (performance.now() - started) / 1000;
  const loop = await server.loopDelay();
  const answers = new Map<number, number>();
  for (const reply of replies) answers.set(reply.status, (answers.get(reply.status) ?? 0) + 1);
  return { latencies, answers, seconds, loop };
}

/** Several bursts as one: their health latencies and answers together, the worst loop delay. */
function merged(results: Awaited<ReturnType<typeof duringBurst>>[]): Awaited<ReturnType<typeof duringBurst>> {
  const answers = new Map<number, number>();
  for (const result of results) for (const [status, count] of result.answers) answers.set(status, (answers.get(status) ?? 0) + count);
  return {
    latencies: results.flatMap((result) => result.latencies),
    answers,
    seconds: results.reduce((sum, result) => sum + result.seconds, 0),
    loop: { p99: Math.max(...results.map((result) => result.loop.p99)), max: Math.max(...results.map((result) => result.loop.max)) },
  };
}

export const loginBurstScenario: BenchScenario = {
  name: 'sign-in burst',
  stage: 'full',
  async run({ log }) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-bench-burst-'));
    const database = await startEmbeddedDatabase(dataDir);
    try {
      const server = await startBurstServer(database.url);
      try {
        const sql = new pg.Client({ connectionString: database.url });
        await sql.connect();
        const { rows } = await sql.query<{ email: string }>(
          `INSERT INTO users (surname, name, email, password_hash, role, is_active)
           SELECT 'Тестов', 'Бенч', 'burst' || g || '@example.test', $1, $2, true FROM generate_series(1, $3::int) AS g RETURNING email`,
          [await hashPassword('bench-right-password'), Role.Manager, ATTEMPTS + ONE_LOGIN_ROUNDS],
        );
        await sql.end();
        const logins = rows.map((row) => row.email);

        for (let n = 0; n < 30; n++) await timedHealth(server.url); // warm-up
        const idle: number[] = [];
        for (let n = 0; n < IDLE_SAMPLES; n++) idle.push(await timedHealth(server.url));
        log(`  sign-in burst: ${PASSWORD_CHECKS_AT_ONCE} password check(s) at a time on ${os.availableParallelism()} CPU(s)`);

        // 100 logins with one attempt each; then 100 attempts on a login not used before, a few times.
        const oneLogin: Awaited<ReturnType<typeof duringBurst>>[] = [];
        for (let round = 0; round < ONE_LOGIN_ROUNDS; round++) oneLogin.push(await duringBurst(server, Array(ATTEMPTS).fill(logins[ATTEMPTS + round]!)));
        const bursts = [
          { title: `health: ${ATTEMPTS} bad sign-ins, ${ATTEMPTS} logins`, result: await duringBurst(server, logins.slice(0, ATTEMPTS)) },
          { title: `health: ${ATTEMPTS} bad sign-ins, 1 login ×${ONE_LOGIN_ROUNDS}`, result: merged(oneLogin) },
        ];
        const idleP95 = percentile(idle, 95);
        return [
          { scenario: 'health: idle (sign-in burst server)', clients: 1, p50: percentile(idle, 50), p95: idleP95, target: 'informs', met: null },
          ...bursts.map(({ title, result }): BenchRow => {
            const p95 = percentile(result.latencies, 95);
            const answers = [...result.answers].map(([status, count]) => `${count}×${status}`).join(', ');
            return {
              scenario: title,
              clients: 1,
              p50: percentile(result.latencies, 50),
              p95,
              target: `p95 < ${TARGET_P95_MS} ms`,
              met: p95 < TARGET_P95_MS,
              note: `${result.latencies.length} requests over ${result.seconds.toFixed(2)} s, answers ${answers}; server event-loop delay p99 ${result.loop.p99.toFixed(0)} ms, max ${result.loop.max.toFixed(0)} ms`,
            };
          }),
        ];
      } finally {
        await server.stop();
      }
    } finally {
      await database.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  },
};
