// The package's charts drawn on the server, without the API: the shared definitions of the
// fixture package in Highcharts' jsdom window, measured and rasterised in the report font.
import { packageFixture } from '@survey/report-slides/testing';
import { inflateSync } from 'node:zlib';
import { deflatedRgbRows, packageChartImages } from './charts.js';
import { heldImage, heldImages, releaseImages } from './pdfImages.js';
import { renderPackagePdf } from './render.js';
import { createChartWindow, openFont } from './chartWindow.js';
import { createRequire } from 'node:module';
import { chartTexts } from './texts.js';

const require = createRequire(import.meta.url);
const notoSans = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');

describe('the server-drawn package charts', () => {
  it('draws each chart as an image twice its size, held until released', async () => {
    const images = await packageChartImages(
      packageFixture(),
      await chartTexts('fi-FI'),
      'NotoSans',
    );
    expect(images.size).toBe(7);
    for (const [key, image] of images) {
      expect(image.width).toBe(key === 'lIndexDistribution' ? 520 : 860);
      const held = heldImage(image.image);
      expect(held?.width).toBe(image.width * 2);
      expect(held?.height).toBe(image.height * 2);
      // Each row: its filter byte and three bytes a pixel.
      expect(inflateSync(held?.rows ?? Buffer.alloc(0)).length).toBe(
        (image.width * 2 * 3 + 1) * image.height * 2,
      );
    }
    releaseImages([...images.values()].map(({ image }) => image));
    expect([...images.values()].map(({ image }) => heldImage(image))).toEqual(
      Array(7).fill(undefined),
    );
  }, 60_000);

  it('holds no image once a package PDF is written', async () => {
    const pdf = await renderPackagePdf(packageFixture(), 'fi-FI', 5);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(heldImages()).toBe(0);
  }, 60_000);

  it('measures text in the report font, so a long axis name wraps as in a browser', () => {
    const win = createChartWindow();
    const font = openFont(notoSans);
    win.measureIn({ normal: font, bold: font });
    const container = win.document.createElement('div');
    win.document.body.append(container);
    const long = 'Työn ja vapaa-ajan yhteensovittaminen onnistuu hyvin tässä yksikössä';
    const chart = win.Highcharts.chart(container, {
      chart: { type: 'bar', width: 500, height: 300, animation: false },
      accessibility: { enabled: false },
      xAxis: { categories: [long, 'Lyhyt'] },
      series: [{ type: 'bar', data: [70, 60], animation: false }],
    });
    const svg = container.innerHTML;
    chart.destroy();
    // Both names are drawn; the long one over more than one line.
    expect(svg).toContain('Lyhyt');
    expect(svg).toContain('Työn');
    const label =
      /<text[^>]*>(?:(?!<\/text>).)*Työn(?:(?!<\/text>).)*<\/text>/s.exec(svg)?.[0] ?? '';
    expect(label.match(/<tspan/g)?.length ?? 0).toBeGreaterThan(1);
  });

  it('encodes the rendered pixels as PNG-filtered RGB rows that decode to them, repeated rows included', () => {
    const [width, height] = [3, 4];
    const rgba = Buffer.alloc(width * height * 4, 255);
    rgba.set([10, 20, 30, 255, 200, 100, 0, 255], 0); // row 0: two coloured pixels
    rgba.set([10, 20, 30, 255], width * 4 * 2 + 4); // row 2: one; rows 1 and 3 white as row 1
    const rows = inflateSync(deflatedRgbRows(rgba, width, height));
    // Undo the filters ("None", then "Up") and compare with the pixels' colours.
    const stride = width * 3 + 1;
    const decoded: number[] = [];
    for (let y = 0; y < height; y++) {
      expect(rows[y * stride]).toBe(y === 0 ? 0 : 2);
      for (let i = 0; i < width * 3; i++) {
        const above = y === 0 ? 0 : (decoded[(y - 1) * width * 3 + i] as number);
        decoded.push(((rows[y * stride + 1 + i] as number) + above) & 0xff);
      }
    }
    const rgb = [...rgba].filter((_, i) => i % 4 !== 3);
    expect(decoded).toEqual(rgb);
  });

  it('parses a label without markup as the text it is, and markup as before', () => {
    const win = createChartWindow();
    const { AST } = win.Highcharts as unknown as {
      AST: new (markup: string) => { nodes: unknown[] };
    };
    expect(new AST('  Työn ja vapaa-ajan yhteensovittaminen ').nodes).toEqual([
      { tagName: '#text', textContent: 'Työn ja vapaa-ajan yhteensovittaminen' },
    ]);
    expect(new AST('').nodes).toEqual([]);
    expect(new AST('a <b>b</b> &amp; c').nodes).toEqual([
      { tagName: '#text', textContent: 'a ' },
      { tagName: 'b', attributes: {}, children: [{ tagName: '#text', textContent: 'b' }] },
      { tagName: '#text', textContent: ' & c' },
    ]);
    // The inert document kept for parsing holds nothing of an earlier text.
    expect(new AST('<span>x</span>').nodes).toHaveLength(1);
  });
});
