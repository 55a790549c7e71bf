// The sign-in limit as an operator relies on it with several gateways: the API counts the attempts
// of each client address in its shared store, and every gateway tells it the client's address.
import request from 'supertest';
import type { RunningGateway } from '../../index.js';
import { startApi, type TestApi } from '../../test/api.js';
import { startTestGateway, type GraphQLBody } from '../../test/gateway.js';

let api: TestApi;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  api = await startApi({ LOGIN_RATE_LIMIT_PER_MINUTE: 20 });
  // Each behind a load balancer on loopback, whose X-Forwarded-For names the client.
  for (let i = 0; i < 2; i += 1)
    gateways.push(await startTestGateway({ API_URL: api.url, TRUST_PROXY: 'loopback' }));
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  await api?.close();
});

const login =
  'mutation { login(email: "nobody@example.test", password: "wrong-password") { status } }';

/** A sign-in from `address`, as a load balancer on loopback forwards it to a gateway. */
const signIn = (gateway: RunningGateway, address: string) =>
  request(gateway.url)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('x-forwarded-for', address)
    .send({ query: login });

const codeOf = (res: { body: unknown }) => (res.body as GraphQLBody).errors?.[0]?.extensions?.code;

describe('sign-in limit over several gateways', () => {
  it('refuses the 21st sign-in from one address, whichever gateway answers', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await signIn(gateways[i % 2] as RunningGateway, '203.0.113.21');
      expect(codeOf(res)).toBe('UNAUTHENTICATED');
    }
    for (const gateway of gateways) {
      const refused = await signIn(gateway, '203.0.113.21');
      expect(refused.status).toBe(429);
      expect(codeOf(refused)).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client is not refused.
    expect(codeOf(await signIn(gateways[0] as RunningGateway, '203.0.113.22'))).toBe(
      'UNAUTHENTICATED',
    );
  });
});
