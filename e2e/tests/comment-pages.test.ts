import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDemoSnapshot } from '@survey/api';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { recordGraphqlOperations } from '../src/browser.js';
import { openSettled } from '../src/navigate.js';
import { DEMO_PASSWORD, signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { reportText as report, text } from '../src/texts.js';

// The open comments page reads the comments a page at a time (issue 30). The demo's surveys have a
// few comments per criterion, so this file's console opens a snapshot of its own: the demo data and
// the scale profile's ended survey of 4,000 participants (apps/api/src/demo/scale.ts), whose
// "something else" has more positive comments than one page holds. Screenshots at 1280 and 390 px
// go to E2E_SCREENSHOTS when it is set.
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const dir = mkdtempSync(join(tmpdir(), 'survey-comment-pages-'));
const SNAPSHOT = join(dir, 'scale.tar');
// Written as the file loads: the console suite starts its stack in a hook of its own.
const scale = await writeDemoSnapshot(SNAPSHOT, {}, { count: 4_000, seed: 'comment-pages' });
after(() => rmSync(dir, { recursive: true, force: true }));
const suite = consoleSuite({ api: { DATA_SNAPSHOT: SNAPSHOT } });

const surveyId = () => scale?.surveyId ?? '';
const openComments = () =>
  `/report/opencomments?surveyId=${surveyId()}&companyId=${scale?.companyId}`;
const PAGE = 50;

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (value: string) => new RegExp(`^${escape(value)}`);
const numberIn = async (locator: Locator) =>
  Number(/(\d+)\s*$/.exec((await locator.innerText()).trim())?.[1] ?? NaN);

const sections = (page: Page) =>
  ['positive', 'negative', 'neutral'].map((section) =>
    page.getByRole('button', {
      name: startsWith(report(`console.openComments.sections.${section}`)),
    }),
  );
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** All three sections' counts together. */
const total = async (page: Page) => {
  let sum = 0;
  for (const section of sections(page)) sum += await numberIn(section);
  return sum;
};

/** Waits until the three sections' counts add up to `expected` (the counts come from the network). */
async function waitForTotal(page: Page, expected: number) {
  const labels = ['positive', 'negative', 'neutral'].map((section) =>
    report(`console.openComments.sections.${section}`),
  );
  await page.waitForFunction(
    ([names, sum]) =>
      [...document.querySelectorAll('button')]
        .filter((b) => names.some((label) => b.textContent?.startsWith(label)))
        .reduce((s, b) => s + Number(/(\d+)\s*$/.exec(b.textContent ?? '')?.[1] ?? 0), 0) === sum,
    [labels, expected] as const,
  );
}

/**
 * The first report read of a fresh survey builds its anonymity gate and cells (about 35 s for 4,000
 * participants on PGlite on a busy machine, longer than the gateway waits for an answer): read once
 * straight from the API, as the demo's surveys are warmed when the snapshot is made.
 */
async function warmSurvey() {
  const api = suite.stack.api.url;
  const login = await fetch(`${api}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const sets = encodeURIComponent(JSON.stringify([{ surveyId: surveyId() }]));
  const counts = await fetch(`${api}/report/opencommentcounts?sets=${sets}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(counts.status, 200);
}

/**
 * Scrolls to a criterion's list until it holds `count` comments, as a reader would: a list loads
 * its first page as it comes near the screen, and the lists above it, loading as they come near
 * too, can push it back down the page before it does (once seen: 4,000 px below the window after
 * one scroll). A timeout says what the list showed (an error, the loader, nothing) and where.
 */
async function scrolledUntil(page: Page, panel: Locator, items: Locator, count: number) {
  const deadline = Date.now() + 30_000;
  while ((await items.count()) < count) {
    if (Date.now() > deadline) {
      const text = (await panel.innerText()).slice(0, 300);
      const box = await panel.boundingBox();
      const view = await page.evaluate(() => ({ y: window.scrollY, height: window.innerHeight }));
      assert.fail(
        `the list holds ${await items.count()} of ${count} comments after 30 s: ` +
          `${JSON.stringify(text)}, at ${JSON.stringify(box)} in the window ${JSON.stringify(view)}`,
      );
    }
    await panel.scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
  }
}

/** The screen as the reader sees it (the whole page is metres long with every list open). */
async function shoot(page: Page, name: string, at?: Locator) {
  if (!SCREENSHOTS) return;
  await at?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe('open comments a page at a time', () => {
  test('an Admin pages a criterion with Show more, filters by the flames, and a hidden comment leaves the counts', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await warmSurvey();
    const operations = recordGraphqlOperations(page);
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}${openComments()}`);
    const title = report('console.landing.tiles.openComments.title');
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const [positive] = sections(page) as [Locator];
    await positive.waitFor();
    const before = await total(page);
    // The counts alone so far: no comment read while the sections are closed.
    assert.equal(operations.filter((name) => name === 'CommentPages').length, 0);
    assert.equal(operations.filter((name) => name === 'CommentsPdf').length, 0);

    await positive.click();
    const name = report('criteria.99');
    const group = page.getByRole('button', { name: startsWith(name) }).first();
    await group.waitFor();
    const count = await numberIn(group);
    assert.ok(count > PAGE, `something else has more positive comments (${count}) than one page`);
    const panel = page.getByRole('region', { name: startsWith(name) }).first();
    const items = panel.getByRole('listitem');
    // A criterion's first page loads as its list comes near the screen: scroll to it.
    await scrolledUntil(page, panel, items, PAGE);
    assert.equal(await items.count(), PAGE);
    const shownOf = (shown: number, of: number) =>
      report('console.openComments.shownOf', 'en-US', { shown: String(shown), total: String(of) });
    await panel.getByText(shownOf(PAGE, count)).waitFor();
    await shoot(
      page,
      'comment-pages-1280-top',
      page.getByRole('heading', { name: title, level: 1 }),
    );
    await shoot(page, 'comment-pages-1280', panel.getByText(shownOf(PAGE, count)));

    const more = panel.getByRole('button', { name: report('console.openComments.showMore') });
    await more.click();
    const second = Math.min(count, 2 * PAGE);
    await items.nth(second - 1).waitFor();
    assert.equal(await items.count(), second);
    await shoot(page, 'comment-pages-1280-more', items.nth(second - 1));

    // The flame filter: the counts and pages of the top range, started over.
    const flames = page
      .getByRole('group', { name: report('console.openComments.indexFilter') })
      .getByRole('button');
    assert.equal(await flames.count(), 3, 'the survey has enough comments in every index range');
    const allPositive = await numberIn(positive);
    await flames.nth(2).click();
    assert.equal(await flames.nth(2).getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(
      ([label, was]) =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent?.startsWith(label ?? '') && !b.textContent.endsWith(`${was}`),
        ),
      [report('console.openComments.sections.positive'), String(allPositive)] as const,
    );
    const topPositive = await numberIn(positive);
    assert.ok(topPositive < allPositive, 'the top range has fewer positive comments');
    if ((await group.count()) > 0) {
      const inRange = await numberIn(group);
      // The clicked flame is at the top: the criterion's list loads again once scrolled to.
      await scrolledUntil(page, panel, items, 1);
      await page.waitForFunction(
        ([selector, most]) => document.querySelectorAll(selector).length <= Number(most),
        ['[data-criterion="99"] li', String(Math.min(inRange, PAGE))] as const,
      );
      assert.ok((await items.count()) <= Math.min(inRange, PAGE), 'the pages started over');
    }
    await shoot(page, 'comment-pages-1280-flame', flames.first());
    await flames.nth(2).click();
    assert.equal(await flames.nth(2).getAttribute('aria-pressed'), 'false');
    await page.waitForFunction(
      ([label, was]) =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent?.startsWith(label ?? '') && b.textContent.endsWith(`${was}`),
        ),
      [report('console.openComments.sections.positive'), String(allPositive)] as const,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);

    // The PDF holds every comment: more than the API's page of 1,000, read page after page.
    const counts: number[] = [];
    for (const section of sections(page)) counts.push(await numberIn(section));
    assert.ok(sum(counts) > 1000, `more comments (${sum(counts)}) than one page of the list`);
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: report('console.common.exportPdf') }).click();
    const file = await (await download).path();
    const words = execFileSync('pdftotext', [file, '-']).toString();
    const headings = ['positive', 'negative', 'neutral'].map(
      (section, i) => `${report(`console.openComments.sections.${section}`)} (${counts[i]})`,
    );
    for (const heading of headings) assert.ok(words.includes(heading), `the PDF reads ${heading}`);

    // The phone width: the same page, Show more within reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await group.waitFor();
    await shoot(page, 'comment-pages-390', flames.first());
    await group.scrollIntoViewIfNeeded();
    await more.waitFor();
    await shoot(page, 'comment-pages-390-more', more);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 1, `no sideways scrolling at 390 px (${overflow})`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // An Admin hides a comment: the counts drop by one when the page opens again, and come back.
    await openSettled(page, `/surveys/managecomments/${surveyId()}`);
    await page.getByRole('heading', { name: text('comments.title'), level: 1 }).waitFor();
    const managed = page.getByRole('region', { name: startsWith(name) }).getByRole('listitem');
    await managed.first().waitFor();
    let index = 0;
    while (
      (await managed
        .nth(index)
        .getByRole('button', { name: text('comments.unhide') })
        .count()) > 0
    )
      index++;
    const item = managed.nth(index);
    await item.getByRole('button', { name: text('comments.hide') }).click();
    await item.getByRole('button', { name: text('comments.unhide') }).waitFor();
    await openSettled(page, openComments());
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await waitForTotal(page, before - 1);
    assert.equal(await total(page), before - 1, 'the hidden comment left the counts');

    await openSettled(page, `/surveys/managecomments/${surveyId()}`);
    await page.getByRole('heading', { name: text('comments.title'), level: 1 }).waitFor();
    const back = page
      .getByRole('region', { name: startsWith(name) })
      .getByRole('listitem')
      .nth(index);
    await back.getByRole('button', { name: text('comments.unhide') }).click();
    await back.getByRole('button', { name: text('comments.hide') }).waitFor();
    await openSettled(page, openComments());
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await waitForTotal(page, before);
    assert.equal(await total(page), before, 'the comment is counted again once shown');
    await page.context().close();
  });
});
