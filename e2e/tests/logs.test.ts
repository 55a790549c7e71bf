import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PENDING_DEMO_ACCOUNT } from '@survey/api';
import { waitForMail } from '../src/mail.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

const suite = consoleSuite();

const table = (page: Page) => page.getByRole('table', { name: text('logs.tableLabel') });
const rowsWith = (page: Page, content: string) =>
  table(page).getByRole('row').filter({ hasText: content });

async function chooseEvent(page: Page, event: string) {
  await page.getByRole('combobox', { name: text('logs.filter.event') }).click();
  await page.getByRole('option', { name: text(`logs.events.${event}`), exact: true }).click();
}

describe('logs', () => {
  test("an Admin sees the demo confirmation email's delivered entry and filters by event and text", async () => {
    // The demo seed emails the invited account; its `delivered` row follows the mail's arrival.
    await waitForMail(suite.stack, PENDING_DEMO_ACCOUNT.email);
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page
      .getByRole('navigation')
      .getByRole('link', { name: text('header.nav.Logs') })
      .click();
    await page.waitForURL('**/logs');
    await page.getByRole('heading', { name: text('logs.title') }).waitFor();

    const delivered = rowsWith(page, PENDING_DEMO_ACCOUNT.email).filter({
      hasText: text('logs.events.delivered'),
    });
    for (let attempt = 0; (await delivered.count()) === 0; attempt += 1) {
      assert.ok(attempt < 20, 'the delivered entry appears');
      await page.waitForTimeout(250);
      await page.reload();
      await table(page).getByRole('row').nth(1).waitFor();
    }
    const row = delivered.first();
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.match(cells[0] ?? '', /^\d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    assert.match(cells[3] ?? '', /confirm/i);

    // Event filter: only delivered entries, then an event nothing has.
    await chooseEvent(page, 'request');
    await table(page)
      .getByRole('row')
      .filter({ hasText: text('logs.events.delivered') })
      .first()
      .waitFor({ state: 'detached' });
    assert.ok((await rowsWith(page, text('logs.events.request')).count()) > 0);
    await chooseEvent(page, 'hard_bounce');
    await page.getByText(text('logs.empty')).waitFor();

    // Text search applies on submit, over email and subject, ignoring case.
    await chooseEvent(page, 'all');
    await rowsWith(page, PENDING_DEMO_ACCOUNT.email).first().waitFor();
    await page.getByRole('searchbox', { name: text('logs.filter.query') }).fill('NEWCOMER@demo');
    await page.getByRole('button', { name: text('logs.filter.submit'), exact: true }).click();
    await page.waitForFunction((email) => {
      const rows = [...document.querySelectorAll('table tbody tr')];
      return rows.length > 0 && rows.every((r) => r.textContent?.includes(email));
    }, PENDING_DEMO_ACCOUNT.email);
    assert.equal(await rowsWith(page, PENDING_DEMO_ACCOUNT.email).count(), 2);
    await page.context().close();
  });

  test('a SuperUser is sent to /unauthorized', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'super@demo.test');
    assert.equal(
      await page
        .getByRole('navigation')
        .getByRole('link', { name: text('header.nav.Logs', language) })
        .count(),
      0,
    );
    await page.goto(`${suite.stack.webUrl}/logs`);
    await page.waitForURL('**/unauthorized');
    await page.getByRole('heading', { name: text('unauthorized.title', language) }).waitFor();
    await page.context().close();
  });
});
