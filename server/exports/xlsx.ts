/**
 * Spreadsheet exports (spec 01 §2.4, §2.6: clients.xlsx, agencies.xlsx), streamed: exceljs's
 * streaming WorkbookWriter writes straight into the HTTP response and each row is committed as it
 * is written, and rows come from the database in batches, so 100 000 rows never sit in memory.
 *
 * exceljs (~400 modules) is imported on the first export, not at start-up (issue 9 "Start-up").
 */
import { once } from 'node:events';
import type ExcelJS from 'exceljs';
import type { Response } from 'express';
import { formatDate } from '../../shared/format.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn {
  header: string;
  key: string;
  width?: number;
}

export interface XlsxStreamOptions {
  /** e.g. `clients.xlsx` (Content-Disposition). */
  fileName: string;
  sheetName: string;
  columns: XlsxColumn[];
  /** Rows by column key; a Date is written as DD.MM.YYYY (use `xlsxDate` for date strings). */
  rows: AsyncIterable<Record<string, unknown>>;
}

/** A date (Date or ISO string) as the DD.MM.YYYY text of spec 01 §9. */
export const xlsxDate = (value: Date | string | null | undefined): string => formatDate(value ?? null);

/** 'Да' / 'Нет' for a flag. */
export const xlsxYesNo = (value: unknown): string => (value ? 'Да' : 'Нет');

/** Column letter of a 1-based index (1 → A, 27 → AA). */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

/**
 * Writes the workbook to the response: xlsx Content-Type, attachment with `fileName`, a bold header
 * row that stays frozen (ySplit 1) with an autofilter over the columns. The first row is read before
 * the headers go out, so a failing query is still an ordinary error reply; a failure later, with the
 * download under way, aborts the response (the client sees a failed download, never a cut file
 * passed off as whole).
 */
export async function streamXlsx(response: Response, options: XlsxStreamOptions): Promise<void> {
  const { default: Excel } = await import('exceljs');
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
  try {
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: response, useStyles: true, useSharedStrings: false });
    (workbook as unknown as { zip?: { on(event: 'error', listener: () => void): void } }).zip?.on('error', ignore);
    const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    sheet.columns = options.columns.map(({ header, key, width }) => ({ header, key, width: width ?? Math.max(12, header.length + 4) }));
    sheet.autoFilter = { from: 'A1', to: `${columnLetter(options.columns.length)}1` };
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();

    let written = 0;
    while (!next.done) {
      const row = next.value;
      sheet.addRow(Object.fromEntries(options.columns.map(({ key }) => [key, cellValue(row[key])]))).commit();
      if (++written % 500 === 0) {
        if (response.destroyed) throw new Error('The client closed the download');
        // Let a slow reader catch up rather than buffering the file in memory.
        if (response.writableNeedDrain) await Promise.race([once(response, 'drain'), once(response, 'close')]);
      }
      next = await iterator.next();
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    await iterator.return?.();
    response.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Rows of a big query in batches by id (keyset pagination: `WHERE id > last ORDER BY id LIMIT n`),
 * so an export reads 2 000 rows at a time and each batch is an index range scan.
 * `fetchBatch(afterId, limit)` returns the next rows ordered by id.
 */
export async function* rowsInBatches<Row extends { id: number }>(
  fetchBatch: (afterId: number, limit: number) => Promise<Row[]>,
  batchSize = 2000,
): AsyncGenerator<Row> {
  let afterId = 0;
  for (;;) {
    const batch = await fetchBatch(afterId, batchSize);
    for (const row of batch) yield row;
    if (batch.length < batchSize) return;
    afterId = batch[batch.length - 1]!.id;
  }
}
