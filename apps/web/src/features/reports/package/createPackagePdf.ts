// Builds the package PDF from the loaded data and chart images, with the slide texts in the report
// language (loaded first; missing keys fall back to en-US) and the font of its script. A hidden
// group's line names the gate's reason, as the report pages do (SuppressedNote).
import { packageDocument, type PackageData, type PackageTexts } from '@survey/report-slides';
import i18next from 'i18next';
import { normalizeLanguage } from '../../../lib/i18n/languages';
import { suppressedText } from '../components/SuppressedNote';
import { createPdfBlob } from '../pdf/reportPdf';
import type { ChartImage } from './chartImages';
import type { PackageChartKey } from './packageCharts';

/** The deck's texts in a report language the app has loaded. */
export function packageTexts(language: string, threshold: number): PackageTexts {
  const textLanguage = normalizeLanguage(language);
  const slides = i18next.getFixedT(textLanguage, 'report', 'console.package.slides');
  const report = i18next.getFixedT(textLanguage, 'report');
  return {
    slides: (key, options) => slides(key as never, options),
    hidden: (name, reason) => suppressedText(report, threshold, { name, reason }),
    language: textLanguage,
  };
}

export async function createPackagePdf(
  data: PackageData,
  images: Map<PackageChartKey, ChartImage>,
  language: string,
  threshold: number,
): Promise<Blob> {
  await i18next.loadLanguages(normalizeLanguage(language));
  const texts = packageTexts(language, threshold);
  return createPdfBlob(language, (font) => packageDocument(data, images, texts, font));
}
