import { parseConfig, tokenTtlSeconds } from './env.js';

describe('env', () => {
  it('has a default for every variable', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 4100,
      HOST: '0.0.0.0',
      TOKEN_TTL_MINUTES: 60,
      MAIL_CATCHER_SMTP_PORT: 1025,
      MAIL_CATCHER_HTTP_PORT: 1080,
      MAIL_FROM: 'Survey Console <no-reply@survey-console.local>',
      WEB_URL: 'http://localhost:3000',
      DEMO_DATA: true,
      DEMO_PASSWORD: 'DemoPass2026',
      ANONYMITY_THRESHOLD: 5,
      LOG_LEVEL: 'info',
      MAX_SMTP_CONNECTIONS: 5,
    });
    expect(config.DATA_DIR).toMatch(/[/\\]\.data[/\\]api$/);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads strings as the environment gives them, and numbers and booleans from code', () => {
    expect(parseConfig({ PORT: '0', DEMO_DATA: 'false', SMTP_URL: '' })).toMatchObject({
      PORT: 0,
      DEMO_DATA: false,
      SMTP_URL: undefined,
    });
    expect(parseConfig({ PORT: 5, DEMO_DATA: true }).PORT).toBe(5);
    expect(parseConfig({ WEB_URL: 'https://console.example/' }).WEB_URL).toBe(
      'https://console.example',
    );
  });

  it('fails listing every bad variable at once', () => {
    const read = () =>
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        ANONYMITY_THRESHOLD: '2',
        LOG_LEVEL: 'loud',
      });
    expect(read).toThrow(/PORT/);
    const message = (() => {
      try {
        read();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'ANONYMITY_THRESHOLD', 'LOG_LEVEL']) {
      expect(message).toContain(name);
    }
  });

  it('asks for both model names with an AI provider, and for the provider with model names', () => {
    expect(() => parseConfig({ AI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(
      /AI_CHAT_MODEL: required when AI_BASE_URL is set[\s\S]*AI_EMBEDDING_MODEL/,
    );
    expect(() => parseConfig({ AI_CHAT_MODEL: 'gpt' })).toThrow(/AI_BASE_URL/);
    const config = parseConfig({
      AI_BASE_URL: 'http://127.0.0.1:8080/v1',
      AI_CHAT_MODEL: 'chat',
      AI_EMBEDDING_MODEL: 'embed',
    });
    expect(config).toMatchObject({ AI_TIMEOUT_MS: 60_000, AI_RATE_LIMIT_PER_MINUTE: 20 });
    // Without a provider the embedded engine runs: nothing is required.
    expect(parseConfig({}).AI_BASE_URL).toBeUndefined();
  });

  it('issues tokens for TOKEN_TTL_SECONDS when set, else for TOKEN_TTL_MINUTES', () => {
    expect(tokenTtlSeconds(parseConfig({}))).toBe(3600);
    expect(tokenTtlSeconds(parseConfig({ TOKEN_TTL_MINUTES: '2' }))).toBe(120);
    expect(tokenTtlSeconds(parseConfig({ TOKEN_TTL_MINUTES: '2', TOKEN_TTL_SECONDS: '8' }))).toBe(
      8,
    );
    expect(() => parseConfig({ TOKEN_TTL_SECONDS: '1' })).toThrow(/TOKEN_TTL_SECONDS/);
    expect(() => parseConfig({ TOKEN_TTL_SECONDS: '1.5' })).toThrow(/TOKEN_TTL_SECONDS/);
  });

  it('opens a snapshot only for the in-memory database', () => {
    expect(parseConfig({ DATA_DIR: 'memory', DATA_SNAPSHOT: '/tmp/demo.tar' }).DATA_SNAPSHOT).toBe(
      '/tmp/demo.tar',
    );
    expect(() => parseConfig({ DATA_DIR: '/var/lib/api', DATA_SNAPSHOT: '/tmp/demo.tar' })).toThrow(
      /DATA_SNAPSHOT: only for the in-memory database/,
    );
    expect(() =>
      parseConfig({
        DATA_DIR: 'memory',
        DATABASE_URL: 'postgres://127.0.0.1/test',
        DATA_SNAPSHOT: '/tmp/demo.tar',
      }),
    ).toThrow(/DATA_SNAPSHOT/);
  });
});
