/**
 * Spreadsheet exports never write a formula from user data (issue 25): text that begins with `=`,
 * `+`, `-` or `@` is a text cell, shown as typed, never something Excel computes (or that calls out,
 * as HYPERLINK or DDE would). Shared by the writer's test (server/exports/xlsx.test.ts) and the
 * exports' tests through the API (server/exports/formulas.test.ts).
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { expect } from 'vitest';
import { readWorkbook } from './workbook.js';

/** Names and notes a person may type that a spreadsheet would read as a formula. */
export const FORMULA_LIKE = ['=1+2', '+7 900', '-5', '@SUM(A1)', '=HYPERLINK("http://x","y")'] as const;

/**
 * Reads an xlsx as Excel would and fails on any formula in it: in the sheets' XML (an `<f>`
 * element, whatever exceljs makes of it) and in every cell exceljs reads. Gives the workbook.
 */
export async function readWithoutFormulas(bytes: ArrayBuffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const zip = await JSZip.loadAsync(data);
  const sheets = Object.keys(zip.files).filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name));
  expect(sheets.length).toBeGreaterThan(0);
  for (const name of sheets) expect(await zip.file(name)!.async('string'), name).not.toMatch(/<f[\s>/]/);

  const workbook = await readWorkbook(data);
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.formula, `${sheet.name}!${cell.address}`).toBeFalsy();
      }),
    ),
  );
  return workbook;
}
