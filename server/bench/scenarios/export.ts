/**
 * The clients export of 100 000 rows: time to the last byte and the server's peak memory over idle.
 * Since issue 16 every xlsx goes through exceljs's streaming writer (server/exports/xlsx.ts); the
 * targets are < 3 s and < 60 MB over idle, printed beside the last figures of the hand-written
 * SpreadsheetML writer it replaced (0.87 s, +37 MB, 100 000 rows on a quiet machine; issue 9 asked
 * for half of 2.7 s, which that writer met). Memory is sampled by a worker thread, so a busy server
 * cannot delay it.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { BenchScenario } from '../context.js';

const TARGET_SECONDS = 3;
const TARGET_MB = 60;
/** The hand-written writer's last figures for 100 000 rows on a quiet machine, for comparison. */
const BEFORE = '0.87 s, +37 MB';
const MB = 1024 * 1024;

/** Samples this process's RSS every 5 ms until told to stop; answers the peak. */
const SAMPLER = `
  const { parentPort } = require('node:worker_threads');
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  parentPort.once('message', () => { clearInterval(timer); parentPort.postMessage(Math.max(peak, process.memoryUsage.rss())); });
`;

export const exportScenario: BenchScenario = {
  name: 'export',
  stage: 'export',
  async run({ baseUrl, cookie, sizes }) {
    const download = async () => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/clients/export`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      let bytes = 0;
      for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
      return { ms: performance.now() - started, bytes };
    };
    await download(); // warm-up: code paths compiled, connections open
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sampler = new Worker(SAMPLER, { eval: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const idle = process.memoryUsage.rss();
    const { ms, bytes } = await download();
    sampler.postMessage('stop');
    const peak = await new Promise<number>((resolve) => sampler.once('message', resolve));
    await sampler.terminate();
    const seconds = ms / 1000;
    const over = (peak - idle) / MB;
    const title = `clients export, ${sizes.exportRows.toLocaleString('en')} rows (${(bytes / MB).toFixed(1)} MB)`;
    return [
      {
        scenario: `${title}: time`,
        target: `< ${TARGET_SECONDS} s`,
        met: seconds < TARGET_SECONDS,
        note: `${seconds.toFixed(2)} s (exceljs; hand-written writer before: ${BEFORE})`,
      },
      {
        scenario: `${title}: peak RSS over idle`,
        target: `< ${TARGET_MB} MB`,
        met: over < TARGET_MB,
        note: `+${over.toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB${collect ? '' : ', no --expose-gc'})`,
      },
    ];
  },
};
