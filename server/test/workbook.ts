import ExcelJS from 'exceljs';
import { expect } from 'vitest';

/**
 * Reads an xlsx answered by the server (a Buffer, a Uint8Array or an ArrayBuffer) with exceljs.
 * exceljs declares an ArrayBuffer; a Node Buffer may be a view into a larger pooled one, so its own
 * bytes are copied out first (new Uint8Array(view) copies) rather than cast.
 */
export async function readWorkbook(bytes: ArrayBuffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}

/**
 * Every exported sheet prints as an accountant expects (server/exports/xlsx-writer.ts): A4 (paper size 9)
 * landscape, fit to the page's width and as many pages down as needed, the header row on every page.
 */
export function expectPrintSetup(sheet: ExcelJS.Worksheet): void {
  expect(sheet.pageSetup, sheet.name).toMatchObject({
    paperSize: 9,
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: '1:1',
  });
  expect(sheet.headerFooter.oddFooter, sheet.name).toBe('&CСтраница &P из &N');
}
