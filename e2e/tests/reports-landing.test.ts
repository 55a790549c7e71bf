import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { accountLanguage, DEMO_PASSWORD, fillLogin } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { reportText, text } from '../src/texts.js';

const suite = consoleSuite();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const DEMO = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const HK25 = 'de300000-0000-4000-8000-000000000302';
const MOBILE = 'de300000-0000-4000-8000-000000000204';

/** A text of the landing page (`report` namespace, `console.landing.<path>`) in `language`. */
const landing = (path: string, language = 'en-US') =>
  reportText(`console.landing.${path}`, language);

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs in and opens /report (whatever start page the console shows after sign-in). */
async function openReports(page: Page, email: string): Promise<string> {
  await page.goto(`${suite.stack.webUrl}/login`);
  await fillLogin(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${suite.stack.webUrl}/report`);
  const language = accountLanguage(email);
  await page.getByRole('heading', { name: landing('title', language) }).waitFor();
  return language;
}

const tileLink = (page: Page, key: string, language = 'en-US') =>
  page.getByRole('link', { name: new RegExp(landing(`tiles.${key}.title`, language)) });

describe('report landing page', () => {
  test('an Admin chooses the demo survey and a unit; the tiles carry them, a reload keeps them', async () => {
    const page = await suite.freshPage();
    await openReports(page, 'admin@demo.test');

    await choose(page, landing('company'), 'Demo Oy');
    await choose(page, landing('survey'), 'Henkilöstökysely 2024');
    await page.getByRole('button', { name: landing('units.all') }).click();
    await page.getByRole('textbox', { name: landing('units.search') }).fill('mob');
    // The search opens the level with the match.
    await page.getByRole('checkbox', { name: 'Mobile' }).click();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/reports-landing-units.png`, fullPage: true });
    await page.keyboard.press('Escape');

    const expected = `companyId=${DEMO}&surveyId=${HK24}&unit=${MOBILE}`;
    const satisfaction = tileLink(page, 'currentSatisfaction');
    await page.waitForFunction(
      (href) => document.querySelector(`a[href="${href}"]`) !== null,
      `/report/currentsatisfaction?${expected}`,
    );
    assert.equal(
      await satisfaction.getAttribute('href'),
      `/report/currentsatisfaction?${expected}`,
    );
    assert.equal(await tileLink(page, 'enps').getAttribute('href'), `/report/enps?${expected}`);
    assert.equal(
      await tileLink(page, 'package').getAttribute('href'),
      `/report/package?${expected}`,
    );
    // Admin sees the AI assistant whatever the survey's settings.
    assert.equal(
      await tileLink(page, 'askKiddy').getAttribute('href'),
      `/report/ask-kiddy?${expected}`,
    );
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/reports-landing-admin.png`, fullPage: true });

    await page.reload();
    await page.getByRole('heading', { name: landing('title') }).waitFor();
    await tileLink(page, 'currentSatisfaction').waitFor();
    assert.equal(
      await tileLink(page, 'currentSatisfaction').getAttribute('href'),
      `/report/currentsatisfaction?${expected}`,
    );
    assert.equal(
      await page.getByRole('combobox', { name: landing('survey'), exact: true }).inputValue(),
      'Henkilöstökysely 2024',
    );
    assert.deepEqual(await seriousAxeViolations(page), []);

    // Comparing surveys: a second ended survey joins the first; the tiles carry both.
    await page.getByText(landing('comparison.surveys'), { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Henkilöstökysely 2025' }).click();
    await page.waitForURL(new RegExp(`surveyId=${HK24}&surveyId=${HK25}`));
    assert.ok(
      await page.getByRole('checkbox', { name: 'Pulssikysely' }).isHidden(),
      'an open survey is not offered for comparison',
    );
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/reports-landing-compare.png`, fullPage: true });

    // All data (Admin): the custom range's days are dropped when another window is chosen.
    await page.getByText(landing('dataMode.all'), { exact: true }).click();
    await choose(page, landing('finishTime.label'), landing('finishTime.3'));
    await page.waitForURL(/surveyFinishTime=3/);
    await choose(page, landing('finishTime.label'), landing('finishTime.0'));
    await page.waitForURL(/surveyFinishTime=0/);
    assert.doesNotMatch(page.url(), /rangeStart|surveyId|companyId/);
    // The benchmark of one industry and size over all time: Demo Oy's, across every company.
    await choose(page, landing('finishTime.label'), landing('finishTime.2'));
    await choose(page, landing('industry'), text('companies.industries.ict'));
    await choose(page, landing('size'), text('companies.sizes.50-249'));
    await page.waitForURL(/industryId=ict/);
    await page.waitForURL(/sizeId=50-249/);
    const benchmark = tileLink(page, 'currentSatisfaction');
    assert.match(
      (await benchmark.getAttribute('href')) ?? '',
      /wholeData=1.*industryId=ict|industryId=ict.*wholeData=1/,
    );
    await benchmark.click();
    await page.waitForURL('**/report/currentsatisfaction?**');
    const chart = page.getByRole('figure').first();
    await chart.locator('.highcharts-root').waitFor();
    assert.ok((await chart.locator('.highcharts-point').count()) > 0, 'the benchmark draws values');
    await page.goBack();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/reports-landing-alldata.png`, fullPage: true });
    await page.context().close();
  });

  test('a User chooses among ended surveys and sees only the tiles a User may open', async () => {
    const page = await suite.freshPage();
    const language = await openReports(page, 'user@demo.test');

    // Preselected as on the dashboard: the User's company and its newest ended survey; the open
    // survey is not offered.
    await page.waitForURL(new RegExp(`companyId=${DEMO}&surveyId=${HK25}`));
    const survey = page.getByRole('combobox', { name: landing('survey', language), exact: true });
    // The name shows once the survey's choices have arrived.
    await survey.and(page.locator('[value="Henkilöstökysely 2025"]')).waitFor();
    await survey.click();
    const options = await page.getByRole('option').allInnerTexts();
    assert.deepEqual(options, ['Henkilöstökysely 2025', 'Henkilöstökysely 2024']);
    await page.keyboard.press('Escape');

    await tileLink(page, 'currentSatisfaction', language).waitFor();
    // HK25 is a trend survey: the most-important tiles are not links.
    assert.equal(await tileLink(page, 'mostImportant', language).count(), 0);
    await page.getByText(landing('disabled.trend', language)).first().waitFor();
    // No all-data mode, no AI assistant (users' setting off), no open comments (not shown to users).
    assert.equal(
      await page.getByText(landing('dataMode.all', language), { exact: true }).count(),
      0,
    );
    assert.equal(await page.getByText(landing('tiles.askKiddy.title', language)).count(), 0);
    assert.equal(await page.getByText(landing('tiles.openComments.title', language)).count(), 0);
    assert.equal(
      await tileLink(page, 'package', language).getAttribute('href'),
      `/report/package?companyId=${DEMO}&surveyId=${HK25}`,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/reports-landing-user.png`, fullPage: true });
    await page.context().close();
  });

  test('a SuperUser with localized reports reads a report in Swedish while the console stays Finnish', async () => {
    const page = await suite.freshPage();
    const language = await openReports(page, 'super@demo.test');
    assert.equal(language, 'fi-FI');
    await choose(page, landing('survey', language), 'Henkilöstökysely 2024');
    await choose(page, landing('reportLanguage', language), 'Svenska');
    await page.waitForURL(/lang=sv/);
    await tileLink(page, 'mostImportant', language).click();
    // The page's own texts in the account's language, the report's (criteria) in the chosen one.
    await page
      .getByRole('heading', {
        name: reportText('console.landing.tiles.mostImportant.title', language),
        level: 1,
      })
      .waitFor();
    const table = page.getByRole('table', {
      name: reportText('console.tables.tableLabel', language),
    });
    await table.locator('tbody tr').nth(29).waitFor();
    // A row reads: place, criterion, share.
    const shown = (await table.locator('tbody tr').allInnerTexts()).map(
      (row) => /^\d+\s+(.+?)\s+\d+ %$/s.exec(row.trim())?.[1] ?? row,
    );
    const names = (lang: string) =>
      new Set(Array.from({ length: 30 }, (_, i) => reportText(`criteria.${i + 2}`, lang)));
    const swedish = names('sv');
    const finnish = names('fi-FI');
    assert.equal(shown.length, 30);
    for (const name of shown) {
      assert.ok(swedish.has(name.trim()), `${name} is a Swedish criterion name`);
      assert.ok(!finnish.has(name.trim()), `${name} is not a Finnish one`);
    }
    await page.context().close();
  });
});
