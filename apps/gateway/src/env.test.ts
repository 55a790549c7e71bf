import { loadConfig, tracingConfig } from './env.js';

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

describe('tracing configuration', () => {
  it('is off unless the OTEL_* variables name an exporter', () => {
    expect(tracingConfig({})).toEqual({ enabled: false, serviceName: 'survey-gateway' });
    expect(tracingConfig({ OTEL_SERVICE_NAME: 'gw' }).enabled).toBe(false);
    expect(tracingConfig({ OTEL_TRACES_EXPORTER: 'none' }).enabled).toBe(false);
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingConfig(endpoint).enabled).toBe(true);
    expect(
      tracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }).enabled,
    ).toBe(true);
    expect(tracingConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).enabled).toBe(true);
    expect(tracingConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).enabled).toBe(false);
    expect(tracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).enabled).toBe(false);
    expect(tracingConfig({ ...endpoint, OTEL_SERVICE_NAME: 'edge' }).serviceName).toBe('edge');
  });

  it('names a malformed endpoint', () => {
    expect(() => tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(
      /Invalid tracing configuration:\n {2}OTEL_EXPORTER_OTLP_ENDPOINT: /,
    );
  });
});

describe('log format', () => {
  it('is JSON unless pretty is asked for, and nothing else', () => {
    expect(loadConfig({}, {}).LOG_FORMAT).toBe('json');
    expect(loadConfig({}, { LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadConfig({}, { LOG_FORMAT: 'colour' })).toThrow(/LOG_FORMAT/);
  });
});
