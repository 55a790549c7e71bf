// The package deck: which slides a unit, the whole organisation and a trend survey get, and the PDF
// the slides make (pdfmake's browser build with the font files the app ships).
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { pdfFonts } from '../pdf/pdfTheme';
import type { ReportFontFamily } from '../pdf/reportFonts';
import { REPORT_FONT_URLS } from '../pdf/reportFontUrls';
import type { ChartImage } from './chartImages';
import type { PackageChartKey } from './packageCharts';
import { packageTexts } from './createPackagePdf';
import { packageFixture, withOrganisationHidden } from './packageFixture';
import { packageDocument, packageSlides, realizationScale } from '@survey/report-slides';

const t = () => packageTexts('en-US', 5);
const noImages = new Map<PackageChartKey, ChartImage>();

/** The first text of each slide: the cover's product name, else the slide's title. */
function slideTitles(slides: ReturnType<typeof packageSlides>): string[] {
  return slides.map((slide) => {
    const first = slide.content[slide.kind === 'cover' ? 1 : 0];
    return typeof first === 'object' && first && 'text' in first ? String(first.text) : '';
  });
}

describe('report package slides', () => {
  it('gives a unit the comparison slides with the organisation', () => {
    const titles = slideTitles(packageSlides(packageFixture(), noImages, t()));
    expect(titles).toEqual([
      'Demo Oy',
      'Response activity',
      'Every voice counts.',
      'Results',
      'Current satisfaction',
      'Meaningful factors',
      'Top 10 most important topics',
      'Top 10 compared with the organisation',
      'Us compared with the organisation',
      'Realization of the top 10',
      'Importance and realization',
      'The L-index',
      'L-index compared with the organisation',
      'eNPS',
      'The eNPS scale',
      'The 30 criteria',
      'Thank you',
    ]);
  });

  it('leaves the comparison slides out for the whole organisation', () => {
    const whole = packageFixture({ unit: null, unitName: 'Whole organisation' });
    const titles = slideTitles(packageSlides(whole, noImages, t()));
    expect(titles).toHaveLength(14);
    expect(titles).not.toContain('Top 10 compared with the organisation');
    expect(titles).not.toContain('Us compared with the organisation');
    expect(titles).not.toContain('L-index compared with the organisation');
  });

  it('leaves the importance slides out of a trend survey and names the cover trend results', () => {
    const slides = packageSlides(packageFixture({ trend: true }), noImages, t());
    const titles = slideTitles(slides);
    expect(titles).not.toContain('Meaningful factors');
    expect(titles).not.toContain('Top 10 most important topics');
    expect(titles).not.toContain('Us compared with the organisation');
    expect(JSON.stringify(slides[0]?.content)).toContain('TREND RESULTS');
  });

  it('names why a hidden group is hidden where its figures would be, not just a gap', () => {
    const hidden = withOrganisationHidden(packageFixture(), 'DIFFERENCING');
    const slides = packageSlides(hidden, noImages, t());
    const text = JSON.stringify(slides.map((slide) => slide.content));
    const line = 'HK24: hidden so that a smaller group cannot be worked out';
    // The L-index comparison, the eNPS slide and the top 10 against the organisation.
    const withReason = slides.filter((slide) => JSON.stringify(slide.content).includes(line));
    expect(withReason.map((slide) => slideTitles([slide])[0])).toEqual([
      'Current satisfaction',
      'Top 10 compared with the organisation',
      'L-index compared with the organisation',
      'eNPS',
    ]);
    expect(text).not.toContain('HK24: ","Average');
    const small = withOrganisationHidden(packageFixture(), 'BELOW_THRESHOLD');
    expect(JSON.stringify(packageSlides(small, noImages, t()).map((s) => s.content))).toContain(
      'HK24: hidden, fewer than 5 answered',
    );
  });

  it("dates the cover the specification's way, d.M.yyyy", () => {
    const cover = JSON.stringify(packageSlides(packageFixture(), noImages, t())[0]?.content);
    expect(cover).toContain('Survey ended 31.10.2024');
  });

  it('lists the 30 criteria 2..31 in id order', () => {
    const slides = packageSlides(packageFixture(), noImages, t());
    const criteria = JSON.stringify(slides.at(-2)?.content);
    expect(criteria.match(/Criterion \d+/g)).toEqual(
      Array.from({ length: 30 }, (_, index) => `Criterion ${index + 2}`),
    );
  });

  it('labels the realization scale 100-90 down to under 60', () => {
    expect(realizationScale(t().slides)).toEqual(['100–90', '90–80', '80–70', '70–60', 'under 60']);
  });

  it('writes a 960 x 540 PDF with one page per slide', async () => {
    const pdf = await renderDeck('NotoSans', noImages);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 960 540]');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(17);
  }, 60_000);

  it.each<ReportFontFamily>(['NotoSans', 'NotoSansSC', 'NotoSansDevanagari'])(
    'keeps every slide with its charts on one page in %s',
    async (family) => {
      const pdf = await renderDeck(family, chartImages());
      expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(17);
    },
    120_000,
  );
});

async function renderDeck(
  family: ReportFontFamily,
  images: Map<PackageChartKey, ChartImage>,
): Promise<string> {
  const { default: pdfMake } = await import('pdfmake/build/pdfmake');
  const files = REPORT_FONT_URLS[family];
  const read = (url: string) => readFileSync(url.replace(/^\/@fs/, '')).toString('base64');
  const names = { normal: `${family}-deck-normal.ttf`, bold: `${family}-deck-bold.ttf` };
  pdfMake.addVirtualFileSystem({
    [names.normal]: read(files.normal),
    [names.bold]: read(files.bold),
  });
  pdfMake.setFonts(pdfFonts(family, names));
  const definition = packageDocument(packageFixture(), images, t(), family);
  return Buffer.from(await pdfMake.createPdf(definition).getBuffer()).toString('latin1');
}

/** Grey stand-ins of the charts at the sizes the page draws them. */
function chartImages(): Map<PackageChartKey, ChartImage> {
  const sizes: Record<PackageChartKey, [number, number]> = {
    satisfaction: [860, 330],
    usVsOrganisation: [860, 340],
    realization: [860, 320],
    scatter: [860, 340],
    lIndexDistribution: [520, 340],
    lIndexCompare: [860, 330],
    enpsBubble: [860, 330],
  };
  return new Map(
    Object.entries(sizes).map(([key, [width, height]]) => [
      key as PackageChartKey,
      { image: greyPng(width, height), width, height },
    ]),
  );
}

/** A plain grey PNG of the given size. */
function greyPng(width: number, height: number): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xcc)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
