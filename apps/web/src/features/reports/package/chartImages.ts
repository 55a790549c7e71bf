// Charts to images for the package PDF: each off-screen chart's SVG is drawn on a canvas at twice its
// size and read back as a PNG data URL (pdfmake embeds PNG). An abort signal stops the work when the
// survey, unit or language changes half way.
import Highcharts, { type Options } from 'highcharts';
import type { ChartHandle } from '../charts/Chart';
import type { ChartImage } from '@survey/report-slides';
import { loadReportFontInPage, reportFontFace } from '../pdf/reportFontFace';

export type { ChartImage };

const PIXEL_RATIO = 2;
/** The report language's Noto family inside the SVG itself (an image sees no page fonts). */
function withFont(svg: string, css: string): string {
  return svg.replace(/<svg[^>]*>/, (open) => `${open}<defs><style>${css}</style></defs>`);
}

function abortError(): DOMException {
  return new DOMException('chart images aborted', 'AbortError');
}

/** Draws an SVG document on a canvas and returns it as a PNG data URL. */
export async function svgToPng(
  svg: string,
  width: number,
  height: number,
  signal: AbortSignal,
): Promise<string> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    if (signal.aborted) throw abortError();
    const canvas = document.createElement('canvas');
    canvas.width = width * PIXEL_RATIO;
    canvas.height = height * PIXEL_RATIO;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.92);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Every chart's PNG, keyed like the handles; rejects with an AbortError when aborted. */
export async function chartImages<K extends string>(
  handles: Map<K, ChartHandle>,
  signal: AbortSignal,
  /** Options changed in the image only (for example a legend the slide draws itself). */
  overrides: Partial<Record<K, Options>> = {},
  /** The report language: the charts' texts print in its script's font. */
  language = 'en-US',
): Promise<Map<K, ChartImage>> {
  const images = new Map<K, ChartImage>();
  const font = await reportFontFace(language);
  // The chart lays out its labels in the page: measured in the font the image prints them in.
  await loadReportFontInPage(font);
  for (const [key, handle] of handles) {
    if (signal.aborted) throw abortError();
    const chart = handle.chart;
    const width = chart.chartWidth;
    const height = chart.chartHeight;
    // The export's own size: without one Highcharts lays out a chart without a fixed width at
    // 600 px, and the image drawn at the chart's size squeezed or stretched its text.
    const options = Highcharts.merge(
      { chart: { width, height, style: { fontFamily: `"${font.family}", sans-serif` } } },
      overrides[key] ?? {},
    );
    const svg = withFont(await chart.exporting.getSVG(options), font.css);
    images.set(key, { image: await svgToPng(svg, width, height, signal), width, height });
  }
  return images;
}
