// The report package PDF made on the server: the shared slide deck (packages/report-slides) through
// pdfmake's Node build, in the report language's Noto family read from the same npm font packages
// the web app ships, with the package's charts drawn on the server (charts.ts) as images like the
// browser's. No file or URL outside those fonts may be read while the PDF is made.
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { TFontDictionary } from 'pdfmake/interfaces.js';
import {
  fontFamilyOf,
  packageDocument,
  REPORT_FONT_FAMILIES,
  REPORT_FONT_FILES,
  type PackageData,
} from '@survey/report-slides';
import { packageChartImages } from './charts.js';
import { chartTexts, packageTexts } from './texts.js';
import { embedHeldImages, releaseImages } from './pdfImages.js';
import { shareTextLayouts } from './textLayouts.js';

const require = createRequire(import.meta.url);

let fontFiles: Set<string> | undefined;

/** Every family's files registered once (pdfmake reads a file only when a PDF uses its family). */
function registerFonts(): void {
  if (fontFiles) return;
  const fonts: TFontDictionary = {};
  const files = new Set<string>();
  for (const family of REPORT_FONT_FAMILIES) {
    const normal = require.resolve(REPORT_FONT_FILES[family].normal);
    const bold = require.resolve(REPORT_FONT_FILES[family].bold);
    fonts[family] = { normal, bold, italics: normal, bolditalics: bold };
    files.add(normal).add(bold);
  }
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => files.has(path));
  shareTextLayouts();
  embedHeldImages();
  fontFiles = files;
}

/**
 * The package of `data` as PDF bytes; `language` is a console language code (a locales folder),
 * `threshold` the anonymity threshold a hidden group's line names.
 */
export async function renderPackagePdf(
  data: PackageData,
  language: string,
  threshold: number,
): Promise<Buffer> {
  registerFonts();
  const texts = await packageTexts(language, threshold);
  const family = fontFamilyOf(language);
  const images = await packageChartImages(data, await chartTexts(language), family);
  try {
    const document = packageDocument(data, images, texts, family);
    return Buffer.from(await pdfmake.createPdf(document).getBuffer());
  } finally {
    releaseImages([...images.values()].map(({ image }) => image));
  }
}
