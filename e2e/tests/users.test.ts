import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { firstLink, waitForMail } from '../src/mail.js';
import { profileShows, signIn, waitForStartPage } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

const suite = consoleSuite();

const field = (page: Page, key: string) =>
  page.getByLabel(new RegExp(`^${text(key)}`)).and(page.locator('input'));

async function choose(page: Page, key: string, option: string) {
  await field(page, key).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('users', () => {
  test('an Admin adds a user, who confirms through the emailed link and signs in', async () => {
    const email = 'e2e.newcomer@example.test';
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/users`);
    const table = page.getByRole('table', { name: text('users.tableLabel') });
    await table.getByText('super@demo.test').waitFor();
    await page.getByRole('link', { name: text('users.add') }).click();
    await page.waitForURL('**/users/create');

    await page.getByRole('button', { name: text('users.form.create') }).click();
    await page.getByText(text('users.form.roleRequired')).waitFor();
    await page.getByText(text('users.form.languageRequired')).waitFor();

    await field(page, 'users.form.displayName').fill('Erkki Endtoend');
    await field(page, 'users.form.email').fill(email);
    await choose(page, 'users.form.company', 'Demo Oy');
    await choose(page, 'users.form.role', text('roles.SUPER_USER'));
    await choose(page, 'users.form.language', 'English');
    await page.getByRole('button', { name: text('users.form.create') }).click();
    await page.waitForURL(/\/users$/);
    await page.getByText(text('users.toast.created')).waitFor();
    await table.getByText(email).waitFor();
    await page.context().close();

    const mail = await waitForMail(suite.stack, email);
    const link = new URL(firstLink(mail.text, '/account/confirm/'));
    const invited = await suite.freshPage();
    await invited.goto(`${suite.stack.webUrl}${link.pathname}${link.search}`);
    await invited.getByRole('heading', { name: text('account.confirm.header') }).waitFor();
    await invited.getByLabel(text('account.confirm.password'), { exact: true }).fill('Endto3nd!');
    await invited
      .getByLabel(text('account.confirm.confirmPassword'), { exact: true })
      .fill('Endto3nd!');
    await invited.getByRole('button', { name: text('account.confirm.submit') }).click();
    await waitForStartPage(invited);
    await profileShows(invited, email);
    await invited.context().close();

    const again = await suite.freshPage();
    await signIn(again, suite.stack.webUrl, email, 'Endto3nd!');
    await profileShows(again, email);
    await again.context().close();
  });

  test('a User cannot open /users', async () => {
    const page = await suite.freshPage();
    const language = await signIn(page, suite.stack.webUrl, 'user@demo.test');
    await page.goto(`${suite.stack.webUrl}/users`);
    await page.waitForURL('**/unauthorized');
    await page.getByRole('heading', { name: text('unauthorized.title', language) }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/unauthorized');
    await page.context().close();
  });
});
