// The per-request context against a local upstream whose every hit is counted: loaders, retries,
// cancellation, and the cookie refresh before expiry.
import { request as httpRequest } from 'node:http';
import type { RunningGateway } from './index.js';
import { encodeSession } from './lib/session.js';
import { gql, setCookies, startTestGateway, type GraphQLBody } from './test/gateway.js';
import { json, problem, startUpstream, type Hit, type Upstream } from './test/upstream.js';

const account = {
  id: 'u1',
  email: 'admin@demo.test',
  displayName: 'Admin',
  role: 'Admin',
  language: 'en-US',
  twoFactorEnabled: false,
  localizedReports: false,
  companies: [],
  unitIds: [],
};
const configuration = {
  companySizes: [],
  companyIndustries: [],
  languageCode: 'en-US',
  reportLanguageCode: 'fi-FI',
  languages: ['en-US'],
  reportLanguages: ['fi-FI'],
};

let upstream: Upstream;
let gateway: RunningGateway;

const hitsTo = (path: string): Hit[] => upstream.hits.filter((hit) => hit.url === path);

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startTestGateway({ API_URL: upstream.url, UPSTREAM_RETRIES: 2 });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.hits.length = 0;
  upstream.cancelled.length = 0;
  upstream.handle((hit, res) => {
    if (hit.url === '/configuration') return json(res, 200, configuration);
    if (hit.url === '/account/authorize') return json(res, 200, account);
    problem(res, 404, 'not-found');
  });
});

describe('per-request DataLoaders', () => {
  it('answers several configuration fields of one request with one REST call', async () => {
    const res = await gql(
      gateway.url,
      '{ a: configuration { languageCode } b: configuration { reportLanguageCode } }',
    );
    expect(res.body).toEqual({
      data: { a: { languageCode: 'en-US' }, b: { reportLanguageCode: 'fi-FI' } },
    });
    expect(hitsTo('/configuration')).toHaveLength(1);
  });

  it('shares no loader between requests, so each request asks again', async () => {
    await gql(gateway.url, '{ configuration { languageCode } }');
    await gql(gateway.url, '{ configuration { languageCode } }');
    expect(hitsTo('/configuration')).toHaveLength(2);
  });

  it('keeps the accounts of two users apart', async () => {
    upstream.handle((hit, res) =>
      json(res, 200, { ...account, id: String(hit.headers.authorization) }),
    );
    const first = await gql(gateway.url, '{ me { id } }', {}, { authorization: 'Bearer one' });
    const second = await gql(gateway.url, '{ me { id } }', {}, { authorization: 'Bearer two' });
    expect(first.body).toEqual({ data: { me: { id: 'Bearer one' } } });
    expect(second.body).toEqual({ data: { me: { id: 'Bearer two' } } });
  });
});

describe('retries', () => {
  it('retries a read on 503 and gives up with the upstream error after the configured retries', async () => {
    upstream.handle((_hit, res) => problem(res, 503, 'internal-error'));
    const body = (await gql(gateway.url, '{ configuration { languageCode } }')).body as GraphQLBody;
    expect(body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(hitsTo('/configuration')).toHaveLength(3);
  });

  it('never retries a sign-in', async () => {
    upstream.handle((_hit, res) => problem(res, 503, 'internal-error'));
    await gql(gateway.url, 'mutation { login(email: "a@b.c", password: "x") { status } }');
    expect(hitsTo('/account/login')).toHaveLength(1);
  });
});

describe('cancellation', () => {
  it('cancels the upstream request when the GraphQL client goes away', async () => {
    upstream.handle(() => undefined);
    const req = httpRequest(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ query: '{ configuration { languageCode } }' }));
    await until(() => upstream.hits.length === 1);
    req.destroy();
    await until(() => upstream.cancelled.length === 1);
    expect(upstream.hits).toHaveLength(1);
  });
});

describe('sessions', () => {
  const cookieFor = (token: string, minutesLeft: number) =>
    `survey_session=${encodeURIComponent(encodeSession(token, new Date(Date.now() + minutesLeft * 60_000)))}`;

  it('refreshes a cookie session with under 10 minutes left and uses the new token at once', async () => {
    const renewedUntil = new Date(Date.now() + 60 * 60_000).toISOString();
    upstream.handle((hit, res) => {
      if (hit.url === '/account/refresh')
        return json(res, 200, { token: 'renewed', expiresAt: renewedUntil });
      json(res, 200, account);
    });
    const res = await gql(gateway.url, '{ me { id } }', {}, { cookie: cookieFor('old', 5) });
    expect(res.body).toEqual({ data: { me: { id: 'u1' } } });
    expect(hitsTo('/account/refresh')[0]?.headers.authorization).toBe('Bearer old');
    expect(hitsTo('/account/authorize')[0]?.headers.authorization).toBe('Bearer renewed');
    const cookie = setCookies(res.headers['set-cookie']).get('survey_session');
    expect(cookie?.value).toBe(encodeSession('renewed', new Date(renewedUntil)));
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
    );
  });

  it('leaves a cookie session with more time left alone', async () => {
    const res = await gql(gateway.url, '{ me { id } }', {}, { cookie: cookieFor('fresh', 30) });
    expect(res.body).toEqual({ data: { me: { id: 'u1' } } });
    expect(hitsTo('/account/refresh')).toHaveLength(0);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps serving the old token when the refresh fails', async () => {
    upstream.handle((hit, res) =>
      hit.url === '/account/refresh'
        ? problem(res, 503, 'internal-error')
        : json(res, 200, account),
    );
    const res = await gql(gateway.url, '{ me { id } }', {}, { cookie: cookieFor('old', 5) });
    expect(res.body).toEqual({ data: { me: { id: 'u1' } } });
    expect(hitsTo('/account/authorize')[0]?.headers.authorization).toBe('Bearer old');
  });

  it('prefers an Authorization header to the cookie', async () => {
    await gql(
      gateway.url,
      '{ me { id } }',
      {},
      { cookie: cookieFor('cookie', 30), authorization: 'Bearer header' },
    );
    expect(hitsTo('/account/authorize')[0]?.headers.authorization).toBe('Bearer header');
  });

  it('answers me with null and clears the cookie when the API no longer accepts the token', async () => {
    upstream.handle((_hit, res) => problem(res, 401, 'unauthenticated'));
    const res = await gql(gateway.url, '{ me { id } }', {}, { cookie: cookieFor('revoked', 30) });
    expect(res.body).toEqual({ data: { me: null } });
    expect(setCookies(res.headers['set-cookie']).get('survey_session')?.value).toBe('');
  });
});
