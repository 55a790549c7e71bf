// POST /graphql's own route answers as express's /graphql route does: the same status, headers and
// body for reads, refusals and body errors, sign-ins rate limited. Express still answers /graphql/
// (its router takes the trailing slash), so each request goes to both and the answers are compared.
import request from 'supertest';
import type { RunningGateway } from './index.js';
import { startTestGateway } from './test/gateway.js';
import { json, problem, startUpstream, type Upstream } from './test/upstream.js';

let upstream: Upstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startTestGateway({
    API_URL: upstream.url,
    BODY_LIMIT: '10kb',
  });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.hits.length = 0;
});

// Differ between any two answers.
const varying = new Set(['date', 'x-request-id']);

interface Sent {
  type?: string;
  body: string;
  headers?: Record<string, string>;
}

async function post(path: string, { type = 'application/json', body, headers = {} }: Sent) {
  const res = await request(gateway.url)
    .post(path)
    .set('content-type', type)
    .set(headers)
    .send(body);
  const kept = Object.entries(res.headers).filter(([name]) => !varying.has(name));
  return { status: res.status, headers: Object.fromEntries(kept), body: res.text };
}

/** The answers of the own route (/graphql) and of express's (/graphql/) to one request. */
async function both(sent: Sent) {
  return { own: await post('/graphql', sent), express: await post('/graphql/', sent) };
}

const query = (text: string, variables: Record<string, unknown> = {}) =>
  JSON.stringify({ query: text, variables });

describe("POST /graphql's own route", () => {
  it('answers a read as express does, security headers included, with the caller’s token upstream', async () => {
    upstream.handle((_hit, res) =>
      json(res, 200, { id: 'u1', email: 'a@b.c', firstName: 'A', lastName: 'B' }),
    );
    const { own, express } = await both({
      body: query('{ ping me { id } }'),
      headers: { authorization: 'Bearer t0k', 'x-request-id': 'trace-7' },
    });
    expect(own.status).toBe(200);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(own.headers['strict-transport-security']).toBeDefined();
    expect(own.headers['x-powered-by']).toBeUndefined();
    expect(own).toEqual(express);
    expect(upstream.hits.length).toBeGreaterThan(0);
    for (const hit of upstream.hits) {
      expect(hit.headers.authorization).toBe('Bearer t0k');
      expect(hit.headers['x-request-id']).toBe('trace-7');
    }
  });

  it('answers body errors as express does: malformed JSON 400, over the limit 413', async () => {
    const malformed = await both({ body: '{"query": ' });
    expect(malformed.own.status).toBe(400);
    expect(malformed.own).toEqual(malformed.express);
    const large = await both({ body: query('{ ping }', { padding: 'x'.repeat(20_000) }) });
    expect(large.own.status).toBe(413);
    expect(JSON.parse(large.own.body)).toEqual({
      errors: [{ message: 'The request body is too large.', extensions: { code: 'BAD_REQUEST' } }],
    });
    expect(large.own).toEqual(large.express);
  });

  it("answers Apollo's refusals as express does: CSRF, a batch, a parse error", async () => {
    for (const sent of [
      { type: 'text/plain', body: query('{ ping }') },
      { body: JSON.stringify([{ query: '{ ping }' }, { query: '{ ping }' }]) },
      { body: query('{ ping') },
    ]) {
      const { own, express } = await both(sent);
      expect(own.status).toBe(400);
      expect(own).toEqual(express);
    }
  });

  it('sends sign-ins through express, with the client address, and refuses two in one request', async () => {
    upstream.handle((_hit, res) => problem(res, 401, 'invalid-credentials'));
    const login = query('mutation { login(email: "a@b.c", password: "x") { status } }');
    const answer = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .send(login);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // express's `req.ip`, which POST /graphql's own route does not compute.
    expect(upstream.hits[0]?.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
    expect(upstream.hits).toHaveLength(1);
    const two = await post('/graphql', {
      body: query(
        'mutation { a: login(email: "a@b.c", password: "x") { status } b: login(email: "a@b.c", password: "y") { status } }',
      ),
    });
    expect(two.status).toBe(400);
    expect(upstream.hits).toHaveLength(1);
  });

  it('leaves other paths and methods to express: 404s, health, GET queries', async () => {
    upstream.handle((_hit, res) => json(res, 200, { status: 'ok' }));
    expect((await request(gateway.url).post('/graphqlx').send({})).status).toBe(404);
    expect((await request(gateway.url).get('/healthz')).body).toMatchObject({ status: 'ok' });
    const get = await request(gateway.url)
      .get('/graphql')
      .query({ query: '{ ping }' })
      .set('apollo-require-preflight', '1');
    expect(get.body).toEqual({ data: { ping: true } });
  });
});
