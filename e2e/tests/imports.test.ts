import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

// The open demo survey of Demo Oy (apps/api/src/demo/surveys.ts): no base survey.
const SURVEY = 'de300000-0000-4000-8000-000000000303';
const SURVEY_NAME = 'Pulssikysely';
const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const suite = consoleSuite();

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = XLSX_TYPE) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

describe('imports', () => {
  test('an Admin imports participants from an .xlsx and sees why rows failed; a text file is refused', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/surveys/details/${SURVEY}`);
    await page.getByRole('heading', { name: SURVEY_NAME }).waitFor();

    await page.getByRole('button', { name: text('imports.participants.button') }).click();
    const dialog = page.getByRole('dialog', { name: text('imports.participants.title') });
    await dialog.waitFor();
    const ok = dialog.getByRole('button', { name: text('imports.ok') });
    assert.equal(await ok.isDisabled(), true);
    const file = await xlsx([
      ['Sähköposti', 'Etunimi', 'Sukunimi', 'Kieli', 'Yksikkö 1', 'Yksikkö 2'],
      ['imported.one@demo.test', 'Iida', 'Tuonti', 'fi', 'Import division', 'Import team'],
      ['imported.two@demo.test', 'Ivar', 'Import', 'sv'],
      ['not-an-email', 'Bad', 'Row', 'fi-FI'],
    ]);
    await chooseFile(page, 'participants.xlsx', file);
    await ok.click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    const summaryText = await summary.innerText();
    assert.match(summaryText, new RegExp(text('imports.succeeded', 'en-US', { n: '2' })));
    assert.match(summaryText, new RegExp(text('imports.failed', 'en-US', { n: '1' })));
    assert.match(summaryText, new RegExp(text('imports.reasons.invalid_email')));
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-result.png` });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('common.close') })
      .last()
      .click();
    await summary.waitFor({ state: 'detached' });

    // The list was read again: the imported participant is there.
    await page.getByRole('searchbox', { name: text('participants.search') }).fill('imported.one');
    const table = page.getByRole('table', { name: text('participants.tableLabel') });
    await table.getByRole('cell', { name: 'imported.one@demo.test' }).waitFor();

    // A renamed text file: the dialog names the problem.
    await page.getByRole('button', { name: text('imports.participants.button') }).click();
    await dialog.waitFor();
    await chooseFile(page, 'participants.xlsx', Buffer.from('email\nx@demo.test\n'), 'text/plain');
    await dialog.getByRole('button', { name: text('imports.ok') }).click();
    await page.getByRole('alert').getByText(text('imports.errors.file.notSpreadsheet')).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-error.png` });

    // The units screen shows the new team under the division its row named.
    await page.goto(`${suite.stack.webUrl}/companies/units/${DEMO_COMPANY}`);
    const level2 = page.getByRole('table', {
      name: text('companies.units.tableLabel', 'en-US', { n: '2' }),
    });
    const team = level2.getByRole('row').filter({ hasText: 'Import team' });
    await team.waitFor();
    assert.equal((await team.getByRole('cell').nth(1).innerText()).trim(), 'Import division');
  });

  test('an Admin of an allowed domain imports users into a chosen company', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/users`);
    await page.getByRole('button', { name: text('imports.users.button') }).click();
    const dialog = page.getByRole('dialog', { name: text('imports.users.title') });
    await dialog.waitFor();
    await chooseFile(
      page,
      'users.xlsx',
      await xlsx([
        ['Email', 'Display name', 'Language code', 'Unit1'],
        ['imported.user@demo.test', 'Imported User', 'en-US', 'Import division'],
        ['admin@demo.test', 'Already there', 'en-US'],
      ]),
    );
    const ok = dialog.getByRole('button', { name: text('imports.ok') });
    assert.equal(await ok.isDisabled(), true); // no company yet
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-users-form.png` });
    await dialog.getByRole('combobox', { name: text('imports.users.company') }).click();
    await page.getByRole('option', { name: 'Demo Oy' }).click();
    await ok.click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    const summaryText = await summary.innerText();
    assert.match(summaryText, new RegExp(text('imports.succeeded', 'en-US', { n: '1' })));
    assert.match(summaryText, new RegExp(text('imports.reasons.email_in_use')));
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-users.png` });
  });
});
