import type { MigrationInterface } from 'typeorm';
import { createDataSource } from '../database/data-source.js';
import { createTestDatabase, type TestDatabase } from './test-app.js';

/**
 * Tests what a migration does to rows stored before it: on a fresh copy of the migrated template,
 * the migration is run down, `arrange` stores the old rows, the migration runs up again, and
 * `check` looks at the result. The copy is dropped afterwards.
 */
export async function rerunMigration<T>(
  migration: MigrationInterface,
  arrange: (db: TestDatabase) => Promise<T>,
  check: (db: TestDatabase, arranged: T) => Promise<void>,
): Promise<void> {
  const db = await createTestDatabase();
  const dataSource = createDataSource(db.url, { poolSize: 1 });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down!(runner);
    const arranged = await arrange(db);
    await migration.up(runner);
    await check(db, arranged);
  } finally {
    await runner.release();
    await dataSource.destroy();
    await db.drop();
  }
}
