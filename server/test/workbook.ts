import ExcelJS from 'exceljs';

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
