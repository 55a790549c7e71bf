// The package's charts on the server: the shared chart definitions (packages/report-slides
// `packageChartSpecs`, the ones the browser draws) drawn by Highcharts in a jsdom window and
// rasterised by resvg at twice their size in the report language's Noto family, as the browser's
// images are, so the server's slides carry the same charts.
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
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
import {
  createChartWindow,
  openFont,
  ROOT_FONT_SIZE,
  type ChartWindow,
  type MeasureFonts,
} from './chartWindow.js';
import { outlinedSvg } from './textOutlines.js';

const PIXEL_RATIO = 2;
const require = createRequire(import.meta.url);

let chartWindow: ChartWindow | undefined;

interface FamilyFiles {
  /** The family's name inside its files, which the SVG names and resvg looks up. */
  name: string;
  files: string[];
  faces: MeasureFonts;
}

function familyFiles(family: ReportFontFamily): FamilyFiles {
  const normal = require.resolve(REPORT_FONT_FILES[family].normal);
  const bold = require.resolve(REPORT_FONT_FILES[family].bold);
  const faces = { normal: openFont(normal), bold: openFont(bold) };
  return { name: faces.normal.familyName, files: [...new Set([normal, bold])], faces };
}

/** One chart's SVG, drawn and measured in the family, its texts as the family's outlines. */
function chartSvg(win: ChartWindow, spec: PackageChartSpec, family: FamilyFiles): SVGResult {
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

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The rendered chart (RGBA on its white background, so every pixel is opaque) as an RGB PNG.
 * pdfkit puts an RGB PNG's compressed rows into the PDF as they are; an RGBA one it inflates,
 * splits into colour and a soft mask and deflates again, which took longer than drawing the chart.
 */
export function opaquePng(rgba: Uint8Array, width: number, height: number): Buffer {
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
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    // Level 3: a third of the default level's time for about a third more image bytes (the
    // fixture's seven charts: 82 against 271 ms, 425 against 324 kB; run-length alone: 557 kB).
    chunk('IDAT', deflateSync(rows, { level: 3 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface SVGResult {
  svg: string;
  width: number;
  height: number;
}

/**
 * Every chart of the package as an image keyed like the browser's, its texts from `t` (the report
 * namespace in the report language) in `family`.
 */
export async function packageChartImages(
  data: PackageData,
  t: ChartTexts,
  family: ReportFontFamily,
): Promise<Map<PackageChartKey, ChartImage>> {
  const win = (chartWindow ??= createChartWindow());
  const font = familyFiles(family);
  // Drawn one after the other, synchronously: the window measures in one family at a time.
  win.measureIn(font.faces);
  const drawn = packageChartSpecs(data, t).map(
    (spec) => [spec.key, chartSvg(win, spec, font)] as const,
  );
  const images = new Map<PackageChartKey, ChartImage>();
  for (const [key, { svg, width, height }] of drawn) {
    const png = await renderAsync(svg, {
      fitTo: { mode: 'zoom', value: PIXEL_RATIO },
      background: '#ffffff',
      font: {
        fontFiles: font.files,
        loadSystemFonts: false,
        defaultFontFamily: font.name,
        // Highcharts sizes its texts in rem and em: relative to a browser's 16 px, as measured.
        defaultFontSize: ROOT_FONT_SIZE,
      },
    });
    const opaque = opaquePng(png.pixels, png.width, png.height);
    const dataUrl = `data:image/png;base64,${opaque.toString('base64')}`;
    images.set(key, { dataUrl, width, height });
  }
  return images;
}
