/** What a bench scenario gets and gives (server/bench/scenarios: one file per scenario, one line in its index). */
import type pg from 'pg';
import type { ApiClient } from '../test/api-client.js';

export interface BenchSizes {
  /** Clients in the lists (1 000 000). */
  clients: number;
  /** Staff users (200 000). */
  staff: number;
  agencies: number;
  /** Clients in the export (100 000): the export runs before the rest of the clients are added. */
  exportRows: number;
  /** Timed requests per scenario and concurrency. */
  requests: number;
  /** Applications of the kept database (1 000 000; fill/applications.ts). */
  applications: number;
}

/** Targets of an HTTP scenario: p95 at one and at eight clients, and p95 over the database's own p95. */
export interface HttpTarget {
  p95AtOne: number;
  p95AtEight: number;
  /** p95 over the database's p95 at most; absent where a request's database time is not what matters. */
  ratio?: number;
  /** The database's own p95 at one and at eight clients, where the statements' cost is what is targeted (issue 19). */
  dbP95?: number;
}

/** One line of the report. */
export interface BenchRow {
  scenario: string;
  clients?: number;
  p50?: number;
  p95?: number;
  dbP50?: number;
  dbP95?: number;
  ratio?: number;
  /** CPU milliseconds per request: the server's main thread, and PostgreSQL's backends (null off Linux). */
  serverCpu?: number | null;
  dbCpu?: number | null;
  /** What the figure should be, as printed ("p95 < 25 ms"). */
  target: string;
  /** Whether it is met; null when the row only informs. */
  met: boolean | null;
  note?: string;
}

export interface BenchContext {
  sizes: BenchSizes;
  baseUrl: string;
  /** Cookie header of a signed-in administrator. */
  cookie: string;
  /** The same administrator's session as a client that also sends the XSRF header (writes). */
  admin: ApiClient;
  /** Direct SQL on the bench database. */
  sql: pg.Client;
  /** The pid of the bench's PostgreSQL (its backends' CPU: ./cpu.ts). */
  postmaster: number;
  /**
   * Times GET `paths` (in turn) at one and at eight concurrent clients, with the database's own time
   * per request; with `write`, POSTs or PUTs of its JSON bodies (in turn with the paths) instead.
   */
  measure(title: string, paths: string[], target: HttpTarget, write?: { method: 'POST' | 'PUT'; bodies: unknown[] }): Promise<BenchRow[]>;
  log(line: string): void;
}

export interface BenchScenario {
  name: string;
  /** `export`: runs while the database holds `exportRows` clients; `full`: after it holds all of them. */
  stage: 'export' | 'full';
  /**
   * `applications`: runs on the kept database of a million applications (fill/applications.ts), only
   * when `--only` names it; `any`: reads only, so it may run there too (beside such a scenario);
   * absent: the temporary database only (it writes fixtures of its own); `none`: that too, but it
   * needs none of the fake data, so a run of only such scenarios leaves the database unfilled.
   */
  data?: 'applications' | 'any' | 'none';
  run(context: BenchContext): Promise<BenchRow[]>;
}

/** First pages of a list (issue 9): p95 < 25 ms at one client, < 60 ms at eight, ≤ 2× the database. */
export const FIRST_PAGE_TARGET: HttpTarget = { p95AtOne: 25, p95AtEight: 60, ratio: 2 };

/** The p-th percentile (nearest rank) of some timings, in any order; NaN when there are none. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
