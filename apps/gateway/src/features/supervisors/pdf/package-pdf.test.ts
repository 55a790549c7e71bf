// The supervisor's unit package as a PDF made on the server (issue 32), through the gateway against
// the real apps/api and its demo data: an Admin makes Ulla User the supervisor of Development and
// Siiri Super the supervisor of Platform and sends the ended survey HK24; the PDF behind Ulla's link
// reads as the package's slides in her report language, and only the people the link admits get it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { encodeSession } from '../../../lib/session.js';
import { fromMail } from '../../../test/api.js';
import { setupApiAndGateway, type AnyBody } from '../../../test/signedIn.js';

const HK24 = 'de300000-0000-4000-8000-000000000301';
const HK24_NAME = 'Henkilöstökysely 2024';
const HK25 = 'de300000-0000-4000-8000-000000000302'; // ended trend survey on HK24
const DEVELOPMENT = 'de300000-0000-4000-8000-000000000201';
const LINK = /\/supervisors\/packages\/([0-9a-f-]{36})/;

const stack = setupApiAndGateway();
const { as } = stack;

const data = (body: AnyBody) => {
  expect(body.errors).toBeUndefined();
  return body.data;
};

const slides = (language: string) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../../../../../locales/${language}/report.json`, import.meta.url),
        'utf8',
      ),
    ) as {
      console: { package: { slides: Record<string, string> } };
    }
  ).console.package.slides;

/** The PDF's text as pdftotext reads it, and its page count. */
function pdfText(pdf: Buffer, name = 'package'): { text: string; pages: number } {
  // PACKAGE_PDF_DIR keeps the PDFs to look at (pdftoppm them); else they go to a temporary folder.
  const dir = process.env.PACKAGE_PDF_DIR ?? mkdtempSync(join(tmpdir(), 'package-pdf-'));
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file]).toString();
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-']).toString(),
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
  };
}

interface PdfImage {
  page: number;
  width: number;
  height: number;
}

/** The PDF's images (pdfimages), without their transparency masks. */
function pdfImages(pdf: Buffer): PdfImage[] {
  const file = join(mkdtempSync(join(tmpdir(), 'package-pdf-')), 'images.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdfimages', ['-list', file])
    .toString()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells[2] === 'image')
    .map(([page, , , width, height]) => ({
      page: Number(page),
      width: Number(width),
      height: Number(height),
    }));
}

async function supervise(unitName: string, email: string): Promise<void> {
  const units = data(
    await as(
      'admin@demo.test',
      `query($s: ID!) { reportFilterChoices(surveyId: $s) { units { id name } } }`,
      { s: HK24 },
    ),
  ).reportFilterChoices.units as { id: string; name: string }[];
  const unit = units.find((u) => u.name === unitName);
  if (!unit) throw new Error(`no unit ${unitName}`);
  const candidates = data(
    await as(
      'admin@demo.test',
      `query($u: ID!) { supervisorCandidates(unitId: $u) { id email } }`,
      {
        u: unit.id,
      },
    ),
  ).supervisorCandidates as { id: string; email: string }[];
  const user = candidates.find((c) => c.email === email);
  if (!user) throw new Error(`${email} may not supervise ${unitName}`);
  const set = data(
    await as(
      'admin@demo.test',
      `mutation($u: ID!, $ids: [ID!]!) { setUnitSupervisors(unitId: $u, userIds: $ids) { ok } }`,
      { u: unit.id, ids: [user.id] },
    ),
  );
  expect(set.setUnitSupervisors.ok).toBe(true);
}

const pdfUrl = (id: string, language = 'sv') =>
  `/files/supervisor-packages/${id}.pdf?language=${language}`;

async function getPdf(email: string | null, id: string, language?: string) {
  const req = request(stack.gateway.url).get(pdfUrl(id, language)).buffer(true);
  if (email) req.set('authorization', `Bearer ${await stack.tokenOf(email)}`);
  return req.parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** A package link's id from the newest matching mail; the send run may take a while on a busy machine. */
async function packageIdIn(to: string, pattern: RegExp): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fromMail(stack.api, to, pattern);
    } catch (error) {
      if (attempt === 6) throw error;
    }
  }
}

let development = '';
let platform = '';

async function send(surveyId: string): Promise<void> {
  const sent = data(
    await as(
      'admin@demo.test',
      `mutation($s: ID!) { sendSupervisorPackages(surveyId: $s) { ok } }`,
      {
        s: surveyId,
      },
    ),
  );
  expect(sent.sendSupervisorPackages.ok).toBe(true);
}

beforeAll(async () => {
  await supervise('Development', 'user@demo.test');
  await supervise('Platform', 'super@demo.test');
  await send(HK24);
  development = await packageIdIn('user@demo.test', LINK);
  platform = await packageIdIn('super@demo.test', LINK);
}, 120_000);

describe('a supervisor package PDF made on the server', () => {
  it('gives the supervisor her unit package: the 17 slides in her report language, with the unit and survey', async () => {
    const res = await getPdf('user@demo.test', development);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const { text, pages } = pdfText(res.body as Buffer, 'development-hk24');
    expect(pages).toBe(17);
    const sv = slides('sv');
    for (const title of [
      sv.responseTitle,
      sv.top10VsOrgTitle,
      sv.lIndexCompareTitle,
      sv.enpsScaleTitle,
    ])
      expect(text).toContain(title);
    expect(text).toContain('Development');
    expect(text).toContain(HK24_NAME);
  }, 60_000);

  it('serves the PDF the send job built and stored in her language; another language is built when asked', async () => {
    const stored = async (language: string) =>
      request(stack.api.url)
        .get(`/supervisors/packages/${development}/pdf?language=${language}`)
        .set('authorization', `Bearer ${await stack.tokenOf('user@demo.test')}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const sv = await stored('sv');
    expect(sv.status).toBe(200);
    expect(sv.headers['content-type']).toBe('application/pdf');
    const served = await getPdf('user@demo.test', development, 'sv');
    expect(Buffer.compare(served.body as Buffer, sv.body as Buffer)).toBe(0);
    expect((await stored('en-US')).status).toBe(404);
    expect((await stored('sv')).status).toBe(200);
    expect(
      (
        await request(stack.api.url)
          .get(`/supervisors/packages/${platform}/pdf?language=sv`)
          .set('authorization', `Bearer ${await stack.tokenOf('user@demo.test')}`)
      ).status,
    ).toBe(403);
  }, 60_000);

  it("refuses the job's build to a cookie and to a request without a token", async () => {
    const build = () =>
      request(stack.gateway.url).post(
        `/files/supervisor-packages/build?surveyId=${HK24}&unitId=${DEVELOPMENT}&language=sv`,
      );
    const session = encodeSession(
      await stack.tokenOf('user@demo.test'),
      new Date(Date.now() + 600_000),
    );
    const cookie = await build().set('cookie', `survey_session=${encodeURIComponent(session)}`);
    expect(cookie.status).toBe(401);
    expect((await build()).status).toBe(401);
    const bearer = await build().set(
      'authorization',
      `Bearer ${await stack.tokenOf('user@demo.test')}`,
    );
    expect(bearer.status).toBe(200);
    expect(bearer.headers['content-type']).toBe('application/pdf');
  }, 60_000);

  it("draws each chart slide's chart as an image twice the chart's size, as the browser's package does", async () => {
    const res = await getPdf('user@demo.test', development, 'fi-FI');
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    const images = pdfImages(pdf);
    const pages = pdfText(pdf, 'development-hk24-fi').text.split('\f');
    const fi = slides('fi-FI');
    const chartTitles = [
      fi.satisfaction,
      fi.usVsOrgTitle,
      fi.realizationTitle,
      fi.scatterTitle,
      fi.lIndexDistributionTitle,
      fi.lIndexCompareTitle,
      fi.enpsTitle,
    ];
    // One chart on each of the seven chart slides: 860 px wide (520 beside the L-index text), x 2.
    expect(images).toHaveLength(chartTitles.length);
    expect(new Set(images.map((image) => image.page)).size).toBe(chartTitles.length);
    for (const image of images) {
      expect([1720, 1040]).toContain(image.width);
      expect(image.height).toBeGreaterThan(400);
    }
    const chartPages = images.map((image) => pages[image.page - 1] ?? '');
    for (const title of chartTitles)
      expect(chartPages.some((text) => text.includes(String(title)))).toBe(true);
  }, 60_000);

  it('is made in the language asked for', async () => {
    const res = await getPdf('user@demo.test', development, 'en-US');
    expect(res.status).toBe(200);
    expect(pdfText(res.body as Buffer).text).toContain(slides('en-US').responseTitle);
  }, 60_000);

  it("refuses another unit's package to a User, and every package to someone signed out", async () => {
    const other = await getPdf('user@demo.test', platform);
    expect(other.status).toBe(403);
    expect(JSON.parse((other.body as Buffer).toString()).code).toBe('FORBIDDEN');
    expect((await getPdf(null, development)).status).toBe(401);
  }, 60_000);

  it("gives the company's staff (its SuperUser, its PartnerAdmin) the packages of its units", async () => {
    expect((await getPdf('super@demo.test', development)).status).toBe(200);
    expect((await getPdf('partner@demo.test', development)).status).toBe(200);
  }, 60_000);

  it("gives an Admin any unit's package, and refuses a language the console does not have", async () => {
    expect((await getPdf('admin@demo.test', platform)).status).toBe(200);
    const bad = await getPdf('admin@demo.test', platform, '..%2F..%2Fetc');
    expect(bad.status).toBe(400);
  }, 60_000);

  it("makes a trend survey's package as a trend deck: trend results on the cover, no importance slides", async () => {
    await send(HK25);
    const trend = await packageIdIn(
      'user@demo.test',
      new RegExp(`Henkilöstökysely 2025[\\s\\S]*${LINK.source}`),
    );
    const res = await getPdf('user@demo.test', trend);
    expect(res.status).toBe(200);
    const { text, pages } = pdfText(res.body as Buffer, 'development-hk25');
    const sv = slides('sv');
    // The cover's heading is letter-spaced: pdftotext reads it with spaces between the letters.
    const squeezed = (value: string) => value.replace(/\s+/g, '');
    expect(squeezed(text)).toContain(squeezed(String(sv.trendResults).toUpperCase()));
    expect(text).not.toContain(sv.meaningfulTitle);
    expect(text).not.toContain(sv.top10Title);
    expect(pages).toBe(13);
    // A trend deck has no "us against the organisation" bars: the other six charts.
    expect(pdfImages(res.body as Buffer)).toHaveLength(6);
  }, 120_000);
});
