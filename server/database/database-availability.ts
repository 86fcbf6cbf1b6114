/**
 * Whether the database answers, and the way back when it does not. Any sign that it is gone — a
 * query failing with a connection error, a pooled connection dropped, the embedded server's process
 * ending, the data folder's owner leaving — marks it unavailable: the API then answers 503 at once
 * (server/common/http/database-unavailable.ts) instead of failing slowly request by request, and one
 * recovery loop brings it back: restart the embedded server / take the data folder over
 * (`RunningDatabase.ensureRunning`), then `SELECT 1` on the probe's own connection, with growing pauses
 * (0.2 s … 5 s) until it answers. No app restart is needed, embedded or central.
 */
import type { RunningDatabase } from './embedded-database.js';

/** Node's network errors that mean "the server is not there". */
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** SQLSTATE 57P01–57P03: the server is shutting down, crashed, or still starting (crash recovery). */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03']);
/** node-postgres's own words for a connection that died or could not be made. */
const DRIVER_MESSAGES = /Connection terminated|connection timeout|is not queryable|Connection refused/i;
/**
 * pg-pool's words when a request waited its whole timeout for a free pooled connection: every
 * connection is busy with other requests. The database answers; this one request is refused.
 */
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect$/i;

type ErrorChain = { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };

/** True when `error` or an error inside it (TypeORM's driverError, a cause) matches. */
function anyInChain(error: unknown, matches: (current: ErrorChain) => boolean): boolean {
  let current = error as ErrorChain | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (matches(current)) return true;
    current = (current.driverError ?? current.cause) as ErrorChain | undefined;
  }
  return false;
}

/** True when `error` (or the driver error / cause inside it) says the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  return anyInChain(error, ({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_ERROR_CODES.has(code) || code.startsWith('08') || SERVER_GONE_STATES.has(code))) return true;
    return typeof message === 'string' && DRIVER_MESSAGES.test(message);
  });
}

/** True when `error` is a request's wait for a free pooled connection running out: busy, not down. */
export function isPoolBusy(error: unknown): boolean {
  return anyInChain(error, ({ message }) => typeof message === 'string' && POOL_WAIT_TIMEOUT.test(message));
}

export type AvailabilityEvent =
  | { kind: 'lost'; reason: string }
  | { kind: 'retry-failed'; attempt: number; error: unknown }
  | { kind: 'restored'; downtimeMs: number; attempts: number };

export interface DatabaseAvailabilityOptions {
  /** A cheap query on a connection of its own, never the app's pool (./probe-connection.ts). */
  probe(): Promise<unknown>;
  database: Pick<RunningDatabase, 'ensureRunning'>;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** A restart that takes longer failed (crash recovery of a big database takes a while). */
  restartTimeoutMs?: number;
  /** A probe that takes longer failed (a central server behind a dead network link). */
  probeTimeoutMs?: number;
  /** After a request found the pool busy: at most one probe this often (a busy pool asks, a hung database answers). */
  busyCheckEveryMs?: number;
}

export class DatabaseAvailability {
  private down: { since: number } | null = null;
  private lastBusyCheck = 0;
  private closed = false;
  private wake: (() => void) | undefined;
  private readonly listeners: ((event: AvailabilityEvent) => void)[] = [];

  constructor(private readonly options: DatabaseAvailabilityOptions) {}

  get available(): boolean {
    return this.down === null;
  }

  onChange(listener: (event: AvailabilityEvent) => void): void {
    this.listeners.push(listener);
  }

  /** `reason` (an error or a text) says the database is gone; starts the recovery unless it runs. */
  markUnavailable(reason: unknown): void {
    if (this.down || this.closed) return;
    this.down = { since: Date.now() };
    this.emit({ kind: 'lost', reason: describe(reason) });
    void this.recover(this.down.since);
  }

  /**
   * True when the database being gone explains `error` (a request failed with it): it cannot be
   * reached, or is already known to be down, or a quick probe now fails. Marks it unavailable then.
   */
  async explains(error: unknown): Promise<boolean> {
    // Waiting too long for a pooled connection is that request's failure, never an outage.
    if (this.available && isPoolBusy(error)) return false;
    let gone = !this.available || isDatabaseUnreachable(error);
    // Any other failure (TypeORM's "query runner already released" for a transaction whose connection
    // was dropped under it, or whatever a library makes of a connection dying mid-way) may be the
    // database dying too, a few milliseconds before its connections say so: a quick probe tells.
    // (Only unexpected errors reach here: the client's are answered before, server/common/http.)
    if (!gone) {
      gone = await withTimeout(this.options.probe(), 1_000).then(
        () => false,
        () => true,
      );
    }
    if (gone) this.markUnavailable(error);
    return gone;
  }

  /**
   * A request waited its whole timeout for a pooled connection. Usually the pool is only busy (that
   * request gets its own 503); but a database that hangs rather than dies (a stalled disk, a central
   * server behind a dropped link) looks the same from the pool. One probe on the probe's own
   * connection, at most every few seconds, tells: when it does not answer either, it is an outage,
   * and the recovery loop takes over.
   */
  noteBusy(): void {
    if (!this.available || this.closed) return;
    const now = Date.now();
    if (now - this.lastBusyCheck < (this.options.busyCheckEveryMs ?? 5_000)) return;
    this.lastBusyCheck = now;
    void withTimeout(this.options.probe(), 2_000).catch((error: unknown) => this.markUnavailable(error));
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  private async recover(since: number): Promise<void> {
    const { firstRetryMs = 200, maxRetryMs = 5_000, restartTimeoutMs = 130_000, probeTimeoutMs = 10_000 } = this.options;
    let pause = firstRetryMs;
    for (let attempt = 1; !this.closed; attempt++) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (this.closed) return;
      try {
        await withTimeout(this.options.database.ensureRunning(), restartTimeoutMs);
        await withTimeout(this.options.probe(), probeTimeoutMs);
        this.down = null;
        this.emit({ kind: 'restored', downtimeMs: Date.now() - since, attempts: attempt });
        return;
      } catch (error) {
        this.emit({ kind: 'retry-failed', attempt, error });
        pause = Math.min(pause * 2, maxRetryMs);
      }
    }
  }

  private emit(event: AvailabilityEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a listener's failure must not stop the recovery
      }
    }
  }
}

function describe(reason: unknown): string {
  return reason instanceof Error ? `${reason.message}\n${reason.stack ?? ''}` : String(reason);
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
