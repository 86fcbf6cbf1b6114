/**
 * The database's own time for each HTTP request, as its statements actually ran.
 *
 * PostgreSQL writes every statement's duration to its log (`log_min_duration_statement = 0`:
 * parse + bind + execute, the server's own time without the network). In this process
 * every statement the server sends is recorded with its connection's backend pid, when it was
 * sent and when its answer came, and the HTTP request it belongs to (the bench sends an
 * `x-bench-id` header; an AsyncLocalStorage follows the request through the server). A
 * connection runs its statements one after another, so the n-th statement a pid logged is the
 * n-th one sent on it. A request's database time is then the sum, over its steps, of the longest
 * statement of each step — statements that overlapped in time ran in parallel on two connections.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BENCH_ID_HEADER } from './load.js';


interface Sent {
  pid: number;
  request: string | undefined;
  text: string;
  values: unknown[];
  start: number;
  end: number;
}

const requestOf = new AsyncLocalStorage<string>();
let sent: Sent[] = [];
let installed = false;
/** Off while HTTP is timed: recording and the statement log then cost the server nothing. */
let recording = false;

/** Starts recording statements per request (once per process). */
export function recordStatements(): void {
  if (installed) return;
  installed = true;
  diagnostics.subscribe('http.server.request.start', (message) => {
    const id = (message as { request: IncomingMessage }).request.headers[BENCH_ID_HEADER];
    // The request's handlers run in this async context from here on.
    if (typeof id === 'string') requestOf.enterWith(id);
  });
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function recorded(this: pg.Client & { processID?: number }, ...args: unknown[]) {
    if (!recording) return query.apply(this, args);
    const config = args[0];
    const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '');
    const values = (Array.isArray(args[1]) ? args[1] : ((config as { values?: unknown[] })?.values ?? [])) as unknown[];
    const entry: Sent = { pid: this.processID ?? 0, request: requestOf.getStore(), text, values, start: performance.now(), end: 0 };
    sent.push(entry);
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => (entry.end = performance.now()),
        () => (entry.end = performance.now()),
      );
    }
    return result;
  } as typeof pg.Client.prototype.query;
}

interface Logged {
  pid: number;
  text: string;
  ms: number;
}

/**
 * PostgreSQL's own log (its stderr, as `startEmbeddedDatabase`'s `onLog` passes it on), read into
 * statements: `duration: … ms  parse|bind|execute|statement …: SQL` lines of one statement summed.
 * An entry starts with the default prefix `2026-01-01 10:00:00.000 UTC [pid] LOG:  `; SQL spanning
 * several lines continues on the lines after it.
 */
export class StatementLog {
  private partial = '';
  private readonly entries: { pid: number; message: string }[] = [];

  /** Feed it the server's output. */
  readonly onLog = (text: string) => {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] \w+: {2}(.*)$/.exec(line);
      if (match) this.entries.push({ pid: Number(match[1]), message: match[2]! });
      else if (this.entries.length > 0) this.entries[this.entries.length - 1]!.message += `\n${line}`;
    }
  };

  /** Where a window starts. */
  get position(): number {
    return this.entries.length;
  }

  /** Statements logged since `position`, by backend pid, in order. */
  since(position: number): Map<number, Logged[]> {
    const byPid = new Map<number, Logged[]>();
    const pending = new Map<number, number>();
    for (const entry of this.entries.slice(position)) {
      const match = /^duration: ([\d.]+) ms {2}(parse|bind|execute|statement)[^:]*: ([\s\S]*)$/.exec(entry.message);
      if (!match) continue;
      const ms = Number(match[1]);
      if (match[2] === 'parse' || match[2] === 'bind') {
        pending.set(entry.pid, (pending.get(entry.pid) ?? 0) + ms);
        continue;
      }
      const list = byPid.get(entry.pid) ?? [];
      list.push({ pid: entry.pid, text: match[3]!, ms: ms + (pending.get(entry.pid) ?? 0) });
      pending.delete(entry.pid);
      byPid.set(entry.pid, list);
    }
    return byPid;
  }
}

/**
 * Logs every statement's duration and records what each request sends from now on, or stops both
 * (a reload is enough for the log). The switch itself is not recorded.
 */
export async function logDurations(sql: pg.Client, on: boolean): Promise<void> {
  recording = false;
  await sql.query(`ALTER SYSTEM SET log_min_duration_statement = ${on ? 0 : -1}`);
  await sql.query('SELECT pg_reload_conf()');
  // Every backend reads the reloaded setting before its next statement; give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  recording = on;
}

/** Forgets the statements recorded so far; the log's position marks where this window starts. */
export function startWindow(log: StatementLog): { log: StatementLog; position: number } {
  sent = [];
  return { log, position: log.position };
}

const sameStatement = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().slice(0, 80) === b.replace(/\s+/g, ' ').trim().slice(0, 80);

/**
 * The database time of every request recorded in the window, by request id. Statements are matched
 * to log entries per connection, in order and by their text; a request with an unmatched statement
 * is left out (reported as `unmatched`).
 */
export async function databaseTimes(window: { log: StatementLog; position: number }): Promise<{ times: Map<string, number>; unmatched: number }> {
  // The server's output arrives asynchronously: wait until every statement sent has been logged.
  let logged = window.log.since(window.position);
  for (let attempt = 0; attempt < 50; attempt++) {
    const count = [...logged.values()].reduce((sum, list) => sum + list.length, 0);
    if (count >= sent.filter((entry) => entry.pid).length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
    logged = window.log.since(window.position);
  }
  const durations = new Map<Sent, number>();
  const byPid = new Map<number, Sent[]>();
  for (const entry of sent) byPid.set(entry.pid, [...(byPid.get(entry.pid) ?? []), entry]);
  for (const [pid, statements] of byPid) {
    const entries = logged.get(pid) ?? [];
    let next = 0;
    for (const statement of statements) {
      while (next < entries.length && !sameStatement(entries[next]!.text, statement.text)) next++;
      if (next < entries.length) durations.set(statement, entries[next++]!.ms);
    }
  }
  const byRequest = new Map<string, Sent[]>();
  for (const entry of sent) if (entry.request) byRequest.set(entry.request, [...(byRequest.get(entry.request) ?? []), entry]);
  const times = new Map<string, number>();
  let unmatched = 0;
  for (const [request, statements] of byRequest) {
    if (statements.some((statement) => !durations.has(statement))) {
      unmatched++;
      continue;
    }
    // Steps: statements whose [start, end] overlap ran at the same time; each step costs its longest.
    const ordered = [...statements].sort((a, b) => a.start - b.start);
    let total = 0;
    let stepEnd = -Infinity;
    let stepLongest = 0;
    for (const statement of ordered) {
      if (statement.start >= stepEnd) {
        total += stepLongest;
        stepLongest = 0;
      }
      stepEnd = Math.max(stepEnd, statement.end);
      stepLongest = Math.max(stepLongest, durations.get(statement)!);
    }
    times.set(request, total + stepLongest);
  }
  return { times, unmatched };
}

/** The statements (SQL and parameters) one recorded request sent, in order: for EXPLAIN. */
export function statementsOf(request: string): { text: string; values: unknown[] }[] {
  return sent.filter((entry) => entry.request === request).map(({ text, values }) => ({ text, values }));
}
