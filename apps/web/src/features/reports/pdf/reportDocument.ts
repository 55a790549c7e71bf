// The A4 page frame of a report PDF: the title and subtitle at the top of every page over an orange
// rule, the page's content, and "page / pages" with the product name at the foot.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PRODUCT_NAME } from '@survey/report-slides';
import { PDF_COLORS, PDF_STYLES } from './pdfTheme';
import type { ReportFontFamily } from './reportFonts';

export interface ReportPdfInput {
  title: string;
  subtitle?: string;
  /** The report language: picks the font for its script. */
  language: string;
  landscape?: boolean;
  content: Content[];
}

export { PRODUCT_NAME };

const MARGIN_X = 40;

export function reportDocument(
  input: ReportPdfInput,
  font: ReportFontFamily,
): TDocumentDefinitions {
  const landscape = input.landscape ?? false;
  const ruleLength = (landscape ? 842 : 595) - 2 * MARGIN_X;
  return {
    info: { title: input.title, subject: input.subtitle, creator: PRODUCT_NAME },
    pageSize: 'A4',
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: [MARGIN_X, 78, MARGIN_X, 48],
    defaultStyle: { font, fontSize: 10, color: PDF_COLORS.text, lineHeight: 1.2 },
    styles: PDF_STYLES,
    header: (): Content => ({
      margin: [MARGIN_X, 24, MARGIN_X, 0],
      stack: [
        { text: input.title, style: 'title' },
        ...(input.subtitle
          ? [{ text: input.subtitle, style: 'subtitle', margin: [0, 2, 0, 0] } satisfies Content]
          : []),
        {
          canvas: [
            {
              type: 'line',
              x1: 0,
              y1: 4,
              x2: ruleLength,
              y2: 4,
              lineWidth: 2,
              lineColor: PDF_COLORS.orange,
            },
          ],
        },
      ],
    }),
    footer: (currentPage, pageCount): Content => ({
      margin: [MARGIN_X, 16, MARGIN_X, 0],
      columns: [
        { text: PRODUCT_NAME, style: 'small' },
        { text: `${currentPage} / ${pageCount}`, style: 'small', alignment: 'right' },
      ],
    }),
    content: input.content,
  };
}
