// The look of every report PDF: the product's orange, blue and grey (the charts' colours), Noto type
// in one family per script, and the text styles pages share.
import type { StyleDictionary, TFontDictionary } from 'pdfmake/interfaces';
import { CHART_COLORS } from '../charts/theme';
import type { ReportFontFamily } from './reportFonts';

export const PDF_COLORS = {
  orange: CHART_COLORS.orange,
  blue: CHART_COLORS.blue,
  grey: CHART_COLORS.grey,
  lightGrey: CHART_COLORS.lightGrey,
  text: '#2b2b2b',
  paleOrange: '#fdf0e4',
  paleBlue: '#e8f1f9',
  paleGrey: '#f3f3f3',
} as const;

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
