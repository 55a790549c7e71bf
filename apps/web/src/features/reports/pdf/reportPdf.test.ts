// The PDF builder end to end in the test runner: the same pdfmake build the browser loads, the real
// font files the app ships, and the bytes it writes.
import { readFileSync } from 'node:fs';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { UI_LANGUAGES } from '../../../lib/i18n/languages';
import { pdfFonts } from './pdfTheme';
import { reportDocument, type ReportPdfInput } from './reportDocument';
import { REPORT_FONT_FAMILIES, reportFontFamily, type ReportFontFamily } from './reportFonts';
import { REPORT_FONT_URLS } from './reportFontUrls';

/** The dev server's `/@fs/<absolute path>` URL of a bundled font, read from the disk. */
function fontBase64(url: string): string {
  return readFileSync(url.replace(/^\/@fs/, '')).toString('base64');
}

async function renderPdfBytes(
  family: ReportFontFamily,
  definition: TDocumentDefinitions,
): Promise<string> {
  const { default: pdfMake } = await import('pdfmake/build/pdfmake');
  const files = REPORT_FONT_URLS[family];
  const names = { normal: `${family}-normal.ttf`, bold: `${family}-bold.ttf` };
  pdfMake.addVirtualFileSystem({
    [names.normal]: fontBase64(files.normal),
    [names.bold]: fontBase64(files.bold),
  });
  pdfMake.setFonts(pdfFonts(family, names));
  const buffer = await pdfMake.createPdf(definition).getBuffer();
  return Buffer.from(buffer).toString('latin1');
}

const pageCount = (pdf: string) => pdf.match(/\/Type \/Page\b/g)?.length ?? 0;

describe('report language fonts', () => {
  it('gives every report language a font family', () => {
    for (const language of UI_LANGUAGES)
      expect(REPORT_FONT_FAMILIES).toContain(reportFontFamily(language));
  });

  it('sets each script in its own Noto family and Latin and Cyrillic in Noto Sans', () => {
    expect(reportFontFamily('th')).toBe('NotoSansThai');
    expect(reportFontFamily('ta')).toBe('NotoSansTamil');
    expect(reportFontFamily('te')).toBe('NotoSansTelugu');
    expect(reportFontFamily('kn')).toBe('NotoSansKannada');
    expect(reportFontFamily('bn')).toBe('NotoSansBengali');
    expect(reportFontFamily('hi')).toBe('NotoSansDevanagari');
    expect(reportFontFamily('mr')).toBe('NotoSansDevanagari');
    expect(reportFontFamily('zh')).toBe('NotoSansSC');
    expect(reportFontFamily('ko')).toBe('NotoSansKR');
    expect(reportFontFamily('ja')).toBe('NotoSansJP');
    for (const language of [
      'fi-FI',
      'en-US',
      'sv',
      'cz',
      'sme',
      'vi',
      'ru',
      'uk',
      'bg',
      'sr',
      'tr',
    ])
      expect(reportFontFamily(language)).toBe('NotoSans');
  });

  it('reads aliases and unknown codes like the rest of the console', () => {
    expect(reportFontFamily('ja-JP')).toBe('NotoSansJP');
    expect(reportFontFamily('fi')).toBe('NotoSans');
    expect(reportFontFamily('xx')).toBe('NotoSans');
  });

  it('loads the large CJK files only for their own languages', () => {
    const cjk = new Set(['NotoSansSC', 'NotoSansKR', 'NotoSansJP']);
    const users = UI_LANGUAGES.filter((language) => cjk.has(reportFontFamily(language)));
    expect(users.sort()).toEqual(['ja', 'ko', 'zh']);
  });
});

describe('report PDF', () => {
  const input: ReportPdfInput = {
    title: 'Tärkeimmät aiheet',
    subtitle: 'Demo Oy · HK24',
    language: 'fi-FI',
    content: [
      { text: 'Työn merkityksellisyys', style: 'heading' },
      { text: 'Ensimmäinen sivu.' },
      { text: 'Toinen sivu.', pageBreak: 'before' },
    ],
  };

  it('writes an A4 PDF with one page per page break', async () => {
    const pdf = await renderPdfBytes('NotoSans', reportDocument(input, 'NotoSans'));
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pageCount(pdf)).toBe(2);
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans-Regular/);
  }, 60_000);

  it('turns the page to landscape on request', async () => {
    const pdf = await renderPdfBytes(
      'NotoSans',
      reportDocument({ ...input, landscape: true }, 'NotoSans'),
    );
    expect(pdf).toContain('/MediaBox [0 0 841.89 595.28]');
  }, 60_000);

  it('embeds the Thai font for a Thai report', async () => {
    const family = reportFontFamily('th');
    const thai = { ...input, language: 'th', title: 'ความพึงพอใจในปัจจุบัน', content: ['ผลลัพธ์'] };
    const pdf = await renderPdfBytes(family, reportDocument(thai, family));
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansThai-Regular/);
  }, 60_000);
});
