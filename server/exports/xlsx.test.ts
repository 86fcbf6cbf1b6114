/** streamXlsx and rowsInBatches on a real HTTP response. */
import ExcelJS from 'exceljs';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsInBatches, streamXlsx, xlsxDate } from './xlsx.js';

let server: Server;
let base: string;
const fetched: number[] = [];

beforeAll(async () => {
  const app = express();
  const source = async (afterId: number, limit: number) => {
    fetched.push(afterId);
    const rows = [];
    for (let id = afterId + 1; id <= Math.min(afterId + limit, 5000); id++) rows.push({ id, name: `Строка ${id}`, when: new Date(2025, 0, 31) });
    return rows;
  };
  app.get('/ok', (_req, res) =>
    void streamXlsx(res, {
      fileName: 'тест.xlsx',
      sheetName: 'Лист',
      columns: [
        { header: 'ID', key: 'id' },
        { header: 'Имя', key: 'name' },
        { header: 'Дата', key: 'when' },
      ],
      rows: rowsInBatches(source, 1000),
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
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('streamXlsx', () => {
  it('streams every row in batches by id, with a bold frozen header, an autofilter and DD.MM.YYYY dates', async () => {
    const response = await fetch(`${base}/ok`);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('тест.xlsx')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Лист')!;
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:C1');
    expect(sheet.getRow(5001).values).toEqual([undefined, 5000, 'Строка 5000', '31.01.2025']);
    expect(fetched).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
  });

  it('aborts the download when the rows fail after it started', async () => {
    // The socket closes mid-body: fetch or reading the body fails, never a whole-looking file.
    await expect(fetch(`${base}/fails-late`).then((response) => response.arrayBuffer())).rejects.toThrow();
  });

  it('formats dates as DD.MM.YYYY', () => {
    expect(xlsxDate('2025-12-01')).toBe('01.12.2025');
    expect(xlsxDate(null)).toBe('');
  });
});
