/**
 * A streamed download timed to its last byte with the server's peak memory over idle (the exports,
 * the agencies' monthly report), and that peak of any work (the imports). Memory is sampled by a
 * worker thread, so a busy server cannot delay it.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

export const MB = 1024 * 1024;

/** Samples this process's RSS every 5 ms until told to stop; answers the peak. */
const SAMPLER = `
  const { parentPort } = require('node:worker_threads');
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  parentPort.once('message', () => { clearInterval(timer); parentPort.postMessage(Math.max(peak, process.memoryUsage.rss())); });
`;

export interface MeasuredDownload extends MeasuredMemory {
  seconds: number;
  bytes: number;
}

/** Peak RSS over idle, MB, of some work; idle measured after a collection when the bench runs with --expose-gc. */
export interface MeasuredMemory {
  overMb: number;
  idleMb: number;
  collected: boolean;
}

/**
 * Runs `work` with this process's RSS sampled by a worker thread: its result and the peak over the
 * idle RSS before it (after a collection and a moment's rest, so warm-up garbage is not counted).
 */
export async function measurePeakMemory<Result>(work: () => Promise<Result>): Promise<{ result: Result; memory: MeasuredMemory }> {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const sampler = new Worker(SAMPLER, { eval: true });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const idle = process.memoryUsage.rss();
  try {
    const result = await work();
    sampler.postMessage('stop');
    const peak = await new Promise<number>((resolve) => sampler.once('message', resolve));
    return { result, memory: { overMb: (peak - idle) / MB, idleMb: idle / MB, collected: Boolean(collect) } };
  } finally {
    await sampler.terminate();
  }
}

/** GETs `url` once to warm up, then once measured: time to the last byte and peak RSS over idle. */
export async function measureDownload(url: string, cookie: string): Promise<MeasuredDownload> {
  const download = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
    return { ms: performance.now() - started, bytes };
  };
  await download(); // warm-up: code paths compiled, connections open
  const { result, memory } = await measurePeakMemory(download);
  return { seconds: result.ms / 1000, bytes: result.bytes, ...memory };
}
