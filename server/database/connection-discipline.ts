/**
 * Two rules of ARCHITECTURE.md §7 "Connections", checked while the tests run (`DATABASE_DISCIPLINE=strict`,
 * set by the vitest config and the browser tests' server):
 *
 * - **No second connection inside a transaction.** Code running in `manager.transaction(...)` holds a
 *   pooled connection; reaching for another one (`this.db.query`, a service that uses the pool, a job
 *   queue's own pool) can wait forever for a pool its own siblings have taken: ten such requests hold
 *   all ten connections and wait for an eleventh. In strict mode such a checkout throws at the line
 *   that did it.
 * - **One query at a time on a connection.** `Promise.all` over one transaction's manager queues
 *   queries on one client; pg 8 only warns ('Calling client.query() when the client is already
 *   executing a query is deprecated'), pg 9 refuses. In strict mode it throws now.
 *
 * Every breach is also appended to the file `DATABASE_DISCIPLINE_REPORT` names, so a run fails even
 * when the code that broke the rule swallowed the error (the test runners check that file at the end).
 * In production nothing is patched: the rules are kept by the code, and the tests prove it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import { EntityManager } from 'typeorm';

export class ConnectionDisciplineError extends Error {
  override name = 'ConnectionDisciplineError';
  constructor(message: string) {
    super(message);
    const report = process.env.DATABASE_DISCIPLINE_REPORT;
    if (report) appendFileSync(report, `${new Date().toISOString()} ${this.stack ?? message}\n\n`);
  }
}

const insideTransaction = new AsyncLocalStorage<{ openedAt: Error }>();
let installed = false;

export function connectionDisciplineRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DATABASE_DISCIPLINE === 'strict';
}

/** Patches TypeORM's transactions and pg's pool and client to throw on either breach. Idempotent. */
export function installConnectionDiscipline(): void {
  if (installed) return;
  installed = true;

  const transaction = EntityManager.prototype.transaction as (this: EntityManager, ...args: unknown[]) => Promise<unknown>;
  EntityManager.prototype.transaction = function (this: EntityManager, ...args: unknown[]) {
    const at = typeof args[0] === 'function' ? 0 : 1;
    const work = args[at] as (manager: EntityManager) => Promise<unknown>;
    // A manager bound to a query runner already runs on its connection: nothing new is held.
    if (typeof work === 'function' && !this.queryRunner) {
      const openedAt = new Error('the transaction was opened here');
      args[at] = (manager: EntityManager) => insideTransaction.run({ openedAt }, () => work(manager));
    }
    return transaction.apply(this, args);
  } as typeof EntityManager.prototype.transaction;

  const connect = pg.Pool.prototype.connect as (this: pg.Pool, ...args: unknown[]) => unknown;
  pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
    const held = insideTransaction.getStore();
    if (held) {
      const error = new ConnectionDisciplineError(
        `A second pooled connection was taken inside a transaction (use the transaction's manager).\n${held.openedAt.stack ?? ''}`,
      );
      const callback = args[0];
      if (typeof callback === 'function') {
        process.nextTick(() => (callback as (error: Error) => void)(error));
        return undefined;
      }
      return Promise.reject(error);
    }
    return connect.apply(this, args);
  } as typeof pg.Pool.prototype.connect;

  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client & { _queryQueue?: unknown[]; _activeQuery?: unknown }, ...args: unknown[]) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) {
      throw new ConnectionDisciplineError('A query was sent on a connection that is still running another (queries in parallel on one client: make them sequential).');
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
