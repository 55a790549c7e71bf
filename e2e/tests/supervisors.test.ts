import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { firstLink, waitForMail } from '../src/mail.js';
import { fillLogin, onWeb, signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { reportText, text } from '../src/texts.js';

// Issue 32 end to end on the demo data: an Admin makes Ulla User the supervisor of Development and
// Siiri Super the supervisor of Platform on the units screen, and sends each supervisor their
// unit's results for the ended survey HK24. Ulla's mail arrives in the catcher; its link, after
// sign-in, opens Development's package, whose PDF made on the server reads page by page as the one
// her browser makes; Platform's package (page and PDF) is refused to her.
const suite = consoleSuite();
const SHOTS = process.env.E2E_SHOTS;

const DEMO = 'de300000-0000-4000-8000-000000000001';
const DEVELOPMENT = 'de300000-0000-4000-8000-000000000201';
const HK24_NAME = 'Henkilöstökysely 2024';

async function chooseSupervisor(page: Page, unit: string, option: RegExp) {
  await page
    .getByRole('button', { name: text('supervisors.editLabel', 'en-US', { name: unit }) })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text('supervisors.supervisors'), { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
  // A click beside the list closes it (it stays open for more choices).
  await dialog.getByText(text('supervisors.dialogText')).click();
  await dialog.getByRole('button', { name: text('supervisors.save') }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Each page's text (pdftotext), spaces folded: what the equality of two packages is judged on. */
function pageTexts(file: string): string[] {
  const pages = execFileSync('pdftotext', [file, '-']).toString().split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages.map((page) => page.replace(/\s+/g, ' ').trim());
}

/** The server-built PDF of a package link, as the signed-in page's session fetches it. */
async function serverPdf(page: Page, webUrl: string, link: string, language: string) {
  const id = /\/supervisors\/packages\/([0-9a-f-]{36})/.exec(link)?.[1];
  assert.ok(id, 'the link names its package');
  return page.request.get(`${webUrl}/files/supervisor-packages/${id}.pdf?language=${language}`);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
}

describe('supervisors', () => {
  test("an Admin assigns supervisors and sends them their units' results; each opens only their own", async () => {
    const admin = await suite.freshPage();
    await signIn(admin, suite.stack.webUrl, 'admin@demo.test');
    await admin.goto(`${suite.stack.webUrl}/companies/units/${DEMO}`);
    await chooseSupervisor(admin, 'Development', /Ulla User/);
    await chooseSupervisor(admin, 'Platform', /Siiri Super/);
    await admin.getByRole('cell', { name: /Ulla User/ }).waitFor();
    await shot(admin, 'units-screen-supervisors.png');

    // The Supervisors page of the ended survey: send to all and follow the progress to its end.
    await admin.getByRole('link', { name: text('header.nav.Supervisors') }).click();
    await admin.getByRole('heading', { name: text('supervisors.title'), level: 1 }).waitFor();
    await admin.getByLabel(text('supervisors.survey'), { exact: true }).first().click();
    await admin.getByRole('option', { name: HK24_NAME }).click();
    const table = admin.getByRole('table', { name: text('supervisors.tableLabel') });
    await table.getByRole('cell', { name: /Ulla User/ }).waitFor();
    await admin.getByRole('button', { name: text('supervisors.send') }).click();
    await admin
      .getByText(/Last run: packages went to the supervisors of \d+ of \d+ units/)
      .waitFor({
        timeout: 60_000,
      });
    // Each sent unit's row links its package PDF made on the server.
    const pdfLink = table.getByRole('link', {
      name: text('supervisors.downloadPdfLabel', 'en-US', { name: 'Development' }),
    });
    await pdfLink.waitFor({ timeout: 30_000 });
    const href = await pdfLink.getAttribute('href');
    assert.match(href ?? '', /^\/files\/supervisor-packages\/[0-9a-f-]{36}\.pdf\?language=en-US$/);
    const adminPdf = await admin.request.get(`${suite.stack.webUrl}${href}`);
    assert.equal(adminPdf.status(), 200);
    assert.equal(adminPdf.headers()['content-type'], 'application/pdf');
    await shot(admin, 'supervisors-page-admin.png');
    await admin.setViewportSize({ width: 390, height: 844 });
    const adminCard = admin
      .getByRole('list', { name: text('supervisors.tableLabel') })
      .getByRole('link', {
        name: text('supervisors.downloadPdfLabel', 'en-US', { name: 'Development' }),
      });
    await adminCard.waitFor();
    const adminBox = await adminCard.boundingBox();
    assert.ok(adminBox && adminBox.x + adminBox.width <= 390, 'the link is on screen at 390 px');
    await shot(admin, 'supervisors-page-390.png');
    await admin.context().close();

    // Ulla's mail: a link to her unit's package, no results in it.
    const mail = await waitForMail(suite.stack, 'user@demo.test', /Development/, 30_000);
    const link = firstLink(mail.text, '/supervisors/packages/');
    const other = await waitForMail(suite.stack, 'super@demo.test', /Platform/, 30_000);
    const otherLink = firstLink(other.text, '/supervisors/packages/');

    // The link signs her in first, then opens Development's package.
    const ulla = await suite.freshPage();
    await ulla.goto(onWeb(suite.stack.webUrl, link));
    await ulla.waitForURL('**/login**');
    await fillLogin(ulla, 'user@demo.test', process.env.DEMO_PASSWORD ?? 'DemoPass2026');
    await ulla.waitForURL((url) => url.pathname === '/report/package');
    assert.equal(new URL(ulla.url()).searchParams.get('unit'), DEVELOPMENT);
    await ulla
      .getByRole('heading', { name: reportText('console.package.title', 'sv'), level: 1 })
      .waitFor();
    const create = ulla.getByRole('button', { name: reportText('console.package.create', 'sv') });
    await create.waitFor({ timeout: 90_000 });
    await shot(ulla, 'package-page-supervisor.png');
    // The browser's package and the server's PDF behind the same link: the same slides, titles and
    // numbers, page by page (the browser's charts are images, which carry no text).
    const download = ulla.waitForEvent('download', { timeout: 120_000 });
    await create.click();
    const file = await (await download).path();
    assert.ok(file);
    assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-');
    const served = await serverPdf(ulla, suite.stack.webUrl, link, 'sv');
    assert.equal(served.status(), 200);
    assert.equal(served.headers()['content-type'], 'application/pdf');
    const serverFile = join(mkdtempSync(join(tmpdir(), 'supervisor-pdf-')), 'server.pdf');
    writeFileSync(serverFile, await served.body());
    const browserPages = pageTexts(file);
    assert.equal(browserPages.length, 17);
    assert.deepEqual(pageTexts(serverFile), browserPages);
    if (SHOTS) {
      for (const [pdf, prefix] of [
        [file, 'package'],
        [serverFile, 'package-server'],
      ] as const)
        execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(SHOTS, prefix)]);
    }

    // Platform's package is Siiri's, not hers.
    await ulla.goto(onWeb(suite.stack.webUrl, otherLink));
    await ulla.getByRole('alert').waitFor();
    assert.match(new URL(ulla.url()).pathname, /^\/supervisors\/packages\//);
    await shot(ulla, 'package-refused.png');
    assert.equal((await serverPdf(ulla, suite.stack.webUrl, otherLink, 'sv')).status(), 403);

    // Her Supervisors page (a User: her own units): Development's "Download PDF" gives her the PDF
    // the send job stored, the same bytes as behind her mail's link; Platform is not listed.
    await ulla.goto(`${suite.stack.webUrl}/supervisors`);
    await ulla.getByRole('heading', { name: text('supervisors.title', 'sv'), level: 1 }).waitFor();
    await ulla.getByLabel(text('supervisors.survey', 'sv'), { exact: true }).first().click();
    await ulla.getByRole('option', { name: HK24_NAME }).click();
    const own = ulla.getByRole('table', { name: text('supervisors.tableLabel', 'sv') });
    const ownLink = own.getByRole('link', {
      name: text('supervisors.downloadPdfLabel', 'sv', { name: 'Development' }),
    });
    await ownLink.waitFor({ timeout: 30_000 });
    const ownPdf = await ulla.request.get(
      `${suite.stack.webUrl}${await ownLink.getAttribute('href')}`,
    );
    assert.equal(ownPdf.status(), 200);
    assert.equal(ownPdf.headers()['content-type'], 'application/pdf');
    assert.ok(Buffer.from(await ownPdf.body()).equals(readFileSync(serverFile)));
    assert.equal(await own.getByRole('cell', { name: 'Platform', exact: true }).count(), 0);
    await shot(ulla, 'supervisors-page-user.png');
    // On a phone each unit is a card, its link on screen.
    await ulla.setViewportSize({ width: 390, height: 844 });
    const card = ulla
      .getByRole('list', { name: text('supervisors.tableLabel', 'sv') })
      .getByRole('link', {
        name: text('supervisors.downloadPdfLabel', 'sv', { name: 'Development' }),
      });
    await card.waitFor();
    const box = await card.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the link is on screen at 390 px');
    await shot(ulla, 'supervisors-page-user-390.png');
    await ulla.context().close();
  });
});
