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
 * Hotels are matched by `(vendor_id, external_id)`, rooms by their external id within the hotel. The
 * supplier's city, room type, placement and accommodation are our rows through the administrator's
 * mapping list (supplier-mappings.ts); an item naming a value not mapped is logged and skipped, the
 * value added to the list — an import creates no city.
 * Rooms the supplier no longer offers get `removed_by_supplier_at` and stay. The rows are written as
 * the hotel editor's save writes them, as the system (no user): a hotel whose rooms changed gets a
 * new version, so an open editor gets the 409 dialog rather than a silent overwrite.
 *
 * Not here yet (issue 31): photos, price periods, keeping a
 * person's edits, the lease between app instances, the nightly schedule.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { HOTEL_LIMITS } from '../../shared/hotels/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { IMPORT_LIMITS, ImportStatus, type ImportItem, type ImportLogStatus } from '../../shared/resources/imports.js';
import { derivedSlug } from '../common/database/derived-slug.js';
import { sanitizeRichText } from '../common/input/rich-text.js';
import { actAs } from '../common/version.js';
import { defineJob, JobQueue } from '../jobs/job-queue.js';
import { SupplierRefused, SupplierRejected, SupplierUnavailable, type SupplierConnector, type SupplierHotel, type SupplierRoom } from './connectors/connector.js';
import { SupplierConnectors } from './connectors/registry.js';
import { mappedId } from './supplier-mappings.js';

/** A link of a run takes no new item after this long, and queues the next link. */
export const RUN_BUDGET_MS = 40_000;

/** A link still running after its budget, one supplier call (VENDOR_CONNECTOR's longest timeout) and a margin is taken as dead and retried. */
export const IMPORT_RUN = defineJob<{ importId: number }>('import-run', { policy: 'short', expireInSeconds: 180, retryDelaySeconds: 10 });

const M = MESSAGES.imports.job;

interface LogLine {
  status: ImportLogStatus;
  message: string;
}

/** What one item came to: written ('success'), skipped for a value we do not have, or failed. */
interface ItemOutcome {
  status: 'success' | 'skipped' | 'error';
  lines: LogLine[];
}

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

/** The rows an UPDATE changed (TypeORM answers an UPDATE's query as [rows, count]). */
async function updated(manager: Pick<EntityManager, 'query'>, sql: string, parameters: unknown[]): Promise<number> {
  const [, count] = await manager.query<[unknown[], number]>(sql, parameters);
  return count;
}

/** A failure's words for the log: the supplier's own message when it gave one. */
function reasonOf(error: unknown): string {
  if (error instanceof SupplierUnavailable) return `${MESSAGES.imports.unavailable} (${error.reason})`;
  if (error instanceof SupplierRefused) return error.supplierMessage ?? MESSAGES.imports.refused;
  if (error instanceof SupplierRejected) return error.supplierMessage ?? MESSAGES.imports.rejected;
  return error instanceof Error ? error.message : String(error);
}

/** Our handbooks a supplier's room names by their values (issue 31: room type, placement, accommodation). */
const ROOM_HANDBOOKS = { room_types: 'room_type', room_places: 'placement', accommodations: 'accommodation' } as const satisfies Record<string, keyof SupplierRoom>;
type RoomHandbook = keyof typeof ROOM_HANDBOOKS;

/** The kind of the administrator's mapping list (supplier-mappings.ts) each of our tables is. */
const MAPPING_KIND_OF = { cities: 'city', room_types: 'room_type', room_places: 'placement', accommodations: 'accommodation' } as const;

/**
 * Our row the vendor's `value` stands for in `table`, through the administrator's mapping list (a
 * value first met is added to it: mapped to our row of that name, case aside, or unmapped); null
 * while unmapped.
 */
async function idByName(manager: EntityManager, vendorId: number, table: 'cities' | RoomHandbook, value: string | null): Promise<{ id: number; places_count?: number } | null> {
  if (value === null) return null;
  const id = await mappedId(manager, vendorId, MAPPING_KIND_OF[table], value);
  if (id === null || table !== 'room_places') return id === null ? null : { id };
  const [row] = await manager.query<{ id: number; places_count: number }[]>(`SELECT id, places_count FROM room_places WHERE id = $1`, [id]);
  return row ?? null;
}

/** `idByName` for one item: each of its values looked up once, however many of its rooms name it. */
function itemLookup(manager: EntityManager, vendorId: number) {
  const known = new Map<string, ReturnType<typeof idByName>>();
  return (table: 'cities' | RoomHandbook, value: string | null) => {
    const key = `${table}\n${value?.trim().toLowerCase() ?? ''}`;
    if (!known.has(key)) known.set(key, idByName(manager, vendorId, table, value));
    return known.get(key)!;
  };
}

/**
 * Writes one supplier hotel with its rooms (in the caller's transaction): the item's outcome and log
 * lines. `vendor` is the import's vendor (whose name tells a clashing hotel's name apart).
 */
export async function writeSupplierHotel(manager: EntityManager, vendor: { id: number; name: string }, hotel: SupplierHotel): Promise<ItemOutcome> {
  // Every value of the item is looked up, so all it lacks reach the mapping list (and the log) in one run.
  const unmapped: string[] = [];
  const idOf = itemLookup(manager, vendor.id);
  const city = await idOf('cities', hotel.city);
  if (!city) unmapped.push(M.unknownCity(hotel.name, hotel.city));
  const rooms = [];
  for (const room of hotel.rooms) {
    const ids = {} as Record<RoomHandbook, { id: number; places_count?: number }>;
    for (const [table, field] of Object.entries(ROOM_HANDBOOKS) as [RoomHandbook, keyof SupplierRoom][]) {
      const value = room[field] as string | null;
      const found = await idOf(table, value);
      const line = M.unknownValue(hotel.name, M.handbooks[table], value ?? '');
      if (found) ids[table] = found;
      else if (!unmapped.includes(line)) unmapped.push(line);
    }
    if (Object.keys(ids).length === Object.keys(ROOM_HANDBOOKS).length) rooms.push({ room, type_id: ids.room_types.id, place_id: ids.room_places.id, accommodation_id: ids.accommodations.id, adults: room.places ?? ids.room_places.places_count ?? 0 });
  }
  if (!city || unmapped.length) return { status: 'skipped', lines: unmapped.map((message) => ({ status: 'skipped', message })) };

  const lines: LogLine[] = [];
  const [existing] = await manager.query<{ id: number }[]>(`SELECT id FROM hotels WHERE vendor_id = $1 AND external_id = $2 FOR NO KEY UPDATE`, [vendor.id, hotel.id]);
  let name = hotel.name.trim().slice(0, HOTEL_LIMITS.name);
  const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM hotels WHERE city_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3::int`, [city.id, name, existing?.id ?? null]);
  if (clash) {
    name = `${name} (${vendor.name})`.slice(0, HOTEL_LIMITS.name);
    lines.push({ status: 'info', message: M.renamed(hotel.name, name) });
  }
  const { rooms: _rooms, ...hotelPayload } = hotel;
  const fields = [city.id, name, hotel.address?.slice(0, HOTEL_LIMITS.address) ?? null, hotel.description === null ? null : sanitizeRichText(hotel.description), JSON.stringify(hotelPayload)];
  let hotelId: number;
  if (existing) {
    hotelId = existing.id;
    await manager.query(`UPDATE hotels SET city_id = $2, name = $3, address = $4, description = $5, payload = $6 WHERE id = $1`, [hotelId, ...fields]);
  } else {
    const slug = await derivedSlug(manager, 'hotels', name, { max: HOTEL_LIMITS.slug, fallback: 'hotel' });
    [{ id: hotelId }] = await manager.query<{ id: number }[]>(
      `INSERT INTO hotels (city_id, name, address, description, payload, slug, vendor_id, external_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [...fields, slug, vendor.id, hotel.id],
    ) as [{ id: number }];
  }

  // Rooms: matched by the supplier's id; a new one goes last; only a real change counts as one.
  let changed = 0;
  let added = 0;
  for (const { room, type_id, place_id, accommodation_id, adults } of rooms) {
    const values = [hotelId, room.id, type_id, place_id, accommodation_id, adults, JSON.stringify(room)];
    const changedRoom = await updated(
      manager,
      `UPDATE hotel_rooms SET type_id = $3, place_id = $4, accommodation_id = $5, adult_count = $6, payload = $7, removed_by_supplier_at = NULL
        WHERE hotel_id = $1 AND external_id = $2
          AND (type_id, place_id, accommodation_id, adult_count, payload, removed_by_supplier_at) IS DISTINCT FROM ($3::int, $4::int, $5::int, $6::int, $7::jsonb, NULL::timestamptz)`,
      values,
    );
    const inserted = await manager.query<unknown[]>(
      `INSERT INTO hotel_rooms (hotel_id, external_id, type_id, place_id, accommodation_id, adult_count, payload, position, child_count, adv_adult_count, adv_child_count)
       SELECT $1::int, $2::varchar, $3::int, $4::int, $5::int, $6::int, $7::jsonb, coalesce((SELECT max(position) + 1 FROM hotel_rooms WHERE hotel_id = $1), 0), 0, 0, 0
        WHERE NOT EXISTS (SELECT 1 FROM hotel_rooms WHERE hotel_id = $1 AND external_id = $2)
       RETURNING id`,
      values,
    );
    changed += changedRoom + inserted.length;
    added += inserted.length;
  }
  const removed = await updated(
    manager,
    `UPDATE hotel_rooms SET removed_by_supplier_at = now() WHERE hotel_id = $1 AND external_id IS NOT NULL AND NOT (external_id = ANY($2)) AND removed_by_supplier_at IS NULL`,
    [hotelId, hotel.rooms.map((room) => room.id)],
  );
  // The rooms are the hotel's: the aggregate's version moves with them (the trigger sees the hotel's own columns).
  if (existing && changed + removed > 0) await manager.query(`UPDATE hotels SET version = version + 1 WHERE id = $1`, [hotelId]);
  lines.push({ status: 'success', message: (existing ? M.updated : M.created)(name, hotel.rooms.length) });
  // A room the administrator unlinked (its external id cleared) is no longer matched: its successor is new.
  if (existing && added) lines.push({ status: 'info', message: M.roomsAdded(name, added) });
  if (removed) lines.push({ status: 'info', message: M.roomsRemoved(name, removed) });
  return { status: 'success', lines };
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
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SupplierConnectors) private readonly connectors: SupplierConnectors,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {
    jobs.register(IMPORT_RUN, ({ importId }) => this.run(importId));
    queue = jobs;
  }

  /** GET /imports/restart: a fresh run of every active import; answers how many were queued. */
  async restartAll(): Promise<number> {
    return this.db.transaction(async (manager) => {
      const active = await manager.query<{ id: number }[]>(`SELECT id FROM imports WHERE is_active ORDER BY id FOR NO KEY UPDATE`);
      for (const { id } of active) await queueImportRun(manager, id);
      return active.length;
    });
  }

  /** One link of a run: items from the cursor until the budget is spent or the run is done. */
  async run(importId: number, budgetMs = RUN_BUDGET_MS): Promise<void> {
    const started = Date.now();
    const [row] = await this.db.query<RunRow[]>(`SELECT vendor_id, type, items, cursor, status FROM imports WHERE id = $1`, [importId]);
    // Deleted meanwhile, or a run already finished (a retry after its last item).
    if (!row || (row.status !== ImportStatus.Waiting && row.status !== ImportStatus.Running)) return;
    if (row.status === ImportStatus.Waiting) {
      const marked = await updated(this.db.manager, `UPDATE imports SET status = $3 WHERE id = $1 AND cursor = $2 AND status = $4`, [importId, row.cursor, ImportStatus.Running, ImportStatus.Waiting]);
      if (!marked) return;
      await writeLog(this.db.manager, importId, [{ status: 'info', message: M.started(row.items.length) }]);
    }
    let vendor: { id: number; name: string; connector: SupplierConnector };
    try {
      vendor = await this.connectors.forVendor(row.vendor_id);
    } catch {
      await this.finish(importId, row.cursor, ImportStatus.Failed, M.failed(MESSAGES.imports.notConnected));
      return;
    }
    for (let index = row.cursor; index < row.items.length; index++) {
      // Every link takes at least one item, so a run always moves on however slow its start.
      if (index > row.cursor && Date.now() - started > budgetMs) {
        await this.jobs.send(IMPORT_RUN, { importId }, { singletonKey: String(importId) });
        return;
      }
      const item = row.items[index]!;
      const total = row.items.length;
      let advanced: boolean;
      try {
        const hotel = await vendor.connector.item(row.type, item.id);
        advanced = await this.advance(importId, index, total, (manager) => writeSupplierHotel(manager, vendor, hotel));
      } catch (error) {
        advanced = await this.advance(importId, index, total, async () => ({ status: 'error', lines: [{ status: 'error', message: M.itemFailed(item.name, reasonOf(error)) }] }));
      }
      // A new run began, or the import was deleted: this one stops here.
      if (!advanced) return;
    }
    const [{ failed_items: failed } = { failed_items: 0 }] = await this.db.query<{ failed_items: number }[]>(`SELECT failed_items FROM imports WHERE id = $1`, [importId]);
    const total = row.items.length;
    if (failed === 0) await this.finish(importId, total, ImportStatus.Done, M.done);
    else if (failed < total) await this.finish(importId, total, ImportStatus.DoneWithErrors, M.doneWithErrors(failed));
    else await this.finish(importId, total, ImportStatus.Failed, M.failed(M.noneImported));
  }

  /**
   * Item `index` of the run in one transaction: claims the import at that cursor (false when a new run
   * or a delete took it), writes what `work` gives, its log lines and progress, and moves the cursor on.
   * The claim is FOR NO KEY UPDATE: a vendor's delete checking its imports (a key-share lock) is not
   * kept waiting behind an item, which would deadlock with the item's hotel naming that vendor.
   */
  private advance(importId: number, index: number, total: number, work: (manager: EntityManager) => Promise<ItemOutcome>): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const [claimed] = await manager.query<unknown[]>(`SELECT 1 FROM imports WHERE id = $1 AND cursor = $2 AND status = $3 FOR NO KEY UPDATE`, [importId, index, ImportStatus.Running]);
      if (!claimed) return false;
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

  /** The run's end: its status, progress 100 and the last log line (unless a new run took the import). */
  private async finish(importId: number, cursor: number, status: ImportStatus, message: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const [claimed] = await manager.query<unknown[]>(`SELECT 1 FROM imports WHERE id = $1 AND cursor = $2 AND status = $3 FOR NO KEY UPDATE`, [importId, cursor, ImportStatus.Running]);
      if (!claimed) return;
      await manager.query(`UPDATE imports SET status = $2, progress = 100 WHERE id = $1`, [importId, status]);
      await writeLog(manager, importId, [{ status: status === ImportStatus.Done ? 'success' : 'error', message }]);
    });
  }
}
