import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_ACCOUNTS, PENDING_DEMO_ACCOUNT } from '@survey/api';
import { recordGraphqlOperations } from '../src/browser.js';
import { firstLink, waitForMail } from '../src/mail.js';
import {
  accountLanguage,
  DEMO_PASSWORD,
  fillLogin,
  profileShows,
  signIn,
  waitForStartPage,
} from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

const suite = consoleSuite();

/** The sign-in answers the account: `me` is asked once, on opening the page, never after signing in. */
function assertOneMe(operations: string[], signIn: string): void {
  assert.ok(operations.includes(signIn), `${signIn} was sent`);
  assert.equal(operations.filter((name) => name === 'SessionProvider_Me').length, 1);
}

describe('sign-in', () => {
  for (const account of DEMO_ACCOUNTS.filter((a) => !a.twoFactor)) {
    test(`${account.role} ${account.email} signs in, lands on the dashboard and the profile menu shows who is signed in`, async () => {
      const page = await suite.freshPage();
      const operations = recordGraphqlOperations(page);
      await signIn(page, suite.stack.webUrl, account.email);
      // The console now speaks the account's stored language, whatever /login showed.
      assert.equal(await page.evaluate(() => document.documentElement.lang), account.language);
      await profileShows(page, account.email, account.language);
      await profileShows(page, account.displayName, account.language);
      // '/' leads to the dashboard.
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      assertOneMe(operations, 'LoginRoute_Login');
      const cookies = await page.context().cookies();
      assert.ok(
        cookies.length > 0 && cookies.every((c) => c.httpOnly),
        'session cookies are httpOnly',
      );
      assert.equal(
        await page.evaluate(() => document.cookie),
        '',
        'scripts cannot read the session',
      );
      await page.context().close();
    });
  }

  test('a two-factor account signs in with the code emailed to it', async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.twoFactor);
    assert.ok(account);
    const page = await suite.freshPage();
    const operations = recordGraphqlOperations(page);
    await page.goto(`${suite.stack.webUrl}/login`);
    await fillLogin(page, account.email, DEMO_PASSWORD);
    await page.waitForURL('**/otp');
    const mail = await waitForMail(suite.stack, account.email);
    const code = mail.text.match(/\b\d{6}\b/)?.[0];
    assert.ok(code, 'the email carries a 6-digit code');
    await page.getByLabel(text('otp.code'), { exact: false }).fill(code);
    await page.getByRole('button', { name: text('otp.submit') }).click();
    await waitForStartPage(page);
    await profileShows(page, account.email);
    assertOneMe(operations, 'OtpRoute_VerifyTwoFactor');
    await page.context().close();
  });

  test('a wrong password says so, and five in a row lock the account', async () => {
    const page = await suite.freshPage();
    await page.goto(`${suite.stack.webUrl}/login`);
    await fillLogin(page, 'partner@demo.test', 'Wrong-password-1');
    await page.getByText(text('errors.login_failed')).waitFor();
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await fillLogin(page, 'partner@demo.test', 'Wrong-password-1');
    }
    await page.getByText(text('errors.locked_out')).waitFor();
    await fillLogin(page, 'partner@demo.test', DEMO_PASSWORD);
    await page.getByText(text('errors.locked_out')).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.context().close();
  });

  test('guards: a guest is sent to /login and back after signing in; a User cannot open the admin dashboard', async () => {
    const page = await suite.freshPage();
    await page.goto(`${suite.stack.webUrl}/dashboard`);
    await page.waitForURL('**/login');
    await fillLogin(page, 'user@demo.test', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${suite.stack.webUrl}/Admindashboard`);
    await page.waitForURL('**/unauthorized');
    const language = accountLanguage('user@demo.test');
    await page.getByRole('heading', { name: text('unauthorized.title', language) }).waitFor();
    await page.goto(`${suite.stack.webUrl}/login`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  test('logging out ends the session', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'super@demo.test');
    await page.getByRole('button', { name: text('header.profile', language) }).click();
    await page
      .getByRole('menuitem', { name: text('header.logout', language) })
      .or(page.getByRole('link', { name: text('header.logout', language) }))
      .or(page.getByRole('button', { name: text('header.logout', language) }))
      .first()
      .click();
    await page.waitForURL('**/login');
    await page.goto(`${suite.stack.webUrl}/`);
    await page.waitForURL('**/login');
    await page.context().close();
  });

  test('the password reset link from the email sets a new password', async () => {
    const page = await suite.freshPage();
    await page.goto(`${suite.stack.webUrl}/account/reset`);
    await page.getByLabel(text('account.reset.email')).fill('user@demo.test');
    await page.getByRole('button', { name: text('account.reset.submit') }).click();
    await page.getByText(text('account.reset.successDescription')).waitFor();
    const mail = await waitForMail(suite.stack, 'user@demo.test');
    const link = new URL(firstLink(mail.text, '/account/reset/confirm/'));
    await page.goto(`${suite.stack.webUrl}${link.pathname}${link.search}`);
    await page
      .getByLabel(text('account.resetConfirm.password'), { exact: true })
      .fill('NewSecret2027');
    await page
      .getByLabel(text('account.resetConfirm.confirmPassword'), { exact: true })
      .fill('NewSecret2027');
    await page.getByRole('button', { name: text('account.resetConfirm.submit') }).click();
    await page.getByText(text('account.resetConfirm.success')).waitFor();
    await page.getByRole('link', { name: text('account.resetConfirm.toLogin') }).click();
    await page.waitForURL('**/login');
    await fillLogin(page, 'user@demo.test', DEMO_PASSWORD);
    await page.getByText(text('errors.login_failed')).waitFor();
    await fillLogin(page, 'user@demo.test', 'NewSecret2027');
    const language = accountLanguage('user@demo.test');
    await waitForStartPage(page, language);
    await page.context().close();
  });

  test('an invited account confirms itself through the emailed link, chooses a password and is signed in', async () => {
    const page = await suite.freshPage();
    const operations = recordGraphqlOperations(page);
    const mail = await waitForMail(suite.stack, PENDING_DEMO_ACCOUNT.email);
    const link = new URL(firstLink(mail.text, '/account/confirm/'));
    await page.goto(`${suite.stack.webUrl}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: text('account.confirm.header') }).waitFor();
    const submit = page.getByRole('button', { name: text('account.confirm.submit') });
    await page.getByLabel(text('account.confirm.password'), { exact: true }).fill('weakpass');
    await page
      .getByLabel(text('account.confirm.confirmPassword'), { exact: true })
      .fill('weakpass');
    await page.getByText(text('account.confirm.passwordInvalid')).waitFor();
    assert.equal(await submit.isDisabled(), true);
    await page.getByLabel(text('account.confirm.password'), { exact: true }).fill('Welcome2Survey');
    await page
      .getByLabel(text('account.confirm.confirmPassword'), { exact: true })
      .fill('Welcome2Surve');
    await page.getByText(text('account.confirm.passwordsDontMatch')).waitFor();
    assert.equal(await submit.isDisabled(), true);
    await page
      .getByLabel(text('account.confirm.confirmPassword'), { exact: true })
      .fill('Welcome2Survey');
    await submit.click();
    await waitForStartPage(page);
    await profileShows(page, PENDING_DEMO_ACCOUNT.email);
    assertOneMe(operations, 'ConfirmAccountRoute_Confirm');
    await page.context().close();
  });
});
