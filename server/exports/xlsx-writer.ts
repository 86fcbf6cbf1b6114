/**
 * The workbook writer, run in the export worker thread (server/export-worker.ts; issue 37: writing
 * fifteen thousand rows on the event loop, even in 4 ms slices, kept the office's other requests
 * waiting). xlsx.ts, on the main thread, reads the rows from the database and sends them here over a
 * MessagePort of their own, a batch at a time; this side turns them into exceljs's streaming workbook
 * and sends the compressed bytes back as they come. One port is one workbook; the worker writes as
 * many at once as it is sent.
 *
 * Styles are per column, not per cell: each column's style is one object given to all of its cells,
 * so exceljs resolves it to a style id once (its cache is keyed by the object) instead of merging and
 * looking up a new style for every cell. A column's `type` decides its cells: numbers and dates are
 * typed cells carrying their column's number format (dates `DD.MM.YYYY`), text is an inline string;
 * the header is bold, frozen and has an autofilter, as an accountant expects. Every sheet is set up
 * for print (A4 landscape, fit to the page width, the header on every page).
 */
import type { MessagePort } from 'node:worker_threads';
import { Writable } from 'node:stream';
import type { Row, stream, Style } from 'exceljs';
import { decimal, MoneyDecimal } from '../../shared/money.js';
import { xmlSafeText } from './xml-text.js';

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

/** What xlsx.ts sends down a workbook's port, in this order: per sheet `sheet`, `rows`…, `end-sheet`; then `commit` (or `abort` at any time). */
export type XlsxWriterMessage =
  /** `sums`: keys of the number columns whose totals are their exact sums (the rows not marked subtotal). */
  | { type: 'sheet'; name: string; columns: XlsxColumn[]; sums: string[] }
  /** Rows as values in column order; `subtotals` are the indexes of the rows written bold and left out of the sums. */
  | { type: 'rows'; rows: unknown[][]; subtotals: number[] }
  /** The bold totals row by column key (null: none); the `sums` columns are filled in here. */
  | { type: 'end-sheet'; totals: Record<string, unknown> | null }
  | { type: 'commit' }
  | { type: 'abort' };

/** What comes back: the workbook's bytes as they are made, `written` once a `rows` (or `end-sheet`) message is written, `done` after the last byte. */
export type XlsxWriterReply =
  | { type: 'bytes'; bytes: Uint8Array }
  | { type: 'written' }
  | { type: 'done' }
  | { type: 'error'; message: string; stack?: string };

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

type WorkbookWriter = InstanceType<typeof stream.xlsx.WorkbookWriter>;
type Worksheet = ReturnType<WorkbookWriter['addWorksheet']>;

const BOLD: Partial<Style> = { font: { bold: true } };

/** One sheet being written: its columns' styles, its next row number and its exact sums. */
class SheetWriter {
  private readonly sheet: Worksheet;
  private readonly types: XlsxCellType[];
  private readonly styles: Partial<Style>[];
  private readonly boldStyles: Partial<Style>[];
  private readonly sums: { index: number; key: string; total: MoneyDecimal }[];
  private readonly columnKeys: string[];
  private number = 1;

  constructor(workbook: WorkbookWriter, { name, columns, sums }: Extract<XlsxWriterMessage, { type: 'sheet' }>) {
    this.sheet = workbook.addWorksheet(name, {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
      pageSetup: { ...PRINT_SETUP, margins: { ...PRINT_SETUP.margins } },
      headerFooter: PAGE_FOOTER,
    });
    this.types = columns.map((column) => column.type ?? 'text');
    // One style object per column, shared by the column and every cell of it (see the top of the file).
    this.styles = columns.map((column): Partial<Style> =>
      column.type === 'date' ? { numFmt: DATE_FORMAT } : column.type === 'number' ? { numFmt: column.format ?? 'General' } : {},
    );
    this.boldStyles = this.styles.map((style) => ({ ...style, ...BOLD }));
    this.sums = sums.map((key) => ({ key, index: columns.findIndex((column) => column.key === key), total: new MoneyDecimal(0) }));
    this.sheet.columns = columns.map((column, index) => ({
      key: column.key,
      width: column.width ?? Math.max(12, column.header.length + 4),
      style: this.styles[index],
    }));
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = this.sheet.getRow(1);
    styleRow(header, BOLD);
    columns.forEach((column, index) => {
      const cell = header.getCell(index + 1);
      cell.value = column.header;
      cell.style = BOLD;
    });
    header.commit();
    this.columnKeys = columns.map((column) => column.key);
  }

  private write(values: unknown[], bold: boolean): void {
    const row = this.sheet.getRow(++this.number);
    styleRow(row, bold ? BOLD : {});
    const styles = bold ? this.boldStyles : this.styles;
    for (let index = 0; index < this.types.length; index++) {
      const value = cellValue(this.types[index]!, values[index]);
      if (value === null) continue;
      const cell = row.getCell(index + 1);
      cell.value = value;
      cell.style = styles[index]!;
    }
    row.commit();
  }

  rows(rows: unknown[][], subtotals: number[]): void {
    const bold = new Set(subtotals);
    rows.forEach((values, index) => {
      const subtotal = bold.has(index);
      this.write(values, subtotal);
      if (subtotal) return;
      for (const sum of this.sums) {
        // What the row wrote as a number, read from its shortest text (a kopeck amount stays exact).
        const value = values[sum.index];
        if (typeof value === 'number' && Number.isFinite(value)) sum.total = sum.total.plus(decimal(value));
      }
    });
  }

  end(totals: Record<string, unknown> | null): void {
    if (totals) {
      const values = { ...totals, ...Object.fromEntries(this.sums.map((sum) => [sum.key, sum.total.toNumber()])) };
      this.write(
        this.columnKeys.map((key) => values[key]),
        true,
      );
    }
    this.sheet.commit();
  }
}

/** Writes one workbook from the messages on `port` (see XlsxWriterMessage) and closes the port when it is done, failed or aborted. */
export function writeXlsxFromPort(port: MessagePort, ExcelJS: typeof import('exceljs')): void {
  const post = (reply: XlsxWriterReply, transfer?: ArrayBuffer[]) => port.postMessage(reply, transfer);
  let ended = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!ended) {
        // A copy of just this chunk (zlib's chunks may be views of a larger pooled buffer), handed over, not copied again.
        const bytes = new Uint8Array(chunk);
        post({ type: 'bytes', bytes }, [bytes.buffer]);
      }
      callback();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    // Level 1: a sheet's XML is repetitive and already shrinks about tenfold; higher levels cost
    // several times the CPU for a few per cent.
    zip: { zlib: { level: 1 } },
  });
  let sheet: SheetWriter | undefined;
  const finish = (reply?: XlsxWriterReply) => {
    if (ended) return;
    if (reply) post(reply);
    ended = true;
    output.destroy();
    port.close();
  };
  const fail = (error: unknown) =>
    finish(error instanceof Error ? { type: 'error', message: error.message, stack: error.stack } : { type: 'error', message: String(error) });

  port.on('message', (message: XlsxWriterMessage) => {
    if (ended) return;
    try {
      switch (message.type) {
        case 'sheet':
          sheet = new SheetWriter(workbook, message);
          return;
        case 'rows':
          sheet!.rows(message.rows, message.subtotals);
          // After a turn, so the zip has moved what was written towards the port (the main side's measure of room).
          setImmediate(() => !ended && post({ type: 'written' }));
          return;
        case 'end-sheet':
          sheet!.end(message.totals);
          sheet = undefined;
          setImmediate(() => !ended && post({ type: 'written' }));
          return;
        case 'commit':
          workbook.commit().then(() => {
            if (output.writableFinished) return finish({ type: 'done' });
            output.once('finish', () => finish({ type: 'done' }));
          }, fail);
          return;
        case 'abort':
          finish();
          return;
      }
    } catch (error) {
      fail(error);
    }
  });
  // The main side went away (its server stopped, its port closed): nothing more will come.
  port.once('close', () => finish());
}
