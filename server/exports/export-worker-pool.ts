/**
 * The export worker threads (issue 37): Word documents (docx-build.ts) and the generated PDF
 * documents (server/applications/documents/generate-pdf.ts) are built off the event loop, in up to two
 * worker threads (as many as exports are made at once, export-slots.ts); the xlsx workbooks are
 * written in one more thread of their own (xlsx-writer.ts: a workbook is a stream of batches, and
 * behind a Word build in the same thread it would stop for seconds). A module's import compiles
 * on the thread that imports it, so exceljs, `docx`, pdfkit and its fonts are loaded there, never on
 * the main thread. The workers start on their first task (their start and imports happen on their own
 * thread; the task waits, no request does) and are unref'd: an idle worker never keeps the process alive.
 *
 * The entry is server/export-worker.ts, bundled by scripts/bundle-node.mjs beside the server
 * (dist/server/export-worker.js, reached from dist/chunks or dist/server). Run from source (vitest),
 * it is bundled the same way into test-results/ once per process: Node 20 cannot run
 * TypeScript in a thread, and this is the code path the built app takes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

/** What a worker makes: a Word document of a docx task's name, or an application's PDF document. */
export type ExportWorkerTask = { docx: string } | { pdf: 'application-document' };

export interface ExportWorkerRequest {
  id: number;
  task: ExportWorkerTask;
  input: unknown;
}

/**
 * What else the main thread asks of a worker: to write a workbook from the messages on a port of its
 * own (server/exports/xlsx-writer.ts), or to load exceljs before the first workbook needs it.
 */
export type ExportWorkerSessionRequest = { xlsx: MessagePort } | { warm: 'xlsx' };

export type ExportWorkerReply = { id: number; bytes: Uint8Array } | { id: number; error: { message: string; stack?: string } };

/**
 * Worker threads at most: as many as exports are made at once (export-slots.ts), but one core always
 * left to the event loop (and PostgreSQL): on a two-core office PC one thread — PDF jobs wait for it.
 */
const WORKERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

interface Job {
  id: number;
  task: ExportWorkerTask;
  input: unknown;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

let entry: Promise<URL> | undefined;

/** The bundled worker entry: beside the built server, or bundled now when the server runs from source. */
function workerEntry(): Promise<URL> {
  return (entry ??= (async () => {
    const here = fileURLToPath(import.meta.url);
    if (!here.endsWith('.ts')) {
      // dist/chunks/*.js and dist/server/*.js are both one level below dist/.
      const candidates = [new URL('../server/export-worker.js', import.meta.url), new URL('./export-worker.js', import.meta.url)];
      const found = candidates.find((candidate) => existsSync(candidate));
      if (!found) throw new Error(`The export worker is not beside the server bundle (${candidates.map((url) => url.pathname).join(', ')})`);
      return found;
    }
    const root = path.resolve(path.dirname(here), '../..');
    // Inside the project (git-ignored, as startup.test.ts's bundle), so the packages left external resolve from node_modules.
    mkdirSync(path.join(root, 'test-results'), { recursive: true });
    const outdir = mkdtempSync(path.join(root, 'test-results', 'export-worker-'));
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    // A computed specifier: the bundler of the built server leaves it alone (this branch runs from source only).
    const bundler = pathToFileURL(path.join(root, 'scripts/bundle-node.mjs')).href;
    const { bundleNode } = (await import(bundler)) as { bundleNode(options: { outdir: string; entries: string[] }): Promise<unknown> };
    await bundleNode({ outdir, entries: ['server/export-worker.ts'] });
    return pathToFileURL(path.join(outdir, 'server/export-worker.js'));
  })());
}

class ExportWorkerPool {
  constructor(private readonly size: number) {}

  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private starting = 0;
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Every started worker with the workbook ports it writes (a workbook is written beside the tasks, not as one). */
  private readonly live = new Map<Worker, Set<MessagePort>>();
  /** Workbooks waiting for a worker to start. */
  private liveWaiters: { resolve(worker: Worker): void; reject(error: Error): void }[] = [];

  /**
   * A port to a worker that writes one workbook from what is posted to it (xlsx-writer.ts). It goes
   * to the worker writing the fewest workbooks; the first one starts a worker if none runs.
   */
  async workbookPort(): Promise<MessagePort> {
    const worker = await this.anyWorker();
    const { port1, port2 } = new MessageChannel();
    const ports = this.live.get(worker)!;
    ports.add(port1);
    port1.once('close', () => ports.delete(port1));
    worker.postMessage({ xlsx: port2 } satisfies ExportWorkerSessionRequest, [port2]);
    return port1;
  }

  /** Loads exceljs in a worker, started for it if none runs, before the first workbook needs it. */
  warmXlsx(): void {
    this.anyWorker().then(
      (worker) => worker.postMessage({ warm: 'xlsx' } satisfies ExportWorkerSessionRequest),
      () => undefined,
    );
  }

  private anyWorker(): Promise<Worker> {
    const least = [...this.live].sort(([, a], [, b]) => a.size - b.size)[0];
    if (least) return Promise.resolve(least[0]);
    return new Promise<Worker>((resolve, reject) => {
      this.liveWaiters.push({ resolve, reject });
      if (this.starting === 0) void this.start();
    });
  }

  private failWaiters(error: Error): void {
    for (const waiter of this.liveWaiters.splice(0)) waiter.reject(error);
  }

  run(task: ExportWorkerTask, input: unknown): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop();
      if (!worker) {
        if (this.busy.size + this.starting < this.size && this.starting < this.queue.length) void this.start();
        return;
      }
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.postMessage({ id: job.id, task: job.task, input: job.input } satisfies ExportWorkerRequest);
    }
  }

  private async start(): Promise<void> {
    this.starting++;
    let worker: Worker;
    try {
      worker = new Worker(await workerEntry());
    } catch (error) {
      this.starting--;
      // Nothing can be built: every waiting task fails (an ordinary error reply), the next one tries again.
      entry = undefined;
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const job of this.queue.splice(0)) job.reject(failure);
      this.failWaiters(failure);
      return;
    }
    worker.unref();
    let online = false;
    let gone = false;
    worker.once('online', () => {
      online = true;
      this.starting--;
      this.idle.push(worker);
      this.live.set(worker, new Set());
      for (const waiter of this.liveWaiters.splice(0)) waiter.resolve(worker);
      this.pump();
    });
    worker.on('message', (reply: ExportWorkerReply) => {
      const job = this.busy.get(worker);
      if (!job || job.id !== reply.id) return;
      this.busy.delete(worker);
      this.idle.push(worker);
      if ('error' in reply) job.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
      else job.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      this.pump();
    });
    const lost = (error: Error) => {
      if (gone) return;
      gone = true;
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      this.busy.get(worker)?.reject(error);
      this.busy.delete(worker);
      // Its workbooks fail: closing the main side's port is what their writers wait on (xlsx.ts).
      for (const port of this.live.get(worker) ?? []) port.close();
      this.live.delete(worker);
      if (!online) {
        // A worker that could not even start: the waiting tasks fail rather than start worker after worker.
        this.starting--;
        for (const job of this.queue.splice(0)) job.reject(error);
        this.failWaiters(error);
      }
      this.pump();
    };
    worker.once('error', lost);
    worker.once('exit', (code) => lost(new Error(`The export worker stopped (exit code ${code})`)));
  }
}

/** The Word and PDF builds. */
const pool = new ExportWorkerPool(WORKERS);
/** The workbooks, in a thread of their own: beside a PDF or Word build (one long task) a workbook would stop until it ends. */
const workbookPool = new ExportWorkerPool(1);

/** A port to an export worker thread that writes one workbook (server/exports/xlsx-writer.ts). */
export function openWorkbookWriter(): Promise<MessagePort> {
  return workbookPool.workbookPort();
}

/** Loads the workbook writer (exceljs) in an export worker thread ahead of the first workbook. */
export function warmWorkbookWriter(): void {
  workbookPool.warmXlsx();
}

/** The bytes `task` makes of `input` (plain data: it is copied to the worker), built in an export worker thread. */
export function runInExportWorker(task: ExportWorkerTask, input: unknown): Promise<Buffer> {
  return pool.run(task, input);
}
