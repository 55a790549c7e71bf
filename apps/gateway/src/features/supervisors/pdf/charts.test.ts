// The package's charts drawn on the server, without the API: the shared definitions of the
// fixture package in Highcharts' jsdom window, measured and rasterised in the report font.
import { packageFixture } from '@survey/report-slides/testing';
import { packageChartImages } from './charts.js';
import { createChartWindow, openFont } from './chartWindow.js';
import { createRequire } from 'node:module';
import { chartTexts } from './texts.js';

const require = createRequire(import.meta.url);
const notoSans = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');

describe('the server-drawn package charts', () => {
  it('draws each chart as a PNG twice its size', async () => {
    const images = await packageChartImages(
      packageFixture(),
      await chartTexts('fi-FI'),
      'NotoSans',
    );
    expect(images.size).toBe(7);
    for (const [key, image] of images) {
      expect(image.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
      expect(image.width).toBe(key === 'lIndexDistribution' ? 520 : 860);
      const png = Buffer.from(image.dataUrl.slice(image.dataUrl.indexOf(',') + 1), 'base64');
      // The PNG header's size: twice the chart's.
      expect(png.readUInt32BE(16)).toBe(image.width * 2);
      expect(png.readUInt32BE(20)).toBe(image.height * 2);
    }
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
});
