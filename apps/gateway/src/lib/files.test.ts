// The file routes: against a scripted upstream for streaming, limits and error mapping, and against
// the real apps/api (demo data) for a spreadsheet that goes in through an import and out through an export.
import { request as httpRequest } from 'node:http';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { RunningGateway } from '../index.js';
import { startTestGateway } from '../test/gateway.js';
import { setupApiAndGateway } from '../test/signedIn.js';
import { closedPort, json, problem, startUpstream, type Upstream } from '../test/upstream.js';
import { encodeSession } from './session.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;
const cookieFor = (token: string) =>
  `survey_session=${encodeURIComponent(encodeSession(token, new Date(Date.now() + 3_600_000)))}`;

/** A raw request, so a test controls Content-Length and how much of the body is actually sent. */
function rawPost(
  url: string,
  headers: Record<string, string>,
  chunks: { size: number; count: number },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/files/import/participants`, { method: 'POST', headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The gateway may close the connection while the body is still being sent.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    const chunk = Buffer.alloc(chunks.size, 'a');
    let sent = 0;
    const write = () => {
      while (sent < chunks.count) {
        sent += 1;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe('file routes against a scripted upstream', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startTestGateway({ API_URL: upstream.url, UPSTREAM_RETRIES: 0 });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.hits.length = 0;
    upstream.handle((_hit, res) => json(res, 200, { successfulImportsCount: 1 }));
  });

  const upload = (path = '/files/import/participants') =>
    request(gateway.url)
      .post(path)
      .set('x-survey-csrf', '1')
      .set('cookie', cookieFor('cookie-token'))
      .field('companyId', 'c1')
      .field('surveyId', 's1')
      .attach('file', Buffer.from('spreadsheet bytes'), 'people.xlsx');

  it('streams a multipart upload to the REST import with the cookie session and answers its JSON', async () => {
    const res = await upload();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ successfulImportsCount: 1 });
    const [hit] = upstream.hits;
    expect(hit?.method).toBe('POST');
    expect(hit?.url).toBe('/import/participants/');
    expect(hit?.headers.authorization).toBe('Bearer cookie-token');
    expect(hit?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(hit?.body).toContain('name="companyId"\r\n\r\nc1');
    expect(hit?.body).toContain('filename="people.xlsx"');
    expect(hit?.body).toContain('spreadsheet bytes');
  });

  it('sends user imports to POST /import/users, a bearer token winning over the cookie', async () => {
    const res = await upload('/files/import/users').set('authorization', 'Bearer header-token');
    expect(res.status).toBe(200);
    expect(upstream.hits[0]?.url).toBe('/import/users');
    expect(upstream.hits[0]?.headers.authorization).toBe('Bearer header-token');
  });

  it('refuses an upload without the CSRF header, without a session or not multipart', async () => {
    const noCsrf = await request(gateway.url)
      .post('/files/import/participants')
      .set('cookie', cookieFor('t'))
      .attach('file', Buffer.from('x'), 'a.xlsx');
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Uploads need the x-survey-csrf: 1 header.',
    });
    const anonymous = await request(gateway.url)
      .post('/files/import/participants')
      .set('x-survey-csrf', '1')
      .attach('file', Buffer.from('x'), 'a.xlsx');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
    const plain = await request(gateway.url)
      .post('/files/import/participants')
      .set('x-survey-csrf', '1')
      .set('cookie', cookieFor('t'))
      .send({ file: 'x' });
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('BAD_REQUEST');
    expect(upstream.hits).toHaveLength(0);
  });

  it('answers 413 to a declared size over 10 MB before reading the body', async () => {
    const res = await rawPost(
      gateway.url,
      {
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': String(11 * MB),
        'x-survey-csrf': '1',
        cookie: cookieFor('t'),
      },
      { size: 64 * 1024, count: 1 },
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than 10 MB.',
    });
    expect(upstream.hits).toHaveLength(0);
  });

  it('answers 413 to a chunked upload once it passes 10 MB, cancelling the REST call', async () => {
    const res = await rawPost(
      gateway.url,
      {
        'content-type': 'multipart/form-data; boundary=xyz',
        'transfer-encoding': 'chunked',
        'x-survey-csrf': '1',
        cookie: cookieFor('t'),
      },
      { size: 256 * 1024, count: 48 },
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).code).toBe('PAYLOAD_TOO_LARGE');
    // The upstream never received a complete request.
    expect(upstream.hits).toHaveLength(0);
  });

  it('maps a REST refusal with the one error mapping, keeping its detail and field errors', async () => {
    upstream.handle((_hit, res) =>
      problem(res, 400, 'validation-failed', [{ field: 'file', message: 'validation.required' }]),
    );
    const res = await upload();
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'The input was rejected.',
      reason: 'validation_failed',
      detail: 'validation-failed',
      fieldErrors: [{ field: 'file', message: 'validation.required' }],
    });
  });

  it('streams a download with its status, type and file name', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    upstream.handle((_hit, res) => {
      res.writeHead(200, {
        'content-type': XLSX,
        'content-disposition': 'attachment; filename="participants-W.xlsx"',
      });
      res.write(bytes.subarray(0, 100_000));
      setTimeout(() => res.end(bytes.subarray(100_000)), 50);
    });
    const res = await request(gateway.url)
      .get('/files/export/participants/s1/fi-FI')
      .set('cookie', cookieFor('cookie-token'))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="participants-W.xlsx"');
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    expect(upstream.hits[0]?.url).toBe('/export/participants/s1/fi-FI');
    expect(upstream.hits[0]?.headers.authorization).toBe('Bearer cookie-token');
  });

  it('maps a refused download to JSON and knows only the two exports', async () => {
    upstream.handle((_hit, res) => problem(res, 409, 'too_few_responses'));
    const refused = await request(gateway.url)
      .get('/files/export/responses/s1/en-US')
      .set('authorization', 'Bearer t');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'BAD_USER_INPUT', detail: 'too_few_responses' });
    const unknown = await request(gateway.url)
      .get('/files/export/passwords/s1/en-US')
      .set('authorization', 'Bearer t');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const anonymous = await request(gateway.url).get('/files/export/responses/s1/en-US');
    expect(anonymous.status).toBe(401);
  });

  it('answers the no-response JSON when the API is down', async () => {
    const down = await startTestGateway({
      API_URL: `http://127.0.0.1:${await closedPort()}`,
      UPSTREAM_RETRIES: 0,
    });
    try {
      const res = await request(down.url)
        .get('/files/export/participants/s1/en-US')
        .set('authorization', 'Bearer t');
      expect(res.status).toBe(504);
      expect(res.body).toEqual({
        code: 'UPSTREAM_NO_RESPONSE',
        message: 'request was made, no response',
      });
    } finally {
      await down.close();
    }
  });
});

describe('file routes against the real API', () => {
  const DEMO_OY = 'de300000-0000-4000-8000-000000000001';
  const PULSE = 'de300000-0000-4000-8000-000000000303';
  const stack = setupApiAndGateway();

  async function download(path: string, headers: Record<string, string>) {
    return request(stack.gateway.url)
      .get(path)
      .set(headers)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
  }

  it('imports a spreadsheet through the gateway and exports it back in Finnish', async () => {
    const token = await stack.tokenOf('admin@demo.test');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['Email', 'First name', 'Last name', 'Language']);
    sheet.addRow(['gateway.import@demo.test', 'Gate', 'Wayimport', 'fi-FI']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const imported = await request(stack.gateway.url)
      .post('/files/import/participants')
      .set('x-survey-csrf', '1')
      .set('cookie', cookieFor(token))
      .field('companyId', DEMO_OY)
      .field('surveyId', PULSE)
      .attach('file', file, { filename: 'people.xlsx', contentType: XLSX });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ successfulImportsCount: 1, failedImportsCount: 0 });

    const res = await download(`/files/export/participants/${PULSE}/fi-FI`, {
      cookie: cookieFor(token),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=.*osallistujat-/);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(res.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    back.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 3)).toEqual(['Sähköposti', 'Etunimi', 'Sukunimi']);
    expect(rows.find((row) => row[0] === 'gateway.import@demo.test')?.slice(1, 4)).toEqual([
      'Gate',
      'Wayimport',
      'fi-FI',
    ]);
  });

  it("refuses a SuperUser's export and an unknown survey with the mapped JSON", async () => {
    const superUser = await stack.tokenOf('super@demo.test');
    const forbidden = await download(`/files/export/participants/${PULSE}/en-US`, {
      authorization: `Bearer ${superUser}`,
    });
    expect(forbidden.status).toBe(403);
    expect(JSON.parse(String(forbidden.body))).toEqual({
      code: 'FORBIDDEN',
      message: 'Not allowed.',
      detail: 'forbidden',
    });
    const admin = await stack.tokenOf('admin@demo.test');
    const missing = await download(
      '/files/export/responses/00000000-0000-4000-8000-000000000000/en-US',
      { authorization: `Bearer ${admin}` },
    );
    expect(missing.status).toBe(404);
    expect(JSON.parse(String(missing.body)).code).toBe('NOT_FOUND');
  });
});
