/**
 * pg-boss 10 calls complete() and fail() without awaiting them: the queue guards both, so a
 * connection lost at that moment is reported, not an unhandled rejection that would end the process
 * (it happened in server/database/data-folder-owner.test.ts when a folder was taken over).
 */
import { describe, expect, it } from 'vitest';
import { guardCompletion, type JobCompletion } from './job-queue.js';

describe('guardCompletion', () => {
  it('reports a failed complete() or fail() and resolves, and passes a successful answer through', async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const calls: string[] = [];
    const boss: JobCompletion = {
      complete: (...args: unknown[]) => {
        calls.push(`complete ${JSON.stringify(args)}`);
        return Promise.reject(lost);
      },
      fail: (...args: unknown[]) => {
        calls.push(`fail ${JSON.stringify(args)}`);
        return Promise.resolve({ jobs: args[1], requested: 1, affected: 1 });
      },
    };
    const reported: unknown[] = [];
    guardCompletion(boss, (error) => reported.push(error));

    await expect(boss.complete('queue', 'job-1')).resolves.toBeUndefined();
    expect(reported).toEqual([lost]);
    await expect(boss.fail('queue', 'job-2', { message: 'x' })).resolves.toEqual({ jobs: 'job-2', requested: 1, affected: 1 });
    expect(reported).toHaveLength(1);
    expect(calls).toEqual(['complete ["queue","job-1"]', 'fail ["queue","job-2",{"message":"x"}]']);
  });
});
