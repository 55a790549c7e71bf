// The AI panels, the survey details page's search index and the playground in Chromium on the demo
// data, once with the embedded engine and once with the provider engine (the API talking to the
// loopback OpenAI-compatible server of apps/api/src/test/fake-provider.ts, the one allowed fake:
// startStack's aiProvider).
// AI_SHOTS_DIR set: screenshots of each page at desktop and phone width are written there.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { DEMO_PASSWORD, signIn } from '../src/session.js';
import { consoleSuite, type Suite } from '../src/suite.js';
import { aiText, reportText } from '../src/texts.js';

const DEMO = 'de300000-0000-4000-8000-000000000001';
// The ended trend survey (base HK24) with the demo's AI settings: summaries for managers, no
// translation but for Admin, nothing for Users.
const HK25 = 'de300000-0000-4000-8000-000000000302';
const OPEN_COMMENTS = `/report/opencomments?companyId=${DEMO}&surveyId=${HK25}`;
// Every playground section asks 31 summaries in a row: more than the default 20 AI calls a minute
// per account. The embedded suite keeps the default (the playground asks a rate-limited factor
// again after a wait); the provider suite lifts it, as startStack's aiProvider does.
const AI_LIMITS = { AI_RATE_LIMIT_PER_MINUTE: 1000 };
const SHOTS = process.env.AI_SHOTS_DIR;

/** A screenshot of the viewport with `target` scrolled into it (or of the whole page). */
async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  if (!SHOTS) return;
  if (target) await target.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: !target });
}

/** Desktop and 375 px phone screenshots of the page as it is. */
async function shootBoth(page: Page, name: string, target?: Locator): Promise<void> {
  if (!SHOTS) return;
  await shoot(page, `${name}-desktop`, target);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await shoot(page, `${name}-phone`, target);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
}

async function noSeriousViolations(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
  assert.deepEqual(await seriousAxeViolations(page), [], `${what}: no serious axe violations`);
}

async function graphql(suite: Suite, email: string, query: string, variables: object) {
  const call = async (body: object, token?: string) => {
    const res = await fetch(`${suite.stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  };
  const login = await call({
    query:
      'mutation($email: String!, $password: String!) { login(email: $email, password: $password, delivery: TOKEN) { session { token } } }',
    variables: { email, password: DEMO_PASSWORD },
  });
  const token = (login.data?.login as { session: { token: string } }).session.token;
  const answer = await call({ query, variables }, token);
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data;
}

/** The open comments page of HK25 with its first section ("Better") opened, in `language`. */
async function openComments(suite: Suite, page: Page, language = 'en-US'): Promise<void> {
  await page.goto(`${suite.stack.webUrl}${OPEN_COMMENTS}`);
  await page
    .getByRole('heading', {
      name: reportText('console.landing.tiles.openComments.title', language),
      level: 1,
    })
    .waitFor();
  await page
    .getByRole('button', {
      name: new RegExp(`^${reportText('console.openComments.sections.better', language)}`),
    })
    .click();
}

/** The AI panels of the page's topics (their label in en-US, fi-FI or sv). */
const panelsOf = (page: Page, language = 'en-US') =>
  page.getByRole('group', {
    name: new RegExp(`^${aiText('summary.panelLabel', language, { topic: '' })}`),
  });

/**
 * The first topic's panels, held by that topic's name: the criteria's comments load one page each,
 * so while a page loads a later topic can be first, and `.first()` would move to another topic.
 */
async function firstTopicPanel(page: Page, language = 'en-US'): Promise<Locator> {
  const first = panelsOf(page, language).first();
  await first.getByRole('button').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const name = await panelsOf(page, language).first().getAttribute('aria-label');
  assert.ok(name, 'the AI panels are labelled by their topic');
  return page.getByRole('group', { name, exact: true });
}

/**
 * Which AI buttons the first topic shows, as en-US names. `expected` empty: the page had time to
 * load the panels' code and the user's capabilities, and shows none.
 */
async function aiButtons(page: Page, language: string, expected: readonly string[]) {
  await page.getByRole('listitem').first().waitFor();
  if (expected.length === 0) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    if ((await panelsOf(page, language).count()) === 0) return [];
  }
  const panel = await firstTopicPanel(page, language);
  const shown: string[] = [];
  for (const key of ['summary.summarize', 'translation.translate'])
    if ((await panel.getByRole('button', { name: aiText(key, language) }).count()) > 0)
      shown.push(aiText(key));
  return shown;
}

/** The console with the embedded engine, or with the provider engine against the loopback fake. */
const aiSuite = (engine: 'embedded' | 'provider') =>
  engine === 'provider' ? consoleSuite({ api: AI_LIMITS, aiProvider: true }) : consoleSuite();

for (const engine of ['embedded', 'provider'] as const) {
  describe(`AI in the console, ${engine} engine`, () => {
    const suite = aiSuite(engine);
    const shot = (name: string) => `${engine}-${name}`;

    test('the AI code loads only where it is used; the login route stays under 200 KB gzip', async () => {
      const page = await suite.freshPage();
      const scripts = new Map<string, number>();
      page.on('response', (response) => {
        const url = response.url();
        if (!url.endsWith('.js')) return;
        void response
          .body()
          .then((body) => scripts.set(url, gzipSync(body).length))
          .catch(() => undefined);
      });
      const aiChunks = () =>
        [...scripts.keys()].filter((url) =>
          /\/(CommentAiPanels|SurveyAiSection|PlaygroundRoute|ChatPanel)-[\w-]+\.js$/.test(url),
        );
      await page.goto(`${suite.stack.webUrl}/login`);
      await page.waitForLoadState('networkidle');
      const loginBytes = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
      assert.ok(loginBytes < 200 * 1024, `login loads ${Math.round(loginBytes / 1024)} KB gzip`);
      assert.deepEqual(aiChunks(), [], 'no AI code on the login page');
      // The dashboard of an Admin: still none.
      await signIn(page, suite.stack.webUrl, 'admin@demo.test');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(aiChunks(), [], 'no AI code on the dashboard');
      // The open comments page fetches the panels' chunk, and nothing of the playground.
      await openComments(suite, page);
      await panelsOf(page).first().waitFor();
      assert.ok(
        aiChunks().some((url) => url.includes('/CommentAiPanels-')),
        aiChunks().join(),
      );
      assert.ok(!aiChunks().some((url) => url.includes('/PlaygroundRoute-')));
      await page.context().close();
    });

    test('the open comments page shows the panels each role and setting allows', async () => {
      const page = await suite.freshPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const summarise = aiText('summary.summarize');
      const translate = aiText('translation.translate');
      const expected: [string, string[]][] = [
        ['admin@demo.test', [summarise, translate]],
        ['partner@demo.test', [summarise]],
        ['super@demo.test', [summarise]],
      ];
      for (const [email, buttons] of expected) {
        const context = await suite.freshPage();
        const language = await signIn(context, suite.stack.webUrl, email);
        await openComments(suite, context, language);
        assert.deepEqual(await aiButtons(context, language, buttons), buttons, email);
        await context.context().close();
      }
      // A User: the survey does not show its comments yet, and nothing of the AI either.
      const user = await suite.freshPage();
      const userLanguage = await signIn(user, suite.stack.webUrl, 'user@demo.test');
      await user.goto(`${suite.stack.webUrl}${OPEN_COMMENTS}`);
      await user.getByText(reportText('console.openComments.notShownYet', userLanguage)).waitFor();
      assert.equal(await panelsOf(user, userLanguage).count(), 0);
      await user.context().close();

      // The Admin turns on translation for managers and summaries for users, and shows the comments.
      await graphql(
        suite,
        'admin@demo.test',
        `
          mutation ($id: ID!) {
            updateSurvey(
              id: $id
              input: { settings: { showAiTranslationManager: true, showAiSummarizationUser: true } }
            ) {
              ok
            }
            setShowOpenComments(id: $id, from: "2025-11-01T00:00:00.000Z") {
              ok
            }
          }
        `,
        { id: HK25 },
      );
      for (const [email, buttons] of [
        ['super@demo.test', [summarise, translate]],
        ['user@demo.test', [summarise]],
      ] as const) {
        const context = await suite.freshPage();
        const language = await signIn(context, suite.stack.webUrl, email);
        await openComments(suite, context, language);
        assert.deepEqual(
          await aiButtons(context, language, buttons),
          [...buttons],
          `${email} after the settings changed`,
        );
        await context.context().close();
      }
      // Back to the demo's settings for the other tests.
      await graphql(
        suite,
        'admin@demo.test',
        `
          mutation ($id: ID!) {
            updateSurvey(
              id: $id
              input: {
                settings: { showAiTranslationManager: false, showAiSummarizationUser: false }
              }
            ) {
              ok
            }
          }
        `,
        { id: HK25 },
      );
      await page.context().close();
    });

    test('an Admin summarises and translates a topic, in the list and on the map', async () => {
      const page = await suite.freshPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, suite.stack.webUrl, 'admin@demo.test');
      await openComments(suite, page);
      const panel = await firstTopicPanel(page);
      await panel.getByRole('button', { name: aiText('summary.summarize') }).click();
      const summary = panel.getByRole('region', { name: aiText('summary.title') });
      await summary.waitFor({ timeout: 60_000 });
      const label =
        engine === 'embedded'
          ? aiText('summary.extractiveLabel')
          : aiText('summary.generatedLabel', 'en-US', { model: 'fake-chat' });
      await summary.getByText(label, { exact: true }).waitFor();
      assert.match(await summary.innerText(), /Comments summarised: \d+/);

      await panel.getByRole('button', { name: aiText('translation.translate') }).click();
      const translation = panel.getByRole('region', { name: aiText('translation.title') });
      await translation.waitFor({ timeout: 60_000 });
      if (engine === 'embedded') {
        await translation
          .getByText(aiText('translation.notTranslatedLabel'), { exact: true })
          .waitFor();
        assert.match(await translation.innerText(), /[A-Z]{2}, confidence \d+ %/);
      } else {
        const show = translation
          .getByRole('button', { name: aiText('translation.showOriginal') })
          .first();
        await show.click();
        await translation
          .getByText(aiText('translation.original'), { exact: true })
          .first()
          .waitFor();
        assert.match(await translation.innerText(), /[A-Z]{2}, confidence \d+ %/);
      }
      await noSeriousViolations(page, 'open comments with the AI panels');
      await shootBoth(page, shot('open-comments-panels'), panel);

      // The map: a tile's panels start over on another topic.
      await page
        .locator('label')
        .filter({ hasText: new RegExp(`^${reportText('console.openComments.map')}$`) })
        .click();
      const section = page.getByRole('region', {
        name: new RegExp(`^${reportText('console.openComments.sections.better')}`),
      });
      await section.getByRole('button').filter({ hasText: /\d/ }).first().click();
      const mapPanel = await firstTopicPanel(page);
      await mapPanel.getByRole('button', { name: aiText('summary.summarize') }).click();
      await mapPanel
        .getByRole('region', { name: aiText('summary.title') })
        .waitFor({ timeout: 60_000 });
      await shootBoth(page, shot('map-criterion-panels'), mapPanel);
      const related = page
        .getByRole('button', { name: /: \d+ comments?$/ })
        .and(page.locator(':not([disabled])'));
      if ((await related.count()) > 0) {
        await related.first().click();
        await page
          .getByRole('group', { name: /^AI tools for / })
          .first()
          .waitFor();
        assert.equal(
          await panelsOf(page)
            .first()
            .getByRole('region', { name: aiText('summary.title') })
            .count(),
          0,
        );
      }
      await page.context().close();
    });

    test('an Admin builds the search index from the survey details page and watches its progress', async () => {
      const page = await suite.freshPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, suite.stack.webUrl, 'admin@demo.test');
      await page.goto(`${suite.stack.webUrl}/surveys/details/${HK25}`);
      const section = page.getByRole('region', { name: aiText('searchIndex.sectionTitle') });
      await section.getByText(aiText('searchIndex.none')).waitFor();
      await shootBoth(page, shot('survey-details-ai'), section);
      await section.getByRole('button', { name: aiText('searchIndex.create') }).click();
      const dialog = page.getByRole('dialog', { name: aiText('searchIndex.createTitle') });
      await dialog.getByText(/5–10/).waitFor();
      await noSeriousViolations(page, 'the create index dialog');
      await dialog.getByRole('button', { name: aiText('searchIndex.confirmCreate') }).click();
      // The progress, then the result. A small survey's build may end before the first look at it
      // (the component tests show the progress of a longer one): then the result comes at once.
      const progress = dialog.getByText(/\d+ \/ \d+ comments indexed/);
      const done = dialog.getByText(/The search index is ready: \d+ comments indexed\./);
      await progress.or(done).waitFor({ timeout: 60_000 });
      if (await progress.isVisible()) await shootBoth(page, shot('index-progress'), dialog);
      await done.waitFor({ timeout: 180_000 });
      const total = Number(/ready: (\d+)/.exec(await done.innerText())?.[1]);
      assert.ok(total > 100, `indexed ${total} comments`);
      await shootBoth(page, shot('index-ready'), dialog);
      await dialog
        .getByRole('button', { name: aiText('searchIndex.close') })
        .last()
        .click();
      await section.getByText(aiText('searchIndex.status.READY'), { exact: true }).waitFor();

      // The AI Labs link leads to the playground.
      await section.getByRole('link', { name: aiText('searchIndex.aiLabs') }).click();
      await page.waitForURL(`**/surveys/gen-ai/${HK25}`);
      await page.getByRole('heading', { name: aiText('playground.title'), level: 1 }).waitFor();
      await page.context().close();
    });

    test("an Admin runs the playground's all-factors summaries, the full summary and the chat", async () => {
      const page = await suite.freshPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, suite.stack.webUrl, 'admin@demo.test');
      await page.goto(`${suite.stack.webUrl}/surveys/gen-ai/${HK25}`);
      await page.getByRole('heading', { name: aiText('playground.title'), level: 1 }).waitFor();
      const negative = page.getByRole('region', { name: aiText('playground.sections.negative') });
      await noSeriousViolations(page, 'the playground');
      await negative
        .getByRole('button', { name: new RegExp(`^${aiText('playground.summarizeAll')}`) })
        .click();
      // Each factor ends with a summary, "no comments" or an error; none stays loading.
      const factors = negative.getByRole('listitem');
      assert.equal(await factors.count(), 31);
      await page.waitForFunction(
        (name) => {
          const region = [...document.querySelectorAll('section')].find((s) =>
            s.querySelector('h2')?.textContent?.startsWith(name),
          );
          return (
            region !== undefined &&
            region.querySelectorAll('.mantine-Loader-root').length === 0 &&
            region.querySelectorAll('li').length === 31
          );
        },
        aiText('playground.sections.negative'),
        { timeout: 180_000 },
      );
      const texts = await factors.allInnerTexts();
      const summarised = texts.filter((t) => /Comments: [1-9]/.test(t));
      assert.ok(summarised.length >= 3, `${summarised.length} factors summarised`);
      assert.equal(texts.filter((t) => t.includes(aiText('playground.notCreated'))).length, 0);
      assert.equal(texts.filter((t) => t.includes('Error:')).length, 0, texts.join('\n'));
      await negative.getByRole('button', { name: aiText('playground.createFullSummary') }).click();
      await negative.getByText(/Observation factors used: \d+/).waitFor({ timeout: 60_000 });
      await shootBoth(page, shot('playground-summaries'), negative);

      await page
        .getByRole('switch', { name: aiText('playground.enableChat') })
        .check({ force: true });
      const chat = page.getByRole('region', { name: aiText('playground.chatTitle') });
      await chat.getByRole('button', { name: aiText('playground.search'), exact: true }).click();
      await chat.getByText(aiText('playground.emptyQuestion')).waitFor();
      await chat
        .getByRole('textbox', { name: aiText('playground.question') })
        .fill('Miten työkuorma koetaan?');
      await chat.getByRole('button', { name: aiText('playground.search'), exact: true }).click();
      await chat.getByText(/Comments used: \d+/).waitFor({ timeout: 60_000 });
      await noSeriousViolations(page, 'the playground with its chat');
      await shootBoth(page, shot('playground-chat'), chat);
      await page.context().close();
    });
  });
}
