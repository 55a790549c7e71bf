import JSZip from 'jszip';
import { xls, xlsx } from '../test/xlsx.js';
import { readSpreadsheet } from './spreadsheet.js';

const rows = [
  ['Sähköposti', 'Etunimi', 'Yksikkö 1'],
  ['aino@example.test', 'Aino', 'Tampere'],
  ['bertil@example.test', 'Bertil'],
];
const expected = [
  { row: 2, cells: { email: 'aino@example.test', firstName: 'Aino', unit1: 'Tampere' } },
  { row: 3, cells: { email: 'bertil@example.test', firstName: 'Bertil' } },
];

/** The same .xlsx with its zip entries in another order: `first` paths first, the rest after. */
async function reordered(file: Buffer, first: string[]): Promise<Buffer> {
  const source = await JSZip.loadAsync(file);
  const entries = Object.values(source.files).filter((entry) => !entry.dir);
  const rank = (path: string) => (first.includes(path) ? first.indexOf(path) : first.length);
  entries.sort((a, b) => rank(a.name) - rank(b.name));
  const target = new JSZip();
  for (const entry of entries) target.file(entry.name, await entry.async('uint8array'));
  return target.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('readSpreadsheet', () => {
  it('reads the recognised columns of an .xlsx and an .xls alike', async () => {
    expect(await readSpreadsheet(await xlsx(rows))).toEqual(expected);
    expect(await readSpreadsheet(xls(rows))).toEqual(expected);
  });

  // Zip entry order is free; Excel, LibreOffice and exceljs itself write them in varying orders.
  it('reads an .xlsx whose worksheet comes before the workbook part', async () => {
    const file = await reordered(await xlsx(rows), [
      '[Content_Types].xml',
      'xl/sharedStrings.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(await readSpreadsheet(file)).toEqual(expected);
  });
});
