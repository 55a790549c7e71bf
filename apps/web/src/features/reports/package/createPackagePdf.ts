// Builds the package PDF from the loaded data and chart images, with the slide texts in the report
// language (loaded first; missing keys fall back to en-US) and the font of its script.
import i18next from 'i18next';
import { normalizeLanguage } from '../../../lib/i18n/languages';
import { createPdfBlob } from '../pdf/reportPdf';
import type { ChartImage } from './chartImages';
import type { PackageChartKey } from './packageCharts';
import { packageDocument, type PackageData } from './packageSlides';

export async function createPackagePdf(
  data: PackageData,
  images: Map<PackageChartKey, ChartImage>,
  language: string,
): Promise<Blob> {
  const textLanguage = normalizeLanguage(language);
  await i18next.loadLanguages(textLanguage);
  const t = i18next.getFixedT(textLanguage, 'report', 'console.package.slides');
  return createPdfBlob(language, (font) => packageDocument(data, images, t, font));
}
