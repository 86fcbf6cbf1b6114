/**
 * The import job (issue 31 "The import job"): for each chosen item of an import it asks the vendor's
 * supplier for the item whole and creates or updates the local hotel and its rooms by the supplier's
 * id, writing progress (0–100) and a log line per item. A failed item is logged and the rest go on.
 *
 * A run is a chain of short jobs in the job queue (the import's id is the singleton key, so one waits
 * at a time): each takes no new item after RUN_BUDGET_MS and queues the next link. The run's place is
 * the import's `cursor`, advanced in each item's own transaction together with what the item wrote:
 * a job retried after its instance died resumes at the next item. No connection is held while the
 * supplier is asked. Each item's transaction claims the import by `cursor`: a new run (a save of the
 * active import, a restart) sets it back to 0 and a deleted import has none, so the old chain stops
 * at its next item.
 *
 * The lease (server/imports/import-lease.ts): a link works on an import only while it holds its lease
 * — taken in one statement when free or lapsed, renewed before each supplier call and checked and
 * renewed again in each item's transaction, given back when the link ends (or, with the next link
 * queued, in the same transaction). Two instances with a job of the same import each (a retry of a
 * link taken for dead, a restart while a run goes): one holds the lease, the other asks no supplier
 * and writes nothing — it queues itself again in a few seconds (LEASE_RECHECK_SECONDS; the queue keeps
 * one waiting job per import, so a link chained meanwhile is that job), and when it gets the lease
 * finds the run further on, done, or anew. A link whose lease another took (it stalled past
 * LEASE_SECONDS) writes nothing more and stops.
 *
 * The timings (a run resumes within three minutes of its instance dying, and a live link is never
 * taken for dead):
 * - a link lasts at most RUN_BUDGET_MS (40 s) + one supplier call (timeout_ms ≤ 60 s) + its write: the
 *   job's expiry is 110 s, so a live link's job is not expired and retried under it;
 * - the lease lasts LEASE_SECONDS (75 s) from its last renewal, which comes before every supplier call
 *   and after it: the longest gap is one call (≤ 60 s) and the item's write;
 * - an instance killed: its job is past its expiry 110 s after it started; the queue's maintenance,
 *   every MAINTENANCE_SECONDS (30 s) on one instance, marks it for retry; the retry waits 10–20 s
 *   (retryDelaySeconds 10, doubled with jitter); a worker polls every second; by then the lease (75 s
 *   after the last renewal, which is after the job started) has lapsed — 110 + 30 + 20 + 1 = 161 s < 180 s;
 * - an app stopped gracefully: pg-boss fails its running job at once, so it is retried after 10–20 s
 *   and waits for the lease to lapse — within 75 + LEASE_RECHECK_SECONDS s.
 * The import-lease test checks the sum.
 *
 * Nightly, pg-boss's cron (IMPORTS_CRON, 03:00 Moscow time by default) runs IMPORTS_NIGHTLY, which
 * queues a fresh run of every active import as the administrator's restart does (restartAll).
 *
 * Writing one item — the hotel through its aggregate, a person's edits kept, photos, price periods,
 * the mapping list — is supplier-hotel.ts.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { IMPORT_LIMITS, ImportStatus, type ImportItem } from '../../shared/resources/imports.js';
import { VENDOR_CONNECTOR } from '../../shared/resources/vendors.js';
import { actAs } from '../common/version.js';
import { SERVER_CONFIG, type ServerConfig } from '../config.js';
import { FilesService } from '../files/files.service.js';
import { LogService } from '../logs/log.service.js';
import { defineJob, JobQueue } from '../jobs/job-queue.js';
import { SupplierItemRefused, SupplierUnavailable, type SupplierConnector } from './connectors/connector.js';
import { SupplierConnectors } from './connectors/registry.js';
import { ImportLease, LEASE_RECHECK_SECONDS } from './import-lease.js';
import { downloadSupplierPhotos, reasonOf, updated, writeSupplierHotel, type ItemOutcome, type LogLine } from './supplier-hotel.js';
import { OFFICE_TIME_ZONE } from '../../shared/calendar.js';

/** A link of a run takes no new item after this long, and queues the next link. */
export const RUN_BUDGET_MS = 40_000;

/** A link still running after its budget, one supplier call (VENDOR_CONNECTOR's longest timeout) and a margin for its write is taken as dead and retried. */
export const IMPORT_RUN = defineJob<{ importId: number }>('import-run', {
  policy: 'short',
  expireInSeconds: RUN_BUDGET_MS / 1000 + VENDOR_CONNECTOR.timeoutMs.max / 1000 + 10,
  retryDelaySeconds: 10,
});

/** The nightly run of the active imports, queued by the job queue's cron (IMPORTS_CRON). */
export const IMPORTS_NIGHTLY = defineJob<Record<string, never>>('imports-nightly', { expireInSeconds: 60 });


const M = MESSAGES.imports.job;

/** The job queue the imports' saves queue runs on (set when the job registers: a resource declaration is no provider). */
let queue: JobQueue | undefined;

/**
 * Starts a fresh run of the import in the caller's transaction: waiting, progress 0, from the first
 * item. A run of it under way stops at its next item; the job is queued only if the transaction commits.
 */
export async function queueImportRun(manager: EntityManager, importId: number): Promise<void> {
  if (!queue) throw new Error('The import job is not registered');
  await manager.query(`UPDATE imports SET status = $2, progress = 0, cursor = 0, failed_items = 0 WHERE id = $1`, [importId, ImportStatus.Waiting]);
  await queue.send(IMPORT_RUN, { importId }, { singletonKey: String(importId), manager });
}

/** Writes the import's log lines (keeping the newest IMPORT_LIMITS.logLines) and their time. */
async function writeLog(manager: Pick<EntityManager, 'query'>, importId: number, lines: LogLine[]): Promise<void> {
  if (!lines.length) return;
  await manager.query(`INSERT INTO import_logs (import_id, message, status) SELECT $1, * FROM unnest($2::text[], $3::text[])`, [
    importId,
    lines.map((line) => line.message),
    lines.map((line) => line.status),
  ]);
  await manager.query(
    `DELETE FROM import_logs WHERE import_id = $1 AND id <= (SELECT id FROM import_logs WHERE import_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
    [importId, IMPORT_LIMITS.logLines],
  );
  await manager.query(`UPDATE imports SET last_log_at = now() WHERE id = $1`, [importId]);
}

interface RunRow {
  vendor_id: number;
  type: string;
  items: ImportItem[];
  cursor: number;
  status: ImportStatus;
}

@Injectable()
export class ImportJob {
  /** How soon a link that finds the lease held looks again (LEASE_RECHECK_SECONDS unless a test gives fewer). */
  private readonly leaseRecheckSeconds: number;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SupplierConnectors) private readonly connectors: SupplierConnectors,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(SERVER_CONFIG) config: ServerConfig,
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(LogService) private readonly log: LogService,
  ) {
    this.leaseRecheckSeconds = config.importLeaseRecheckSeconds ?? LEASE_RECHECK_SECONDS;
    jobs.register(IMPORT_RUN, ({ importId }) => this.run(importId));
    // IMPORTS_CRON=off: no nightly run (the queue then takes away a schedule made before). It is the office's time.
    const schedule = config.importsCron === null ? undefined : { cron: config.importsCron, tz: OFFICE_TIME_ZONE, setting: 'IMPORTS_CRON' };
    jobs.register(IMPORTS_NIGHTLY, async () => void (await this.restartAll()), { schedule });
    queue = jobs;
  }

  /** GET /imports/restart and the nightly run: a fresh run of every active import; answers how many were queued. */
  async restartAll(): Promise<number> {
    return this.db.transaction(async (manager) => {
      const active = await manager.query<{ id: number }[]>(`SELECT id FROM imports WHERE is_active ORDER BY id FOR NO KEY UPDATE`);
      for (const { id } of active) await queueImportRun(manager, id);
      return active.length;
    });
  }

  /**
   * One link of a run, under the import's lease: items from the cursor until the budget is spent or
   * the run is done. A link that finds the lease held queues itself again for when it may lapse.
   */
  async run(importId: number, budgetMs = RUN_BUDGET_MS): Promise<void> {
    const lease = new ImportLease(this.db, importId, this.leaseRecheckSeconds);
    const claim = await lease.claim();
    if ('recheckSeconds' in claim) await this.jobs.send(IMPORT_RUN, { importId }, { singletonKey: String(importId), startAfterSeconds: claim.recheckSeconds });
    if (!claim.held) return;
    let chained = false;
    try {
      chained = await this.advanceRun(importId, lease, budgetMs);
    } finally {
      // Given back at the link's end, even a failed one: its retry need not wait for the lease to lapse.
      if (!chained) await lease.release(this.db.manager).catch(() => undefined);
    }
  }

  /** The items of a link (the lease held): true when it queued the next link. */
  private async advanceRun(importId: number, lease: ImportLease, budgetMs: number): Promise<boolean> {
    const started = Date.now();
    const [row] = await this.db.query<RunRow[]>(`SELECT vendor_id, type, items, cursor, status FROM imports WHERE id = $1`, [importId]);
    // Deleted meanwhile, or a run already finished (a retry after its last item).
    if (!row || (row.status !== ImportStatus.Waiting && row.status !== ImportStatus.Running)) return false;
    if (row.status === ImportStatus.Waiting) {
      const marked = await updated(this.db.manager, `UPDATE imports SET status = $3 WHERE id = $1 AND cursor = $2 AND status = $4`, [importId, row.cursor, ImportStatus.Running, ImportStatus.Waiting]);
      if (!marked) return false;
      await writeLog(this.db.manager, importId, [{ status: 'info', message: M.started(row.items.length) }]);
    }
    let vendor: { id: number; name: string; connector: SupplierConnector };
    try {
      vendor = await this.connectors.forVendor(row.vendor_id);
    } catch {
      await this.finish(importId, lease, row.cursor, ImportStatus.Failed, M.failed(MESSAGES.imports.notConnected));
      return false;
    }
    for (let index = row.cursor; index < row.items.length; index++) {
      // Every link takes at least one item, so a run always moves on however slow its start.
      if (index > row.cursor && Date.now() - started > budgetMs) {
        // The lease goes back as the next link is queued: that link cannot start before it is free, nor is the run left without one.
        await this.db.transaction(async (manager) => {
          await lease.release(manager);
          await this.jobs.send(IMPORT_RUN, { importId }, { singletonKey: String(importId), manager });
        });
        return true;
      }
      // Renewed before the supplier is asked (a statement of its own): a link that lost the lease asks nothing more.
      if (!(await lease.renew(this.db.manager))) return false;
      const item = row.items[index]!;
      const total = row.items.length;
      let advanced: boolean;
      try {
        const hotel = await vendor.connector.item(row.type, item.id);
        // Renewed again after the item came: the photos' downloads take their time before the item's transaction.
        if (!(await lease.renew(this.db.manager))) return false;
        const photos = await downloadSupplierPhotos(this.db, this.files, vendor, hotel, (url, error) => this.technical(importId, vendor, `${item.id} ${url}`, error));
        advanced = await this.advance(importId, lease, index, total, (manager) => writeSupplierHotel(manager, vendor, hotel, photos));
      } catch (error) {
        await this.technical(importId, vendor, item.id, error);
        // The item's name as the import was saved with it (our input guard passed it), never the supplier's raw text.
        const message = error instanceof SupplierItemRefused ? M.itemRefused(item.name, error.userMessage) : M.itemFailed(item.name, reasonOf(error));
        advanced = await this.advance(importId, lease, index, total, async () => ({ status: 'error', lines: [{ status: 'error', message }] }));
      }
      // A new run began, the import was deleted, or another link holds the lease: this one stops here.
      if (!advanced) return false;
    }
    const [{ failed_items: failed } = { failed_items: 0 }] = await this.db.query<{ failed_items: number }[]>(`SELECT failed_items FROM imports WHERE id = $1`, [importId]);
    const total = row.items.length;
    if (failed === 0) await this.finish(importId, lease, total, ImportStatus.Done, M.done);
    else if (failed < total) await this.finish(importId, lease, total, ImportStatus.DoneWithErrors, M.doneWithErrors(failed));
    else await this.finish(importId, lease, total, ImportStatus.Failed, M.failed(M.noneImported));
    return false;
  }

  /** A supplier failure's technical detail, for the server's log only (the import's log has the Russian line). */
  private async technical(importId: number, vendor: { id: number; name: string }, subject: string, error: unknown): Promise<void> {
    const detail = error instanceof SupplierUnavailable ? error.reason : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    await this.log.write('warning', 'imports', `${MESSAGES.imports.door.unavailable}: ${vendor.name}`, `${subject}: ${detail}`, { import_id: importId, vendor_id: vendor.id }).catch(() => undefined);
  }

  /**
   * Claims the import for item `index` (or the run's end) in the caller's transaction: still at that
   * cursor of a running run (not taken by a new run or a delete) and still this link's lease, renewed.
   * The claim is FOR NO KEY UPDATE: a vendor's delete checking its imports (a key-share lock) is not
   * kept waiting behind an item, which would deadlock with the item's hotel naming that vendor.
   */
  private async claim(manager: EntityManager, importId: number, lease: ImportLease, cursor: number): Promise<boolean> {
    const [claimed] = await manager.query<unknown[]>(`SELECT 1 FROM imports WHERE id = $1 AND cursor = $2 AND status = $3 FOR NO KEY UPDATE`, [importId, cursor, ImportStatus.Running]);
    return Boolean(claimed) && (await lease.renew(manager));
  }

  /**
   * Item `index` of the run in one transaction: claims the import at that cursor (false when a new run,
   * a delete or another link took it), writes what `work` gives, its log lines and progress, and moves the cursor on.
   */
  private advance(importId: number, lease: ImportLease, index: number, total: number, work: (manager: EntityManager) => Promise<ItemOutcome>): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      if (!(await this.claim(manager, importId, lease, index))) return false;
      await actAs(manager, null);
      const outcome = await work(manager);
      await manager.query(`UPDATE imports SET cursor = $2 + 1, progress = $3, failed_items = failed_items + $4 WHERE id = $1`, [
        importId,
        index,
        Math.floor(((index + 1) * 100) / total),
        outcome.status === 'success' ? 0 : 1,
      ]);
      await writeLog(manager, importId, outcome.lines);
      return true;
    });
  }

  /** The run's end: its status, progress 100 and the last log line (unless a new run or another link took the import). */
  private async finish(importId: number, lease: ImportLease, cursor: number, status: ImportStatus, message: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      if (!(await this.claim(manager, importId, lease, cursor))) return;
      await manager.query(`UPDATE imports SET status = $2, progress = 100 WHERE id = $1`, [importId, status]);
      await writeLog(manager, importId, [{ status: status === ImportStatus.Done ? 'success' : 'error', message }]);
      // With the run's end: a new run queued as this one ends finds the lease free at once.
      await lease.release(manager);
    });
  }
}
