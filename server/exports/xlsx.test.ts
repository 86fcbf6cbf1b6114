/** streamXlsx and rowsInBatches on a real HTTP response, read back by exceljs (as Excel would open it). */
import ExcelJS from 'exceljs';
import { expectPrintSetup, readWorkbook } from '../test/workbook.js';
import express from 'express';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_LIKE, readWithoutFormulas } from '../test/xlsx-formulas.js';
import { rowsInBatches, streamXlsx, XLSX_SUBTOTAL, XLSX_SUM, type XlsxColumn } from './xlsx.js';

/** Rows of hardly compressible text, counting how many were taken. */
function countedRows(total: number) {
  const counter = { taken: 0, closed: false };
  const rows = (async function* () {
    try {
      for (let id = 1; id <= total; id++) {
        counter.taken++;
        yield { id, text: randomBytes(12).toString('hex') };
      }
    } finally {
      counter.closed = true;
    }
  })();
  return { counter, rows };
}

async function* rowsOf(rows: Record<string, unknown>[]) {
  yield* rows;
}

const MONEY = '#,##0.00';
const APPLICATION_COLUMNS: XlsxColumn[] = [
  { header: 'Номер', key: 'number' },
  { header: 'Дата', key: 'date', type: 'date' },
  { header: 'Сумма', key: 'sum', type: 'number', format: MONEY },
  { header: 'Людей', key: 'people', type: 'number', format: '0' },
];
const AGENCY_COLUMNS: XlsxColumn[] = [
  { header: 'Агентство', key: 'agency' },
  { header: 'Комиссия', key: 'commission', type: 'number', format: MONEY },
];

const LONG_ROWS = 300_000;
let longCounter: { taken: number; closed: boolean } | undefined;
let server: Server;
let base: string;
const fetched: number[] = [];

beforeAll(async () => {
  const app = express();
  const source = async (afterId: number, limit: number) => {
    fetched.push(afterId);
    const rows = [];
    for (let id = afterId + 1; id <= Math.min(afterId + limit, 5000); id++) {
      rows.push({ id, name: `Строка ${id}`, when: new Date(2025, 0, 31, 23, 30), sum: id * 1.5, day: '2024-02-29' });
    }
    return rows;
  };
  app.get('/ok', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'тест.xlsx',
      sheetName: 'Лист',
      columns: [
        { header: 'ID', key: 'id', type: 'number', format: '0' },
        { header: 'Имя', key: 'name' },
        { header: 'Дата', key: 'when', type: 'date' },
        { header: 'Сумма', key: 'sum', type: 'number', format: '#,##0.00' },
        { header: 'День', key: 'day', type: 'date' },
      ],
      rows: rowsInBatches(source, 1000),
    }),
  );
  app.get('/text', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'x.xlsx',
      sheetName: 'x',
      columns: [{ header: 'Текст', key: 'text' }],
      rows: (async function* () {
        yield { text: 'A & B <c> "d"' };
        yield { text: '  с пробелами  ' };
        yield { text: 'управляющий\u0001символ' };
        yield { text: null };
        yield { text: 42 };
      })(),
    }),
  );
  // What a person typed, in every kind of column, and an object shaped as exceljs's formula value (a JSON column's content).
  app.get('/formula-like', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'x.xlsx',
      sheetName: 'x',
      columns: [
        { header: 'Текст', key: 'text' },
        { header: 'Число', key: 'number', type: 'number' },
        { header: 'Дата', key: 'date', type: 'date' },
        { header: 'Объект', key: 'object' },
      ],
      rows: (async function* () {
        for (const text of FORMULA_LIKE) yield { text, number: text, date: text, object: { formula: text.replace(/^[=+\-@]/, ''), result: 3 } };
      })(),
    }),
  );
  app.get('/fails-late', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'x.xlsx',
      sheetName: 'x',
      columns: [{ header: 'ID', key: 'id' }],
      rows: (async function* () {
        for (let id = 1; id <= 3000; id++) yield { id };
        throw new Error('database went away');
      })(),
    }),
  );
  // Three sheets: two of one name, one with an apostrophe; totals summed exactly, a label, an empty sheet's zero.
  app.get('/sheets', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'отчёт.xlsx',
      sheets: [
        {
          name: 'Заявки',
          columns: APPLICATION_COLUMNS,
          rows: rowsOf([
            { number: '1', date: '2025-03-01', sum: 0.1, people: 2 },
            { number: '2', date: '2025-03-02', sum: 0.2, people: 1 },
            { number: '3', sum: '=1+2' }, // text in a number column: a text cell, not summed
          ]),
          totals: { number: 'Итого', sum: XLSX_SUM, people: XLSX_SUM },
        },
        { name: 'Заявки', columns: AGENCY_COLUMNS, rows: rowsOf([{ agency: 'А', commission: 1000.01 }, { agency: 'Б', commission: 0.99 }]), totals: { agency: 'Итого', commission: XLSX_SUM } },
        { name: "Агентство O'Brien", columns: AGENCY_COLUMNS, rows: rowsOf([]), totals: { commission: XLSX_SUM } },
      ],
    }),
  );
  // A report's own subtotal rows: bold, and left out of the last row's sums.
  app.get('/subtotals', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'x.xlsx',
      sheetName: 'x',
      columns: AGENCY_COLUMNS,
      rows: rowsOf([
        { agency: 'А', commission: 0.1 },
        { agency: 'А', commission: 0.2 },
        { [XLSX_SUBTOTAL]: true, agency: 'Итого по А', commission: 0.3 },
        { agency: 'Б', commission: 1 },
        { [XLSX_SUBTOTAL]: true, agency: 'Итого по Б', commission: 1 },
      ]),
      totals: { agency: 'Итого', commission: XLSX_SUM },
    }),
  );
  app.get('/fails-in-second-sheet', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'x.xlsx',
      sheets: [
        { name: 'x', columns: AGENCY_COLUMNS, rows: rowsOf([{ agency: 'А' }]) },
        {
          name: 'y',
          columns: AGENCY_COLUMNS,
          rows: (async function* () {
            for (let id = 1; id <= 3000; id++) yield { agency: String(id) };
            throw new Error('database went away');
          })(),
        },
      ],
    }),
  );
  app.get('/long', (_req, res) => {
    const { counter, rows } = countedRows(LONG_ROWS);
    longCounter = counter;
    void streamXlsx(res, { fileName: 'x.xlsx', sheetName: 'x', columns: [{ header: 'ID', key: 'id', type: 'number' }, { header: 'Текст', key: 'text' }], rows });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const load = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return { response, sheet: workbook.worksheets[0]! };
};

describe('streamXlsx', () => {
  it('streams every row in batches by id, with a bold frozen header, an autofilter, and typed cells with column formats', async () => {
    const { response, sheet } = await load('/ok');
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('тест.xlsx')}`);
    expect(sheet.name).toBe('Лист');
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Имя', 'Дата', 'Сумма', 'День']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:E1');
    // Numbers and dates are typed cells: a date is the calendar date, shown DD.MM.YYYY by its column's format.
    expect(sheet.getRow(5001).values).toEqual([undefined, 5000, 'Строка 5000', new Date(Date.UTC(2025, 0, 31)), 7500, new Date(Date.UTC(2024, 1, 29))]);
    const cells = sheet.getRow(2);
    expect(cells.getCell(1).type).toBe(ExcelJS.ValueType.Number);
    expect(cells.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(cells.getCell(3).numFmt).toBe('DD.MM.YYYY');
    expect(cells.getCell(4).numFmt).toBe('#,##0.00');
    expect(sheet.getColumn(3).numFmt).toBe('DD.MM.YYYY');
    expect(fetched).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expectPrintSetup(sheet);
  });

  it('writes several sheets, each with its header, filter, print setup and an exact bold totals row', async () => {
    const response = await fetch(`${base}/sheets`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const workbook = await readWithoutFormulas(bytes);
    // Names Excel accepts: a repeat numbered, the apostrophe (which exceljs would not quote in the print titles) typographic.
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Заявки', 'Заявки (2)', 'Агентство O’Brien']);
    for (const sheet of workbook.worksheets) {
      expectPrintSetup(sheet);
      expect(sheet.views[0], sheet.name).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(1).font?.bold, sheet.name).toBe(true);
    }
    const [applications, agencies, empty] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(applications.autoFilter).toBe('A1:D1');
    expect(agencies.autoFilter).toBe('A1:B1');
    const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(applications, 1)).toEqual(['Номер', 'Дата', 'Сумма', 'Людей']);
    expect(values(applications, 2)).toEqual(['1', new Date(Date.UTC(2025, 2, 1)), 0.1, 2]);
    expect(values(applications, 4)).toEqual(['3', undefined, '=1+2']);
    // 0.1 + 0.2 in floats is 0.30000000000000004: the sum is exact.
    expect(values(applications, 5)).toEqual(['Итого', undefined, 0.3, 3]);
    expect(applications.rowCount).toBe(5);
    const total = applications.getRow(5);
    for (const column of [1, 3, 4]) expect(total.getCell(column).font?.bold).toBe(true);
    expect(total.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(total.getCell(3).numFmt).toBe(MONEY);
    expect(total.getCell(4).numFmt).toBe('0');
    expect(values(agencies, 1)).toEqual(['Агентство', 'Комиссия']);
    expect(values(agencies, 4)).toEqual(['Итого', 1001]);
    expect(empty.rowCount).toBe(2);
    expect(values(empty, 2)).toEqual([undefined, 0]);

    // The header rows repeat on print through the workbook's defined names, one per sheet.
    const xml = await (await JSZip.loadAsync(bytes)).file('xl/workbook.xml')!.async('string');
    const titles = [...xml.matchAll(/<definedName name="_xlnm\.Print_Titles" localSheetId="(\d)">([^<]*)<\/definedName>/g)].map((match) => [match[1], match[2]!.replaceAll('&apos;', "'")]);
    expect(titles).toEqual([
      ['0', "'Заявки'!$1:$1"],
      ['1', "'Заявки (2)'!$1:$1"],
      ['2', "'Агентство O’Brien'!$1:$1"],
    ]);
  });

  it('writes a row marked XLSX_SUBTOTAL bold in its column formats and leaves it out of the totals row’s sums', async () => {
    const { sheet } = await load('/subtotals');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect([2, 3, 4, 5, 6, 7].map(values)).toEqual([
      ['А', 0.1],
      ['А', 0.2],
      ['Итого по А', 0.3],
      ['Б', 1],
      ['Итого по Б', 1],
      ['Итого', 1.3],
    ]);
    for (const row of [2, 3, 4, 5, 6, 7]) {
      const bold = row === 4 || row === 6 || row === 7;
      for (const column of [1, 2]) expect(Boolean(sheet.getRow(row).getCell(column).font?.bold), `row ${row}`).toBe(bold);
      expect(sheet.getRow(row).getCell(2).numFmt).toBe(MONEY);
    }
  });

  it('aborts the download when a later sheet’s rows fail', async () => {
    await expect(fetch(`${base}/fails-in-second-sheet`).then((response) => response.arrayBuffer())).rejects.toThrow();
  });

  it('keeps text as it is: XML characters, spaces, numbers in text columns; drops characters XML cannot hold', async () => {
    const { sheet } = await load('/text');
    expect((sheet.getColumn(1).values as unknown[]).slice(1)).toEqual(['Текст', 'A & B <c> "d"', '  с пробелами  ', 'управляющийсимвол', undefined, '42']);
  });

  it('writes text beginning with =, +, - or @ as text, never as a formula, in text, number and date columns alike', async () => {
    const response = await fetch(`${base}/formula-like`);
    const sheet = (await readWithoutFormulas(await response.arrayBuffer())).worksheets[0]!;
    FORMULA_LIKE.forEach((text, index) => {
      const row = sheet.getRow(index + 2);
      for (const column of [1, 2, 3]) {
        expect(row.getCell(column).type).toBe(ExcelJS.ValueType.String);
        expect(row.getCell(column).value).toBe(text);
      }
    });
  });

  it('aborts the download when the rows fail after it started', async () => {
    // The socket closes mid-body: fetch or reading the body fails, never a whole-looking file.
    await expect(fetch(`${base}/fails-late`).then((response) => response.arrayBuffer())).rejects.toThrow();
  });

  /** A response whose reader takes nothing until `release()`, then everything (status and headers are noted). */
  function slowResponse() {
    const held: (() => void)[] = [];
    const chunks: Buffer[] = [];
    let holding = true;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        if (holding) held.push(callback);
        else callback();
      },
    });
    const headers: Record<string, string> = {};
    Object.assign(sink, { status: () => sink, setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) });
    const release = () => {
      holding = false;
      held.splice(0).forEach((callback) => callback());
    };
    return { response: sink as unknown as Parameters<typeof streamXlsx>[0], sink, chunks, headers, release };
  }

  const settle = async (counter: { taken: number }) => {
    for (let before = -1; before !== counter.taken; ) {
      before = counter.taken;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };

  it('waits for a slow reader: rows are read only as fast as the download is taken', async () => {
    const total = 120_000;
    const { response, chunks, headers, release } = slowResponse();
    const { counter, rows } = countedRows(total);
    const done = streamXlsx(response, { fileName: 'x.xlsx', sheetName: 'x', columns: [{ header: 'ID', key: 'id', type: 'number' }, { header: 'Текст', key: 'text' }], rows });
    await settle(counter);
    // The reader took nothing: the writer stopped once about a megabyte of the file waited for it.
    expect(counter.taken).toBeGreaterThan(0);
    expect(counter.taken).toBeLessThan(total / 2);
    release();
    await done;
    expect(counter.taken).toBe(total);
    expect(headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = await readWorkbook(Buffer.concat(chunks));
    expect(workbook.worksheets[0]!.rowCount).toBe(total + 1);
  }, 60_000);

  it('refuses a sum of a column that is no number column before anything is sent', async () => {
    const { response, headers } = slowResponse();
    const done = streamXlsx(response, { fileName: 'x.xlsx', sheetName: 'x', columns: AGENCY_COLUMNS, rows: rowsOf([{ agency: 'А' }]), totals: { agency: XLSX_SUM } });
    await expect(done).rejects.toThrow('agency is no number column to sum');
    expect(headers).toEqual({});
  });

  it('stops reading rows when the client goes away mid-download', async () => {
    const { response, sink } = slowResponse();
    const { counter, rows } = countedRows(120_000);
    const done = streamXlsx(response, { fileName: 'x.xlsx', sheetName: 'x', columns: [{ header: 'Текст', key: 'text' }], rows });
    await settle(counter);
    sink.destroy();
    await done;
    expect(counter.closed).toBe(true);
    expect(counter.taken).toBeLessThan(60_000);
  }, 60_000);

  it('stops reading rows when an HTTP client aborts the download', async () => {
    const aborted = new AbortController();
    const response = await fetch(`${base}/long`, { signal: aborted.signal });
    const reader = response.body!.getReader();
    await reader.read();
    aborted.abort();
    for (let waited = 0; !longCounter?.closed && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(longCounter!.closed).toBe(true);
    expect(longCounter!.taken).toBeLessThan(LONG_ROWS);
  }, 30_000);
});
