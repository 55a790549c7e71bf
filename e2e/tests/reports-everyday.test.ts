// Issue 28, reports: what readers trip on. A SuperUser's shared link to the open survey says when
// its results open (no raw "Not allowed."), a hidden group says why it is hidden, the top-10 chart
// is readable on a phone, and the data labels follow the UI language.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSettled } from '../src/navigate.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { reportText, text } from '../src/texts.js';

const suite = consoleSuite();

const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
const HK25 = 'de300000-0000-4000-8000-000000000302';
const OPEN_SURVEY = 'de300000-0000-4000-8000-000000000303';
const filters = (survey: string) => `companyId=${DEMO_COMPANY}&surveyId=${survey}`;
const HIDDEN_REASONS = ['BELOW_THRESHOLD', 'DIFFERENCING'] as const;

describe('reports in everyday use', () => {
  test("a SuperUser's link to the open survey says when its results open", async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'super@demo.test');
    await openSettled(page, `/report?${filters(OPEN_SURVEY)}`);
    const notice = page.getByTestId('results-not-open');
    await notice.waitFor({ timeout: 60_000 });
    assert.match((await notice.textContent()) ?? '', /Pulssikysely/);
    // The survey chooser names the same survey, not "Valitse kysely".
    const chooserName = reportText('console.landing.survey', language);
    const chooser = page
      .getByRole('combobox', { name: chooserName, exact: true })
      .or(page.getByRole('textbox', { name: chooserName, exact: true }));
    assert.match(await chooser.inputValue(), /Pulssikysely/);
    assert.equal(await page.getByText('Not allowed.').count(), 0);
    // Every tile says it opens when the survey ends, and none is a link.
    const closed = reportText('console.landing.disabled.notEnded', language);
    assert.ok((await page.getByText(closed, { exact: true }).count()) > 5);
    assert.equal(await page.locator('a[data-tile]').count(), 0);
    // A report page of it, opened directly: the refusal in the reader's language.
    await openSettled(page, `/report/lmap?${filters(OPEN_SURVEY)}`);
    await page.getByRole('alert').waitFor();
    assert.equal(
      (await page.getByRole('alert').textContent())?.trim(),
      text('errors.results_not_open', language),
    );
  });

  test('a hidden group on the index map says why it is hidden', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await openSettled(page, `/report/lmap?${filters(HK25)}`);
    await page.getByRole('table').first().waitFor();
    await page.getByTestId('lmap-scroll-hint').waitFor();
    const notes = page.getByRole('table').first().getByRole('note');
    const count = await notes.count();
    for (let index = 0; index < count; index += 1) {
      const note = notes.nth(index);
      const reason = await note.getAttribute('data-suppressed');
      assert.ok(
        HIDDEN_REASONS.some((known) => known === reason),
        `a known reason: ${reason}`,
      );
      assert.equal(
        (await note.textContent())?.trim(),
        reportText(`console.common.hidden.${reason}`, language, { threshold: '5' }),
      );
    }
    assert.equal(
      await page.getByText(reportText('console.common.suppressed', language)).count(),
      0,
      'no generic "too few" where the reason is known',
    );
  });

  test('the top-10 chart keeps its bars, values and axis on a 390 px phone', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await openSettled(page, `/report/realizations?${filters(HK25)}`);
    const chart = page.getByRole('figure').first();
    // The top-10 report is the heaviest read; the shared machine may take a while.
    await chart.locator('.highcharts-root').waitFor({ timeout: 90_000 });
    const ticks = await chart.locator('.highcharts-yaxis-labels text').allTextContents();
    assert.deepEqual(ticks, ['0', '20', '40', '60', '80', '100']);
    const values = chart.locator('.highcharts-data-label');
    assert.ok((await values.count()) >= 10, 'every bar has its value');
    for (const box of [
      ...(await chart.locator('.highcharts-yaxis-labels text').all()),
      ...(await values.all()),
    ]) {
      const bounds = await box.boundingBox();
      assert.ok(bounds && bounds.x >= 0 && bounds.x + bounds.width <= 390, 'inside the screen');
    }
    // The bars differ in length: they are drawn to scale, not cut at the screen's edge.
    const widths = await chart
      .locator('.highcharts-series-0 .highcharts-point')
      .evaluateAll((bars) => bars.map((bar) => Math.round(bar.getBoundingClientRect().height)));
    assert.ok(new Set(widths).size > 1, `bars of different lengths: ${widths.join(',')}`);
    // The red line at 80 is named in the legend.
    await chart
      .locator('.highcharts-legend')
      .getByText(reportText('console.charts.thresholdLine', 'en-US', { value: '80' }))
      .waitFor();
  });

  test('the data labels follow the UI language, and the page says which is in use', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'super@demo.test');
    // The Finnish account switches the console to English.
    await page.evaluate(() => localStorage.setItem('survey-console.language', 'en-US'));
    // A full load: the console starts in the stored language.
    await page.goto(`${suite.stack.webUrl}/report/lindexgrouped?${filters(HK25)}&groupBy=AGE`);
    const badge = page.getByTestId('report-language');
    await badge.waitFor();
    assert.equal(
      (await badge.textContent())?.trim(),
      reportText('console.common.reportLanguage', 'en-US', { language: 'English' }),
    );
    const grouping = page.getByRole('combobox', {
      name: reportText('console.charts.grouping', 'en-US'),
    });
    // The breakdown's name comes with the report's choices, in the report language.
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll<HTMLInputElement>('input[role=combobox]')].some(
          (input) => input.value === name,
        ),
      'Age',
      { timeout: 60_000 },
    );
    assert.equal(await grouping.inputValue(), 'Age');
  });
});
