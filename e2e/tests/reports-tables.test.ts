import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { openSettled } from '../src/navigate.js';
import { recordGraphqlOperations, screenOperations } from '../src/browser.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { reportText as report, text } from '../src/texts.js';

// The table reports (most important topics, by background variable, index map, open comments) on the
// ended demo survey HK24 of Demo Oy, as an Admin and as a User, with their PDF exports.
const suite = consoleSuite();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const DEMO = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const FILTERS = `surveyId=${HK24}&companyId=${DEMO}`;

const exact = (value: string) => new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * Opens a report page: inside the app (src/navigate.ts) from the page the reader is on, as the
 * report menu leads, or with `reload` as a full load (fresh data, not the app's cache).
 */
async function open(page: Page, path: string, title: string, reload = false) {
  if (reload) await page.goto(`${suite.stack.webUrl}${path}?${FILTERS}`);
  else await openSettled(page, `${path}?${FILTERS}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

async function assertAxeClean(page: Page, name: string) {
  if (SCREENSHOTS)
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  assert.deepEqual(await seriousAxeViolations(page), [], `${name} has no serious axe violations`);
}

/**
 * Exports the page's PDF and checks it: a real PDF, its first page drawn by pdftoppm into a PNG that
 * is not blank. Returns the page's width and height in points.
 */
async function exportPdf(
  page: Page,
  language = 'en-US',
): Promise<{ width: number; height: number }> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: report('console.common.exportPdf', language) }).click();
  const file = await (await download).path();
  assert.ok(file, 'the PDF downloads');
  assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-');
  const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  const png = join(dir, 'page');
  execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', '-singlefile', file, png]);
  const dataUrl = `data:image/png;base64,${readFileSync(`${png}.png`).toString('base64')}`;
  const blank = await suite.freshPage();
  const inked = await blank.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if ((data[i] ?? 255) < 200 || (data[i + 1] ?? 255) < 200 || (data[i + 2] ?? 255) < 200)
        count += 1;
    return count / (data.length / 4);
  }, dataUrl);
  await blank.context().close();
  assert.ok(inked > 0.01, `the first PDF page has ink (${(inked * 100).toFixed(1)} % of pixels)`);
  const info = execFileSync('pdfinfo', [file]).toString();
  const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info);
  return { width: Number(size?.[1]), height: Number(size?.[2]) };
}

const bodyRows = (page: Page, name: string) =>
  page.getByRole('table', { name }).locator('tbody tr');

describe('table reports', () => {
  test('an Admin reads the top 30, by background variable, the index map and open comments, and exports PDFs', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');

    // Most important, top 30: 30 places with shares, sliced in tens by the dropdown.
    await open(page, '/report/mostImportant', report('console.landing.tiles.mostImportant.title'));
    const tableName = report('console.tables.tableLabel');
    await bodyRows(page, tableName).nth(29).waitFor();
    assert.equal(await bodyRows(page, tableName).count(), 30);
    assert.match(await bodyRows(page, tableName).first().innerText(), /^1\s+\S.*\d+ %$/s);
    // The survey filter offers the company's ended surveys.
    await page.getByRole('combobox', { name: report('console.tables.survey') }).waitFor();
    await page.getByRole('combobox', { name: report('console.mostImportant.view') }).click();
    await page
      .getByRole('option', { name: report('console.mostImportant.views.TOP_21_30'), exact: true })
      .click();
    await bodyRows(page, tableName).nth(10).waitFor({ state: 'detached' });
    assert.equal(await bodyRows(page, tableName).count(), 10);
    assert.match(await bodyRows(page, tableName).first().innerText(), /^21\s/);
    await assertAxeClean(page, 'most-important');
    const top30Pdf = await exportPdf(page);
    assert.ok(top30Pdf.height > top30Pdf.width, 'the top 30 PDF is portrait');

    // By background variable: the top 10 of the first unit of level 1 compared with the second (the
    // demo's whole-survey gender groups are not unions of whole anonymity cells, docs/anonymity.md,
    // so they are suppressed). The page's report and its grouping choices come in one request.
    const operations = recordGraphqlOperations(page);
    await open(
      page,
      '/report/mostImportantGrouped',
      report('console.landing.tiles.mostImportantGrouped.title'),
    );
    await bodyRows(page, tableName).nth(9).waitFor();
    assert.deepEqual(screenOperations(operations), ['MostImportantGroupedRoute']);
    await page
      .getByRole('combobox', { name: report('console.mostImportantGrouped.grouping') })
      .click();
    await page
      .getByRole('option', {
        name: report('groups.unitLevel', 'en-US', { level: '1' }),
        exact: true,
      })
      .click();
    await page.getByRole('columnheader', { name: 'Development', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Sales and Marketing', exact: true }).waitFor();
    assert.equal(await bodyRows(page, tableName).count(), 10);
    await assertAxeClean(page, 'most-important-grouped');
    await exportPdf(page);

    // Index map: unit level 1 by default, gender added; shaded cells with values; landscape PDF.
    operations.length = 0;
    await open(page, '/report/lmap', report('console.landing.tiles.lMap.title'));
    const map = page.getByRole('table', { name: report('console.lmap.tableLabel') });
    await map.getByRole('rowheader', { name: 'Development' }).waitFor();
    assert.deepEqual(screenOperations(operations), ['LMapRoute'], 'one request: map and choices');
    const development = map.getByRole('row', { name: exact('Development') });
    const cells = await development.getByRole('cell').allInnerTexts();
    assert.equal(cells.length, 32, 'respondents, 30 criteria and the L-index');
    for (const value of cells) assert.match(value, /^\d+$/);
    const shades = await development
      .getByRole('cell')
      .evaluateAll((tds) => tds.slice(1).map((td) => getComputedStyle(td).backgroundColor));
    assert.ok(
      shades.some((shade) => shade !== 'rgb(255, 255, 255)' && shade !== 'rgba(0, 0, 0, 0)'),
      'cells are shaded',
    );
    await page
      .getByRole('combobox', { name: report('console.lmap.groupings'), exact: true })
      .click();
    await page.getByRole('option', { name: report('background.gender.name'), exact: true }).click();
    await page.keyboard.press('Escape');
    await map
      .getByRole('rowheader', { name: report('background.gender.female'), exact: true })
      .waitFor();
    await assertAxeClean(page, 'lmap');
    const lmapPdf = await exportPdf(page);
    assert.ok(lmapPdf.width > lmapPdf.height, 'the index map PDF is landscape');

    // Open comments: collapsed sections, the list, the map with related criteria, the index filter.
    await open(page, '/report/opencomments', report('console.landing.tiles.openComments.title'));
    const positive = page.getByRole('button', {
      name: exact(report('console.openComments.sections.positive')),
    });
    await positive.waitFor();
    assert.equal(await positive.getAttribute('aria-expanded'), 'false');
    await positive.click();
    const teamSpirit = page.getByRole('button', { name: exact(report('criteria.5')) });
    await teamSpirit.first().waitFor();
    // The criteria's first pages load as their lists come near the screen.
    await page.getByRole('listitem').nth(10).waitFor();
    assert.ok((await page.getByRole('listitem').count()) > 10, 'positive comments are listed');
    const flames = page
      .getByRole('group', { name: report('console.openComments.indexFilter') })
      .getByRole('button');
    assert.equal(await flames.count(), 3, 'HK24 has enough comments in every index range');
    const countBadge = async () => Number(/(\d+)/.exec(await positive.innerText())?.[1]);
    const all = await countBadge();
    // The counts of a range come from the API: the badge changes once they arrive.
    const until = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await done()); i++) await page.waitForTimeout(100);
    };
    await flames.nth(2).click();
    assert.equal(await flames.nth(2).getAttribute('aria-pressed'), 'true');
    await until(async () => (await countBadge()) < all);
    assert.ok((await countBadge()) < all, 'the top range has fewer comments');
    await flames.nth(2).click();
    await until(async () => (await countBadge()) === all);
    assert.equal(await countBadge(), all);
    await assertAxeClean(page, 'open-comments-list');

    await page
      .locator('label')
      .filter({ hasText: exact(report('console.openComments.map')) })
      .click();
    // "{{name}}: {{count}} comment(s)": the one and the other plural form.
    const tileNames = ['one', 'other'].map((form) =>
      report(`console.openComments.tile_${form}`, 'en-US', { name: '.+', count: '\\d+' }),
    );
    const tiles = page.getByRole('button', { name: new RegExp(`^(${tileNames.join('|')})$`) });
    await tiles.first().waitFor();
    assert.ok((await tiles.count()) > 5, 'a tile per criterion');
    await tiles.first().click();
    await page.getByRole('heading', { name: report('console.openComments.alsoLook') }).waitFor();
    await assertAxeClean(page, 'open-comments-map');
    await page.getByRole('button', { name: report('console.openComments.close') }).click();
    await tiles.first().waitFor();
    await exportPdf(page);
    await page.context().close();
  });

  test('a User reads the tables, and open comments only once an Admin shows them', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    const language = await signIn(page, suite.stack.webUrl, 'user@demo.test');

    await open(
      page,
      '/report/mostImportant',
      report('console.landing.tiles.mostImportant.title', language),
    );
    const tableName = report('console.tables.tableLabel', language);
    await bodyRows(page, tableName).nth(29).waitFor();
    assert.match(await bodyRows(page, tableName).first().innerText(), /\d+ %$/);
    await assertAxeClean(page, 'most-important-user');

    await open(page, '/report/lmap', report('console.landing.tiles.lMap.title', language));
    await page
      .getByRole('table', { name: report('console.lmap.tableLabel', language) })
      .getByRole('rowheader')
      .first()
      .waitFor();

    // The demo survey does not show its comments to Users yet (no showOpenComments date).
    const title = report('console.landing.tiles.openComments.title', language);
    await open(page, '/report/opencomments', title);
    await page.getByText(report('console.openComments.notShownYet', language)).waitFor();

    const admin = await suite.freshPage();
    await signIn(admin, suite.stack.webUrl, 'admin@demo.test');
    await admin.goto(`${suite.stack.webUrl}/surveys/details/${HK24}`);
    await admin.getByRole('switch', { name: text('surveys.details.showOpenComments') }).click();
    await admin.getByText(text('surveys.toast.commentsSaved')).waitFor();
    await admin.context().close();

    // The User opens the page again (a full load: what the server says now).
    await open(page, '/report/opencomments', title, true);
    const positive = page.getByRole('button', {
      name: exact(report('console.openComments.sections.positive', language)),
    });
    await positive.click();
    await page.getByRole('listitem').nth(10).waitFor();
    assert.ok((await page.getByRole('listitem').count()) > 10);
    await assertAxeClean(page, 'open-comments-user');
    await exportPdf(page, language);
    await page.context().close();
  });
});
