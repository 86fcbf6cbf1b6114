/**
 * CPU time actually spent, from Linux's scheduler statistics (/proc/…/schedstat: nanoseconds on a
 * CPU): the server's main thread, and every backend of the bench's PostgreSQL. On a shared machine
 * latency is mostly waiting for a CPU; CPU per request is what the server and the database cost,
 * whatever else runs. Elsewhere than Linux the figures are absent.
 */
import { readdirSync, readFileSync } from 'node:fs';

const onCpu = (path: string): number | null => {
  try {
    return Number(readFileSync(path, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
};

/** Nanoseconds the main thread of this process has run. */
export const mainThreadCpu = (): number | null => onCpu(`/proc/self/task/${process.pid}/schedstat`);

/** Nanoseconds the main thread has run and has waited, runnable, for a CPU (a busy machine shows here). */
export function mainThreadRunAndWait(): { run: number; wait: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run: run!, wait: wait! };
  } catch {
    return null;
  }
}

/** Nanoseconds the children of `postmaster` (its backends) have run, by pid. */
export function backendsCpu(postmaster: number): Map<number, number> {
  const times = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return times;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 4 (after the command in parentheses) is the parent pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== postmaster) continue;
      const ns = onCpu(`/proc/${pid}/schedstat`);
      if (ns !== null) times.set(Number(pid), ns);
    } catch {
      // gone meanwhile
    }
  }
  return times;
}

/** CPU milliseconds between two `backendsCpu` readings (a backend born in between counts from zero). */
export function backendsCpuMs(before: Map<number, number>, after: Map<number, number>): number {
  let ns = 0;
  for (const [pid, time] of after) ns += time - (before.get(pid) ?? 0);
  return ns / 1e6;
}
