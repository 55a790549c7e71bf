// The console in the pseudo-locale (en-US accented and 35 % longer, docs/languages.md): every
// role's pages at 375 px and 1280 px and every questionnaire step. Nothing clipped or outside the
// viewport (measured from the layout), no text left in English (a text not going through i18next),
// and axe clean at rest and with the pointer on and focus in a button of each kind.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@survey/api';
import { pseudoText } from '../../locales/src/pseudo.js';
import { seriousAxeViolations } from '../src/axe.js';
import { englishTexts, layoutProblems } from '../src/layout.js';
import { openSettled, settled } from '../src/navigate.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { questionnaireLink } from '../src/questionnaire-link.js';
import { answerOverall, rateAllGroups } from '../src/questionnaire-steps.js';
import { questionnaireText, reportText } from '../src/texts.js';

const suite = consoleSuite();

const DEMO = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const OPEN_SURVEY = 'de300000-0000-4000-8000-000000000303';
const REPORT = `companyId=${DEMO}&surveyId=${HK24}`;
const WIDTHS = [375, 1280];
const PSEUDO_STORAGE_KEY = 'survey-console.pseudo-locale';

/** Every English word (3+ letters) of en-US's texts: what a text left untranslated would contain. */
const VOCABULARY = new Set(
  ['common', 'admin', 'report', 'questionnaire', 'ai'].flatMap((ns) =>
    (
      readFileSync(new URL(`../../locales/en-US/${ns}.json`, import.meta.url), 'utf8')
        .replace(/"[\w.-]+":/g, ' ') // keys are not texts
        .replace(/{{\w+}}/g, ' ')
        .match(/[A-Za-z]{3,}/g) ?? []
    ).map((word) => word.toLowerCase()),
  ),
);

/**
 * Data the demo shows as it was entered (its English unit names), and names that are not texts (the
 * menu's "English"). Respondents' comments are not listed: the console marks them
 * data-respondent-content and englishTexts skips those elements.
 */
const CRITERIA = (
  JSON.parse(readFileSync(new URL('../../locales/en-US/report.json', import.meta.url), 'utf8')) as {
    criteria: Record<string, string>;
  }
).criteria;

const DATA = [
  'Demo',
  'Survey Console',
  'eNPS',
  'English',
  ...['Key Accounts', 'Sales and Marketing', 'Development', 'Mobile', 'Platform', 'Infra'],
  ...['Team Aurora', 'Team Borealis', 'Team Cirrus'],
  ...DEMO_ACCOUNTS.map((account) => account.displayName),
  // Criterion names come from the API in the report language, which the pseudo-locale is not
  // (the report then falls back to English); they go through locales/*/report.json.
  ...Object.values(CRITERIA),
];

async function pseudoOn(page: Page): Promise<void> {
  await page.evaluate((key) => localStorage.setItem(key, 'on'), PSEUDO_STORAGE_KEY);
  await page.reload();
  await settled(page);
}

/** Each button kind on the page (data-variant), hovered and then focused, checked by axe. */
async function axeInStates(page: Page, where: string): Promise<void> {
  const variants = await page.$$eval('button[data-variant]', (buttons) => [
    ...new Set(buttons.map((b) => b.getAttribute('data-variant') ?? '')),
  ]);
  for (const variant of variants) {
    const button = page.locator(`button[data-variant="${variant}"]:visible`).first();
    if ((await button.count()) === 0) continue;
    await button.hover();
    assert.deepEqual(
      await seriousAxeViolations(page),
      [],
      `${where}: hover on a ${variant} button`,
    );
    await button.focus();
    assert.deepEqual(
      await seriousAxeViolations(page),
      [],
      `${where}: focus on a ${variant} button`,
    );
  }
  await page.mouse.move(0, 0);
}

/** The page as it is: laid out in full, no English, axe clean (with `states`, hover and focus too). */
async function check(page: Page, where: string, states: boolean): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
  assert.deepEqual(await layoutProblems(page), [], `${where}: laid out in full`);
  assert.deepEqual(await englishTexts(page, VOCABULARY, DATA), [], `${where}: no English text`);
  assert.deepEqual(await seriousAxeViolations(page), [], `${where}: axe`);
  if (states) await axeInStates(page, where);
}

async function checkRoutes(email: string, routes: readonly string[]): Promise<void> {
  const page = await suite.freshPage();
  await signIn(page, suite.stack.webUrl, email);
  await pseudoOn(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of routes) {
      await openSettled(page, route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(page, `${email} ${route} at ${width}px`, width === 1280);
    }
  }
  await page.context().close();
}

describe('the pseudo-locale', () => {
  test('the pages of an Admin', () =>
    checkRoutes('admin@demo.test', [
      '/dashboard',
      '/companies',
      '/companies/create',
      `/companies/units/${DEMO}`,
      '/surveys',
      '/surveys/create',
      `/surveys/details/${OPEN_SURVEY}`,
      '/users',
      '/users/create',
      '/logs',
      `/report?${REPORT}`,
      `/report/mostImportant?${REPORT}`,
      `/report/enps?${REPORT}`,
      `/report/opencomments?${REPORT}`,
    ]));

  test('the pages of a PartnerAdmin, a SuperUser and a User', async () => {
    await checkRoutes('partner@demo.test', ['/dashboard', '/surveys', '/users']);
    await checkRoutes('super@demo.test', ['/dashboard', '/users', `/report?${REPORT}`]);
    await checkRoutes('user@demo.test', ['/dashboard', `/report?${REPORT}`]);
  });

  test('every step of the questionnaire', async () => {
    const link = await questionnaireLink(suite.stack, 'pseudo.e2e@demo.test', 'en-US');
    for (const width of WIDTHS) {
      const page = await suite.freshPage();
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${suite.stack.webUrl}/`);
      await pseudoOn(page);
      await page.goto(link);
      await walkQuestionnaire(page, width).catch(async (error: unknown) => {
        if (process.env.E2E_SCREENSHOTS)
          await page.screenshot({
            path: `${process.env.E2E_SCREENSHOTS}/pseudo-failed-${width}.png`,
          });
        throw error;
      });
      await page.context().close();
    }
  });
});

const qt = (path: string) => pseudoText(questionnaireText(path));

/** Through every step with the least answers each needs, checking each step on the way. */
async function walkQuestionnaire(page: Page, width: number): Promise<void> {
  const start = page.getByRole('button', { name: qt('intro.start') });
  await start
    .or(page.getByRole('button', { name: qt('intro.continue') }))
    .first()
    .waitFor();
  await check(page, `questionnaire intro at ${width}px`, true);
  await start
    .or(page.getByRole('button', { name: qt('intro.continue') }))
    .first()
    .click();
  for (let step = 0; step < 8; step += 1) {
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    await check(page, `questionnaire step "${heading}" at ${width}px`, true);
    if (heading === qt('steps.comments')) {
      await page.getByRole('button', { name: qt('comments.add') }).click();
      await check(page, `questionnaire comments, one added, at ${width}px`, true);
      return;
    }
    if (heading === qt('steps.important'))
      for (const id of [2, 4, 5, 6, 10, 12, 14, 22, 29, 31])
        await page
          .getByRole('checkbox', { name: pseudoText(reportText(`criteria.${id}`)), exact: true })
          .check();
    if (heading === qt('steps.realization')) await rateAllGroups(page, qt);
    if (heading === qt('steps.overall')) await answerOverall(page, qt);
    await page.getByRole('button', { name: qt('next'), exact: true }).click();
    await page
      .getByRole('heading', { name: heading, level: 1, exact: true })
      .waitFor({ state: 'detached' });
  }
  throw new Error('the questionnaire did not reach its comments step');
}
