// Issue 27's three questions on the demo's Ask page (Henkilöstökysely 2025, Admin, the built-in
// engine): the comment ranked first is filed under the criterion asked about, and no text shows
// twice among the comments. Screenshots at desktop and phone width with E2E_SCREENSHOTS.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { openSettled } from '../src/navigate.js';
import { DEMO_PASSWORD, signIn } from '../src/session.js';
import { consoleSuite, type Suite } from '../src/suite.js';
import { aiText, reportText } from '../src/texts.js';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const HK25 = 'de300000-0000-4000-8000-000000000302';
const QUESTIONS = [
  { question: 'What do people say about their salaries?', criterion: 3, slug: 'salaries' },
  { question: 'Is the workload too heavy?', criterion: 14, slug: 'workload' },
  { question: 'Mitä mieltä ollaan palkoista?', criterion: 3, slug: 'palkoista' },
];

async function graphql<T>(suite: Suite, query: string, variables: object, token?: string) {
  const res = await fetch(`${suite.stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}

/** The demo builds no search index: an Admin creates it; waits for the build. */
async function buildIndex(suite: Suite): Promise<void> {
  // A shared machine can make the first sign-in slow (argon2): tried up to three times.
  let login: { login: { session: { token: string } } } | undefined;
  for (let attempt = 0; !login; attempt++)
    login = await graphql<{ login: { session: { token: string } } }>(
      suite,
      'mutation($email: String!, $password: String!) { login(email: $email, password: $password, delivery: TOKEN) { session { token } } }',
      { email: 'admin@demo.test', password: DEMO_PASSWORD },
    ).catch((error: unknown) => {
      if (attempt >= 2) throw error;
      return undefined;
    });
  const token = login.login.session.token;
  await graphql(
    suite,
    'mutation($id: ID!) { createSearchIndex(surveyId: $id) { status } }',
    { id: HK25 },
    token,
  );
  const deadline = Date.now() + 300_000;
  for (;;) {
    const data = await graphql<{ survey: { searchIndex: { status: string } | null } }>(
      suite,
      'query($id: ID!) { survey(id: $id) { searchIndex { status } } }',
      { id: HK25 },
      token,
    );
    if (data.survey.searchIndex?.status === 'READY') return;
    assert.ok(Date.now() < deadline, 'the search index is ready within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: aiText('ask.question') });
  await box.fill(question);
  await box.press('Enter');
  await page.getByRole('heading', { name: question, level: 2 }).waitFor({ timeout: 120_000 });
  await page.getByTestId('ask-comment').first().waitFor();
}

describe('the Ask page finds what was asked (issue 27)', () => {
  const suite = consoleSuite();

  test('the three questions rank comments on their topic first', async () => {
    await buildIndex(suite);
    for (const { question, criterion, slug } of QUESTIONS) {
      const page = await suite.freshPage();
      await signIn(page, suite.stack.webUrl, 'admin@demo.test');
      await openSettled(page, `/report/ask-kiddy?surveyId=${HK25}`);
      await ask(page, question);
      const first = page
        .getByTestId('ask-comment')
        .filter({ has: page.getByTestId('ask-rank').getByText('#1') });
      await first
        .getByText(reportText(`criteria.${criterion}`), { exact: true })
        .waitFor({ timeout: 10_000 });
      const texts = await page
        .getByTestId('ask-comment')
        .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
      assert.equal(new Set(texts).size, texts.length, 'no text twice');
      if (SCREENSHOTS)
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({
            path: `${SCREENSHOTS}/ask-${slug}-${width}.png`,
            fullPage: true,
          });
        }
      await page.context().close();
    }
  });
});
