// axe-core on every route of the console, as the roles that open it: no serious or critical
// violation anywhere (public and account pages are checked in pages.test.ts, the report pages with
// their charts in reports-*.test.ts as well). One full load per session and width; every other route
// is opened inside the running app, as its links do (src/navigate.ts), which is how a person moves
// between them and spares booting the app again for each of them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../src/axe.js';
import { openSettled, settled } from '../src/navigate.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';

const suite = consoleSuite();

const DEMO = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const OPEN_SURVEY = 'de300000-0000-4000-8000-000000000303';
const REPORT = `companyId=${DEMO}&surveyId=${HK24}`;

/** Opens `path` in the app (src/navigate.ts), or with `reload` as a full load, then settled. */
async function open(page: Page, path: string, reload = false): Promise<void> {
  if (!reload) return openSettled(page, path);
  await settled(page);
  await page.goto(`${suite.stack.webUrl}${path}`);
  await settled(page);
}

/** The href of the first link on `path` whose href starts with `prefix` (an id the route needs). */
async function firstHref(page: Page, path: string, prefix: string) {
  await open(page, path);
  const link = page.locator(`a[href^="${prefix}"]:not([href$="/add"])`).first();
  await link.waitFor();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no link to ${prefix} on ${path}`);
  return href;
}

/** Opens `path` as `open` does, waits for its main heading and real content, then runs axe. */
async function axeClean(page: Page, path: string, reload = false) {
  await open(page, path, reload);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Loaders (Mantine's spinner is role=status or a labelled loader) gone: the page's real content.
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
  assert.deepEqual(await seriousAxeViolations(page), [], `${path} has no serious axe violations`);
}

describe('accessibility of every route (axe-core: no serious or critical violations)', () => {
  test('every page of an Admin, at desktop and phone width', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    const userEdit = await firstHref(page, '/users', '/users/edit/');
    const participantEdit = await firstHref(page, `/surveys/details/${OPEN_SURVEY}`, `/responder/`);
    const routes = [
      '/dashboard',
      '/Admindashboard',
      '/companies',
      '/companies/create',
      `/companies/edit/${DEMO}`,
      `/companies/units/${DEMO}`,
      '/surveys',
      '/surveys/create',
      `/surveys/details/${OPEN_SURVEY}`,
      `/surveys/edit/${OPEN_SURVEY}`,
      `/surveys/managecomments/${HK24}`,
      `/responder/add/${DEMO}/${OPEN_SURVEY}`,
      participantEdit,
      '/users',
      '/users/create',
      userEdit,
      '/logs',
      `/report?${REPORT}`,
      `/report/currentsatisfaction?${REPORT}`,
      `/report/mostImportant?${REPORT}`,
      `/report/mostImportantGrouped?${REPORT}&groupBy=AGE`,
      `/report/realizations?${REPORT}`,
      `/report/realizationbyvariablesgrouped?${REPORT}`,
      `/report/lindexcompare?${REPORT}`,
      `/report/lindexgrouped?${REPORT}`,
      `/report/lmap?${REPORT}`,
      `/report/enps?${REPORT}`,
      `/report/opencomments?${REPORT}`,
      `/report/correlation?${REPORT}`,
      '/unknown-page',
    ];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The app booted at each width once, then moved through the routes at it.
      for (const [index, route] of routes.entries()) await axeClean(page, route, index === 0);
    }
    await page.context().close();
  });

  test('the pages of a SuperUser and a User', async () => {
    for (const [email, routes] of [
      ['super@demo.test', ['/dashboard', '/users', '/users/create', `/report?${REPORT}`]],
      ['user@demo.test', ['/dashboard', `/report?${REPORT}`, '/Admindashboard']],
    ] as const) {
      const page = await suite.freshPage();
      await signIn(page, suite.stack.webUrl, email);
      for (const route of routes) await axeClean(page, route);
      await page.context().close();
    }
  });
});
