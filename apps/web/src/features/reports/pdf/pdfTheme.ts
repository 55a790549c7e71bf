// The look of every report PDF: the product's orange, blue and grey (the charts' colours), Noto type
// in one family per script, and the text styles pages share.
import type { StyleDictionary, TFontDictionary } from 'pdfmake/interfaces';
import { PDF_COLORS } from '@survey/report-slides';
import type { ReportFontFamily } from './reportFonts';

export { PDF_COLORS };

export const PDF_STYLES: StyleDictionary = {
  title: { fontSize: 18, bold: true, color: PDF_COLORS.blue },
  subtitle: { fontSize: 10, color: PDF_COLORS.grey },
  heading: { fontSize: 13, bold: true, color: PDF_COLORS.blue, margin: [0, 10, 0, 4] },
  small: { fontSize: 8, color: PDF_COLORS.grey },
  tableHeader: { bold: true, color: PDF_COLORS.blue, fillColor: PDF_COLORS.paleBlue },
};

/** pdfmake's font entry for a family: regular and bold files (no italic cut: italics print upright). */
export function pdfFonts(
  family: ReportFontFamily,
  files: { normal: string; bold: string },
): TFontDictionary {
  return {
    [family]: {
      normal: files.normal,
      bold: files.bold,
      italics: files.normal,
      bolditalics: files.bold,
    },
  };
}
