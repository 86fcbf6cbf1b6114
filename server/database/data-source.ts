import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities.js';

/** Any constant works as long as every instance uses the same one. */
const MIGRATION_LOCK_KEY = 7_300_501;

export interface DataSourceOptions {
  poolSize?: number;
  /** Hears errors of idle pooled connections: the server went away (restart, crash) while nobody asked. */
  onConnectionError?: (error: Error) => void;
}

/** A connection attempt that hangs longer (a central server behind a dead network link) fails. */
const CONNECT_TIMEOUT_MS = 5_000;

export function createDataSource(url: string, options: DataSourceOptions = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: options.poolSize ?? 10 },
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
    poolErrorHandler: options.onConnectionError ?? (() => undefined),
  });
}

/**
 * Runs `work` while holding a session-level PostgreSQL advisory lock on its own connection:
 * instances starting together take turns, and the later ones find the work done.
 */
export async function withAdvisoryLock<T>(dataSource: DataSource, key: number, work: () => Promise<T>): Promise<T> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await lockRunner.release();
  }
}

/**
 * Applies pending migrations under a PostgreSQL advisory lock: instances starting together wait
 * for each other, and the later ones find nothing left to do.
 */
export async function migrateWithLock(dataSource: DataSource): Promise<string[]> {
  return withAdvisoryLock(dataSource, MIGRATION_LOCK_KEY, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  });
}
