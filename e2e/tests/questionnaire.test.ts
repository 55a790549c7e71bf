// The participant's questionnaire end to end (issue 16): an Admin runs a survey for a demo company,
// the invitation's link opens the questionnaire on a phone, the person answers in Finnish, leaves
// halfway, continues from the reminder's link, finishes, sees the end message and gets the
// participation report email. A trend survey's questionnaire asks the trend questions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { firstLink, waitForMail } from '../src/mail.js';
import { onWeb, signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { answerOverall, rateAllGroups } from '../src/questionnaire-steps.js';
import { questionnaireText, reportText, text } from '../src/texts.js';

const suite = consoleSuite();

const COMPANY = 'Exempel Vård Ab';
const SURVEY = 'Vårdpuls 2026';
const AINO = 'aino.e2e@vard.test';
const FI = 'fi-FI';
const PHONE = { width: 375, height: 740 };
const UNIT_SURVEY = 'Osasto C 2026';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
/** The ten criteria Aino picks as most important. */
const IMPORTANT = [2, 4, 5, 6, 10, 12, 14, 22, 29, 31];

const q = (path: string, values: Record<string, string> = {}) =>
  questionnaireText(path, FI, values);
const criterion = (id: number, language = FI) => reportText(`criteria.${id}`, language);

type Row = [email: string, firstName: string, lastName: string, language: string, unit: string];

async function participantsFile(
  rows: Row[] = [
    [AINO, 'Aino', 'Ahola', FI, 'Osasto A'],
    ['bo.e2e@vard.test', 'Bo', 'Berg', 'sv', 'Osasto A'],
  ],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['Email', 'First name', 'Last name', 'Language code', 'Unit1']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Confirms a send dialog on the survey details page and closes it. */
async function send(page: Page, kind: 'invite' | 'remind'): Promise<void> {
  await page.getByRole('button', { name: text(`participants.${kind}.button`) }).click();
  const dialog = page.getByRole('dialog', { name: text(`participants.${kind}.title`) });
  await dialog.getByRole('button', { name: text(`participants.${kind}.confirm`) }).click();
  const summary = dialog.getByTestId('invitation-summary');
  await summary.waitFor({ timeout: 60_000 });
  await dialog
    .getByRole('button', { name: text('common.close') })
    .last()
    .click();
  await summary.waitFor({ state: 'detached' });
}

async function phonePage(): Promise<Page> {
  const page = await suite.freshPage();
  await page.setViewportSize(PHONE);
  return page;
}

const next = (page: Page) => page.getByRole('button', { name: q('next'), exact: true }).click();
const stepHeading = (page: Page, step: string) =>
  page.getByRole('heading', { name: q(`steps.${step}`), level: 1 }).waitFor();

/** The demo Admin's REST session straight to the API (for what the test only prepares). */
async function adminRest() {
  const api = suite.stack.api.url;
  const login = await fetch(`${api}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'DemoPass2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  return { api, auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

/** Finishes the questionnaire of an invitation link with the page's own GraphQL mutation. */
async function finishThroughGraphql(link: string): Promise<void> {
  const token = new URL(link).searchParams.get('token');
  const res = await fetch(`${suite.stack.webUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `mutation Finish($token: String!, $answers: QuestionnaireAnswersInput!) {
        finishQuestionnaire(token: $token, answers: $answers) { ok status fieldErrors { field message } } }`,
      variables: {
        token,
        answers: {
          important: IMPORTANT,
          realizations: Array.from({ length: 30 }, (_, i) => ({ criterionId: i + 2, value: 60 })),
          satisfaction: 70,
          enps: 8,
          changeJob: false,
        },
      },
    }),
  });
  const body = (await res.json()) as { data?: { finishQuestionnaire: { ok: boolean } } };
  assert.equal(body.data?.finishQuestionnaire.ok, true, JSON.stringify(body));
}

/** The page's language, from <html lang>: one of the three with complete questionnaire texts. */
async function pageLanguage(page: Page): Promise<string> {
  const lang = (await page.locator('html').getAttribute('lang')) ?? '';
  return lang.startsWith('sv') ? 'sv' : lang.startsWith('en') ? 'en-US' : FI;
}

/**
 * Answers an opened questionnaire the quick way a person can: the ten IMPORTANT, every slider
 * rated by keyboard, eNPS 7, would change job; then "Next" until the step
 * `until` (trend) or, with `until` 'done', finishes and waits for the thank-you page. Returns the
 * page's language.
 */
async function answerQuickly(page: Page, until: 'trend' | 'done'): Promise<string> {
  await page.getByRole('progressbar').or(page.getByRole('button')).first().waitFor();
  const language = await pageLanguage(page);
  const qt = (path: string) => questionnaireText(path, language);
  await page
    .getByRole('button', { name: qt('intro.start') })
    .or(page.getByRole('button', { name: qt('intro.continue') }))
    .click();
  for (let guard = 0; guard < 8; guard += 1) {
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    if (heading === qt('steps.trend') && until === 'trend') return language;
    if (heading === qt('steps.comments') && until === 'done') {
      await page.getByRole('button', { name: qt('finish') }).click();
      await page.getByRole('heading', { name: qt('done.title') }).waitFor();
      return language;
    }
    if (heading === qt('steps.important')) {
      for (const id of IMPORTANT) {
        await page.getByRole('checkbox', { name: criterion(id, language), exact: true }).check();
      }
    }
    if (heading === qt('steps.realization')) await rateAllGroups(page, qt);
    if (heading === qt('steps.overall')) await answerOverall(page, qt);
    await page.getByRole('button', { name: qt('next'), exact: true }).click();
    await page
      .getByRole('heading', { name: heading, level: 1, exact: true })
      .waitFor({ state: 'detached' });
  }
  throw new Error(`the questionnaire did not reach ${until}`);
}

/** The first mail whose text links to the survey (polls the catcher: mail is queued). */
async function waitForSurveyMail(linkPart: string) {
  for (let attempt = 0; ; attempt += 1) {
    const found = (await suite.stack.mail.messages()).find((m) => m.text.includes(linkPart));
    if (found) return found;
    assert.ok(attempt < 100, `a mail linking ${linkPart} arrives`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the questionnaire', () => {
  test('invited by email, answered in Finnish on a phone over two sittings, finished with the report email', async () => {
    // The Admin: a survey for the demo company, two participants, invitations.
    const admin = await suite.freshPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await signIn(admin, suite.stack.webUrl, 'admin@demo.test');
    await admin.goto(`${suite.stack.webUrl}/surveys/create`);
    await admin.getByRole('combobox', { name: text('surveys.create.company') }).click();
    await admin.getByRole('option', { name: COMPANY }).click();
    await admin
      .getByRole('textbox', { name: text('surveys.create.name'), exact: true })
      .fill(SURVEY);
    await admin.getByRole('textbox', { name: text('surveys.create.shortName') }).fill('VP26');
    await admin.getByRole('button', { name: text('surveys.create.submit') }).click();
    await admin.waitForURL('**/surveys/details/*');
    await admin.getByRole('button', { name: text('imports.participants.button') }).click();
    const importDialog = admin.getByRole('dialog', { name: text('imports.participants.title') });
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'vard.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await participantsFile(),
    });
    await importDialog.getByRole('button', { name: text('imports.ok') }).click();
    await admin.getByTestId('import-summary').waitFor();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: text('common.close') })
      .last()
      .click();
    await send(admin, 'invite');

    // Aino opens the invitation's link on her phone: the link carries a token, not the PIN.
    const invitation = await waitForMail(suite.stack, AINO);
    const link = firstLink(invitation.text, '/survey/');
    assert.match(link, /\/survey\/[0-9a-f-]{36}\?token=[0-9a-f]{64}$/);
    // What the PIN is for: the survey's own page in her language, where email and PIN open it.
    const pinPage = firstLink(invitation.text, '?lang=');
    assert.match(pinPage, /\/survey\/[0-9a-f-]{36}\?lang=fi-FI$/);
    const pinView = await phonePage();
    await pinView.goto(onWeb(suite.stack.webUrl, pinPage));
    await pinView.getByRole('heading', { name: q('pin.title'), level: 1 }).waitFor();
    assert.match((await pinView.locator('html').getAttribute('lang')) ?? '', /^fi/);
    await pinView.context().close();
    const phone = await phonePage();
    await phone.goto(onWeb(suite.stack.webUrl, link));
    await phone.getByRole('heading', { name: SURVEY, level: 1 }).waitFor();
    // In her language (fi-FI) from the first frame.
    assert.ok(await phone.getByRole('button', { name: q('intro.start') }).isVisible());
    assert.match((await phone.locator('html').getAttribute('lang')) ?? '', /^fi/);
    // Outside the console: no console navigation, no sign-in.
    assert.equal(await phone.getByRole('navigation').count(), 0);
    await phone.getByRole('button', { name: q('intro.start') }).click();

    // Background (optional): nothing pre-selected; she picks an age band.
    await stepHeading(phone, 'background');
    for (const radio of await phone.getByRole('radio').all()) {
      assert.equal(await radio.isChecked(), false);
    }
    await phone.getByRole('radio', { name: reportText('background.age.35-44', FI) }).check();
    await next(phone);

    // The ten most important: with nine, "Next" says what is missing.
    await stepHeading(phone, 'important');
    for (const id of IMPORTANT.slice(0, 9)) {
      await phone.getByRole('checkbox', { name: criterion(id), exact: true }).check();
    }
    await next(phone);
    const missing = phone.getByRole('alert');
    await missing.getByText(q('missing.important', { count: '10', chosen: '9' })).waitFor();
    await phone.getByRole('checkbox', { name: criterion(IMPORTANT[9] ?? 31), exact: true }).check();
    assert.deepEqual(await seriousAxeViolations(phone), []);
    await next(phone);

    // Realization by keyboard, six criteria at a time: criterion c gets c + 40 (Home, then c + 40
    // steps right). An unrated slider says so, not 50.
    await stepHeading(phone, 'realization');
    assert.equal(
      await phone.getByRole('slider').first().getAttribute('aria-valuetext'),
      q('realization.notRated'),
    );
    for (let id = 2; id <= 31; id += 1) {
      if (id > 2 && (id - 2) % 6 === 0) {
        await phone.getByRole('button', { name: q('realization.nextGroup') }).click();
      }
      const slider = phone.getByRole('slider', { name: criterion(id), exact: true });
      await slider.focus();
      await phone.keyboard.press('Home');
      for (let step = 0; step < id + 40; step += 1) await phone.keyboard.press('ArrowRight');
    }
    const lastSlider = phone.getByRole('slider', { name: criterion(31), exact: true });
    assert.equal(await lastSlider.getAttribute('aria-valuenow'), '71');
    assert.equal(
      await lastSlider.getAttribute('aria-valuetext'),
      q('realization.valueText', { value: '71' }),
    );
    assert.deepEqual(await seriousAxeViolations(phone), []);
    await next(phone);
    await stepHeading(phone, 'overall');
    await phone.getByText(q('saved'), { exact: true }).waitFor();
    // She leaves halfway.
    await phone.context().close();

    // The reminder's link continues from what was saved, on another device.
    await send(admin, 'remind');
    const reminder = await waitForMail(
      suite.stack,
      AINO,
      new RegExp(text('participantEmails.reminder.subject', FI, { survey: SURVEY })),
    );
    const again = await phonePage();
    await again.goto(onWeb(suite.stack.webUrl, firstLink(reminder.text, '/survey/')));
    // "Continue where I left off" opens the step she stopped at, not step 1.
    await again.getByRole('button', { name: q('intro.continue') }).click();
    await stepHeading(again, 'overall');
    // What she answered before is all there.
    const back = () => again.getByRole('button', { name: q('back'), exact: true }).click();
    await back();
    await again.getByText(q('realization.rated', { rated: '30', count: '30' })).waitFor();
    await back();
    await again.getByText(q('important.chosen', { chosen: '10', count: '10' })).waitFor();
    await back();
    await stepHeading(again, 'background');
    assert.ok(
      await again.getByRole('radio', { name: reportText('background.age.35-44', FI) }).isChecked(),
    );
    for (let i = 0; i < 3; i += 1) await next(again);

    // Overall: satisfaction by keyboard, eNPS 9, not changing jobs.
    await stepHeading(again, 'overall');
    const satisfaction = again.getByRole('slider', { name: q('overall.satisfaction') });
    await satisfaction.focus();
    await again.keyboard.press('End');
    for (let step = 0; step < 20; step += 1) await again.keyboard.press('ArrowLeft');
    assert.equal(await satisfaction.getAttribute('aria-valuenow'), '80');
    // eNPS by keyboard: the chips are radio buttons.
    await again.getByRole('radio', { name: '9', exact: true }).focus();
    await again.keyboard.press('Space');
    assert.ok(await again.getByRole('radio', { name: '9', exact: true }).isChecked());
    await again.getByRole('radio', { name: q('overall.no'), exact: true }).check();
    await next(again);

    // Comments in Finnish.
    await stepHeading(again, 'comments');
    await again.getByRole('button', { name: q('comments.add') }).click();
    await again
      .getByRole('combobox', { name: q('comments.criterion') })
      .selectOption({ label: criterion(5) });
    await again.getByRole('textbox', { name: q('comments.text') }).fill('Tiimissä on hyvä henki.');
    await again.getByRole('button', { name: q('comments.add') }).click();
    await again
      .getByRole('combobox', { name: q('comments.type') })
      .last()
      .selectOption({ label: q('comments.types.negative') });
    await again
      .getByRole('textbox', { name: q('comments.text') })
      .last()
      .fill('Tiedotus muutoksista tulee usein myöhässä.');
    assert.deepEqual(await seriousAxeViolations(again), []);
    await again.getByRole('button', { name: q('finish') }).click();

    // The end message, and the participation report email.
    await again.getByRole('heading', { name: q('done.title') }).waitFor();
    const report = await waitForMail(
      suite.stack,
      AINO,
      new RegExp(text('participantEmails.report.subject', FI, { survey: SURVEY })),
    );
    // Her ten picks with how well each is realized (c + 40); no bare "L-index" she cannot read.
    assert.match(report.text, new RegExp(`${criterion(29)}: 69`));
    assert.doesNotMatch(report.text, /L-indeksi/);

    // The same link now says she has answered.
    await again.reload();
    await again.getByRole('heading', { name: q('status.answered.title') }).waitFor();

    // The Admin sees her finished.
    await admin.reload();
    await admin
      .getByRole('row', { name: /Ahola/ })
      .getByText(/\d+\.\d+\.\d{4}/)
      .first()
      .waitFor();
  });

  test("a trend survey's questionnaire asks whether each important criterion got better", async () => {
    // The demo's trend survey Henkilöstökysely 2025 is reopened by moving its end date ahead;
    // a reminder reaches its unfinished participants.
    const { api, auth } = await adminRest();
    const HK25 = 'de300000-0000-4000-8000-000000000302';
    const ahead = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const ended = await fetch(`${api}/surveys/setenddate`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: HK25, endDate: ahead }),
    });
    assert.equal(ended.status, 200);
    const remind = await fetch(`${api}/surveys/remind/${HK25}`, { method: 'POST', headers: auth });
    const run = (await remind.json()) as { id: string; total: number };
    assert.ok(run.total > 0, 'an unfinished participant of the trend survey is reminded');
    // The reminders go out from the mail queue behind the answer.
    const mail = await waitForSurveyMail(`/survey/${HK25}?`);
    const link = firstLink(mail.text, '/survey/');

    const page = await phonePage();
    await page.goto(onWeb(suite.stack.webUrl, link));
    const language = await answerQuickly(page, 'trend');
    const qt = (path: string, values: Record<string, string> = {}) =>
      questionnaireText(path, language, values);
    await page.getByRole('heading', { name: qt('steps.trend'), level: 1 }).waitFor();
    for (const id of IMPORTANT) {
      const group = page.getByRole('radiogroup', { name: criterion(id, language) });
      await group.getByRole('radio', { name: qt('trend.better') }).check();
    }
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.getByRole('button', { name: qt('finish') }).click();
    await page.getByRole('heading', { name: qt('done.title') }).waitFor();
  });

  test('once five participants of a unit have answered, the reports show them; with four they do not', async () => {
    // A new company's survey for the five people of one unit, prepared straight through REST (the
    // first test does the same through the console's pages). A company's first survey: a later
    // one would follow it as a trend survey, with the participants of the first.
    const { api, auth } = await adminRest();
    const post = async (path: string, body: object) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(body),
      });
      assert.ok(res.ok, await res.clone().text());
      return (await res.json()) as { id: string };
    };
    const company = await post('/companies/create', {
      name: 'Hoivakoti Esimerkki Oy',
      industryId: 'health',
      sizeId: '1-49',
    });
    const survey = await post('/surveys/create/', {
      name: UNIT_SURVEY,
      shortName: 'OC26',
      companyId: company.id,
    });
    const people = [1, 2, 3, 4, 5].map((n) => `osasto.c${n}.e2e@vard.test`);
    const form = new FormData();
    form.set('companyId', company.id);
    form.set('surveyId', survey.id);
    const rows = people.map((email, i): Row => [email, `Hoitaja${i + 1}`, 'C', FI, 'Osasto C']);
    form.set('file', new Blob([new Uint8Array(await participantsFile(rows))]), 'osasto-c.xlsx');
    const imported = await fetch(`${api}/import/participants/`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
      body: form,
    });
    assert.equal(imported.status, 200, await imported.clone().text());
    const invited = await fetch(`${api}/surveys/invite/${survey.id}`, {
      method: 'POST',
      headers: auth,
    });
    assert.equal(invited.status, 200);
    const links = await Promise.all(
      people.map(async (email) =>
        firstLink((await waitForMail(suite.stack, email)).text, '/survey/'),
      ),
    );

    // The first answers on her phone through the questionnaire's pages; three more finish through
    // the same public GraphQL call the page makes.
    const phone = await phonePage();
    await phone.goto(onWeb(suite.stack.webUrl, links[0] ?? ''));
    await answerQuickly(phone, 'done');
    for (const link of links.slice(1, 4)) await finishThroughGraphql(link);

    // Four have answered: the Admin's report of the survey shows nothing of them.
    const admin = await suite.freshPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    const language = await signIn(admin, suite.stack.webUrl, 'admin@demo.test');
    const reportUrl = `${suite.stack.webUrl}/report/mostImportant?surveyId=${survey.id}&companyId=${company.id}`;
    await admin.goto(reportUrl);
    const title = reportText('console.landing.tiles.mostImportant.title', language);
    await admin.getByRole('heading', { name: title, level: 1 }).waitFor();
    // Hidden because four are under the threshold (5): the note names that reason.
    const suppressed = reportText('console.common.hiddenNamed.BELOW_THRESHOLD', language, {
      name: UNIT_SURVEY,
      threshold: '5',
    });
    await admin.getByRole('note').getByText(suppressed).waitFor();
    assert.equal(await admin.getByRole('table').count(), 0);
    const respondents = (count: string) =>
      reportText('console.tables.respondents', language, { name: UNIT_SURVEY, count });
    assert.equal(await admin.getByText(respondents('4')).count(), 0);
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/unit-report-four.png` });

    // The fifth answers: the next read shows all five.
    await finishThroughGraphql(links[4] ?? '');
    await admin.reload();
    await admin.getByText(respondents('5')).waitFor();
    assert.equal(await admin.getByRole('note').getByText(suppressed).count(), 0);
    const table = admin.getByRole('table');
    await table.getByRole('row').nth(10).waitFor();
    // All five picked the same ten (IMPORTANT): each of them is at 100 %.
    assert.match(await table.getByRole('row').nth(1).innerText(), /\b100 %/);
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/unit-report-five.png` });
  });
});
