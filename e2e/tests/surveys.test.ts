import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

// A demo company without any survey (apps/api/src/demo/surveys.ts).
const COMPANY = 'Exempel Vård Ab';

const suite = consoleSuite();

async function fillCreateForm(page: Page, name: string): Promise<void> {
  await page.goto(`${suite.stack.webUrl}/surveys/create`);
  await page.getByRole('heading', { name: text('surveys.create.title') }).waitFor();
  await page.getByRole('combobox', { name: text('surveys.create.company') }).click();
  await page.getByRole('option', { name: COMPANY }).click();
  await page.getByRole('textbox', { name: text('surveys.create.name'), exact: true }).fill(name);
  await page.getByRole('textbox', { name: text('surveys.create.shortName') }).fill('E2E');
}

describe('surveys', () => {
  test('an Admin creates a survey, is blocked from a parallel one, sets the end date, edits a setting and deletes it', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');

    // The list says each survey's status, and its end date is under "End date" (issue 28).
    await page.goto(`${suite.stack.webUrl}/surveys`);
    const list = page.getByRole('table', { name: text('surveys.tableLabel') });
    await list.getByRole('columnheader', { name: text('surveys.columns.status') }).waitFor();
    await list
      .getByRole('row', { name: /Pulssikysely/ })
      .getByText(text('surveys.status.open'), { exact: true })
      .waitFor();
    await list
      .getByRole('row', { name: /Henkilöstökysely 2025/ })
      .getByText(text('surveys.status.ended'), { exact: true })
      .waitFor();

    await fillCreateForm(page, 'E2E survey');
    await page.getByRole('button', { name: text('surveys.create.submit') }).click();
    await page.waitForURL('**/surveys/details/*');
    await page.getByRole('heading', { name: 'E2E survey' }).waitFor();
    const details = page.url();

    // The company now has a survey that has not ended: no second one.
    await fillCreateForm(page, 'Parallel survey');
    await page.getByText(text('surveys.create.parallelSurvey')).waitFor();
    assert.equal(
      await page.getByRole('button', { name: text('surveys.create.submit') }).isDisabled(),
      true,
    );

    await page.goto(details);
    await page.getByRole('button', { name: text('surveys.details.endDate') }).click();
    await page.getByRole('button', { name: text('surveys.details.today') }).click();
    await page.getByText(text('surveys.toast.endDateSaved')).waitFor();
    const today = new Date();
    const shown = `${today.getDate()}.${today.getMonth() + 1}.${today.getFullYear()}`;
    // The end date is shown once, in its picker; ending today, the survey has ended: its status
    // says so and it offers no invitations or reminders (issue 28).
    const picker = page.getByRole('button', { name: text('surveys.details.endDate'), exact: true });
    assert.equal(await picker.textContent(), shown);
    assert.equal(await page.getByText(text('surveys.facts.finished'), { exact: true }).count(), 1);
    const statusRow = page
      .getByRole('table', { name: text('surveys.facts.label') })
      .getByRole('row', { name: text('surveys.facts.status') });
    await statusRow.getByText(text('surveys.status.ended')).waitFor();
    await page.getByText(text('participants.surveyEnded')).waitFor();
    assert.equal(
      await page.getByRole('button', { name: text('participants.invite.button') }).count(),
      0,
    );
    assert.equal(
      await page.getByRole('button', { name: text('participants.remind.button') }).count(),
      0,
    );
    // The picker's clear button removes the end date again (the survey has not ended).
    await page.getByRole('button', { name: text('surveys.details.clearEndDate') }).click();
    await statusRow.getByText(text('surveys.status.notStarted')).waitFor();
    await page.getByRole('button', { name: text('participants.invite.button') }).waitFor();
    assert.equal(
      await page.getByRole('button', { name: text('surveys.details.endDate') }).textContent(),
      text('surveys.details.endDatePlaceholder'),
    );

    await page.getByRole('link', { name: text('surveys.details.edit') }).click();
    await page.waitForURL('**/surveys/edit/*');
    const toggle = page.getByRole('switch', { name: text('surveys.settings.showAskKiddyUser') });
    assert.equal(await toggle.isChecked(), false);
    await toggle.click({ force: true });
    await page.getByRole('button', { name: text('surveys.edit.submit') }).click();
    await page.waitForURL(details);
    await page.getByText(text('surveys.toast.saved')).waitFor();
    await page.getByRole('link', { name: text('surveys.details.edit') }).click();
    await page.waitForURL('**/surveys/edit/*');
    assert.equal(
      await page
        .getByRole('switch', { name: text('surveys.settings.showAskKiddyUser') })
        .isChecked(),
      true,
    );
    await page.goto(details);

    await page.getByRole('button', { name: text('surveys.details.delete') }).click();
    const dialog = page.getByRole('dialog', { name: text('surveys.details.deleteTitle') });
    await dialog.getByRole('button', { name: text('surveys.details.deleteConfirm') }).click();
    await page.waitForURL('**/surveys');
    await page.getByText(text('surveys.toast.deleted')).waitFor();
    await page.getByRole('table', { name: text('surveys.tableLabel') }).waitFor();
    assert.equal(await page.getByText('E2E survey').count(), 0);
    await page.context().close();
  });
});
