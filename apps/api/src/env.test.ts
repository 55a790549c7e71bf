import { parseConfig as parse, tokenTtlSeconds } from './env.js';

// Outside production nothing is required: the defaults below are a developer's.
const parseConfig = (source: Record<string, unknown>) =>
  parse({ NODE_ENV: 'development', ...source });

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

describe('env in production', () => {
  const secret = 'k'.repeat(32);
  const message = (source: Record<string, unknown>): string => {
    try {
      parse(source);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is the default, and then refuses to start without a signing key and a mail server, naming both', () => {
    const refused = message({});
    expect(refused).toContain('Invalid API configuration');
    expect(refused).toMatch(/JWT_SECRET: required with NODE_ENV=production/);
    expect(refused).toMatch(/SMTP_URL: required with NODE_ENV=production \(or MAIL_CATCHER=true/);
    expect(message({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toMatch(
      /^Invalid API configuration:\n {2}JWT_SECRET: required[^\n]*$/,
    );
    expect(message({ JWT_SECRET: secret })).toMatch(
      /^Invalid API configuration:\n {2}SMTP_URL: required[^\n]*$/,
    );
  });

  it('starts with a key and a mail server, without demo data unless asked for', () => {
    const config = parse({ JWT_SECRET: secret, SMTP_URL: 'smtp://mail:25' });
    expect(config).toMatchObject({ NODE_ENV: 'production', DEMO_DATA: false });
    expect(
      parse({ JWT_SECRET: secret, SMTP_URL: 'smtp://mail:25', DEMO_DATA: 'true' }).DEMO_DATA,
    ).toBe(true);
  });

  it('keeps mail in the built-in catcher only when MAIL_CATCHER=true is set on purpose', () => {
    const config = parse({ JWT_SECRET: secret, MAIL_CATCHER: 'true' });
    expect(config.MAIL_CATCHER).toBe(true);
    expect(config.SMTP_URL).toBeUndefined();
    expect(message({ JWT_SECRET: secret, MAIL_CATCHER: 'false' })).toMatch(/SMTP_URL: required/);
  });

  it('requires the shared signing key with a PostgreSQL server, in any environment', () => {
    expect(message({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/survey' })).toMatch(
      /JWT_SECRET: required with DATABASE_URL/,
    );
    expect(
      parse({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db/survey', JWT_SECRET: secret })
        .JWT_SECRET,
    ).toBe(secret);
  });

  it('takes a previous key for rotation only next to a current one', () => {
    expect(
      parse({ NODE_ENV: 'test', JWT_SECRET: secret, JWT_SECRET_PREVIOUS: 'p'.repeat(32) })
        .JWT_SECRET_PREVIOUS,
    ).toBe('p'.repeat(32));
    expect(message({ NODE_ENV: 'test', JWT_SECRET_PREVIOUS: 'p'.repeat(32) })).toMatch(
      /JWT_SECRET_PREVIOUS: only next to JWT_SECRET/,
    );
    expect(message({ NODE_ENV: 'test', JWT_SECRET: secret, JWT_SECRET_PREVIOUS: 'short' })).toMatch(
      /JWT_SECRET_PREVIOUS: at least 32 characters/,
    );
  });
});
