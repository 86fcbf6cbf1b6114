/**
 * The lease of an import (issue 31): which link of a run may work on it — a row of `import_leases`
 * with its owner (one per link) and an expiry, taken, renewed and given back in short statements of
 * their own or inside an item's transaction, never held open while the supplier is asked (ARCHITECTURE
 * §7 "Connections"). The database's clock is the only one read, so instances with skewed clocks agree.
 * The timings and why they hold are in server/imports/import-job.ts.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DataSource, EntityManager } from 'typeorm';

/** A lease lasts this long from its last renewal; a link renews it before each supplier call and in each item's transaction. */
export const LEASE_SECONDS = 75;

/** A link that finds the import leased looks again after the lease's rest, at most this long (a test may give a shorter wait: ServerConfig.importLeaseRecheckSeconds). */
export const LEASE_RECHECK_SECONDS = 5;

/** This process, in the owners it writes (which instance holds a lease, for whoever reads the table). */
const PROCESS = `${hostname()}:${process.pid}`;

/** A lease is taken, or held by another link (look again in `recheckSeconds`), or its import is gone. */
export type LeaseClaim = { held: true } | { held: false; recheckSeconds: number } | { held: false; gone: true };

export class ImportLease {
  readonly owner = `${PROCESS}:${randomUUID()}`;

  constructor(
    private readonly db: DataSource,
    readonly importId: number,
    private readonly recheckSeconds = LEASE_RECHECK_SECONDS,
  ) {}

  /** Takes the import's lease when it is free, lapsed or already this link's (one statement: two links cannot both win). */
  async claim(): Promise<LeaseClaim> {
    const taken = await this.db.query<unknown[]>(
      `INSERT INTO import_leases (import_id, owner, expires_at)
       SELECT id, $2, now() + make_interval(secs => $3) FROM imports WHERE id = $1
       ON CONFLICT (import_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
        WHERE import_leases.expires_at < now() OR import_leases.owner = EXCLUDED.owner
       RETURNING 1`,
      [this.importId, this.owner, LEASE_SECONDS],
    );
    if (taken.length) return { held: true };
    const [found] = await this.db.query<{ seconds: number | null }[]>(
      `SELECT ceil(extract(epoch FROM l.expires_at - now()))::int AS seconds FROM imports i LEFT JOIN import_leases l ON l.import_id = i.id WHERE i.id = $1`,
      [this.importId],
    );
    if (!found) return { held: false, gone: true };
    // Given back meanwhile (null) or about to lapse: soon; held longer: again in a few seconds.
    return { held: false, recheckSeconds: Math.min(Math.max(found.seconds ?? 1, 1), this.recheckSeconds) };
  }

  /** Moves the expiry on if the lease is still this link's (false: another link took it over, or the import is gone). */
  async renew(manager: Pick<EntityManager, 'query'>): Promise<boolean> {
    const [{ n }] = (await manager.query<{ n: number }[]>(
      `WITH renewed AS (UPDATE import_leases SET expires_at = now() + make_interval(secs => $3) WHERE import_id = $1 AND owner = $2 RETURNING 1)
       SELECT count(*)::int AS n FROM renewed`,
      [this.importId, this.owner, LEASE_SECONDS],
    )) as [{ n: number }];
    return n === 1;
  }

  /** Gives the lease back (if still this link's): the next link need not wait for it to lapse. */
  async release(manager: Pick<EntityManager, 'query'>): Promise<void> {
    await manager.query(`DELETE FROM import_leases WHERE import_id = $1 AND owner = $2`, [this.importId, this.owner]);
  }
}
