// /metrics of a real gateway in front of the real API: GraphQL operations by name, errors by code,
// the REST calls, with the counts of the requests made; and nothing about a user.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sample } from '@survey/runtime/testing';
import request from 'supertest';
import { setupApiAndGateway } from '../test/signedIn.js';
import { GatewayMetrics } from './metrics.js';
import { RestClient } from './rest-client.js';

const ME = 'query MetricsMe { me { displayName } }';
const REFRESH = 'mutation MetricsRefresh { refreshSession { expiresAt } }';

describe('/metrics', () => {
  const stack = setupApiAndGateway();

  it('counts GraphQL operations by name and outcome, errors by code, and the REST calls', async () => {
    for (let i = 0; i < 3; i++) await stack.as('admin@demo.test', ME);
    const refused = await stack.as(null, REFRESH);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const res = await request(stack.gateway.url).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const operation = 'gateway_graphql_operation_duration_seconds_count';
    expect(sample(res.text, operation, { operation: 'MetricsMe', outcome: 'ok' })).toBe(3);
    expect(sample(res.text, operation, { operation: 'MetricsRefresh', outcome: 'error' })).toBe(1);
    expect(
      sample(res.text, 'gateway_graphql_errors_total', { code: 'UNAUTHENTICATED' }),
    ).toBeGreaterThanOrEqual(1);
    // Each `me` read asks the API (token check and the user): at least one call a read, answered 200.
    const upstream = 'gateway_upstream_request_duration_seconds_count';
    const calls = ['GET', 'POST'].reduce(
      (sum, method) => sum + (sample(res.text, upstream, { method, outcome: '200' }) ?? 0),
      0,
    );
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(res.text).toContain('process_cpu_seconds_total');
  });

  it('shows nothing about a user: no address, no token, no name', async () => {
    const token = await stack.tokenOf('admin@demo.test');
    const me = await stack.as('admin@demo.test', ME);
    const res = await request(stack.gateway.url).get('/metrics').expect(200);
    expect(res.text).not.toContain('admin@demo.test');
    expect(res.text).not.toContain(token);
    expect(res.text).not.toContain(String(me.data.me.displayName));
  });
});

describe('operation labels', () => {
  it('keeps names a GraphQL name may be, and at most 200 of them', () => {
    const metrics = new GatewayMetrics();
    expect(metrics.operationLabel(undefined)).toBe('anonymous');
    expect(metrics.operationLabel('Not a name')).toBe('invalid');
    for (let i = 0; i < 200; i++) expect(metrics.operationLabel(`Op${i}`)).toBe(`Op${i}`);
    expect(metrics.operationLabel('OneTooMany')).toBe('other');
    expect(metrics.operationLabel('Op7')).toBe('Op7');
  });
});

describe('upstream metrics', () => {
  it('counts each attempt of a call that got no answer by its failure', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const metrics = new GatewayMetrics();
    const client = new RestClient({
      baseUrl: `http://127.0.0.1:${port}`,
      connectTimeoutMs: 1000,
      headersTimeoutMs: 1000,
      bodyTimeoutMs: 1000,
      maxConnections: 1,
      retries: 2,
      retryDelayMs: 1,
      observe: (method, outcome, start) => metrics.observeUpstream(method, outcome, start),
    });
    await expect(client.send({ method: 'GET', path: '/companies' })).rejects.toThrow();
    await client.close();
    const text = await metrics.registry.metrics();
    const count = 'gateway_upstream_request_duration_seconds_count';
    expect(sample(text, count, { method: 'GET', outcome: 'no_response' })).toBe(3);
  });
});
