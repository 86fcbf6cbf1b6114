/**
 * A streamed download timed to its last byte with the server's peak memory over idle (the exports,
 * the agencies' monthly report). Memory is sampled by a worker thread, so a busy server cannot delay it.
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

export interface MeasuredDownload {
  seconds: number;
  bytes: number;
  /** Peak RSS over idle, MB. */
  overMb: number;
  idleMb: number;
  /** Whether the bench runs with --expose-gc (idle measured after a collection). */
  collected: boolean;
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
  return { seconds: ms / 1000, bytes, overMb: (peak - idle) / MB, idleMb: idle / MB, collected: Boolean(collect) };
}
