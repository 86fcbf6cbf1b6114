/** Migrations run at start under a PostgreSQL advisory lock: instances starting together cannot race. */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../migrations/index.js';
import { startServer, type RunningServer } from '../bootstrap.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { createDataSource, migrateWithLock } from './data-source.js';

/** MIGRATION_LOCK_KEY of data-source.ts. */
const MIGRATION_LOCK_KEY = 7_300_501;
const MIGRATION_NAMES = MIGRATIONS.map((Migration) => new Migration().name!);

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function database(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const db = await createTestDatabase(options);
  cleanup.push(() => db.drop());
  return db;
}

async function start(db: TestDatabase): Promise<RunningServer> {
  const server = await startServer({ databaseUrl: db.url, port: 0, env: {}, rendererDir: '/nonexistent' });
  cleanup.push(() => server.close());
  return server;
}

const appliedMigrations = (db: TestDatabase) =>
  db.query<{ id: number; name: string; timestamp: string }>('SELECT id, name, timestamp FROM migrations ORDER BY id');

describe('migrations', () => {
  it('two instances starting together on an empty database both come up, and each migration runs exactly once', async () => {
    const db = await database({ empty: true });
    expect(await db.query(`SELECT to_regclass('users') AS users`)).toEqual([{ users: null }]);

    const servers = await Promise.all([startServer({ databaseUrl: db.url, port: 0, env: {} }), startServer({ databaseUrl: db.url, port: 0, env: {} })]);
    cleanup.push(() => Promise.all(servers.map((server) => server.close())));

    for (const server of servers) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    }
    // Both sides in code-unit order (`SeaTours…` before `SeatCounts…`): a locale's order and the database's collation disagree on case.
    const counts = await db.query('SELECT name, count(*)::int AS count FROM migrations GROUP BY name ORDER BY name COLLATE "C"');
    expect(counts).toEqual(MIGRATION_NAMES.map((name) => ({ name, count: 1 })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
    // The schema is really there.
    expect(await db.query(`SELECT to_regclass('users')::text AS users, to_regclass('sessions')::text AS sessions`)).toEqual([
      { users: 'users', sessions: 'sessions' },
    ]);
  });

  it('waits for the advisory lock held by another instance before migrating', async () => {
    const db = await database({ empty: true });
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    cleanup.push(() => holder.end());
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);

    const dataSource = createDataSource(db.url, { poolSize: 2 });
    await dataSource.initialize();
    cleanup.push(() => dataSource.destroy());
    let finished = false;
    const migrating = migrateWithLock(dataSource).finally(() => (finished = true));

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(finished).toBe(false);
    expect(await db.query(`SELECT to_regclass('users') AS users`)).toEqual([{ users: null }]);

    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    expect(await migrating).toEqual(MIGRATION_NAMES);
  });

  it('a start on an already migrated database applies nothing', async () => {
    const db = await database();
    const before = await appliedMigrations(db);
    expect(before.map((row) => row.name)).toEqual(MIGRATION_NAMES);

    const dataSource = createDataSource(db.url, { poolSize: 2 });
    await dataSource.initialize();
    cleanup.push(() => dataSource.destroy());
    expect(await migrateWithLock(dataSource)).toEqual([]);

    const server = await start(db);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await appliedMigrations(db)).toEqual(before);
  });
});
