/**
 * Spreadsheet exports (spec 01 §2.4, §2.6: clients.xlsx, agencies.xlsx; spec 02 §7: the EGAIS list),
 * streamed: rows come from the database in batches and leave as a compressed workbook while the
 * next batch is read, so 100 000 rows never sit in memory.
 *
 * Every workbook is written by exceljs's streaming writer (ARCHITECTURE.md §7, the export path),
 * which the reports to come need: several sheets, totals rows, merged headers, rouble formats.
 * exceljs is loaded with `await import()` when the first export runs (it stays out of the server's
 * start-up, scripts/bundle-node.mjs). Styles are per column, not per cell: each column's style is
 * one object given to all of its cells, so exceljs resolves it to a style id once (its cache is
 * keyed by the object) instead of merging and looking up a new style for every cell. A column's
 * `type` decides its cells: numbers and dates are typed cells carrying their column's number format
 * (dates `DD.MM.YYYY`), text is an inline string; the header is bold, frozen and has an autofilter,
 * as an accountant expects.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Row, Style } from 'exceljs';
import type { Response } from 'express';
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

export interface XlsxStreamOptions {
  /** e.g. `clients.xlsx` (Content-Disposition). */
  fileName: string;
  sheetName: string;
  columns: XlsxColumn[];
  /** Rows by column key: a number for number columns, a Date or `YYYY-MM-DD` for date columns. */
  rows: AsyncIterable<Record<string, unknown>>;
  /** A bold last row (a report's totals), by column key, asked once every row is written; columns keep their formats. */
  totals?: () => Record<string, unknown>;
}

/** 'Да' / 'Нет' for a flag. */
export const xlsxYesNo = (value: unknown): string => (value ? 'Да' : 'Нет');

const DATE_FORMAT = 'DD.MM.YYYY';
/** Rows written between two looks at the output: it must have room again before more are made. */
const ROWS_PER_CHUNK = 500;

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

/** A worksheet name Excel accepts: no `\ / ? * [ ] :`, at most 31 characters. */
const sheetNameOf = (name: string) => xmlSafeText(name).replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

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

/**
 * Writes the workbook to the response: xlsx Content-Type, attachment with `fileName`, a bold header
 * row that stays frozen with an autofilter over the columns. The first row is read before the
 * headers go out, so a failing query is still an ordinary error reply; a failure later, with the
 * download under way, aborts the response (the client sees a failed download, never a cut file
 * passed off as whole).
 *
 * Back-pressure: exceljs's writer does not wait for its output, so the workbook goes into a
 * PassThrough piped to the response, and after every few hundred rows the writer waits for that
 * PassThrough to drain: a slow reader slows the writer rather than filling memory.
 */
export async function streamXlsx(response: Response, options: XlsxStreamOptions): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const iterator = options.rows[Symbol.asyncIterator]();
  let next = await iterator.next();

  response.status(200);
  response.setHeader('Content-Type', XLSX_CONTENT_TYPE);
  response.setHeader(
    'Content-Disposition',
    `attachment; filename="${options.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
  );
  response.setHeader('Cache-Control', 'no-store');

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
    const columns = options.columns;
    const sheet = workbook.addWorksheet(sheetNameOf(options.sheetName), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
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
    let number = 1;
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
      writeRow(next.value, noStyle, styles);
      if (number % ROWS_PER_CHUNK === 0) await roomIn(output, download);
      next = await iterator.next();
    }
    if (options.totals) writeRow(options.totals(), bold, styles.map((style) => ({ ...style, ...bold })));
    await roomIn(output, download);
    sheet.commit();
    const delivered = closed.then(() => {
      if (!response.writableFinished) throw new Error('The client closed the download');
    });
    const committed = workbook.commit();
    committed.catch(ignore); // its failure after a lost client is that loss, handled below
    await Promise.race([committed, delivered]);
    await delivered;
  } catch (error) {
    await iterator.return?.();
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
