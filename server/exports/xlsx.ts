/**
 * Spreadsheet exports (spec 01 §2.4, §2.6: clients.xlsx, agencies.xlsx), streamed: rows come from
 * the database in batches and leave as compressed XML while the next batch is read, so 100 000
 * rows never sit in memory.
 *
 * The workbook is written directly as SpreadsheetML (ECMA-376: a zip of a few XML parts) rather
 * than through exceljs: exceljs builds and looks up a style object for every cell it writes, which
 * made 100 000 clients take 2.7–5.9 s. Here a column's type decides its cells once — numbers and
 * dates are typed cells carrying their column's number format (a style index, `s="2"`), text is an
 * inline string — and the header is bold, frozen and has an autofilter, as an accountant expects.
 * The zip around the parts is zip-stream.ts (Node's native deflate and CRC-32).
 */
import { once } from 'node:events';
import type { Response } from 'express';
import { xmlSafeText } from './xml-text.js';
import { ZipStream } from './zip-stream.js';

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
}

/** 'Да' / 'Нет' for a flag. */
export const xlsxYesNo = (value: unknown): string => (value ? 'Да' : 'Нет');

const DATE_FORMAT = 'DD.MM.YYYY';
/** Rows gathered into one write of the sheet's XML. */
const ROWS_PER_CHUNK = 500;

/** Column letter of a 1-based index (1 → A, 27 → AA). */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const XML_ESCAPED = /[&<>"]/;
const XML_ESCAPED_ALL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text as XML character data; characters XML cannot hold (control characters, xml-text.ts) are dropped. */
const xmlText = (raw: string) => {
  const text = xmlSafeText(raw);
  return XML_ESCAPED.test(text) ? text.replace(XML_ESCAPED_ALL, (char) => ENTITIES[char]!) : text;
};

const inlineString = (ref: string, text: string, style = '') =>
  `<c r="${ref}"${style} t="inlineStr"><is><t${/^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></is></c>`;

const DAY_MS = 86_400_000;
/** Days from Excel's 1899-12-30 epoch to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

/** A calendar date (the local date of a Date, or YYYY-MM-DD) as an Excel serial day number. */
function excelDay(value: unknown): number | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()) / DAY_MS + EXCEL_EPOCH_DAYS;
  }
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS + EXCEL_EPOCH_DAYS : null;
}

/** The fixed parts of the package, and the styles of these columns: 0 plain, 1 bold header, then one per number format. */
function packageParts(options: XlsxStreamOptions) {
  const formats = [...new Set(options.columns.map((column) => (column.type === 'date' ? DATE_FORMAT : column.type === 'number' ? column.format ?? 'General' : null)).filter((format): format is string => format !== null))];
  const styleOf = (column: XlsxColumn) => {
    const format = column.type === 'date' ? DATE_FORMAT : column.type === 'number' ? column.format ?? 'General' : null;
    return format === null ? 0 : 2 + formats.indexOf(format);
  };
  const last = columnLetter(options.columns.length);
  const sheetName = xmlText(options.sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const styles =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
    `<numFmts count="${formats.length}">${formats.map((format, index) => `<numFmt numFmtId="${164 + index}" formatCode="${xmlText(format)}"/>`).join('')}</numFmts>` +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
    formats.map((_, index) => `<xf numFmtId="${164 + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('') +
    `</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  const sheetStart =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><cols>` +
    options.columns
      .map((column, index) => {
        const style = styleOf(column);
        return `<col min="${index + 1}" max="${index + 1}" width="${column.width ?? Math.max(12, column.header.length + 4)}" customWidth="1"${style ? ` style="${style}"` : ''}/>`;
      })
      .join('') +
    `</cols><sheetData><row r="1" s="1" customFormat="1">${options.columns.map((column, index) => inlineString(`${columnLetter(index + 1)}1`, column.header, ' s="1"')).join('')}</row>`;
  const sheetEnd = `</sheetData><autoFilter ref="A1:${last}1"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
  const workbook =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets>` +
    `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${sheetName.replace(/'/g, "''")}'!$A$1:$${last}$1</definedName></definedNames></workbook>`;
  const fixed: [string, string][] = [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    ['xl/workbook.xml', workbook],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', styles],
  ];
  return { fixed, sheetStart, sheetEnd, styleOf };
}

/** Writes one row's cells; each column's letter and style attribute are worked out once. */
function rowWriter(columns: XlsxColumn[], styleOf: (column: XlsxColumn) => number) {
  const cells = columns.map((column, index) => ({
    key: column.key,
    letter: columnLetter(index + 1),
    type: column.type ?? 'text',
    style: styleOf(column) ? ` s="${styleOf(column)}"` : '',
  }));
  return (row: Record<string, unknown>, number: number): string => {
    let xml = `<row r="${number}">`;
    for (const cell of cells) {
      const value = row[cell.key];
      if (value === null || value === undefined || value === '') continue;
      const ref = cell.letter + number;
      if (cell.type === 'number' && typeof value === 'number' && Number.isFinite(value)) xml += `<c r="${ref}"${cell.style}><v>${value}</v></c>`;
      else if (cell.type === 'date' && excelDay(value) !== null) xml += `<c r="${ref}"${cell.style}><v>${excelDay(value)}</v></c>`;
      else xml += inlineString(ref, String(value));
    }
    return `${xml}</row>`;
  };
}

/**
 * Writes the workbook to the response: xlsx Content-Type, attachment with `fileName`, a bold header
 * row that stays frozen with an autofilter over the columns. The first row is read before the
 * headers go out, so a failing query is still an ordinary error reply; a failure later, with the
 * download under way, aborts the response (the client sees a failed download, never a cut file
 * passed off as whole).
 */
export async function streamXlsx(response: Response, options: XlsxStreamOptions): Promise<void> {
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
  const { fixed, sheetStart, sheetEnd, styleOf } = packageParts(options);
  const closed = once(response, 'close').catch(ignore);
  try {
    const zip = new ZipStream(response);
    for (const [name, xml] of fixed) await zip.add(name, xml);
    const sheet = await zip.open('xl/worksheets/sheet1.xml');
    const write = (xml: string) => {
      if (response.destroyed) throw new Error('The client closed the download');
      return sheet.write(xml);
    };
    const toXml = rowWriter(options.columns, styleOf);
    await write(sheetStart);
    let number = 1;
    let chunk = '';
    while (!next.done) {
      chunk += toXml(next.value, ++number);
      if (number % ROWS_PER_CHUNK === 0) {
        await write(chunk);
        chunk = '';
      }
      next = await iterator.next();
    }
    await write(chunk + sheetEnd);
    await sheet.end();
    await zip.finish();
    response.end();
    await closed;
  } catch (error) {
    await iterator.return?.();
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
