// Spreadsheets for import tests, written the way a user's spreadsheet program would: an .xlsx (or a
// legacy .xls) whose first sheet holds the given rows (the first one usually the header).
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';

export async function xlsx(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same rows as a legacy binary .xls (BIFF8), as older Excel versions save it. */
export function xls(rows: readonly (readonly unknown[])[]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])),
    'Import',
  );
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer;
}
