/**
 * Imports (issue 31): 2 000 hotels of 10 rooms each from the local supplier (server/test/supplier-server.ts,
 * in this process, on a local port), as the product runs them — four imports of 500 items saved active
 * through the API, each save queueing its run on the app's job queue (pg-boss), which the server's own
 * worker runs link after link (server/imports/import-job.ts). Measured from the first save to the last
 * import finished: items per second (target ≥ 10), the database's time per item (PostgreSQL's own
 * count of time spent in statements, `pg_stat_database.active_time`, all sessions — the job's, the
 * queue's — and its backends' CPU) and the process's peak memory over idle (target < 150 MB).
 * Needs none of the fake data (`data: 'none'`): `npm run bench -- --only=imports` runs it on a bare database.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { IMPORT_LIMITS, ImportStatus } from '../../../shared/resources/imports.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD } from '../../test/supplier-server.js';
import type { ApiClient } from '../../test/api-client.js';
import type { BenchScenario } from '../context.js';
import { backendsCpu, backendsCpuMs, mainThreadCpu } from '../cpu.js';
import { measurePeakMemory } from '../download.js';

const HOTELS = 2_000;
const ROOMS = 10;
const TARGET_PER_SECOND = 10;
const TARGET_MB = 150;
/** Longer than this and the run is reported as not finished. */
const GIVE_UP_MS = 30 * 60_000;
/** PostgreSQL flushes an idle backend's statistics (active_time among them) within 10 s. */
const STATS_FLUSH_MS = 11_000;

/** The supplier's words (supplierHotel) as rows of our handbooks, where a filled database lacks them. */
async function arrangeHandbooks(sql: pg.Client): Promise<void> {
  await sql.query(`INSERT INTO countries (name) SELECT 'Россия (импорт)' WHERE NOT EXISTS (SELECT 1 FROM countries WHERE name = 'Россия (импорт)')`);
  await sql.query(
    `INSERT INTO cities (name, country_id, slug) SELECT 'Ялта', (SELECT id FROM countries WHERE name = 'Россия (импорт)'), 'yalta-bench-import'
      WHERE NOT EXISTS (SELECT 1 FROM cities WHERE lower(name) = 'ялта')`,
  );
  await sql.query(`INSERT INTO room_types (name) SELECT 'Стандарт' WHERE NOT EXISTS (SELECT 1 FROM room_types WHERE lower(name) = 'стандарт')`);
  await sql.query(`INSERT INTO room_places (name, places_count, adv_places_count) SELECT 'Двухместный', 2, 1 WHERE NOT EXISTS (SELECT 1 FROM room_places WHERE lower(name) = 'двухместный')`);
  await sql.query(`INSERT INTO accommodations (name) SELECT 'Основное место' WHERE NOT EXISTS (SELECT 1 FROM accommodations WHERE lower(name) = 'основное место')`);
}

async function expectStatus(reply: Promise<{ status: number; body: unknown }>, status: number, what: string) {
  const { status: got, body } = await reply;
  if (got !== status) throw new Error(`${what} answered ${got}: ${JSON.stringify(body)}`);
  return body as { data: { id: number } };
}

/** Saves the imports active (each save queues its run) and waits until every one has finished. */
async function runImports(admin: ApiClient, sql: pg.Client, vendorId: number, log: (line: string) => void) {
  const items = Array.from({ length: HOTELS }, (_, n) => ({ id: `H${n + 1}`, name: `Отель поставщика ${n + 1}` }));
  const started = performance.now();
  const ids: number[] = [];
  for (let from = 0; from < items.length; from += IMPORT_LIMITS.items) {
    const saved = await expectStatus(admin.post('/api/imports', { vendor_id: vendorId, type: 'hotels', items: items.slice(from, from + IMPORT_LIMITS.items), is_active: true }), 201, 'POST /api/imports');
    ids.push(saved.data.id);
  }
  let lastLog = started;
  for (;;) {
    const {
      rows: [state],
    } = await sql.query<{ done: number; items: number }>(
      `SELECT count(*) FILTER (WHERE status >= $2)::int AS done, sum(cursor)::int AS items FROM imports WHERE id = ANY($1)`,
      [ids, ImportStatus.Done],
    );
    const elapsed = performance.now() - started;
    if (state!.done === ids.length) return { ids, ms: elapsed, finished: true };
    if (elapsed > GIVE_UP_MS) return { ids, ms: elapsed, finished: false };
    if (performance.now() - lastLog > 30_000) {
      lastLog = performance.now();
      log(`  imports: ${state!.items} of ${HOTELS} items in ${(elapsed / 1000).toFixed(0)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const importsScenario: BenchScenario = {
  name: 'imports',
  stage: 'full',
  data: 'none',
  async run({ admin, sql, log }) {
    const supplier = await startTestSupplier({ hotels: HOTELS, rooms: ROOMS });
    try {
      await arrangeHandbooks(sql);
      const vendor = await expectStatus(
        admin.post('/api/vendors', { name: 'Сервис бронирования (bench)', is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD } }),
        201,
        'POST /api/vendors',
      );
      const vendorId = vendor.data.id;
      await expectStatus(admin.get('/api/imports/update-items', { proof: true }), 200, 'GET /api/imports/update-items');

      const dataDir = (await sql.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
      const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const activeMs = async () => {
        await sql.query('SELECT pg_stat_clear_snapshot()');
        return (await sql.query<{ ms: number }>('SELECT active_time AS ms FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.ms;
      };
      await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
      const before = { active: await activeMs(), db: backendsCpu(postmaster), server: mainThreadCpu() };
      const { result: run, memory } = await measurePeakMemory(() => runImports(admin, sql, vendorId, log));
      const serverCpuMs = before.server === null ? null : (mainThreadCpu()! - before.server) / 1e6;
      const dbCpuMs = backendsCpuMs(before.db, backendsCpu(postmaster));
      await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
      const dbMs = (await activeMs()) - before.active;

      const written = (
        await sql.query<{ hotels: number; rooms: number; done: number; failed: number }>(
        `SELECT (SELECT count(*)::int FROM hotels WHERE vendor_id = $1) AS hotels,
                (SELECT count(*)::int FROM hotel_rooms r JOIN hotels h ON h.id = r.hotel_id WHERE h.vendor_id = $1) AS rooms,
                (SELECT count(*)::int FROM imports WHERE id = ANY($2) AND status = $3) AS done,
                (SELECT coalesce(sum(failed_items), 0)::int FROM imports WHERE id = ANY($2)) AS failed`,
          [vendorId, run.ids, ImportStatus.Done],
        )
      ).rows[0]!;
      const complete = run.finished && written.done === run.ids.length && written.hotels === HOTELS && written.rooms === HOTELS * ROOMS;
      const perSecond = (HOTELS * 1000) / run.ms;
      const title = `imports: ${HOTELS.toLocaleString('en')} hotels × ${ROOMS} rooms`;
      const outcome = `${written.hotels} hotels, ${written.rooms} rooms, ${written.done} of ${run.ids.length} imports done, ${written.failed} items failed`;
      log(`  imports: ${outcome} in ${(run.ms / 1000).toFixed(1)} s`);
      return [
        {
          scenario: `${title}: items per second`,
          target: `≥ ${TARGET_PER_SECOND} /s`,
          met: complete && perSecond >= TARGET_PER_SECOND,
          note: `${perSecond.toFixed(1)} /s (${(run.ms / 1000).toFixed(1)} s${complete ? '' : `; NOT COMPLETE: ${outcome}`})`,
        },
        {
          scenario: `${title}: database time per item`,
          target: 'informs',
          met: null,
          note: `${(dbMs / HOTELS).toFixed(1)} ms in statements, PostgreSQL CPU ${(dbCpuMs / HOTELS).toFixed(1)} ms${serverCpuMs === null ? '' : `, server main thread CPU ${(serverCpuMs / HOTELS).toFixed(1)} ms (the supplier's answers included)`}`,
        },
        {
          scenario: `${title}: peak RSS over idle`,
          target: `< ${TARGET_MB} MB`,
          met: memory.overMb < TARGET_MB,
          note: `+${memory.overMb.toFixed(0)} MB (idle ${memory.idleMb.toFixed(0)} MB${memory.collected ? '' : ', no --expose-gc'})`,
        },
      ];
    } finally {
      await supplier.close();
    }
  },
};
