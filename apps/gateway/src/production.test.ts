// What a production deployment decides about the gateway: whose X-Forwarded-For it believes (the
// sign-in limit keys on the client address), and whether introspection and GraphiQL are served.
import { request } from 'node:http';
import { getIntrospectionQuery } from 'graphql';
import supertest from 'supertest';
import type { RunningGateway } from './index.js';
import { startApi, type TestApi } from './test/api.js';
import { gql, startTestGateway, type GraphQLBody } from './test/gateway.js';

let api: TestApi;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  // The API counts sign-ins per client address, as the gateway names it.
  api = await startApi({ LOGIN_RATE_LIMIT_PER_MINUTE: 3 });
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await api.close();
});

async function gateway(overrides: Parameters<typeof startTestGateway>[0]) {
  const started = await startTestGateway({ API_URL: api.url, ...overrides });
  gateways.push(started);
  return started;
}

/** A failed sign-in with an email of its own, from `localAddress`, claiming to forward for `forwardedFor`. */
function signIn(url: string, email: string, forwardedFor: string, localAddress: string) {
  const body = JSON.stringify({
    query: `mutation { login(email: "${email}", password: "wrong-password") { status } }`,
  });
  const { hostname, port } = new URL(url);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path: '/graphql',
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forwardedFor,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let people = 0;
/** Four sign-ins, each for another account, so that only the per-address count can refuse one. */
async function statuses(url: string, localAddress: string, forwardedFor: (i: number) => string) {
  const answered: number[] = [];
  for (let i = 0; i < 4; i++) {
    const email = `person${people++}@example.test`;
    answered.push(await signIn(url, email, forwardedFor(i), localAddress));
  }
  return answered;
}

const spoofed = (i: number) => `203.0.113.${i + 1}`;

describe('the client address behind TRUST_PROXY', () => {
  it('believes no X-Forwarded-For by default: a spoofed address per attempt is still one client', async () => {
    const direct = await gateway({});
    expect(await statuses(direct.url, '127.0.0.1', spoofed)).toEqual([200, 200, 200, 429]);
  });

  it('ignores X-Forwarded-For from a hop that is not the trusted proxy', async () => {
    const behindProxy = await gateway({ TRUST_PROXY: '127.0.0.1' });
    // 127.0.0.2 is a client reaching the gateway directly, not the proxy at 127.0.0.1.
    expect(await statuses(behindProxy.url, '127.0.0.2', spoofed)).toEqual([200, 200, 200, 429]);
    // The trusted proxy's header names the real client: four clients, one attempt each.
    expect(await statuses(behindProxy.url, '127.0.0.1', spoofed)).toEqual([200, 200, 200, 200]);
  });
});

describe('introspection and GraphiQL', () => {
  const introspection = getIntrospectionQuery();
  const page = (url: string) => supertest(url).get('/graphql').set('accept', 'text/html');

  it('serves both by default, for integrators', async () => {
    const open = await gateway({});
    expect(((await gql(open.url, introspection)).body as GraphQLBody).errors).toBeUndefined();
    expect((await page(open.url)).headers['content-type']).toMatch(/text\/html/);
  });

  it('refuses introspection and serves no GraphiQL when switched off, and still answers queries', async () => {
    const closed = await gateway({ GRAPHQL_INTROSPECTION: 'false', GRAPHQL_PLAYGROUND: 'false' });
    const refused = (await gql(closed.url, introspection)).body as GraphQLBody;
    expect(refused.errors?.[0]?.message).toMatch(/introspection is not allowed/i);
    const html = await page(closed.url);
    expect(html.headers['content-type']).not.toMatch(/text\/html/);
    expect((await supertest(closed.url).get('/graphql/playground/index.html')).status).not.toBe(
      200,
    );
    expect((await gql(closed.url, '{ ping }')).body).toEqual({ data: { ping: true } });
  });
});
