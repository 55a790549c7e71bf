// Language switching, the privacy policy in three languages, accessibility of every account page,
// and the GraphiQL playground working with no request leaving the machine.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seriousAxeViolations } from '../src/axe.js';
import { forbidOutsideRequests } from '../src/browser.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

const suite = consoleSuite();

describe('language', () => {
  test('the login page switches to Finnish and Swedish and remembers the choice', async () => {
    const page = await suite.freshPage();
    await page.goto(`${suite.stack.webUrl}/login`);
    await page.getByRole('heading', { name: text('login.title') }).waitFor();
    await page
      .getByRole('button', { name: 'Suomi' })
      .or(page.getByRole('link', { name: 'Suomi' }))
      .or(page.getByRole('radio', { name: 'Suomi' }))
      .first()
      .click();
    await page.getByRole('heading', { name: text('login.title', 'fi-FI') }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'fi-FI');
    await page.reload();
    await page.getByRole('heading', { name: text('login.title', 'fi-FI') }).waitFor();
    await page
      .getByRole('button', { name: 'Svenska' })
      .or(page.getByRole('link', { name: 'Svenska' }))
      .or(page.getByRole('radio', { name: 'Svenska' }))
      .first()
      .click();
    await page.getByLabel(text('login.password', 'sv'), { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('privacy policy', () => {
  const cases = [
    { path: '/privacy/fi', heading: /tietosuoja/i, lang: 'fi' },
    { path: '/privacy/sv', heading: /dataskydd|integritet/i, lang: 'sv' },
    { path: '/privacy/en', heading: /privacy/i, lang: 'en' },
    { path: '/privacy?language=sv', heading: /dataskydd|integritet/i, lang: 'sv' },
  ];
  for (const { path, heading, lang } of cases) {
    test(`${path} shows the policy in ${lang} with its last update 5.3.2024`, async () => {
      const page = await suite.freshPage();
      await page.goto(`${suite.stack.webUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page
        .getByText(/5\.3\.2024/)
        .first()
        .waitFor();
      await page.context().close();
    });
  }
});

describe('accessibility (axe-core: no serious or critical violations)', () => {
  const publicPages = [
    '/login',
    '/account/reset',
    '/account/reset/confirm/u/c',
    '/account/confirm',
    '/unauthorized',
    '/privacy/en',
    '/privacy/fi',
  ];
  for (const path of publicPages) {
    test(path, async () => {
      const page = await suite.freshPage();
      await page.goto(`${suite.stack.webUrl}${path}`);
      await page.getByRole('heading').first().waitFor();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.context().close();
    });
  }

  test('/otp during a two-factor sign-in', async () => {
    const page = await suite.freshPage();
    await page.goto(`${suite.stack.webUrl}/login`);
    await page.getByLabel(text('login.email'), { exact: true }).fill('twofactor@demo.test');
    await page
      .getByLabel(text('login.password'), { exact: true })
      .fill(process.env.DEMO_PASSWORD ?? 'DemoPass2026');
    await page.getByRole('button', { name: text('login.submit') }).click();
    await page.waitForURL('**/otp');
    await page.getByRole('heading', { name: text('otp.title') }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.context().close();
  });

  test('the start page (the dashboard) and the header of a signed-in Admin', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.getByRole('button', { name: text('header.profile') }).click();
    await page.getByText(text('header.logout')).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.context().close();
  });
});

describe('GraphiQL playground', () => {
  test('loads from the gateway with no request leaving the machine', async () => {
    const page = await suite.freshPage();
    const outside: string[] = [];
    forbidOutsideRequests(page, outside);
    // Its schema request already asks for the ALL_CAPS enum values (packages/schema/README.md).
    const introspection = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/graphql') &&
        answer.request().headers()['survey-enum-values'] === 'ALL_CAPS',
    );
    const response = await page.goto(`${suite.stack.gateway.url}/graphql`);
    assert.equal(response?.status(), 200);
    await page.locator('.graphiql-container').waitFor({ timeout: 20000 });
    assert.equal((await introspection).status(), 200);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(outside, []);
    await page.context().close();
  });
});
