/**
 * Settings of the embedded PostgreSQL for an office PC (docs/performance.md "PostgreSQL settings"). PostgreSQL's
 * defaults are sized for a shared server of the 2000s: 128 MB of shared buffers and 4 MB per sort
 * whatever the machine, and JIT compilation that costs a list request 50–200 ms to save nothing
 * on queries this size. The embedded server is started with these on every start (`-c`), so a new
 * version's settings reach existing data folders too. A central server (DATABASE_URL) is its
 * administrator's to tune.
 */
import os from 'node:os';

const MB = 1024 * 1024;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

export function officePcSettings(totalMemory: number = os.totalmem()): Record<string, string> {
  const memoryMb = totalMemory / MB;
  return {
    // An eighth of the machine's memory, 128 MB to 2 GB: a million clients and their indexes
    // (about 600 MB) stay in memory on an 8 GB PC, while the desktop keeps the rest.
    shared_buffers: `${clamp(memoryMb / 8, 128, 2048)}MB`,
    // What the planner may assume the OS caches: half the memory. It prefers index scans when large.
    effective_cache_size: `${clamp(memoryMb / 2, 512, 16384)}MB`,
    // Per sort or hash step of one query: a search's top-N and bitmap of matches fit without
    // spilling; a desktop serves a handful of connections, so 16 MB each is safe.
    work_mem: '16MB',
    // Index builds of migrations and VACUUM.
    maintenance_work_mem: `${clamp(memoryMb / 32, 64, 512)}MB`,
    // JIT pays off on analytic queries of seconds; on list queries its compile time is the cost.
    jit: 'off',
    // Office PCs have SSDs: a random read costs about a sequential one, so indexes are preferred.
    random_page_cost: '1.1',
  };
}

/** The settings as `postgres` command-line flags (`-c name=value`). */
export const officePcFlags = (totalMemory?: number): string[] =>
  Object.entries(officePcSettings(totalMemory)).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
