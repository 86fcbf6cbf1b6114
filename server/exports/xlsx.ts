/**
 * Spreadsheet exports (spec 01 §2.4, §2.6: clients.xlsx, agencies.xlsx; spec 02 §7: the EGAIS list),
 * streamed: rows come from the database in batches and leave as a compressed workbook while the
 * next batch is read, so 100 000 rows never sit in memory.
 *
 * Every workbook is written by exceljs's streaming writer (ARCHITECTURE.md §7, the export path),
 * as the reports need: several sheets, totals rows, rouble formats.
 * exceljs is loaded with `await import()` when the first export runs (it stays out of the server's
 * start-up, scripts/bundle-node.mjs). Styles are per column, not per cell: each column's style is
 * one object given to all of its cells, so exceljs resolves it to a style id once (its cache is
 * keyed by the object) instead of merging and looking up a new style for every cell. A column's
 * `type` decides its cells: numbers and dates are typed cells carrying their column's number format
 * (dates `DD.MM.YYYY`), text is an inline string; the header is bold, frozen and has an autofilter,
 * as an accountant expects. A workbook holds one sheet or several, written one after another; every
 * sheet is set up for print (A4 landscape, fit to the page width, the header on every page), may
 * hold a report's own bold subtotal rows (XLSX_SUBTOTAL) and may end in a bold totals row whose sums
 * are exact decimals.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Row, stream, Style } from 'exceljs';
import type { Response } from 'express';
import { decimal, MoneyDecimal } from '../../shared/money.js';
import { exportTurn } from './export-slots.js';
import { xmlSafeText } from './xml-text.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a column's cells are written: text (default), a number with the column's format, or a date (DD.MM.YYYY). */
export type XlsxCellType = 'text' | 'number' | 'date';

export interface XlsxColumn {
  header: string;
  key: string;
  width?: number;
  type?: XlsxCellType;
  /** Excel number format of a number column, e.g. `0` (an id) or `#,##0.00` (money); dates are `DD.MM.YYYY`. */
  format?: string;
}

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

const DATE_FORMAT = 'DD.MM.YYYY';
/**
 * Every sheet's print setup: A4 (paper size 9) landscape, all columns on the page's width (as many
 * pages down as the rows need), the header row repeated on every page, narrow margins (inches) and
 * the page number in the footer. exceljs's streaming writer takes it only when the sheet is added;
 * the header rows become the workbook's `_xlnm.Print_Titles` name when the workbook is committed.
 */
const PRINT_SETUP = {
  paperSize: 9,
  orientation: 'landscape',
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  printTitlesRow: '1:1',
  margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
} as const;
const PAGE_FOOTER = { oddFooter: '&CСтраница &P из &N' };
/** Rows written between two looks at the output: it must have room again before more are made. */
const ROWS_PER_CHUNK = 500;
/**
 * At most this long (ms) of writing before the writer gives the event loop a turn (issue 37: 15 000
 * rows in one go held every other request 158 ms; eight exports at once 1.5 s). Every other request
 * waits at most about one slice per running export (two: export-slots.ts).
 */
const SLICE_MS = 4;

/**
 * Loads exceljs a while after the server started, before anyone exports: its import compiles about
 * 1 MB of CommonJS on the main thread (460 ms on the shared 2-CPU machine), which on the first export's
 * path froze every other request (issue 37). Not at start-up itself: the start stays as short (the
 * window waits for /api/health), and a server that never exports pays it once, idle.
 */
export function preloadXlsxWriter(delayMs = 2_000): void {
  setTimeout(() => void import('exceljs').catch(() => undefined), delayMs).unref();
}

/**
 * A calendar date (the local date of a Date, or YYYY-MM-DD) as midnight UTC of that day: exceljs
 * turns a Date into Excel's serial day by its UTC time, so this is the day the user sees.
 */
function calendarDate(value: unknown): Date | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
  }
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
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

/**
 * The cell value of a column: typed for number and date columns when the value is one, text otherwise; null leaves the cell out.
 * Text is a string cell whatever it begins with (`=1+2`, `@SUM(A1)`): nothing from user data is ever a formula (issue 25).
 */
function cellValue(type: XlsxCellType, value: unknown): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  if (type === 'date') {
    const date = calendarDate(value);
    if (date) return date;
  }
  // Characters XML cannot hold (control characters stored before the input rule) are dropped (xml-text.ts).
  return xmlSafeText(String(value));
}

/**
 * Gives a row its style object (exceljs's typings leave a row's `style` out, its writer reads it):
 * a shared one, so the row's style id is looked up once, not once per row.
 */
const styleRow = (row: Row, style: Partial<Style>) => {
  Object.assign(row, { style });
};

/** Resolves when `output` can take more, or rejects when the download went away meanwhile. */
async function roomIn(output: PassThrough, download: { closed: boolean; response: Response }): Promise<void> {
  // A turn of the event loop first: exceljs's zip (archiver, zlib on its own thread) moves what was
  // written so far towards `output` only then, so a full output shows here even when the rows came
  // without any wait of their own.
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
type WorkbookWriter = InstanceType<typeof stream.xlsx.WorkbookWriter>;

/** The number columns whose totals are their exact sums; a sum asked of a column that is no number column is a mistake of the export's code. */
function summedColumns(sheet: XlsxSheet): { key: string; total: MoneyDecimal }[] {
  if (!sheet.totals || typeof sheet.totals === 'function') return [];
  return Object.entries(sheet.totals)
    .filter(([, value]) => value === XLSX_SUM)
    .map(([key]) => {
      if (sheet.columns.find((column) => column.key === key)?.type !== 'number') throw new TypeError(`Totals of «${sheet.name}»: ${key} is no number column to sum`);
      return { key, total: new MoneyDecimal(0) };
    });
}

/**
 * Writes one sheet: its print setup, a bold frozen header with an autofilter, the rows (waiting for
 * `room()` every few hundred) and the totals row, then commits it. `next` is its first row, already read.
 */
async function writeSheet(workbook: WorkbookWriter, name: string, options: XlsxSheet, rows: Rows, next: IteratorResult<Record<string, unknown>>, room: () => Promise<void>) {
  const columns = options.columns;
  const sums = summedColumns(options);
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    pageSetup: { ...PRINT_SETUP, margins: { ...PRINT_SETUP.margins } },
    headerFooter: PAGE_FOOTER,
  });
  // One style object per column, shared by the column and every cell of it (see the top of the file).
  const styles = columns.map((column): Partial<Style> =>
    column.type === 'date' ? { numFmt: DATE_FORMAT } : column.type === 'number' ? { numFmt: column.format ?? 'General' } : {},
  );
  sheet.columns = columns.map((column, index) => ({
    key: column.key,
    width: column.width ?? Math.max(12, column.header.length + 4),
    style: styles[index],
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };

  const bold: Partial<Style> = { font: { bold: true } };
  const header = sheet.getRow(1);
  styleRow(header, bold);
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.header;
    cell.style = bold;
  });
  header.commit();

  const types = columns.map((column) => column.type ?? 'text');
  const noStyle = {};
  const boldStyles = styles.map((style) => ({ ...style, ...bold }));
  let number = 1;
  let sliceEnds = performance.now() + SLICE_MS;
  const writeRow = (values: Record<string, unknown>, rowStyle: Partial<Style>, cellStyles: Partial<Style>[]) => {
    const row = sheet.getRow(++number);
    styleRow(row, rowStyle);
    for (let index = 0; index < columns.length; index++) {
      const value = cellValue(types[index]!, values[columns[index]!.key]);
      if (value === null) continue;
      const cell = row.getCell(index + 1);
      cell.value = value;
      cell.style = cellStyles[index]!;
    }
    row.commit();
  };
  while (!next.done) {
    const subtotal = (next.value as { [XLSX_SUBTOTAL]?: unknown })[XLSX_SUBTOTAL] === true;
    writeRow(next.value, subtotal ? bold : noStyle, subtotal ? boldStyles : styles);
    for (const sum of subtotal ? [] : sums) {
      // What the row wrote as a number, read from its shortest text (a kopeck amount stays exact).
      const value = next.value[sum.key];
      if (typeof value === 'number' && Number.isFinite(value)) sum.total = sum.total.plus(decimal(value));
    }
    if (number % ROWS_PER_CHUNK === 0 || performance.now() >= sliceEnds) {
      await room();
      sliceEnds = performance.now() + SLICE_MS;
    }
    next = await rows.next();
  }
  if (options.totals) {
    const totals =
      typeof options.totals === 'function' ? options.totals() : { ...options.totals, ...Object.fromEntries(sums.map((sum) => [sum.key, sum.total.toNumber()])) };
    writeRow(totals, bold, boldStyles);
  }
  await room();
  sheet.commit();
}

/**
 * Writes the workbook to the response: xlsx Content-Type, attachment with `fileName`, its sheets one
 * after another (see writeSheet). The first row is read before the headers go out, so a failing
 * query is still an ordinary error reply; a failure later, with the download under way, aborts the
 * response (the client sees a failed download, never a cut file passed off as whole).
 *
 * Back-pressure: exceljs's writer does not wait for its output, so the workbook goes into a
 * PassThrough piped to the response, and after every few hundred rows the writer waits for that
 * PassThrough to drain: a slow reader slows the writer rather than filling memory.
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
  const { default: ExcelJS } = await import('exceljs');
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
    await writeWorkbook(ExcelJS, response, sheets, names, iterators, sendHeaders);
  } finally {
    release();
  }
}

async function writeWorkbook(
  ExcelJS: typeof import('exceljs'),
  response: Response,
  sheets: XlsxSheet[],
  names: string[],
  iterators: Rows[],
  sendHeaders: () => void,
): Promise<void> {
  let first: IteratorResult<Record<string, unknown>>;
  try {
    first = await iterators[0]!.next();
  } catch (error) {
    // Headers sent while it waited its turn: the reply can only be aborted now.
    if (!response.headersSent) throw error;
    await Promise.allSettled(iterators.map((iterator) => iterator.return?.()));
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
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
      // Level 1: a sheet's XML is repetitive and already shrinks about tenfold; higher levels cost
      // several times the CPU for a few per cent.
      zip: { zlib: { level: 1 } },
    });
    const room = () => roomIn(output, download);
    for (let index = 0; index < sheets.length; index++) {
      await writeSheet(workbook, names[index]!, sheets[index]!, iterators[index]!, index === 0 ? first : await iterators[index]!.next(), room);
    }
    const delivered = closed.then(() => {
      if (!response.writableFinished) throw new Error('The client closed the download');
    });
    const committed = workbook.commit();
    committed.catch(ignore); // its failure after a lost client is that loss, handled below
    await Promise.race([committed, delivered]);
    await delivered;
  } catch (error) {
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
