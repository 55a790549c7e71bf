// A new admin's first survey, start to finish: company, survey, 50 participants from a spreadsheet,
// invitations and reminders over real SMTP, the participants export read back, and the deliveries in
// the log. Account confirmation, comment moderation and the role guards have their own files.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { finishedRun, sentOf } from '../src/mail-run.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

const suite = consoleSuite();

const COMPANY = 'Polku Logistiikka Oy';
const SURVEY = 'Polku pulse';
const PEOPLE = 50;
const emailOf = (n: number) => `polku.${n}@journey.test`;

async function participantsFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['Email', 'First name', 'Last name', 'Language code', 'Unit1', 'Unit2']);
  for (let n = 1; n <= PEOPLE; n += 1) {
    const language = ['fi-FI', 'sv', 'en-US'][n % 3];
    sheet.addRow([emailOf(n), `Person${n}`, 'Polku', language, 'Terminals', `Shift ${n % 2}`]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Confirms a send dialog and returns its summary text, then closes it. */
async function send(page: Page, kind: 'invite' | 'remind'): Promise<string> {
  await page.getByRole('button', { name: text(`participants.${kind}.button`) }).click();
  const dialog = page.getByRole('dialog', { name: text(`participants.${kind}.title`) });
  await dialog.getByRole('button', { name: text(`participants.${kind}.confirm`) }).click();
  const summary = dialog.getByTestId('invitation-summary');
  await summary.waitFor({ timeout: 60_000 });
  // Answered at once; the dialog follows the run until its mails are sent.
  const summaryText = await finishedRun(summary);
  await dialog
    .getByRole('button', { name: text('common.close') })
    .last()
    .click();
  await summary.waitFor({ state: 'detached' });
  return summaryText;
}

async function mailsTo(addresses: Set<string>, subject: RegExp): Promise<number> {
  const messages = await suite.stack.mail.messages();
  return messages.filter(
    (m) => subject.test(m.subject) && m.to.some((to) => addresses.has(to.toLowerCase())),
  ).length;
}

async function waitForMails(addresses: Set<string>, subject: RegExp, count: number) {
  for (let attempt = 0; (await mailsTo(addresses, subject)) < count; attempt += 1) {
    assert.ok(attempt < 150, `${count} emails matching ${subject} arrive`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a new admin runs a survey', () => {
  test('company, survey, 50 imported participants invited and reminded, export read back, deliveries logged', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');

    // The company.
    await page.goto(`${suite.stack.webUrl}/companies/create`);
    await page.getByRole('textbox', { name: text('companies.form.name') }).fill(COMPANY);
    await choose(page, text('companies.form.industry'), text('companies.industries.retail'));
    await choose(page, text('companies.form.size'), text('companies.sizes.1000+'));
    await page.getByRole('button', { name: text('companies.form.create') }).click();
    await page.getByText(text('companies.form.created', 'en-US', { name: COMPANY })).waitFor();

    // Its survey.
    await page.goto(`${suite.stack.webUrl}/surveys/create`);
    await page.getByRole('combobox', { name: text('surveys.create.company') }).click();
    await page.getByRole('option', { name: COMPANY }).click();
    await page
      .getByRole('textbox', { name: text('surveys.create.name'), exact: true })
      .fill(SURVEY);
    await page.getByRole('textbox', { name: text('surveys.create.shortName') }).fill('POLKU');
    await page.getByRole('button', { name: text('surveys.create.submit') }).click();
    await page.waitForURL('**/surveys/details/*');
    await page.getByRole('heading', { name: SURVEY }).waitFor();

    // 50 participants from a spreadsheet, units created on the way.
    await page.getByRole('button', { name: text('imports.participants.button') }).click();
    const importDialog = page.getByRole('dialog', { name: text('imports.participants.title') });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'polku.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await participantsFile(),
    });
    await importDialog.getByRole('button', { name: text('imports.ok') }).click();
    const imported = page.getByTestId('import-summary');
    await imported.waitFor();
    assert.match(
      await imported.innerText(),
      new RegExp(text('imports.succeeded', 'en-US', { n: String(PEOPLE) })),
    );
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('common.close') })
      .last()
      .click();
    await imported.waitFor({ state: 'detached' });

    // Invitations: every one of the 50 gets exactly one, over SMTP.
    const everyone = new Set(Array.from({ length: PEOPLE }, (_, i) => emailOf(i + 1)));
    const invited = await send(page, 'invite');
    assert.deepEqual(sentOf(invited), { sent: PEOPLE, total: PEOPLE });
    assert.match(invited, new RegExp(text('participants.send.failed', 'en-US', { n: '0' })));
    await waitForMails(everyone, new RegExp(SURVEY), PEOPLE);
    const afterInvite = await mailsTo(everyone, new RegExp(SURVEY));
    assert.equal(afterInvite, PEOPLE, 'one invitation each');

    // A second invite round has nobody left to invite; reminders reach all 50 unfinished.
    const again = await send(page, 'invite');
    assert.deepEqual(sentOf(again), { sent: 0, total: 0 });
    const reminded = await send(page, 'remind');
    assert.deepEqual(sentOf(reminded), { sent: PEOPLE, total: PEOPLE });
    await waitForMails(everyone, new RegExp(SURVEY), PEOPLE * 2);

    // The participants export, read back as a spreadsheet.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text('exports.download.participants') }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    assert.ok(sheet);
    const exported = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) exported.add(String(row.getCell(1).text).toLowerCase());
    });
    assert.deepEqual(
      [...everyone].filter((email) => !exported.has(email)),
      [],
    );

    // The deliveries in the log.
    await page.goto(`${suite.stack.webUrl}/logs`);
    await page.getByRole('heading', { name: text('logs.title') }).waitFor();
    const search = page.getByRole('searchbox', { name: text('logs.filter.query') });
    await search.fill(emailOf(7));
    await page.getByRole('button', { name: text('logs.filter.submit'), exact: true }).click();
    const rows = page.getByRole('row').filter({ hasText: emailOf(7) });
    await rows
      .filter({ hasText: text('logs.events.delivered') })
      .first()
      .waitFor();
    assert.ok((await rows.count()) >= 2, 'invitation and reminder are both in the log');
    await page.context().close();
  });
});
