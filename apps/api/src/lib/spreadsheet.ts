// Reads the first sheet of an uploaded .xlsx or .xls into rows keyed by column, for the participant
// and user imports (administration.md sections 5 and 7). The file is recognised by its content, not
// its name: .xlsx is a zip, read by exceljs; the old binary .xls (an OLE2 compound
// file) is read by SheetJS (the maintained 0.20 line, @e965/xlsx), which exceljs cannot do.
// Both libraries are loaded on the first import that needs one: together they were a fifth of the
// API's start (every test file and e2e console starts one).
import { HttpError } from './errors.js';

/** Columns an import may have; the header row names them in English, Finnish or Swedish. */
export type ColumnKey =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'displayName'
  | 'languageCode'
  | `unit${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;

export const UNIT_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

// Header texts compared lowercased without spaces, dots, dashes or underscores.
const HEADERS: Record<Exclude<ColumnKey, `unit${number}`>, string[]> = {
  email: ['email', 'emailaddress', 'sähköposti', 'sähköpostiosoite', 'epost', 'epostadress'],
  firstName: ['firstname', 'givenname', 'etunimi', 'förnamn'],
  lastName: ['lastname', 'surname', 'familyname', 'sukunimi', 'efternamn'],
  displayName: ['displayname', 'name', 'nimi', 'näyttönimi', 'namn', 'visningsnamn'],
  languageCode: ['languagecode', 'language', 'kielikoodi', 'kieli', 'språkkod', 'språk'],
};
const UNIT_WORDS = ['unit', 'yksikkö', 'enhet'];

const normalise = (text: string) => text.toLowerCase().replace(/[\s._-]+/g, '');

/** The column a header cell names, if any. */
export function columnOf(header: string): ColumnKey | undefined {
  const text = normalise(header);
  for (const [key, names] of Object.entries(HEADERS)) {
    if (names.includes(text)) return key as ColumnKey;
  }
  const unit = /^(\D+)(\d{1,2})$/.exec(text);
  const level = Number(unit?.[2]);
  if (unit?.[1] && UNIT_WORDS.includes(unit[1]) && level >= 1 && level <= 10) {
    return `unit${level}` as ColumnKey;
  }
  return undefined;
}

export interface SheetRow {
  /** The row's number in the sheet (1-based, as a spreadsheet program shows it). */
  row: number;
  cells: Partial<Record<ColumnKey, string>>;
}

/** Most data rows one import takes (10 MB of xlsx holds far fewer realistic rows). */
export const MAX_ROWS = 50_000;
// The header is looked for in the first rows, so a title line above it does not break the import.
const HEADER_SEARCH_ROWS = 10;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const unsupported = (message: string) =>
  new HttpError('unsupported_file', [{ field: 'file', message }]);
const invalid = (message: string) =>
  new HttpError('invalid_spreadsheet', [{ field: 'file', message }]);

/** A sheet row as text cells: `texts[0]` is column A. */
interface TextRow {
  number: number;
  texts: string[];
}

/**
 * The data rows of the first worksheet, each with the cells of the recognised columns (trimmed
 * text; empty cells left out). Throws 400 `unsupported_file` for anything but .xlsx or .xls and
 * 400 `invalid_spreadsheet` for an unreadable sheet, one without a header row that has an email
 * column, one without data rows, or one with more than MAX_ROWS rows.
 */
export async function readSpreadsheet(file: Buffer): Promise<SheetRow[]> {
  const source = file.subarray(0, OLE2.length).equals(OLE2)
    ? xlsRows(file)
    : file.subarray(0, ZIP.length).equals(ZIP)
      ? xlsxRows(file)
      : undefined;
  if (!source) throw unsupported('import.notSpreadsheet');
  let columns: Map<number, ColumnKey> | undefined;
  const rows: SheetRow[] = [];
  try {
    for await (const row of source) {
      if (!columns) {
        if (row.number > HEADER_SEARCH_ROWS) break;
        columns = headerOf(row.texts);
        continue;
      }
      const cells: SheetRow['cells'] = {};
      for (const [column, key] of columns) {
        const text = row.texts[column]?.trim();
        if (text) cells[key] = text;
      }
      if (Object.keys(cells).length === 0) continue;
      if (rows.length === MAX_ROWS) throw invalid('import.tooManyRows');
      rows.push({ row: row.number, cells });
    }
  } catch (error) {
    throw error instanceof HttpError ? error : invalid('import.unreadable');
  }
  if (!columns) throw invalid('import.noHeader');
  if (rows.length === 0) throw invalid('import.noRows');
  return rows;
}

/**
 * The first worksheet of an .xlsx. The workbook is loaded whole rather than streamed: exceljs's
 * streaming reader fails when the zip stores the worksheet before xl/workbook.xml, which is valid
 * and happens (even with files exceljs itself writes), and for 10 MB of upload loading is as fast.
 */
async function* xlsxRows(file: Buffer): AsyncGenerator<TextRow> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer-like Buffer; a Node Buffer is what it reads.
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return;
  const rows: TextRow[] = [];
  sheet.eachRow((row) => {
    const texts: string[] = [];
    row.eachCell((cell, column) => {
      texts[column - 1] = cell.text;
    });
    rows.push({ number: row.number, texts });
  });
  yield* rows;
}

/** The first worksheet of a legacy .xls, as the formatted text a spreadsheet program shows. */
async function* xlsRows(file: Buffer): AsyncGenerator<TextRow> {
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.read(file, {
    type: 'buffer',
    sheets: 0,
    sheetRows: MAX_ROWS + HEADER_SEARCH_ROWS + 1,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
  });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return;
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: true,
  });
  for (const [index, cells] of rows.entries())
    yield { number: range.s.r + index + 1, texts: cells.map((cell) => String(cell ?? '')) };
}

/** The recognised columns (0-based) of a header row, if it has an email column. */
function headerOf(texts: string[]): Map<number, ColumnKey> | undefined {
  const found = new Map<number, ColumnKey>();
  texts.forEach((text, column) => {
    const key = text ? columnOf(text) : undefined;
    if (key && ![...found.values()].includes(key)) found.set(column, key);
  });
  return [...found.values()].includes('email') ? found : undefined;
}
