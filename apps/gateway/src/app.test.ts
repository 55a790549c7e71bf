// The gateway's HTTP surface against a local upstream it cannot tell from the API: limits, CSRF,
// health, GraphiQL and what errors may reveal.
import { getIntrospectionQuery } from 'graphql';
import request from 'supertest';
import type { RunningGateway } from './index.js';
import { gql, startTestGateway, type GraphQLBody } from './test/gateway.js';
import { closedPort, json, problem, startUpstream, type Upstream } from './test/upstream.js';

let upstream: Upstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  // As behind a proxy on this machine: X-Forwarded-For from loopback names the client.
  gateway = await startTestGateway({ API_URL: upstream.url, TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.hits.length = 0;
  upstream.handle((_hit, res) => problem(res, 404, 'not-found'));
});

/** `{ __type { fields { type { fields ... } } } }`: valid GraphQL of any depth. */
function deepQuery(levels: number): string {
  let selection = 'name';
  for (let level = 2; level < levels; level += 2) selection = `fields { type { ${selection} } }`;
  return `{ __type(name: "Query") { ${selection} } }`;
}

describe('query limits', () => {
  it('refuses a 20-level-deep query with GRAPHQL_VALIDATION_FAILED and reason max_depth', async () => {
    const res = await gql(gateway.url, deepQuery(20));
    const errors = (res.body as GraphQLBody).errors ?? [];
    expect(res.status).toBe(400);
    expect(errors.every((error) => error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')).toBe(
      true,
    );
    const depth = errors.find((error) => error.extensions?.reason === 'max_depth');
    expect(depth?.message).toBe('Query depth limit of 12 exceeded, found 20.');
  });

  it('runs an ordinary query well within the limits', async () => {
    const res = await gql(gateway.url, '{ ping me { id companies { id name } } }');
    expect(res.body).toEqual({ data: { ping: true, me: null } });
  });

  it('refuses more aliases than allowed', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: ping`).join(' ');
    const body = (await gql(gateway.url, `{ ${aliases} }`)).body as GraphQLBody;
    expect(body.errors?.[0]?.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      reason: 'max_aliases',
    });
  });

  it('refuses an operation with too many tokens before validating it', async () => {
    const res = await gql(gateway.url, `{ ${'ping '.repeat(2100)} }`);
    const body = res.body as GraphQLBody;
    expect(res.status).toBe(400);
    expect(body.errors?.[0]).toEqual({
      message: 'Token limit of 2000 exceeded.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED', reason: 'max_tokens' },
    });
  });

  it("lets GraphiQL's introspection query through every limit", async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    const body = (await gql(gateway.url, query)).body as GraphQLBody;
    expect(body.errors).toBeUndefined();
  });

  it('does not echo the limits in production', async () => {
    const production = await startTestGateway({ API_URL: upstream.url, NODE_ENV: 'production' });
    try {
      const errors = ((await gql(production.url, deepQuery(20))).body as GraphQLBody).errors ?? [];
      const depth = errors.find((error) => error.extensions?.reason === 'max_depth');
      expect(depth?.message).toBe('The operation exceeds a limit of this server.');
    } finally {
      await production.close();
    }
  });

  it('refuses a body over the size limit', async () => {
    const res = await gql(gateway.url, `{ ping }`, { padding: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect((res.body as GraphQLBody).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});

describe('CSRF prevention', () => {
  it('refuses a simple-content-type POST without a preflight header', async () => {
    const res = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'text/plain')
      .send('{"query":"mutation { logout }"}');
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/CSRF/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a GET query without a preflight header, and runs it with one', async () => {
    const refused = await request(gateway.url).get('/graphql').query({ query: '{ ping }' });
    expect(refused.status).toBe(400);
    const allowed = await request(gateway.url)
      .get('/graphql')
      .query({ query: '{ ping }' })
      .set('apollo-require-preflight', '1');
    expect(allowed.body).toEqual({ data: { ping: true } });
  });
});

describe('sign-in rate limit', () => {
  const login = 'mutation { login(email: "a@b.c", password: "x") { status } }';

  // The API counts sign-ins in the store all instances share (apps/api lib/limits); the gateway
  // tells it the client address and passes its refusal on.
  it('sends the API the client address, and answers its refusal with RATE_LIMITED, 429 and Retry-After', async () => {
    upstream.handle((_hit, res) =>
      json(res, 429, { status: 429, detail: 'rate-limited', retryAfter: 42 }),
    );
    const limited = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('x-forwarded-for', '203.0.113.5')
      .send({ query: login });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
    expect((limited.body as GraphQLBody).errors?.[0]?.extensions).toEqual({
      code: 'RATE_LIMITED',
      retryAfter: 42,
    });
    // The gateway trusts X-Forwarded-For from loopback (TRUST_PROXY above), as the API does.
    expect(upstream.hits[0]?.headers['x-forwarded-for']).toBe('203.0.113.5');
    expect((await gql(gateway.url, '{ ping }')).body).toEqual({ data: { ping: true } });
  });

  it('refuses several sign-in attempts hidden in one request behind aliases', async () => {
    const res = await gql(
      gateway.url,
      'mutation { a: login(email: "a@b.c", password: "x") { status } b: login(email: "a@b.c", password: "y") { status } }',
    );
    expect(res.status).toBe(400);
    expect(upstream.hits).toHaveLength(0);
  });
});

describe('health', () => {
  it('answers /healthz without asking the API', async () => {
    const res = await request(gateway.url).get('/healthz');
    expect(res.body).toEqual({ status: 'ok', node: process.version });
    expect(upstream.hits).toHaveLength(0);
  });

  it("reports ready only while the API's /readyz does", async () => {
    upstream.handle((_hit, res) => json(res, 200, { status: 'ok' }));
    expect((await request(gateway.url).get('/readyz')).status).toBe(200);
    upstream.handle((_hit, res) => problem(res, 503, 'not-ready'));
    expect((await request(gateway.url).get('/readyz')).status).toBe(503);
    expect(upstream.hits.map((hit) => hit.url)).toEqual(['/readyz', '/readyz']);
  });

  it('reports not ready when the API is unreachable', async () => {
    const orphan = await startTestGateway({ API_URL: `http://127.0.0.1:${await closedPort()}` });
    const res = await request(orphan.url).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', api: 'unreachable' });
    await orphan.close();
  });
});

describe('GraphiQL', () => {
  it('serves GraphiQL at GET /graphql to a browser, referencing only same-origin assets', async () => {
    const res = await request(gateway.url)
      .get('/graphql')
      .set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/https?:|\*/);
    const refs = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.filter((ref) => !ref.startsWith('data:')).length).toBeGreaterThan(0);
    for (const ref of refs.filter((r) => !r.startsWith('data:'))) {
      expect(ref).toMatch(/^\/graphql\/playground\//);
      expect((await request(gateway.url).get(ref)).status).toBe(200);
    }
  });

  it('answers GraphQL, not the page, to a client asking for JSON', async () => {
    const res = await request(gateway.url)
      .get('/graphql')
      .query({ query: '{ ping }' })
      .set('apollo-require-preflight', '1')
      .set('accept', 'application/json');
    expect(res.body).toEqual({ data: { ping: true } });
  });
});

describe('what errors reveal', () => {
  it('shows no upstream address, body or stack trace', async () => {
    upstream.handle((_hit, res) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"detail":"internal-error","stack":"at db.query (/srv/api/db.ts:10)"}'),
    );
    const failing = await gql(gateway.url, '{ configuration { languageCode } }');
    const down = await startTestGateway({ API_URL: `http://127.0.0.1:${await closedPort()}` });
    const unreachable = await gql(down.url, '{ configuration { languageCode } }');
    await down.close();
    for (const res of [failing, unreachable]) {
      expect(res.text).not.toMatch(/127\.0\.0\.1|localhost|:\d{4,5}|stack|db\.ts|\bat\s/);
    }
    expect((failing.body as GraphQLBody).errors?.[0]?.extensions).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
    });
    expect((unreachable.body as GraphQLBody).errors?.[0]).toMatchObject({
      message: 'request was made, no response',
      extensions: { code: 'UPSTREAM_NO_RESPONSE' },
    });
  });

  it('masks an unexpected failure inside the gateway as an internal error', async () => {
    upstream.handle((_hit, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>surprise</html>'),
    );
    const body = (await gql(gateway.url, '{ configuration { languageCode } }')).body as GraphQLBody;
    expect(body.errors?.[0]).toMatchObject({
      message: 'Internal server error.',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('sets security headers and echoes a request id, which it passes upstream', async () => {
    upstream.handle((_hit, res) => json(res, 200, { status: 'ok' }));
    const res = await request(gateway.url).get('/readyz').set('x-request-id', 'trace-42');
    expect(res.headers['x-request-id']).toBe('trace-42');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(upstream.hits[0]?.headers['x-request-id']).toBe('trace-42');
  });
});
