// A session that expires while a page is open (administration.md sections 4 and 8): the next call
// is answered UNAUTHENTICATED, the console forgets the session, shows /login with a notice instead of
// an error inside the page, and returns to the page after signing in. The API of this file issues
// tokens for twenty seconds (TOKEN_TTL_SECONDS), so the test waits seconds, not a minute: every request
// until then renews the session (the gateway refreshes a cookie close to expiry), the idle wait ends it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PASSWORD, fillLogin, signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

const TOKEN_TTL_SECONDS = 20;
const suite = consoleSuite({ api: { TOKEN_TTL_SECONDS } });

describe('an expired session', () => {
  test('goes to /login with a notice mid-page and back to the page after signing in', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    // Through the header, not a full load: a loaded machine may take longer to boot the app again
    // than the session lasts without a request.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: text('header.nav.Surveys', language) })
      .click();
    await page.getByRole('heading', { name: text('surveys.title', language), level: 1 }).waitFor();
    await sleep((TOKEN_TTL_SECONDS + 2) * 1000);
    // The page is still there; its next call (opening the companies) finds the session expired.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: text('header.nav.Companies', language) })
      .click();
    await page.waitForURL('**/login');
    await page.getByText(text('errors.sessionExpired', language)).waitFor();
    assert.equal(await page.getByRole('banner').count(), 0, 'the header no longer looks signed in');
    assert.equal(
      await page.getByText(text('errors.login_failed', language)).count(),
      0,
      'no "incorrect email or password" for an expired session',
    );
    await fillLogin(page, 'admin@demo.test', DEMO_PASSWORD);
    await page.waitForURL('**/companies');
    await page
      .getByRole('heading', { name: text('companies.list.title', language), level: 1 })
      .waitFor();
    await page.context().close();
  });
});
