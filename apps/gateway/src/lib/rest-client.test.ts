import { GraphQLError } from 'graphql';
import { RestClient, type RestClientOptions } from './rest-client.js';
import { UpstreamError } from './errors.js';
import {
  closedPort,
  json,
  problem,
  startBlackHole,
  startUpstream,
  type Upstream,
} from '../test/upstream.js';

// Generous for a loaded CI machine (2 cores, four suites): at 300 ms, answers that were merely
// slow timed out at load 13.
const timeouts = { connectTimeoutMs: 2000, headersTimeoutMs: 1000, bodyTimeoutMs: 1000 };

function clientFor(baseUrl: string, options: Partial<RestClientOptions> = {}): RestClient {
  return new RestClient({
    baseUrl,
    ...timeouts,
    maxConnections: 4,
    retries: 2,
    retryDelayMs: 10,
    ...options,
  });
}

/** A read whose caller aborts once the upstream has its first request: the read's error. */
async function abortedAfterFirstHit(client: RestClient, upstream: Upstream): Promise<unknown> {
  const controller = new AbortController();
  const pending = client
    .bind({ signal: controller.signal })
    .get('/configuration')
    .catch((e: unknown) => e);
  while (upstream.hits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  controller.abort();
  return pending;
}

function codeOf(error: unknown): unknown {
  return error instanceof GraphQLError ? error.extensions.code : error;
}

describe('RestClient', () => {
  let upstream: Upstream;
  let client: RestClient;

  beforeEach(async () => {
    upstream = await startUpstream();
    client = clientFor(upstream.url);
  });
  afterEach(async () => {
    await client.close();
    await upstream.close();
  });

  it('forwards the bearer token, the request id and a JSON body, and parses the JSON answer', async () => {
    upstream.handle((_hit, res) => json(res, 200, { ok: true }));
    const api = client.bind({ token: 'abc', requestId: 'req-1' });
    await expect(api.post('/account/login', { email: 'a@b.c' })).resolves.toEqual({ ok: true });
    const [hit] = upstream.hits;
    expect(hit?.headers.authorization).toBe('Bearer abc');
    expect(hit?.headers['x-request-id']).toBe('req-1');
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hit?.body ?? '')).toEqual({ email: 'a@b.c' });
  });

  it('keeps the path prefix of the base URL', async () => {
    const prefixed = clientFor(`${upstream.url}/rest/`);
    upstream.handle((_hit, res) => res.writeHead(204).end());
    await prefixed.bind({}).get('/healthz');
    expect(upstream.hits[0]?.url).toBe('/rest/healthz');
    await prefixed.close();
  });

  it('retries a read after 503 with backoff until it succeeds', async () => {
    let calls = 0;
    upstream.handle((_hit, res) =>
      ++calls < 3 ? problem(res, 503, 'internal-error') : json(res, 200, { n: calls }),
    );
    await expect(client.bind({}).get('/configuration')).resolves.toEqual({ n: 3 });
    expect(upstream.hits).toHaveLength(3);
  });

  it('gives up on a read after the configured retries', async () => {
    upstream.handle((_hit, res) => problem(res, 502, 'internal-error'));
    const error = await client
      .bind({})
      .get('/configuration')
      .catch((e: unknown) => e);
    expect(codeOf(error)).toBe('INTERNAL_SERVER_ERROR');
    expect(upstream.hits).toHaveLength(3);
  });

  it("does not retry a read refused with 503 and Retry-After (a survey's results being prepared), and passes the seconds on", async () => {
    upstream.handle((_hit, res) =>
      res
        .writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '3' })
        .end(JSON.stringify({ status: 503, detail: 'gate-preparing', retryAfter: 3 })),
    );
    const error = await client
      .bind({})
      .get('/report/lindexcompare')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions).toEqual({
      code: 'RESULTS_PREPARING',
      retryAfter: 3,
    });
    expect(upstream.hits).toHaveLength(1);
  });

  it('never retries a write, even on 503', async () => {
    upstream.handle((_hit, res) => problem(res, 503, 'internal-error'));
    await expect(client.bind({}).post('/account/login', {})).rejects.toThrow(GraphQLError);
    expect(upstream.hits).toHaveLength(1);
  });

  it('retries a read after the connection is reset, but not a write', async () => {
    upstream.handle((_hit, res) => res.socket?.destroy());
    const read = await client
      .bind({})
      .get('/configuration')
      .catch((e: unknown) => e);
    expect(codeOf(read)).toBe('UPSTREAM_NO_RESPONSE');
    expect(upstream.hits).toHaveLength(3);
    const write = await client
      .bind({})
      .post('/account/login', {})
      .catch((e: unknown) => e);
    expect(codeOf(write)).toBe('UPSTREAM_NO_RESPONSE');
    expect(upstream.hits).toHaveLength(4);
  });

  it('retries a read marked idempotent although it is a POST', async () => {
    let calls = 0;
    upstream.handle((_hit, res) =>
      ++calls < 2 ? problem(res, 504, 'internal-error') : json(res, 200, {}),
    );
    await client.bind({}).post('/account/authorize', undefined, { idempotent: true });
    expect(upstream.hits).toHaveLength(2);
  });

  it('cancels the upstream request when the caller aborts', async () => {
    upstream.handle(() => undefined);
    const error = await abortedAfterFirstHit(client, upstream);
    expect(error).toBeInstanceOf(GraphQLError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(upstream.cancelled).toHaveLength(1);
    expect(upstream.hits).toHaveLength(1);
  });

  it('stops retrying when the caller aborts while it waits to try again', async () => {
    upstream.handle((_hit, res) => problem(res, 503, 'internal-error'));
    const slowRetries = clientFor(upstream.url, { retryDelayMs: 10_000 });
    const error = (await abortedAfterFirstHit(slowRetries, upstream)) as GraphQLError;
    expect(error.originalError).toBeInstanceOf(UpstreamError);
    expect((error.originalError as UpstreamError).kind).toBe('aborted');
    expect(upstream.hits).toHaveLength(1);
    await slowRetries.close();
  });

  it('cancels a streamed answer still being read when the caller aborts after its headers', async () => {
    upstream.handle((_hit, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('a;b\n'); // and never ends
    });
    const controller = new AbortController();
    const response = await client.stream({
      method: 'GET',
      path: '/export',
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const closed = new Promise((resolve) => response.body.once('close', resolve));
    response.body.resume();
    controller.abort();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(upstream.cancelled).toHaveLength(1);
  });

  it('lets go of the caller signal once a call is answered', async () => {
    upstream.handle((_hit, res) => json(res, 200, { ok: true }));
    const { signal } = new AbortController();
    const listeners = { added: 0, removed: 0 };
    const { addEventListener, removeEventListener } = signal;
    Object.assign(signal, {
      addEventListener(...args: Parameters<AbortSignal['addEventListener']>) {
        listeners.added += 1;
        addEventListener.apply(signal, args);
      },
      removeEventListener(...args: Parameters<AbortSignal['removeEventListener']>) {
        listeners.removed += 1;
        removeEventListener.apply(signal, args);
      },
    });
    const api = client.bind({ signal });
    for (let i = 0; i < 5; i += 1) await api.get('/configuration');
    expect(listeners).toEqual({ added: 5, removed: 5 });
  });

  it('answers any status from send() without throwing', async () => {
    upstream.handle((_hit, res) => problem(res, 503, 'internal-error'));
    const response = await clientFor(upstream.url, { retries: 0 }).send({
      method: 'GET',
      path: '/readyz',
    });
    expect(response.status).toBe(503);
  });

  it('maps problem details to the client-facing code and reason', async () => {
    upstream.handle((_hit, res) => problem(res, 401, 'invalid-credentials'));
    const error = await client
      .bind({})
      .post('/account/login', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'login_failed',
    });
  });
});

describe('RestClient without a usable upstream', () => {
  it('reports a refused connection (API stopped) as request made, no response, quickly', async () => {
    const client = clientFor(`http://127.0.0.1:${await closedPort()}`);
    const started = Date.now();
    const error = await client
      .bind({})
      .get('/configuration')
      .catch((e: unknown) => e);
    expect(codeOf(error)).toBe('UPSTREAM_NO_RESPONSE');
    expect((error as GraphQLError).message).toBe('request was made, no response');
    expect(Date.now() - started).toBeLessThan(1000);
    await client.close();
  });

  it('reports a request that could not be made at all (client already closed) as unable to make request', async () => {
    const upstream = await startUpstream();
    const client = clientFor(upstream.url);
    await client.close();
    const error = await client
      .bind({})
      .get('/configuration')
      .catch((e: unknown) => e);
    expect(codeOf(error)).toBe('UPSTREAM_UNREACHABLE');
    expect((error as GraphQLError).message).toBe('unable to make request');
    expect(upstream.hits).toHaveLength(0);
    await upstream.close();
  });

  it('reports an upstream that accepts but never answers as no response, within the headers timeout', async () => {
    const hole = await startBlackHole();
    const client = clientFor(hole.url);
    const started = Date.now();
    const error = await client
      .bind({})
      .get('/configuration')
      .catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(codeOf(error)).toBe('UPSTREAM_NO_RESPONSE');
    expect((error as GraphQLError).message).toBe('request was made, no response');
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(5000);
    await client.close();
    await hole.close();
  });

  it('waits the slow headers timeout for a call marked slow (an AI answer), the usual one otherwise', async () => {
    const late = await startUpstream();
    const slowClient = clientFor(late.url, { slowHeadersTimeoutMs: 8000 });
    late.handle((_hit, res) => {
      setTimeout(() => json(res, 200, { answer: 'late' }), 2500);
    });
    const api = slowClient.bind({});
    const usual = await api.post('/searchindex/search', {}).catch((e: unknown) => e);
    expect(codeOf(usual)).toBe('UPSTREAM_NO_RESPONSE');
    await expect(api.post('/searchindex/search', {}, { slow: true })).resolves.toEqual({
      answer: 'late',
    });
    await slowClient.close();
    await late.close();
  });

  it('keeps the low-level cause for the log but not in the message', async () => {
    const port = await closedPort();
    const client = clientFor(`http://127.0.0.1:${port}`, { retries: 0 });
    const error = (await client
      .bind({})
      .get('/configuration')
      .catch((e: unknown) => e)) as GraphQLError;
    expect(error.originalError).toBeInstanceOf(UpstreamError);
    expect(JSON.stringify(error.toJSON())).not.toContain(String(port));
    await client.close();
  });
});
