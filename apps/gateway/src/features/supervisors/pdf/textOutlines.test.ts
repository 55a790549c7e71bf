// The chart texts drawn as the outlines of the glyphs the chart window measured: placed as SVG
// places text (anchors, lines, a label's outline copy), and rasterised as resvg draws the same text.
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { baseChartOptions, packageChartSpecs, REPORT_FONT_FILES } from '@survey/report-slides';
import { packageFixture } from '@survey/report-slides/testing';
import { createChartWindow, openFont, ROOT_FONT_SIZE } from './chartWindow.js';
import { glyphRun } from './glyphRuns.js';
import { outlinedSvg, outlineMarkup } from './textOutlines.js';
import { chartTexts } from './texts.js';

const require = createRequire(import.meta.url);
const files = {
  normal: require.resolve(REPORT_FONT_FILES.NotoSans.normal),
  bold: require.resolve(REPORT_FONT_FILES.NotoSans.bold),
};
const faces = { normal: openFont(files.normal), bold: openFont(files.bold) };
const win = createChartWindow();

/** A text element parsed from SVG markup in the chart window's document. */
function textElement(markup: string): Element {
  const holder = win.document.createElement('div');
  holder.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`;
  const text = holder.querySelector('text');
  if (!text) throw new Error('no text');
  return text;
}

/** Each glyph group's paint and its glyphs' positions, in the order drawn. */
function groups(markup: string): { paint: string; at: [number, number][] }[] {
  return [...markup.matchAll(/<g( [^>]*)?>((?:<path [^>]*><\/path>)*)<\/g>/g)]
    .filter(([, , paths]) => paths !== '')
    .map(([, paint = '', paths = '']) => ({
      paint: paint.trim(),
      at: [...paths.matchAll(/translate\(([\d.-]+) ([\d.-]+)\)/g)].map(
        ([, x, y]) => [Number(x), Number(y)] as [number, number],
      ),
    }));
}

/** Mean absolute difference of two RGBA images' colours, per pixel. */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / (a.length / 4);
}

const px = (text: string, size: number, bold = false) => {
  const font = bold ? faces.bold : faces.normal;
  return (glyphRun(font, text).advance * size) / font.unitsPerEm;
};

describe('chart texts as glyph outlines', () => {
  it("centres a data label and its outline copy on the label's x, the copy stroked", () => {
    const text = textElement(
      '<text x="100" y="50" text-anchor="middle" style="font-size: 12px; font-weight: bold; fill: rgb(255, 255, 255);">' +
        '<tspan class="highcharts-text-outline" fill="#000000" stroke="#000000" stroke-width="2px">20 %' +
        '<tspan x="100" dy="0">\u200b</tspan></tspan>20 %</text>',
    );
    const [outline, label] = groups(outlineMarkup(text, faces));
    expect(outline?.paint).toBe('fill="#000000" stroke="#000000" stroke-width="2px"');
    expect(label?.paint).toBe('');
    // Both start half the bold label's width left of x, on the baseline y.
    const start = 100 - px('20 %', 12, true) / 2;
    expect(outline?.at[0]?.[0]).toBeCloseTo(start, 1);
    expect(label?.at[0]?.[0]).toBeCloseTo(start, 1);
    expect(label?.at[0]?.[1]).toBe(50);
    expect(label?.at).toEqual(outline?.at);
    // The text's own attributes (its fill among them) stay on the group, its place does not.
    expect(outlineMarkup(text, faces)).toMatch(/^<g style="[^"]*fill: rgb\(255, 255, 255\);">/);
  });

  it('starts each wrapped line at its x, a line lower, anchored by its own width', () => {
    const text = textElement(
      '<text x="0" y="20" text-anchor="end" style="font-size: 10px;" transform="rotate(270 0 20)">' +
        'Työn ja vapaa-ajan<tspan x="0" dy="14">yhteensovittaminen</tspan></text>',
    );
    const markup = outlineMarkup(text, faces);
    expect(markup.startsWith('<g style="font-size: 10px;" transform="rotate(270 0 20)">')).toBe(
      true,
    );
    const [first, second] = groups(markup);
    expect(first?.at[0]?.[0]).toBeCloseTo(-px('Työn ja vapaa-ajan', 10), 1);
    expect(first?.at[0]?.[1]).toBe(20);
    expect(second?.at[0]?.[0]).toBeCloseTo(-px('yhteensovittaminen', 10), 1);
    expect(second?.at[0]?.[1]).toBe(34);
  });

  it("takes the anchor from the text's group and a shift from the text itself", () => {
    const holder = win.document.createElement('div');
    holder.innerHTML =
      '<svg xmlns="http://www.w3.org/2000/svg"><g text-anchor="middle">' +
      '<text x="50" y="10" dx="4" dy="6" style="font-size: 12px;">Lyhyt</text></g></svg>';
    const text = holder.querySelector('text') as Element;
    const [label] = groups(outlineMarkup(text, faces));
    expect(label?.at[0]?.[0]).toBeCloseTo(54 - px('Lyhyt', 12) / 2, 1);
    expect(label?.at[0]?.[1]).toBe(16);
  });

  it("draws the package's charts as resvg draws their texts, without a text left", async () => {
    win.measureIn(faces);
    const options = {
      fitTo: { mode: 'zoom' as const, value: 2 },
      background: '#ffffff',
      font: {
        fontFiles: [files.normal, files.bold],
        loadSystemFonts: false,
        defaultFontFamily: faces.normal.familyName,
        defaultFontSize: ROOT_FONT_SIZE,
      },
    };
    for (const spec of packageChartSpecs(packageFixture(), await chartTexts('fi-FI'))) {
      const container = win.document.createElement('div');
      win.document.body.append(container);
      const chart = win.Highcharts.chart(
        container,
        win.Highcharts.merge(baseChartOptions, spec.options, spec.imageOptions, {
          chart: { width: spec.width, style: { fontFamily: `"${faces.normal.familyName}"` } },
          accessibility: { enabled: false },
        }),
      );
      const svg = container.querySelector('svg') as Element;
      const own = svg.outerHTML;
      const outlined = outlinedSvg(svg, faces);
      chart.destroy();
      container.remove();
      expect(own).toContain('<text');
      expect(outlined).not.toContain('<text');
      const pixels = (markup: string) => new Resvg(markup, options).render().pixels;
      const drawn = pixels(own);
      // Mean difference per pixel (of 3 x 255): antialiasing only, no label moved or missing.
      expect(meanDifference(drawn, pixels(outlined))).toBeLessThan(0.2);
      // Not a blank: removing the texts altogether differs by more.
      const bare = pixels(own.replace(/<text[\s\S]*?<\/text>/g, ''));
      expect(meanDifference(drawn, bare)).toBeGreaterThan(1);
    }
  }, 60_000);
});
