import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { recordGraphqlOperations, screenOperations } from '../src/browser.js';
import { settled } from '../src/navigate.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { reportText } from '../src/texts.js';

const suite = consoleSuite();

const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
/** HK24: ended, not a trend survey, created after 2024-08-01. */
const HK24 = 'de300000-0000-4000-8000-000000000301';

/** Waits until the widget shows a drawn chart (an SVG figure with at least one series point). */
async function chartDrawn(page: Page, widget: string): Promise<void> {
  await page
    .getByTestId(widget)
    .locator('[role=figure] .highcharts-series path, [role=figure] .highcharts-point')
    // A point of a zero value is drawn without height; one with data is visible.
    .filter({ visible: true })
    .first()
    // The first read of a survey's reports computes them all; a busy machine takes its time.
    .waitFor({ timeout: 90_000 });
}

describe('reports dashboard', () => {
  for (const email of ['admin@demo.test', 'super@demo.test', 'user@demo.test']) {
    test(`${email} sees the ended demo survey's dashboard with charts that have data`, async () => {
      const page = await suite.freshPage();
      const language = await signIn(page, suite.stack.webUrl, email);
      await page.goto(`${suite.stack.webUrl}/dashboard?companyId=${DEMO_COMPANY}&surveyId=${HK24}`);
      await page.getByTestId('dashboard-ended').waitFor();
      for (const widget of [
        'widget-lindex',
        'widget-trend',
        'widget-enps',
        'widget-realizations',
      ]) {
        await chartDrawn(page, widget);
      }
      const status = reportText('console.dashboard.status.ended', language, {
        start: '9.9.2024',
        end: '31.10.2024',
      });
      assert.equal(await page.getByTestId('survey-status').innerText(), status);
      // The extra section (change-job willingness): managing roles only.
      const extra = page.getByTestId('widget-changejob');
      if (email === 'user@demo.test') assert.equal(await extra.count(), 0);
      else await extra.getByText(/\d+ %/).waitFor();
      assert.equal(await page.getByRole('alert').count(), 0, 'no widget failed');
      if (email === 'admin@demo.test') assert.deepEqual(await seriousAxeViolations(page), []);
      await page.context().close();
    });
  }

  test("the unit filter narrows the index widget to the unit's respondents and survives a reload", async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    // The start page's own requests end first: its widgets request, still in flight under load,
    // was once counted as this page's.
    await settled(page);
    const operations = recordGraphqlOperations(page);
    await page.goto(`${suite.stack.webUrl}/dashboard?companyId=${DEMO_COMPANY}&surveyId=${HK24}`);
    await chartDrawn(page, 'widget-lindex');
    // The choices of companies and surveys, then one request for the widgets and the unit choices.
    assert.deepEqual(screenOperations(operations), ['DashboardRoute', 'DashboardWidgets']);
    // "474 respondents", in the account's language.
    const caption = new RegExp(
      reportText('console.dashboard.respondents_other', language, { count: '(\\d+)' }),
    );
    const respondents = async () => {
      const shown = await page.getByTestId('widget-lindex').getByText(caption).innerText();
      return Number(caption.exec(shown)?.[1]);
    };
    const whole = await respondents();
    await page
      .getByRole('combobox', { name: reportText('console.dashboard.units', language) })
      .click();
    await page.getByRole('option', { name: 'Development', exact: true }).click();
    await page.waitForURL(/unit=de300000-0000-4000-8000-000000000201/);
    await page.keyboard.press('Escape');
    await page
      .getByTestId('widget-lindex')
      .getByText(caption)
      .filter({ hasNotText: String(whole) })
      .waitFor();
    await chartDrawn(page, 'widget-lindex');
    const development = await respondents();
    assert.ok(development > 0 && development < whole, `${development} of ${whole}`);
    // A unit chosen: one more request, the widgets (with the same unit choices) for the unit.
    assert.deepEqual(screenOperations(operations).slice(2), ['DashboardWidgets']);
    await page.reload();
    await chartDrawn(page, 'widget-lindex');
    assert.equal(await respondents(), development, 'the unit survives a reload');
    await page.context().close();
  });

  test('a User lands on its newest ended survey and cannot open the admin dashboard', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'user@demo.test');
    await page.waitForURL(/surveyId=/);
    assert.equal(new URL(page.url()).searchParams.get('companyId'), DEMO_COMPANY);
    await page.getByTestId('dashboard-ended').waitFor();
    await page.goto(`${suite.stack.webUrl}/Admindashboard`);
    await page.waitForURL('**/unauthorized');
    await page.context().close();
  });

  test('an Admin sees the top-20 lists with values and the ending surveys table', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/Admindashboard`);
    const allTime = reportText('console.adminDashboard.top.allTime', language);
    for (const list of ['top-enps', 'top-sindex', 'top-lindex']) {
      const card = page.getByTestId(list);
      await card.getByText(allTime, { exact: true }).click();
      const firstRow = card.getByRole('row').nth(1);
      await firstRow.waitFor();
      const value = await firstRow.getByRole('cell').last().innerText();
      assert.match(value, /^[+-]?\d+$/, `${list} shows a value`);
    }
    // The demo's open survey ends in three weeks: a row with its answers, dates and edit link.
    const ending = page.getByRole('table', {
      name: reportText('console.adminDashboard.ending.title', language),
    });
    const pulse = ending.getByRole('row').filter({ hasText: 'Pulssikysely' });
    await pulse.waitFor();
    assert.match(await pulse.innerText(), /Demo Oy\s+Pulssikysely\s+\d+ \/ \d+\s+\S+\s+\S+/);
    assert.deepEqual(await seriousAxeViolations(page), []);
    await pulse
      .getByRole('link', {
        name: reportText('console.adminDashboard.ending.editSurvey', language, {
          name: 'Pulssikysely',
        }),
      })
      .click();
    await page.waitForURL(/\/surveys\/details\/de300000-0000-4000-8000-000000000303/);
    await page.context().close();
  });
});
