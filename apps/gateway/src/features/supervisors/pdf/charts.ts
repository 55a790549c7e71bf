// The package's charts on the server: the shared chart definitions (packages/report-slides
// `packageChartSpecs`, the ones the browser draws) drawn by Highcharts in a jsdom window in the
// report language's Noto family, their texts as that family's outlines, and rasterised by resvg at
// twice their size, as the browser's images are, so the server's slides carry the same charts.
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';
import type { Options } from 'highcharts';
import {
  baseChartOptions,
  packageChartSpecs,
  REPORT_FONT_FILES,
  type ChartImage,
  type ChartTexts,
  type PackageChartKey,
  type PackageChartSpec,
  type PackageData,
  type ReportFontFamily,
} from '@survey/report-slides';
import { createChartWindow, openFont, type ChartWindow, type MeasureFonts } from './chartWindow.js';
import { holdImage, type DeflatedRows } from './pdfImages.js';
import { outlinedSvg } from './textOutlines.js';

const PIXEL_RATIO = 2;
const require = createRequire(import.meta.url);

let chartWindow: ChartWindow | undefined;

interface FamilyFaces {
  /** The family's name inside its files, which the chart's style names. */
  name: string;
  faces: MeasureFonts;
}

function familyFaces(family: ReportFontFamily): FamilyFaces {
  const normal = require.resolve(REPORT_FONT_FILES[family].normal);
  const bold = require.resolve(REPORT_FONT_FILES[family].bold);
  const faces = { normal: openFont(normal), bold: openFont(bold) };
  return { name: faces.normal.familyName, faces };
}

/** One chart's SVG, drawn and measured in the family, its texts as the family's outlines. */
function chartSvg(win: ChartWindow, spec: PackageChartSpec, family: FamilyFaces): SVGResult {
  const { Highcharts, document } = win;
  const container = document.createElement('div');
  document.body.append(container);
  const options: Options = Highcharts.merge(baseChartOptions, spec.options, spec.imageOptions, {
    chart: { width: spec.width, style: { fontFamily: `"${family.name}"` } },
    // The screen reader texts belong to the page; an image has none.
    accessibility: { enabled: false },
  });
  const chart = Highcharts.chart(container, options);
  try {
    const svg = container.querySelector('svg');
    if (!svg) throw new Error(`chart ${spec.key} drew no SVG`);
    return {
      svg: outlinedSvg(svg, family.faces),
      width: chart.chartWidth,
      height: chart.chartHeight,
    };
  } finally {
    chart.destroy();
    container.remove();
  }
}

/**
 * The rendered chart (RGBA on its white background, so every pixel is opaque) as RGB rows with
 * PNG filters, deflated: what a PDF image with the PNG predictor holds (pdfImages.ts).
 */
export function deflatedRgbRows(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const line = width * 4;
  // Zeros: a row the same as the one above it stays so (filter "Up" of equal bytes).
  const rows = Buffer.alloc(stride * height);
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let y = 0; y < height; y++) {
    let out = y * stride;
    let from = y * line;
    if (y === 0) {
      out += 1; // filter "None"
      for (let x = 0; x < width; x++, from += 4, out += 3) {
        rows[out] = pixels[from] as number;
        rows[out + 1] = pixels[from + 1] as number;
        rows[out + 2] = pixels[from + 2] as number;
      }
      continue;
    }
    // Filter "Up": each byte less the one above it; a chart's many repeated rows become zeros.
    rows[out++] = 2;
    if (pixels.compare(pixels, from - line, from, from, from + line) === 0) continue;
    for (let x = 0; x < width; x++, from += 4, out += 3) {
      rows[out] = ((pixels[from] as number) - (pixels[from - line] as number)) & 0xff;
      rows[out + 1] = ((pixels[from + 1] as number) - (pixels[from + 1 - line] as number)) & 0xff;
      rows[out + 2] = ((pixels[from + 2] as number) - (pixels[from + 2 - line] as number)) & 0xff;
    }
  }
  // Level 3: a third of the default level's time for about a third more image bytes (the
  // fixture's seven charts: 82 against 271 ms, 425 against 324 kB; run-length alone: 557 kB).
  return deflateSync(rows, { level: 3 });
}

interface SVGResult {
  svg: string;
  width: number;
  height: number;
}

/**
 * Every chart of the package as an image keyed like the browser's, its texts from `t` (the report
 * namespace in the report language) in `family`. The images are held for this thread's documents
 * (pdfImages.ts) until the caller releases them.
 */
export async function packageChartImages(
  data: PackageData,
  t: ChartTexts,
  family: ReportFontFamily,
): Promise<Map<PackageChartKey, ChartImage>> {
  const win = (chartWindow ??= createChartWindow());
  const font = familyFaces(family);
  // Drawn one after the other, synchronously: the window measures in one family at a time.
  win.measureIn(font.faces);
  const drawn = packageChartSpecs(data, t).map(
    (spec) => [spec.key, chartSvg(win, spec, font)] as const,
  );
  const rendered: [PackageChartKey, DeflatedRows, SVGResult][] = [];
  for (const [key, chart] of drawn) {
    // The texts are outlines already (textOutlines.ts): resvg needs no font.
    const png = await renderAsync(chart.svg, {
      fitTo: { mode: 'zoom', value: PIXEL_RATIO },
      background: '#ffffff',
      font: { loadSystemFonts: false },
    });
    const rows = deflatedRgbRows(png.pixels, png.width, png.height);
    rendered.push([key, { rows, width: png.width, height: png.height }, chart]);
  }
  // Held once all are drawn, so that a chart that fails leaves none held.
  return new Map(
    rendered.map(([key, rows, { width, height }]) => [
      key,
      { image: holdImage(rows), width, height },
    ]),
  );
}
