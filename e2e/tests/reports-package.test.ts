import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { signIn } from '../src/session.js';
import { reportText as report } from '../src/texts.js';
import { consoleSuite } from '../src/suite.js';

// The report package (the slide PDF) of the ended demo survey HK24 of Demo Oy: an Admin for a unit,
// a SuperUser for the whole organisation. Each PDF is checked page by page: drawn by pdftoppm, no
// page may be blank.
const suite = consoleSuite();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const DEMO = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const DEVELOPMENT = 'de300000-0000-4000-8000-000000000201';
/**
 * Counts the chart images begun (each chart's SVG becomes an image through a blob URL) and, as the
 * first one begins, clicks the open dropdown's option named `option`: a reader's change at a moment
 * no outside driver can hit (the image work keeps the page's thread busy). A string, not a
 * function: the test runner's transpiled code would not run in the page.
 */
const chooseOnFirstChartImage = (option: string) => `
  window.chartImagesBegun = 0;
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = function (object) {
    if (object instanceof Blob && object.type === 'image/svg+xml') {
      window.chartImagesBegun += 1;
      if (window.chartImagesBegun === 1) {
        const options = [...document.querySelectorAll('[role=option]')];
        const chosen = options.find((element) => element.textContent === ${JSON.stringify(option)});
        window.chartImagesAtChange = chosen ? 1 : null;
        chosen?.click();
      }
    }
    return createObjectURL(object);
  };
`;

/**
 * Keeps the width and height each chart image's SVG declares (window.chartSvgSizes), to compare
 * with the off-screen charts' own sizes.
 */
const recordChartSvgSizes = `
  window.chartSvgSizes = [];
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = function (object) {
    if (object instanceof Blob && object.type === 'image/svg+xml') {
      object.text().then((svg) => {
        const open = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
        const size = (name) => Number(new RegExp(' ' + name + '="([0-9.]+)"').exec(open)?.[1]);
        window.chartSvgSizes.push([size('width'), size('height')]);
      });
    }
    return createObjectURL(object);
  };
`;

/** Share of a PGM page's pixels that differ from its most common grey (its background). */
function inkShare(file: string): number {
  const data = readFileSync(file);
  // P5 header: magic, width, height, max value, each followed by whitespace.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 40).toString('latin1'));
  assert.ok(header, `${file} is a PGM image`);
  const pixels = data.subarray(header[0].length);
  const counts = new Array<number>(256).fill(0);
  for (const value of pixels) counts[value] = (counts[value] ?? 0) + 1;
  const background = Math.max(...counts);
  return 1 - background / pixels.length;
}

/** Downloads the package and checks every page; returns its file name and page count. */
async function downloadPackage(page: Page, language: string) {
  const button = page.getByRole('button', { name: report('console.package.create', language) });
  await button.waitFor({ timeout: 90_000 });
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await button.click();
  const done = await download;
  const file = await done.path();
  assert.ok(file, 'the PDF downloads');
  assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-');
  const info = execFileSync('pdfinfo', [file]).toString();
  assert.match(info, /Page size:\s+960 x 540 pts/);
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const dir = mkdtempSync(join(tmpdir(), 'report-package-'));
  execFileSync('pdftoppm', ['-gray', '-r', '20', file, join(dir, 'slide')]);
  const slides = readdirSync(dir).sort();
  assert.equal(slides.length, pages);
  for (const slide of slides) {
    const ink = inkShare(join(dir, slide));
    assert.ok(ink > 0.005, `${slide} is not blank (${(ink * 100).toFixed(1)} % ink)`);
  }
  return { fileName: done.suggestedFilename(), pages, file };
}

describe('report package', () => {
  test('an Admin downloads the package of a unit: 17 slides, none blank', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(
      `${suite.stack.webUrl}/report/package?companyId=${DEMO}&surveyId=${HK24}&unit=${DEVELOPMENT}`,
    );
    await page
      .getByRole('heading', {
        name: report('console.landing.tiles.package.title', language),
        level: 1,
      })
      .waitFor();
    const { fileName, pages } = await downloadPackage(page, language);
    assert.equal(pages, 17);
    assert.equal(fileName, 'Survey Console - Henkilöstökysely 2024 - Development.pdf');
    if (SCREENSHOTS)
      await page.screenshot({ path: join(SCREENSHOTS, 'report-package.png'), fullPage: true });
    assert.deepEqual(await seriousAxeViolations(page), [], 'no serious axe violations');
    await page.context().close();
  });

  test('a SuperUser downloads the whole organisation package: 14 slides, none blank', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'super@demo.test');
    await page.goto(`${suite.stack.webUrl}/report/package?companyId=${DEMO}&surveyId=${HK24}`);
    const { fileName, pages } = await downloadPackage(page, language);
    assert.equal(pages, 14);
    assert.match(fileName, /^Survey Console - Henkilöstökysely 2024 - .+\.pdf$/);
    await page.context().close();
  });

  test('a unit chosen while the charts are being made stops that work and starts over', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.addInitScript(chooseOnFirstChartImage(report('names.wholeOrganisation', language)));
    await page.goto(
      `${suite.stack.webUrl}/report/package?companyId=${DEMO}&surveyId=${HK24}&unit=${DEVELOPMENT}`,
    );
    // The unit list open before the package arrives; the whole organisation is chosen in it as
    // the first of the unit's chart images begins.
    await page.getByRole('combobox', { name: report('console.package.unit', language) }).click();
    await page.waitForURL((url) => !url.searchParams.has('unit'));
    const atChange = (await page.evaluate('window.chartImagesAtChange')) as number;
    assert.equal(atChange, 1, 'chosen as the first image began');
    const { pages } = await downloadPackage(page, language);
    assert.equal(pages, 14, "the whole organisation's package");
    // The organisation's charts each made once; of the unit's seven, the one begun and at most
    // one more in flight. Without the abort all seven would be made.
    const charts = await page.locator('[inert] .highcharts-container').count();
    const total = (await page.evaluate('window.chartImagesBegun')) as number;
    assert.ok(
      total >= atChange + charts && total <= atChange + 1 + charts,
      `${total} images begun: ${atChange} of the unit's, then ${charts} of the organisation's`,
    );
    await page.context().close();
  });

  test("each chart image is laid out at its chart's size, so its text is neither squeezed nor stretched", async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'super@demo.test');
    await page.addInitScript(recordChartSvgSizes);
    await page.goto(`${suite.stack.webUrl}/report/package?companyId=${DEMO}&surveyId=${HK24}`);
    await downloadPackage(page, language);
    const charts = await page.$$eval('[inert] .highcharts-container', (containers) =>
      containers.map((container) => [container.clientWidth, container.clientHeight]),
    );
    const svgs = (await page.evaluate('window.chartSvgSizes')) as number[][];
    const sorted = (sizes: number[][]) => sizes.map((size) => size.join('x')).sort();
    // Without its own size Highcharts exported a chart of no fixed width at 600 px, drawn into an
    // image of the chart's 860 or 520.
    assert.deepEqual(sorted(svgs), sorted(charts));
    await page.context().close();
  });

  test('a SuperUser makes the package in Thai: its font is embedded and the slides read in Thai', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'super@demo.test');
    await page.goto(`${suite.stack.webUrl}/report/package?companyId=${DEMO}&surveyId=${HK24}`);
    // The report language is chosen on the page (super@demo.test has localized reports).
    await page
      .getByRole('combobox', { name: report('console.landing.reportLanguage', language) })
      .click();
    await page.getByRole('option', { name: 'ไทย', exact: true }).click();
    await page.waitForURL(/lang=th/);
    const { file, pages } = await downloadPackage(page, language);
    assert.equal(pages, 14);
    const fonts = execFileSync('pdffonts', [file]).toString();
    assert.match(fonts, /NotoSansThai-Regular/, 'the Thai font is embedded');
    // The criteria slide lists the 30 criterion names in Thai.
    const words = execFileSync('pdftotext', [file, '-']).toString();
    const thai = words.match(/[\u0E00-\u0E7F]/g)?.length ?? 0;
    assert.ok(thai > 300, `${thai} Thai characters in the slides' text`);
    // pdftotext reads some vowel signs of the shaped Thai glyphs apart or not at all ("คว ม" for
    // "ความ"; the page shows them, looked at as PNG): the consonants must come in the name's order.
    const consonants = (text: string) => text.replace(/[^\u0E01-\u0E2E]/g, '');
    assert.ok(
      consonants(words).includes(consonants(report('criteria.17', 'th'))),
      'a criterion named in Thai',
    );
    await page.context().close();
  });
});
