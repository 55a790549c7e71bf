import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { openSettled } from '../src/navigate.js';
import { DEMO_PASSWORD, signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { reportText } from '../src/texts.js';

const suite = consoleSuite();

const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
/** HK24: the ended demo survey. */
const ENDED_SURVEY = 'de300000-0000-4000-8000-000000000301';
const FILTERS = `companyId=${DEMO_COMPANY}&surveyId=${ENDED_SURVEY}`;

const CHART_PAGES: { path: string; title: string }[] = [
  { path: '/report/currentsatisfaction', title: 'console.landing.tiles.currentSatisfaction.title' },
  { path: '/report/lindexcompare', title: 'console.landing.tiles.lIndexCompare.title' },
  { path: '/report/lindexgrouped', title: 'console.landing.tiles.lIndexGrouped.title' },
  { path: '/report/realizations', title: 'console.landing.tiles.realizations.title' },
  {
    path: '/report/realizationbyvariablesgrouped',
    title: 'console.landing.tiles.realizationsByVariables.title',
  },
  { path: '/report/enps', title: 'console.landing.tiles.enps.title' },
  { path: '/report/correlation', title: 'console.landing.tiles.correlation.title' },
];

/** Waits for the page's first chart and counts its drawn points (bars, columns or cells). */
async function drawnPoints(page: Page): Promise<number> {
  const chart = page.getByRole('figure').first();
  await chart.locator('.highcharts-root').waitFor();
  return chart.locator('.highcharts-point').count();
}

/** The engine's eNPS of the ended survey as `email` reads it, through GraphQL with a bearer token. */
async function engineEnps(email: string): Promise<number> {
  const graphql = async (query: string, variables: object, token?: string) => {
    const res = await fetch(`${suite.stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data: Record<string, unknown> };
  };
  const login = await graphql(
    'mutation($email: String!, $password: String!) { login(email: $email, password: $password, delivery: TOKEN) { session { token } } }',
    { email, password: DEMO_PASSWORD },
  );
  const token = (login.data.login as { session: { token: string } }).session.token;
  const report = await graphql(
    'query($id: ID!) { report(sets: [{ surveyId: $id }], language: "en-US") { enps { groups { score } } } }',
    { id: ENDED_SURVEY },
    token,
  );
  const enps = (report.data.report as { enps: { groups: { score: number }[] } }).enps;
  return enps.groups[0]?.score ?? Number.NaN;
}

async function readsEveryChartPage(email: string) {
  const page = await suite.freshPage();
  const language = await signIn(page, suite.stack.webUrl, email);
  // From page to page inside the app, as the report menu leads: one boot of the app per reader.
  for (const { path, title } of CHART_PAGES) {
    await openSettled(page, `${path}?${FILTERS}`);
    await page.getByRole('heading', { name: reportText(title, language), level: 1 }).waitFor();
    assert.ok((await drawnPoints(page)) > 0, `${path} draws values`);
    // The managers' pages are the Admin's; the Admin's and the User's passes check accessibility.
    if (email === 'admin@demo.test' || email === 'user@demo.test')
      assert.deepEqual(await seriousAxeViolations(page), [], `${path} is axe clean`);
    if (path === '/report/enps') {
      // The page shows the engine's number, rounded and signed as the console writes it.
      const score = Math.round(await engineEnps(email));
      const shown = score > 0 ? `+${score}` : String(score);
      await page
        .getByText(reportText('console.charts.enps.score', language, { value: shown }), {
          exact: true,
        })
        .waitFor();
    }
  }
  await page.context().close();
}

describe('report chart pages', () => {
  for (const [role, email] of [
    ['an Admin', 'admin@demo.test'],
    ['a PartnerAdmin', 'partner@demo.test'],
    ['a SuperUser', 'super@demo.test'],
    ['a User', 'user@demo.test'],
  ]) {
    test(`${role} reads every chart page of the ended demo survey, the engine's eNPS included`, async () => {
      await readsEveryChartPage(email ?? '');
    });
  }

  test('hovering a correlation cell highlights its row and column labels, and only them', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/report/correlation?${FILTERS}`);
    await drawnPoints(page);
    const weight = (axis: 'x' | 'y', index: number) =>
      page
        .locator(`.highcharts-${axis}axis-labels text`)
        .nth(index)
        .evaluate((label) => getComputedStyle(label).fontWeight);
    // Cells run row by row: cell 30 * 4 + 2 is column 2 of row 4.
    await page
      .locator('.highcharts-heatmap-series .highcharts-point')
      .nth(30 * 4 + 2)
      .hover();
    assert.equal(await weight('x', 2), '700');
    assert.equal(await weight('y', 4), '700');
    assert.equal(await weight('x', 4), '400');
    assert.equal(await weight('y', 2), '400');
    await page.mouse.move(0, 0);
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelectorAll('.highcharts-xaxis-labels text')[2] as Element)
          .fontWeight === '400',
    );
    await page.context().close();
  });

  test('the SVG export downloads the chart as a valid SVG three times its size', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/report/currentsatisfaction?${FILTERS}`);
    await drawnPoints(page);
    const chartWidth = Number(
      await page.getByRole('figure').locator('svg.highcharts-root').getAttribute('width'),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: reportText('console.common.exportSvg', language) }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.svg$/);
    const svg = await readFile(await download.path(), 'utf8');
    // Parsed by the browser's own XML parser: a malformed file gives a <parsererror> document.
    const parsed = await page.evaluate((source) => {
      const document = new DOMParser().parseFromString(source, 'image/svg+xml');
      const root = document.documentElement;
      return {
        root: root.nodeName,
        errors: document.getElementsByTagName('parsererror').length,
        width: Number(root.getAttribute('width')),
        columns: root.querySelectorAll('.highcharts-point').length,
      };
    }, svg);
    assert.equal(parsed.root, 'svg');
    assert.equal(parsed.errors, 0);
    assert.ok(chartWidth > 0);
    assert.equal(parsed.width, chartWidth * 3);
    assert.ok(parsed.columns > 0, 'the exported chart has its columns');
    await page.context().close();
  });
});
