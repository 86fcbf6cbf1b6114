/**
 * Test helpers of the server suite: a database of the test file's own (a copy of the migrated
 * template made by global-setup.ts), the real server started on it, an HTTP client that behaves
 * like the SPA (cookie jar, XSRF header, JSON), and users of any role.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { Role } from '../../shared/roles.js';
import { hashPassword } from '../auth/passwords.js';
import { startServer, type RunningServer, type ServerOptions } from '../bootstrap.js';
import type { SupplierResolver } from '../common/security/supplier-door.js';
import { ApiClient } from './api-client.js';

export { ApiClient, cookieAttributes, type ApiResponse, type RequestOptions } from './api-client.js';

// ---------------------------------------------------------------------------------------------
// Databases

/** The test cluster's URL with another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(inject('testDatabaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function maintenance<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  /** Direct SQL on this database, for arranging data and checking rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/**
 * A fresh database: a copy of the migrated template, or with `empty` a database without any table
 * (for the migration tests).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await maintenance((client) =>
    client.query(options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`),
  );
  const url = databaseUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // DROP DATABASE … WITH (FORCE) may reach a connection pool.end() is still closing: PostgreSQL then
  // ends it with 57P01, which would be an uncaught 'error' of a client the pool no longer watches.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  let dropping: Promise<void> | undefined;
  return {
    name,
    url,
    query: async <Row>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as Row[],
    drop: () =>
      (dropping ??= (async () => {
        await pool.end();
        await maintenance((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      })()),
  };
}

// ---------------------------------------------------------------------------------------------
// The server

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  surname: string;
  name: string;
  patronymic: string | null;
}

export interface NewTestUser {
  role?: Role;
  email?: string;
  password?: string;
  surname?: string;
  name?: string;
  patronymic?: string | null;
  is_active?: boolean;
}

const hashes = new Map<string, Promise<string>>();
/** Password hashing is slow on purpose; one hash per distinct password is enough for tests. */
export const cachedHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

let userCounter = 0;

export interface TestApp {
  url: string;
  server: RunningServer;
  db: TestDatabase;
  /** A new browser (empty cookie jar) talking to this server. */
  client(): ApiClient;
  /** Inserts a staff user straight into the database (password hashed as the server hashes it). */
  createUser(user?: NewTestUser): Promise<TestUser>;
  /** A user of the role and a client signed in as them. */
  signInAs(role: Role, user?: NewTestUser): Promise<{ client: ApiClient; user: TestUser }>;
  /** Another server instance on the same database; closed with the app. */
  startAnotherServer(options?: Partial<ServerOptions>): Promise<RunningServer>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment of the server; only what is given here (ADMIN_* of the shell do not leak in). */
  env?: NodeJS.ProcessEnv;
  rendererDir?: string;
  /** Use this database instead of a fresh copy of the template (it is then not dropped on close). */
  database?: TestDatabase;
  /** How the supplier door resolves host names: `testResolver` unless given (a test never asks a DNS server). */
  supplierResolver?: SupplierResolver;
  /** How soon an import's link that finds the lease held looks again: the server's 5 s unless given (ServerConfig.importLeaseRecheckSeconds). */
  importLeaseRecheckSeconds?: number;
}

/** Every supplier host of the tests, resolved without DNS: `localhost` is loopback, `*.test` and `*.example` a documentation address (never contacted). */
export const testResolver: SupplierResolver = async (host) => {
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (/\.(test|example)$/.test(host)) return [{ address: '203.0.113.10', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

/** Where tests point the renderer unless they give one: a folder that does not exist. */
const NO_RENDERER_DIR = '/nonexistent/backoffice-renderer';

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase());
  const serverOptions = (extra: Partial<ServerOptions> = {}): ServerOptions => ({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    rendererDir: options.rendererDir ?? NO_RENDERER_DIR,
    // No nightly run of the imports under a test (its 03:00 Moscow tick would restart a test's imports), unless a test sets one.
    // The tests' local supplier on 127.0.0.1 is reached only through SUPPLIER_PRIVATE_HOSTS (the server project's env, vitest.config.ts).
    env: { IMPORTS_CRON: 'off', SUPPLIER_PRIVATE_HOSTS: process.env.SUPPLIER_PRIVATE_HOSTS, ...options.env },
    supplierResolver: options.supplierResolver ?? testResolver,
    importLeaseRecheckSeconds: options.importLeaseRecheckSeconds,
    ...extra,
  });

  const servers: RunningServer[] = [];
  let server: RunningServer;
  try {
    server = await startServer(serverOptions());
  } catch (error) {
    if (!options.database) await db.drop();
    throw error;
  }
  servers.push(server);

  const createUser = async (user: NewTestUser = {}): Promise<TestUser> => {
    const number = ++userCounter;
    const values = {
      surname: user.surname ?? `Тестов${number}`,
      name: user.name ?? 'Тест',
      patronymic: user.patronymic === undefined ? 'Тестович' : user.patronymic,
      email: (user.email ?? `user${number}.${randomBytes(3).toString('hex')}@example.test`).toLowerCase(),
      password: user.password ?? 'secret-password',
      role: user.role ?? Role.Administrator,
    };
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO users (surname, name, patronymic, email, password_hash, role, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [values.surname, values.name, values.patronymic, values.email, await cachedHash(values.password), values.role, user.is_active ?? true],
    );
    return { id: row!.id, ...values };
  };

  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    server,
    db,
    client: () => new ApiClient(server.url),
    createUser,
    async signInAs(role, user = {}) {
      const created = await createUser({ ...user, role });
      const client = new ApiClient(server.url);
      const response = await client.login(created.email, created.password);
      if (response.status !== 200) throw new Error(`Sign-in as ${created.email} failed: ${response.status} ${JSON.stringify(response.body)}`);
      return { client, user: created };
    },
    async startAnotherServer(extra = {}) {
      const another = await startServer(serverOptions(extra));
      servers.push(another);
      return another;
    },
    close: () =>
      (closing ??= (async () => {
        await Promise.all(servers.map((running) => running.close()));
        if (!options.database) await db.drop();
      })()),
  };
}
