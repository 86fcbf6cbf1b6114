/** Nobody can fill the logs table through a failure they can repeat (issue 8): rows are rate-limited per kind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../database/data-source.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { LOG_RATE_LIMITS, LogRateLimiter } from './log-rate-limit.js';
import { LogService } from './log.service.js';

describe('LogRateLimiter', () => {
  const limits = { perKind: 3, total: 5, windowMs: 1000 };

  it('admits a few rows of one kind per window and reports how many it held back', () => {
    let now = 0;
    const limiter = new LogRateLimiter(limits, () => now);
    const verdicts = Array.from({ length: 10 }, () => limiter.admit('http:GET /x', false));
    expect(verdicts.filter((verdict) => verdict.admitted)).toHaveLength(3);
    expect(limiter.admit('another kind', false)).toEqual({ admitted: true, suppressed: 0 });

    now = 1000;
    expect(limiter.admit('http:GET /x', false)).toEqual({ admitted: true, suppressed: 7 });
    expect(limiter.admit('http:GET /x', false)).toEqual({ admitted: true, suppressed: 0 });
  });

  it('caps warnings and errors of all kinds together, whatever the number of kinds', () => {
    let now = 0;
    const limiter = new LogRateLimiter(limits, () => now);
    const severe = Array.from({ length: 100 }, (_, index) => limiter.admit(`kind ${index}`, true));
    expect(severe.filter((verdict) => verdict.admitted)).toHaveLength(5);
    // Notices of the office's own work are not held back by the flood.
    expect(limiter.admit('notice', false).admitted).toBe(true);
    now = 1000;
    expect(limiter.admit('kind 99', true)).toEqual({ admitted: true, suppressed: 1 });
  });

  it('remembers a bounded number of kinds', () => {
    let now = 0;
    const limiter = new LogRateLimiter(limits, () => now);
    for (let index = 0; index < 50_000; index++) limiter.admit(`kind ${index}`, false);
    expect((limiter as unknown as { kinds: Map<string, unknown> }).kinds.size).toBeLessThanOrEqual(1000);
    now = 5000;
    expect(limiter.admit('kind 0', false).admitted).toBe(true);
  });
});

describe('LogService on PostgreSQL', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createDataSource(db.url, { poolSize: 2 });
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('1000 errors of one kind write at most perKind rows; 1000 of distinct kinds at most `total`', async () => {
    const logs = new LogService(dataSource);
    const before = (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM logs'))[0]!.count;
    for (let index = 0; index < 1000; index++) await logs.error('http', `GET /api/x?${index}`, new Error('boom'), {}, { kind: 'error:GET /api/x:Error' });
    const sameKind = (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM logs'))[0]!.count - before;
    expect(sameKind).toBe(LOG_RATE_LIMITS.perKind);

    for (let index = 0; index < 1000; index++) await logs.error('http', `GET /api/y/${index}`, new Error(`boom ${index}`));
    const total = (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM logs'))[0]!.count - before;
    expect(total).toBe(LOG_RATE_LIMITS.total);
  });
});
