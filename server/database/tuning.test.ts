/** The embedded PostgreSQL runs with the office-PC settings, and the pool size comes from DB_POOL_SIZE. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DB_POOL_SIZE, readConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { officePcSettings } from './tuning.js';

const GB = 1024 ** 3;

describe('office-PC settings', () => {
  it('size memory from the machine: an eighth for shared buffers (128 MB to 2 GB), half as the planner’s cache', () => {
    expect(officePcSettings(8 * GB)).toMatchObject({ shared_buffers: '1024MB', effective_cache_size: '4096MB', maintenance_work_mem: '256MB' });
    expect(officePcSettings(0.5 * GB)).toMatchObject({ shared_buffers: '128MB', effective_cache_size: '512MB', maintenance_work_mem: '64MB' });
    expect(officePcSettings(64 * GB)).toMatchObject({ shared_buffers: '2048MB', effective_cache_size: '16384MB', maintenance_work_mem: '512MB' });
    expect(officePcSettings(8 * GB)).toMatchObject({ jit: 'off', work_mem: '16MB', random_page_cost: '1.1' });
  });

  describe('the running embedded server', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.drop());

    it('has them in force', async () => {
      const expected = officePcSettings();
      for (const [name, value] of Object.entries(expected)) {
        const [row] = await db.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name]);
        // PostgreSQL shows whole gigabytes as GB (2048MB → 2GB).
        const shown = /^(\d+)MB$/.test(value) && Number(value.slice(0, -2)) % 1024 === 0 ? `${Number(value.slice(0, -2)) / 1024}GB` : value;
        expect(row!.setting, name).toBe(shown);
      }
    });
  });
});

describe('DB_POOL_SIZE', () => {
  it('sets the connection pool, and a bad value stops the start with a clear message', () => {
    expect(readConfig({}, {}).databasePoolSize).toBe(DEFAULT_DB_POOL_SIZE);
    expect(readConfig({}, { DB_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
    expect(() => readConfig({}, { DB_POOL_SIZE: 'lots' })).toThrow('DB_POOL_SIZE must be a whole number from 1 to 1000, got lots');
    expect(() => readConfig({}, { DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  });
});
