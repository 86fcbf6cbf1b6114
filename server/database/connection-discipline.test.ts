/**
 * The checks that keep the connection rules in the tests (./connection-discipline.ts): code inside a
 * transaction that reaches the pool, and queries sent in parallel on one connection, both fail.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { ConnectionDisciplineError, installConnectionDiscipline } from './connection-discipline.js';
import { createDataSource } from './data-source.js';

let database: TestDatabase;
let dataSource: DataSource;
let report: string | undefined;

beforeAll(async () => {
  // These breaches are made on purpose: they must not fail the whole run through the report file.
  report = process.env.DATABASE_DISCIPLINE_REPORT;
  delete process.env.DATABASE_DISCIPLINE_REPORT;
  installConnectionDiscipline();
  database = await createTestDatabase();
  dataSource = createDataSource(database.url, { poolSize: 4 });
  await dataSource.initialize();
});
afterAll(async () => {
  if (report) process.env.DATABASE_DISCIPLINE_REPORT = report;
  await dataSource?.destroy();
  await database?.drop();
});

describe('connection discipline', () => {
  it('refuses a second pooled connection taken inside a transaction, naming where the transaction began', async () => {
    const attempt = dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1');
      await dataSource.query('SELECT 2'); // the pool, not the transaction's connection
    });
    await expect(attempt).rejects.toBeInstanceOf(ConnectionDisciplineError);
    await expect(attempt).rejects.toThrow(/second pooled connection.*\n.*the transaction was opened here/s);
  });

  it('refuses a query sent on a connection that is still running another (what pg 9 refuses)', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const running = client.query('SELECT pg_sleep(0.05)');
      expect(() => client.query('SELECT 1')).toThrow(ConnectionDisciplineError);
      await running;
      // One after the other is fine.
      expect((await client.query('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('lets the same work through when it keeps the rules', async () => {
    const result = await dataSource.transaction(async (manager) => {
      const [first] = await manager.query('SELECT 1 AS n');
      const [second] = await manager.query('SELECT 2 AS n');
      return [first.n, second.n];
    });
    expect(result).toEqual([1, 2]);
    // Outside a transaction the pool serves requests in parallel, each on a connection of its own.
    expect(await Promise.all([dataSource.query('SELECT 1 AS n'), dataSource.query('SELECT 2 AS n')])).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });
});
