// The report package as a slide deck: 960 x 540 pages in the product's orange, blue and grey. Title
// slides (cover, slogan, results, closing) are full-bleed colour; content slides have a title with an
// orange accent, the chart or table, and a footer with the logo, company and unit, and page number.
// The sections are in packageSections.ts, the parts of a slide in slideParts.ts.
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ReportFontFamily } from './fonts.js';
import { PDF_COLORS, PRODUCT_NAME } from './theme.js';
import {
  coverSlides,
  criteriaSlides,
  enpsSlides,
  importanceSlides,
  lIndexSlides,
  realizationSlides,
  responseSlides,
  resultsSlides,
  type Deck,
} from './packageSections.js';
import type { ChartImage, PackageChartKey, PackageData, PackageTexts } from './types.js';
import {
  CHART_BOX,
  MARGIN_X,
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  slideBackground,
  slideFooter,
  statementSlide,
  type Slide,
} from './slideParts.js';

export { realizationScale, SLIDE_HEIGHT, SLIDE_WIDTH, type Slide } from './slideParts.js';
/** True when the package shows the pages that compare the unit with the organisation. */
export function comparesWithOrganisation(data: PackageData): boolean {
  return data.unit !== null;
}

export function packageSlides(
  data: PackageData,
  images: Map<PackageChartKey, ChartImage>,
  texts: PackageTexts,
): Slide[] {
  const t = texts.slides;
  const deck: Deck = {
    data,
    t,
    hidden: texts.hidden,
    image: (key, fit = CHART_BOX) => {
      const chart = images.get(key);
      return chart ? [{ image: chart.image, fit, alignment: 'center' }] : [];
    },
    unitVsOrg: comparesWithOrganisation(data),
    language: texts.language,
  };
  return [
    ...coverSlides(deck),
    ...responseSlides(deck),
    statementSlide(t('slogan'), t('sloganTitle')),
    ...resultsSlides(deck),
    ...importanceSlides(deck),
    ...realizationSlides(deck),
    ...lIndexSlides(deck),
    ...enpsSlides(deck),
    ...criteriaSlides(deck),
    statementSlide(t('closingTitle'), t('closingText')),
  ];
}

/** The whole deck as a pdfmake document in the report language's font. */
export function packageDocument(
  data: PackageData,
  images: Map<PackageChartKey, ChartImage>,
  texts: PackageTexts,
  font: ReportFontFamily,
): TDocumentDefinitions {
  const slides = packageSlides(data, images, texts);
  const kindOf = (page: number) => slides[page - 1]?.kind ?? 'content';
  const footerText = `${data.companyName} · ${data.unitName}`;
  return {
    info: { title: `${data.survey.name} · ${data.unitName}`, creator: PRODUCT_NAME },
    pageSize: { width: SLIDE_WIDTH, height: SLIDE_HEIGHT },
    pageMargins: [MARGIN_X, 40, MARGIN_X, 56],
    defaultStyle: { font, fontSize: 12, color: PDF_COLORS.text, lineHeight: 1.15 },
    styles: {
      slideTitle: { fontSize: 28, bold: true, color: PDF_COLORS.blue },
      lead: { fontSize: 13, color: PDF_COLORS.grey },
      th: { fontSize: 11, bold: true, color: PDF_COLORS.blue },
    },
    background: (page) => slideBackground(kindOf(page)),
    footer: (page, pages) => slideFooter(kindOf(page), footerText, page, pages),
    content: slides.map((slide, index) =>
      index === 0 ? { stack: slide.content } : { stack: slide.content, pageBreak: 'before' },
    ),
  };
}
