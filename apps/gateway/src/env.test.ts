import { loadConfig } from './env.js';

describe('configuration', () => {
  it('has working defaults, production-safe ones where it matters', () => {
    const config = loadConfig({}, {});
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      COOKIE_SECURE: true,
      PORT: 4000,
      API_URL: 'http://localhost:4100',
      UPSTREAM_CONNECT_TIMEOUT_MS: 2000,
      UPSTREAM_HEADERS_TIMEOUT_MS: 5000,
      UPSTREAM_BODY_TIMEOUT_MS: 10000,
      UPSTREAM_MAX_CONNECTIONS: 64,
      UPSTREAM_RETRIES: 2,
      BODY_LIMIT: '1mb',
      GRAPHQL_MAX_DEPTH: 12,
      GRAPHQL_MAX_COST: 5000,
      GRAPHQL_MAX_ALIASES: 15,
      GRAPHQL_MAX_TOKENS: 2000,
      TRUST_PROXY: 'false',
      GRAPHQL_INTROSPECTION: true,
      GRAPHQL_PLAYGROUND: true,
      SHUTDOWN_GRACE_MS: 8000,
    });
  });

  it('makes cookies Secure except in development and test, unless told otherwise', () => {
    expect(loadConfig({}, {}).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }, {}).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }, {}).COOKIE_SECURE).toBe(false);
    expect(loadConfig({}, { COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', COOKIE_SECURE: true }, {}).COOKIE_SECURE).toBe(
      true,
    );
  });

  it('takes numbers given as strings, as the environment has them', () => {
    expect(loadConfig({}, { PORT: '0', UPSTREAM_RETRIES: '0' })).toMatchObject({
      PORT: 0,
      UPSTREAM_RETRIES: 0,
    });
  });

  it('fails listing every malformed variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', API_URL: 'ftp://x', BODY_LIMIT: 'lots' }, {}),
    ).toThrow(/Invalid gateway configuration:\n {2}PORT: .*\n {2}API_URL: .*\n {2}BODY_LIMIT: /);
  });
});
