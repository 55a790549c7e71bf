// Making a report PDF in the browser. pdfmake (about 1 MB) and the font URLs load through import()
// only when a PDF is made, never with a route; the font files are fetched by pdfmake from the app's
// own assets for the report language's script only, and kept for the next PDF of the session.
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { downloadBlob } from '../../../lib/download';
import { pdfFonts } from './pdfTheme';
import { reportDocument, type ReportPdfInput } from './reportDocument';
import { reportFontFamily, type ReportFontFamily } from './reportFonts';

export type { ReportPdfInput } from './reportDocument';

/** Builds a PDF in the report language's font; `build` gets the font family to put in defaultStyle. */
export async function createPdfBlob(
  language: string,
  build: (font: ReportFontFamily) => TDocumentDefinitions,
): Promise<Blob> {
  const family = reportFontFamily(language);
  const [{ default: pdfMake }, { REPORT_FONT_URLS }] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('./reportFontUrls'),
  ]);
  const files = REPORT_FONT_URLS[family];
  // pdfmake fetches fonts given as absolute http(s) URLs itself and caches them by URL.
  pdfMake.setFonts(
    pdfFonts(family, { normal: absoluteUrl(files.normal), bold: absoluteUrl(files.bold) }),
  );
  return pdfMake.createPdf(build(family)).getBlob();
}

/** An A4 report PDF (title and subtitle on each page, page numbers) downloaded as `fileName`. */
export async function downloadReportPdf(input: ReportPdfInput, fileName: string): Promise<void> {
  const blob = await createPdfBlob(input.language, (font) => reportDocument(input, font));
  downloadBlob(blob, fileName);
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).href;
}
