import { DEMO_ACCOUNTS, startApi, type StartedApi } from './index.js';

describe('startApi', () => {
  let api: StartedApi | undefined;
  // Migrating and seeding a fresh PGlite takes seconds alone, far longer beside the other test workers.
  beforeAll(async () => {
    api = await startApi({ LOG_LEVEL: 'silent' });
  }, 120_000);
  afterAll(() => api?.close());
  const started = (): StartedApi => {
    if (!api) throw new Error('the API did not start');
    return api;
  };

  const post = (path: string, body: object, token?: string) =>
    fetch(`${started().url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('runs a real API on an ephemeral loopback port', async () => {
    expect(started().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(started().port).toBeGreaterThan(0);
    const res = await fetch(`${started().url}/readyz`);
    expect(res.status).toBe(200);
  });

  it.each(DEMO_ACCOUNTS.filter((account) => !account.twoFactor))(
    'signs in the demo account $email as $role',
    async ({ email, role }) => {
      const res = await post('/account/login', { email, password: 'DemoPass2026' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ role, require2FA: false });
    },
  );

  it('lets the two-factor demo account in with the code from its mail catcher', async () => {
    const { mailCatcher } = started();
    if (!mailCatcher) throw new Error('no mail catcher');
    expect(mailCatcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const login = await post('/account/login', {
      email: 'twofactor@demo.test',
      password: 'DemoPass2026',
    });
    const { twoFactorToken } = (await login.json()) as { twoFactorToken: string };
    const mail = await mailCatcher.waitFor((m) => m.to.includes('twofactor@demo.test'));
    const code = /\b\d{6}\b/.exec(mail.text)?.[0] ?? '';
    const res = await post('/account/2fa-login', { code }, twoFactorToken);
    expect(res.status).toBe(200);
    const inbox = (await (await fetch(`${mailCatcher.httpUrl}/api/messages`)).json()) as {
      to: string[];
    }[];
    // The code email, and the invited demo account's confirmation sent at seeding.
    expect(inbox.map((m) => m.to[0]).sort()).toEqual(['newcomer@demo.test', 'twofactor@demo.test']);
    mailCatcher.clear();
    expect(await mailCatcher.messages()).toEqual([]);
  });
});
