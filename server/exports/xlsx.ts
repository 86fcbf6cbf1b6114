/**
 * Spreadsheet exports (spec 01 §2.4, §2.6: clients.xlsx, agencies.xlsx; spec 02 §7: the EGAIS list),
 * streamed: rows come from the database in batches and leave as a compressed workbook while the
 * next batch is read, so 100 000 rows never sit in memory.
 *
 * Every workbook is written by exceljs's streaming writer (ARCHITECTURE.md §7, the export path), as
 * the reports need: several sheets, totals rows, rouble formats — in an export worker thread
 * (xlsx-writer.ts, issue 37): here, on the event loop, the rows are only read and posted to it a
 * batch at a time, and the bytes it sends back go to the response. exceljs is never loaded on the
 * main thread. A workbook holds one sheet or several, written one after another; every sheet is set
 * up for print, has a bold frozen header with an autofilter, may hold a report's own bold subtotal
 * rows (XLSX_SUBTOTAL) and may end in a bold totals row whose sums are exact decimals.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { Response } from 'express';
import { exportTurn } from './export-slots.js';
import { openWorkbookWriter, warmWorkbookWriter } from './export-worker-pool.js';
import type { XlsxColumn, XlsxWriterMessage, XlsxWriterReply } from './xlsx-writer.js';
import { xmlSafeText } from './xml-text.js';

export type { XlsxCellType, XlsxColumn } from './xlsx-writer.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** In a totals row, a number column's exact sum (decimals, never float addition) of the values its rows wrote as numbers. */
export const XLSX_SUM = 'sum';

/**
 * Marks a row a bold subtotal (`{ [XLSX_SUBTOTAL]: true, … }`, a report's group total written by the
 * report itself): styled as the totals row and left out of the XLSX_SUM sums, so the last row still
 * sums the ordinary rows only once.
 */
export const XLSX_SUBTOTAL = Symbol('xlsx subtotal row');

/**
 * A bold last row, by column key, written in the columns' formats. As a record, `'sum'` (XLSX_SUM)
 * in a number column is that column's exact sum, other values (a label such as «Итого») are written
 * as they are; as a function, it is asked once every row is written (a report's own totals).
 */
export type XlsxTotals = Record<string, unknown> | (() => Record<string, unknown>);

/** One worksheet: its name (made one Excel accepts: no `\ / ? * [ ] : '`, 31 characters, unique in the workbook). */
export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
  /** Rows by column key: a number for number columns, a Date or `YYYY-MM-DD` for date columns. */
  rows: AsyncIterable<Record<string, unknown>>;
  totals?: XlsxTotals;
}

/** A workbook of one sheet (`sheetName`, `columns`, `rows`, `totals`) or of several (`sheets`), named `fileName` (Content-Disposition, e.g. `clients.xlsx`). */
export type XlsxStreamOptions = { fileName: string } & (
  | { sheetName: string; columns: XlsxColumn[]; rows: AsyncIterable<Record<string, unknown>>; totals?: XlsxTotals }
  | { sheets: XlsxSheet[] }
);

/** 'Да' / 'Нет' for a flag. */
export const xlsxYesNo = (value: unknown): string => (value ? 'Да' : 'Нет');

/** Rows posted to the writer at once; the next batch is read while it writes this one. */
const ROWS_PER_BATCH = 500;

/**
 * Starts an export worker thread and loads exceljs in it a while after the server started, before
 * anyone exports: its import compiles about 1 MB of CommonJS (460 ms on the shared 2-CPU machine),
 * which the first export would otherwise wait for. Not at start-up itself: the start stays as short
 * (the window waits for /api/health). Run from source (the tests) the worker is bundled first, which
 * only the tests that export should pay, so there it starts with the first export.
 */
export function preloadXlsxWriter(delayMs = 2_000): void {
  if (import.meta.url.endsWith('.ts')) return;
  setTimeout(warmWorkbookWriter, delayMs).unref();
}

/**
 * Worksheet names Excel accepts: no `\ / ? * [ ] :`, at most 31 characters, none empty, no two alike
 * (Excel compares them case-blind: a repeat gets ` (2)`). An apostrophe becomes ’: exceljs quotes the
 * name in the print titles' reference without doubling one.
 */
function sheetNamesOf(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name, index) => {
    const base = xmlSafeText(name).replace(/[\\/?*[\]:]/g, ' ').replace(/'/g, '’').trim() || `Лист ${index + 1}`;
    let unique = base.slice(0, 31);
    for (let copy = 2; taken.has(unique.toLowerCase()); copy++) unique = `${base.slice(0, 31 - ` (${copy})`.length)} (${copy})`;
    taken.add(unique.toLowerCase());
    return unique;
  });
}

/** A value as it can cross to the worker: dates, numbers and text as they are, any other object (a decimal) as its text. */
function portable(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? String(value) : value;
}

/** Resolves when `output` can take more, or rejects when the download went away meanwhile. */
async function roomIn(output: PassThrough, download: { closed: boolean; response: Response }): Promise<void> {
  // A turn of the event loop first: the bytes the worker has sent meanwhile reach `output` only then.
  await new Promise(setImmediate);
  if (download.closed) throw new Error('The client closed the download');
  if (!output.writableNeedDrain) return;
  const stop = new AbortController();
  try {
    await Promise.race([
      once(output, 'drain', { signal: stop.signal }),
      once(download.response, 'close', { signal: stop.signal }).then(() => {
        throw new Error('The client closed the download');
      }),
    ]);
  } finally {
    stop.abort();
  }
}

type Rows = AsyncIterator<Record<string, unknown>>;

/** The number columns whose totals are their exact sums; a sum asked of a column that is no number column is a mistake of the export's code. */
function summedColumns(sheet: XlsxSheet): string[] {
  if (!sheet.totals || typeof sheet.totals === 'function') return [];
  return Object.entries(sheet.totals)
    .filter(([, value]) => value === XLSX_SUM)
    .map(([key]) => {
      if (sheet.columns.find((column) => column.key === key)?.type !== 'number') throw new TypeError(`Totals of «${sheet.name}»: ${key} is no number column to sum`);
      return key;
    });
}

/**
 * The main thread's end of one workbook's port: posts what xlsx-writer.ts writes, puts the bytes it
 * sends back into `output`, and tells when a posted batch is written, when the last byte came, or
 * that the writer failed (its error, or the port closed under it: the worker stopped).
 */
class WorkbookPort {
  private readonly writtenWaiters: (() => void)[] = [];
  private readonly failure: Promise<never>;
  readonly done: Promise<void>;

  constructor(
    private readonly port: MessagePort,
    output: PassThrough,
  ) {
    let fail!: (error: Error) => void;
    this.failure = new Promise<never>((_resolve, reject) => (fail = reject));
    this.failure.catch(() => undefined); // read through written() and done; a failure after the end is no one's concern
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    this.done = Promise.race([done, this.failure]);
    this.done.catch(() => undefined); // awaited unless the download failed first
    port.on('message', (reply: XlsxWriterReply) => {
      switch (reply.type) {
        case 'bytes':
          output.write(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
          return;
        case 'written':
          this.writtenWaiters.shift()?.();
          return;
        case 'done':
          output.end();
          finished();
          return;
        case 'error':
          fail(Object.assign(new Error(reply.message), { stack: reply.stack ?? reply.message }));
      }
    });
    port.once('close', () => fail(new Error('The export worker stopped before the workbook was written')));
  }

  /** Posts a batch (or a sheet's end); resolves once the writer has written it. */
  send(message: Extract<XlsxWriterMessage, { type: 'rows' | 'end-sheet' }>): Promise<void> {
    const written = new Promise<void>((resolve) => this.writtenWaiters.push(resolve));
    this.port.postMessage(message);
    const settled = Promise.race([written, this.failure]);
    settled.catch(() => undefined); // awaited unless the download failed first
    return settled;
  }

  post(message: Extract<XlsxWriterMessage, { type: 'sheet' | 'commit' }>): void {
    this.port.postMessage(message);
  }

  abort(): void {
    this.port.postMessage({ type: 'abort' } satisfies XlsxWriterMessage);
    this.port.close();
  }
}

/**
 * Reads one sheet's rows and posts them to the writer a batch at a time: the next batch is read
 * while the writer writes the last one, and posted only when the download has room (`room()`), so a
 * slow reader slows the reading. `next` is its first row, already read.
 */
async function sendSheet(writer: WorkbookPort, name: string, options: XlsxSheet, rows: Rows, next: IteratorResult<Record<string, unknown>>, room: () => Promise<void>) {
  const { columns } = options;
  writer.post({ type: 'sheet', name, columns: columns.map((column) => ({ ...column })), sums: summedColumns(options) });
  let writing: Promise<void> = Promise.resolve();
  let batch: unknown[][] = [];
  let subtotals: number[] = [];
  const flush = async () => {
    await writing;
    await room();
    writing = writer.send({ type: 'rows', rows: batch, subtotals });
    batch = [];
    subtotals = [];
  };
  while (!next.done) {
    const row = next.value;
    if ((row as { [XLSX_SUBTOTAL]?: unknown })[XLSX_SUBTOTAL] === true) subtotals.push(batch.length);
    batch.push(columns.map((column) => portable(row[column.key])));
    if (batch.length === ROWS_PER_BATCH) await flush();
    next = await rows.next();
  }
  if (batch.length > 0) await flush();
  await writing;
  const totals = options.totals ? (typeof options.totals === 'function' ? options.totals() : options.totals) : null;
  await writer.send({ type: 'end-sheet', totals: totals && Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, portable(value)])) });
}

/**
 * Writes the workbook to the response: xlsx Content-Type, attachment with `fileName`, its sheets one
 * after another (see sendSheet). The first row is read before the headers go out, so a failing
 * query is still an ordinary error reply; a failure later, with the download under way, aborts the
 * response (the client sees a failed download, never a cut file passed off as whole).
 *
 * Back-pressure: the workbook's bytes go into a PassThrough piped to the response, and a batch of
 * rows is read on and posted only when that PassThrough has room: a slow reader slows the reading
 * rather than filling memory.
 *
 * @example
 * await streamXlsx(response, {
 *   fileName: 'Отчет 03.2025.xlsx',
 *   sheets: [
 *     { name: 'Заявки', columns, rows: rows(), totals: { number: 'Итого', price_total: XLSX_SUM } },
 *     { name: 'Платежи', columns: paymentColumns, rows: payments() },
 *   ],
 * });
 */
export async function streamXlsx(response: Response, options: XlsxStreamOptions): Promise<void> {
  const sheets: XlsxSheet[] =
    'sheets' in options ? options.sheets : [{ name: options.sheetName, columns: options.columns, rows: options.rows, totals: options.totals }];
  if (sheets.length === 0) throw new TypeError(`${options.fileName} has no sheet`);
  sheets.forEach(summedColumns); // a wrong totals option fails here, as an ordinary error reply
  const names = sheetNamesOf(sheets.map((sheet) => sheet.name));
  const iterators: Rows[] = sheets.map((sheet) => sheet.rows[Symbol.asyncIterator]());
  const sendHeaders = () => {
    response.status(200);
    response.setHeader('Content-Type', XLSX_CONTENT_TYPE);
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="${options.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
    );
    response.setHeader('Cache-Control', 'no-store');
  };
  // Its turn among the exports being made (export-slots.ts): the rows are read only then.
  let release: () => void;
  try {
    release = await exportTurn(response, sendHeaders);
  } catch (error) {
    await Promise.allSettled(iterators.map((iterator) => iterator.return?.()));
    response.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  try {
    await writeWorkbook(response, sheets, names, iterators, sendHeaders);
  } finally {
    release();
  }
}

async function writeWorkbook(response: Response, sheets: XlsxSheet[], names: string[], iterators: Rows[], sendHeaders: () => void): Promise<void> {
  let first: IteratorResult<Record<string, unknown>>;
  let port: MessagePort;
  try {
    first = await iterators[0]!.next();
    port = await openWorkbookWriter();
  } catch (error) {
    await Promise.allSettled(iterators.map((iterator) => iterator.return?.()));
    // Headers not sent yet: an ordinary error reply. Sent while it waited its turn: the reply can only be aborted now.
    if (!response.headersSent) throw error;
    response.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  if (!response.headersSent) sendHeaders();

  // A client that goes away mid-download (or the abort below) must not become an unhandled 'error'.
  const ignore = () => undefined;
  response.on('error', ignore);
  const closed = once(response, 'close').catch(ignore);
  // The response closes once, when the last byte went out or when the client went away.
  const download = { closed: false, response };
  response.once('close', () => (download.closed = true));
  const output = new PassThrough({ highWaterMark: 64 * 1024 });
  output.on('error', ignore);
  output.pipe(response);
  const writer = new WorkbookPort(port, output);
  try {
    const room = () => roomIn(output, download);
    for (let index = 0; index < sheets.length; index++) {
      await sendSheet(writer, names[index]!, sheets[index]!, iterators[index]!, index === 0 ? first : await iterators[index]!.next(), room);
    }
    const delivered = closed.then(() => {
      if (!response.writableFinished) throw new Error('The client closed the download');
    });
    writer.post({ type: 'commit' });
    await Promise.race([writer.done, delivered]);
    await delivered;
  } catch (error) {
    writer.abort();
    // Every sheet's rows are let go: the one being read and those not reached (their queries never start).
    await Promise.allSettled(iterators.map((iterator) => iterator.return?.()));
    output.unpipe(response);
    output.destroy();
    response.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Rows of a big query in batches by id (keyset pagination: `WHERE id > last ORDER BY id LIMIT n`),
 * so an export reads 2 000 rows at a time and each batch is an index range scan. The next batch is
 * read while the current one is written. `fetchBatch(afterId, limit)` returns the next rows by id.
 */
export async function* rowsInBatches<Row extends { id: number }>(
  fetchBatch: (afterId: number, limit: number) => Promise<Row[]>,
  batchSize = 2000,
): AsyncGenerator<Row> {
  let batch = await fetchBatch(0, batchSize);
  for (;;) {
    const full = batch.length === batchSize;
    const following = full ? fetchBatch(batch[batch.length - 1]!.id, batchSize) : null;
    // A rejected read-ahead is awaited below; until then it must not count as unhandled.
    following?.catch(() => undefined);
    for (const row of batch) yield row;
    if (!following) return;
    batch = await following;
  }
}
