import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { seriousAxeViolations } from '../src/axe.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

// The ended demo survey of Demo Oy (apps/api/src/demo/surveys.ts): its generated participants left
// a few hundred comments, many on team spirit (criterion 5).
const SURVEY = 'de300000-0000-4000-8000-000000000301';
const SURVEY_NAME = 'Henkilöstökysely 2024';
const report = JSON.parse(
  readFileSync(new URL('../../locales/en-US/report.json', import.meta.url), 'utf8'),
) as { criteria: Record<string, string> };
const TEAM_SPIRIT = report.criteria['5'] ?? '';

const suite = consoleSuite();

describe('comment moderation', () => {
  test('an Admin hides a comment of a demo survey and still sees it marked hidden after a reload', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/surveys/details/${SURVEY}`);
    await page.getByRole('heading', { name: SURVEY_NAME }).waitFor();
    await page.getByRole('link', { name: text('comments.link') }).click();
    await page.waitForURL(`**/surveys/managecomments/${SURVEY}`);
    await page.getByRole('heading', { name: text('comments.title'), level: 1 }).waitFor();

    const items = () =>
      page.getByRole('region', { name: new RegExp(`^${TEAM_SPIRIT}`) }).getByRole('listitem');
    await items().first().waitFor();
    const hide = text('comments.hide');
    const unhide = text('comments.unhide');
    // The first comment on team spirit that is still visible.
    let index = 0;
    while ((await items().nth(index).getByRole('button', { name: unhide }).count()) > 0) index++;
    const item = items().nth(index);
    const words = (await item.locator('p').first().innerText()).trim();
    await item.getByRole('button', { name: hide }).click();
    await page.getByText(text('comments.toast.hidden')).waitFor();
    await item.getByRole('button', { name: unhide }).waitFor();

    await page.reload();
    await items().first().waitFor();
    const again = items().nth(index);
    assert.equal((await again.locator('p').first().innerText()).trim(), words);
    await again.getByText(text('comments.hiddenBadge'), { exact: true }).waitFor();
    assert.equal(await again.getByRole('button', { name: unhide }).count(), 1);

    // Only hidden ones under the hidden filter; it is among them.
    // The segmented control's radio input is visually hidden; its label takes the click.
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${text('comments.filter.hidden')}$`) })
      .click();
    await page.getByText(words).first().waitFor();
    assert.equal(await page.getByRole('button', { name: hide }).count(), 0);

    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.context().close();
  });
});
