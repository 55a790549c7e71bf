// The report language's font for chart images: an SVG drawn as an image sees neither the page's
// fonts nor reliably the system's, so its text would print in boxes for Thai, Tamil or Japanese.
// The same TTF files the PDF embeds (reportFontUrls.ts) go into the SVG as data URLs, fetched
// once per family and session.
import { reportFontFamily, type ReportFontFamily } from './reportFonts';

const faces = new Map<ReportFontFamily, Promise<string>>();

async function dataUrl(url: string): Promise<string> {
  const blob = await (await fetch(url)).blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${url}`));
    reader.readAsDataURL(blob);
  });
}

async function load(family: ReportFontFamily): Promise<string> {
  const { REPORT_FONT_URLS } = await import('./reportFontUrls');
  const files = REPORT_FONT_URLS[family];
  const face = (src: string, weight: string) =>
    `@font-face{font-family:"${family}";font-weight:${weight};src:url(${src}) format("truetype")}`;
  const normal = await dataUrl(files.normal);
  // The CJK families print bold in the regular file (reportFontUrls.ts): one face for all weights.
  if (files.bold === files.normal) return face(normal, '100 900');
  return face(normal, '100 500') + face(await dataUrl(files.bold), '600 900');
}

/** The family name and its @font-face rules (data URLs) for an SVG in the report language. */
export async function reportFontFace(language: string): Promise<{ family: string; css: string }> {
  const family = reportFontFamily(language);
  let css = faces.get(family);
  if (!css) {
    css = load(family);
    css.catch(() => faces.delete(family)); // a failed fetch is tried again next time
    faces.set(family, css);
  }
  return { family, css: await css };
}

const inDocument = new Set<string>();

/**
 * Makes a report font the page's too, and waits until it has loaded. Highcharts lays out an
 * exported chart in the page (label widths, wrapping, the space the axis gives its names): measured
 * in the page's fallback font, names printed in the wider Noto Sans JP or SC ran past the image's
 * left edge.
 */
export async function loadReportFontInPage(face: { family: string; css: string }): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  if (!inDocument.has(face.family)) {
    const style = document.createElement('style');
    style.dataset.reportFont = face.family;
    style.textContent = face.css;
    document.head.append(style);
    inDocument.add(face.family);
  }
  await Promise.all([
    document.fonts.load(`12px "${face.family}"`),
    document.fonts.load(`bold 12px "${face.family}"`),
  ]);
}
