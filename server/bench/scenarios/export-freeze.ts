/**
 * Work that freezes the office (issue 37): eight exports running at once, again and again — four
 * analytics workbooks over 15 000 applications, the largest tour calculator in Word twice, a big
 * application's voucher and contract as PDF (drawn as the document job draws them) — while
 * `/api/health` is asked one request at a time every 10 ms. Target: health p99 < 100 ms and every
 * answer 200. Beside it, the exports' own times, the server main thread's and PostgreSQL's CPU per
 * export, and `/api/health` timed by the bench's load at one and eight clients under the same exports
 * (its row has the database's p95 and the CPU per request). Its data is its own (`data: 'none'`):
 * `npm run bench -- --only=export-freeze` runs on an unfilled database.
 */
import { performance } from 'node:perf_hooks';
import { generateDocument } from '../../applications/documents/generate-pdf.js';
import { exportSlots } from '../../exports/export-slots.js';
import { BIG_DOCUMENT, insertExportLoad } from '../../test/export-load.js';
import { ORGANIZATION_SAMPLE } from '../../test/organization-sample.js';
import type { Sql } from '../../test/transport-fixtures.js';
import { percentile, type BenchRow, type BenchScenario } from '../context.js';
import { backendsCpu, backendsCpuMs, mainThreadCpu } from '../cpu.js';

const APPLICATIONS = 15_000;
const TARGET_MS = 100;
/** Health samples taken under the load (every 10 ms: about half a minute). */
const SAMPLES = 2_000;

export const exportFreezeScenario: BenchScenario = {
  name: 'export-freeze',
  stage: 'full',
  data: 'none',
  async run(context): Promise<BenchRow[]> {
    const db: Sql = { query: async <Row>(text: string, params?: unknown[]) => (await context.sql.query(text, params)).rows as Row[] };
    const load = await insertExportLoad(db, context.admin, APPLICATIONS);
    const get = async (path: string) => {
      const response = await fetch(`${context.baseUrl}${path}`, { headers: { Cookie: context.cookie } });
      const bytes = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return bytes.byteLength;
    };
    // Warm: the workers started, exceljs loaded, health's connection made — a start's one-off costs.
    await Promise.all([get(load.analyticsPath), get(load.calculatorPath), generateDocument('voucher', BIG_DOCUMENT, ORGANIZATION_SAMPLE), get('/api/health')]);

    let stop = false;
    const times: Record<'analytics' | 'calculator' | 'pdf', number[]> = { analytics: [], calculator: [], pdf: [] };
    let failure: string | undefined;
    const loop = (kind: keyof typeof times, work: () => Promise<unknown>) =>
      (async () => {
        while (!stop) {
          const started = performance.now();
          try {
            await work();
          } catch (error) {
            failure ??= `${kind}: ${error instanceof Error ? error.message : String(error)}`;
            return;
          }
          times[kind].push(performance.now() - started);
        }
      })();
    const cpuBefore = { server: mainThreadCpu(), db: backendsCpu(context.postmaster) };
    const exporters = [
      ...Array.from({ length: 4 }, () => loop('analytics', () => get(load.analyticsPath))),
      ...Array.from({ length: 2 }, () => loop('calculator', () => get(load.calculatorPath))),
      loop('pdf', () => generateDocument('voucher', BIG_DOCUMENT, ORGANIZATION_SAMPLE)),
      loop('pdf', () => generateDocument('contract', BIG_DOCUMENT, ORGANIZATION_SAMPLE)),
    ];
    const health: { status: number; ms: number }[] = [];
    let queuedSeen = 0;
    let measured: BenchRow[];
    try {
      while (health.length < SAMPLES && failure === undefined) {
        const started = performance.now();
        const response = await fetch(`${context.baseUrl}/api/health`);
        await response.arrayBuffer();
        const ms = performance.now() - started;
        health.push({ status: response.status, ms });
        queuedSeen = Math.max(queuedSeen, exportSlots.state.waiting);
        if (ms < 10) await new Promise((resolve) => setTimeout(resolve, 10 - ms));
      }
      measured = await context.measure('export-freeze: /api/health (bench load, eight exports running)', ['/api/health'], { p95AtOne: TARGET_MS, p95AtEight: TARGET_MS });
    } finally {
      stop = true;
      await Promise.all(exporters);
    }
    const done = times.analytics.length + times.calculator.length + times.pdf.length;
    const serverCpu = cpuBefore.server === null ? null : (mainThreadCpu()! - cpuBefore.server) / 1e6 / done;
    const dbCpu = cpuBefore.db.size === 0 ? null : backendsCpuMs(cpuBefore.db, backendsCpu(context.postmaster)) / done;
    const ms = health.map((sample) => sample.ms);
    const p99 = percentile(ms, 99);
    const failed = health.filter((sample) => sample.status !== 200).length;
    const kinds = (Object.keys(times) as (keyof typeof times)[]).map((kind) => `${kind} ${times[kind].length}× p50 ${percentile(times[kind], 50).toFixed(0)} / p95 ${percentile(times[kind], 95).toFixed(0)} ms`).join('; ');
    return [
      {
        scenario: `export-freeze: /api/health every 10 ms, eight exports running (4 analytics of ${APPLICATIONS.toLocaleString('en')}, 2 calculator docx, 2 PDF)`,
        clients: 1,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        serverCpu,
        dbCpu,
        target: `p99 < ${TARGET_MS} ms, all 200`,
        met: failure === undefined && failed === 0 && p99 < TARGET_MS,
        note: `p99 ${p99.toFixed(1)} ms, max ${Math.max(...ms).toFixed(0)} ms over ${health.length} samples; ${failed} not 200; CPU per export done; exports waiting at most ${queuedSeen}${failure ? `; failed: ${failure}` : ''}`,
      },
      { scenario: 'export-freeze: the exports themselves (eight at once, two made at a time)', target: 'informative', met: null, note: kinds },
      ...measured,
    ];
  },
};
