/**
 * Once per `vitest run` of the server project: one embedded PostgreSQL in a temp folder, and a
 * template database with every migration applied. Each test file then copies the template into a
 * database of its own (server/test/test-app.ts), so files are isolated and may run in parallel.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDataSource, migrateWithLock } from '../database/data-source.js';
import { startEmbeddedDatabase } from '../database/embedded-database.js';

export const TEMPLATE_DATABASE = 'backoffice_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's maintenance database (`backoffice`); tests swap the database name. */
    testDatabaseUrl: string;
    /** Database with every migration applied, to be copied with CREATE DATABASE … TEMPLATE. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-test-'));
  const database = await startEmbeddedDatabase(dataDir);
  const report = process.env.DATABASE_DISCIPLINE_REPORT;
  if (report) await fs.rm(report, { force: true });
  const teardown = async () => {
    await database.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    // A second connection inside a transaction, or queries in parallel on one connection, anywhere in
    // the run (server/database/connection-discipline.ts): the run fails, even if a test did not notice.
    const breaches = report ? await fs.readFile(report, 'utf8').catch(() => '') : '';
    if (breaches) throw new Error(`Database connection rules were broken during the tests:\n${breaches}`);
  };

  try {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // A throwaway cluster: durability only costs time.
      for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
        await admin.query(`ALTER SYSTEM SET ${setting} = off`);
      }
      await admin.query('SELECT pg_reload_conf()');
      await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }

    const templateUrl = new URL(database.url);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const dataSource = createDataSource(templateUrl.toString(), { poolSize: 2 });
    await dataSource.initialize();
    try {
      await migrateWithLock(dataSource);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template that has open connections.
      await dataSource.destroy();
    }
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('testDatabaseUrl', database.url);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return teardown;
}
