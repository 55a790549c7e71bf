// Sign-in, two-factor, sessions and password reset through the gateway, against the real apps/api.
import type { RunningGateway } from '../../index.js';
import {
  clearMail,
  DEMO_PASSWORD,
  fromMail,
  startApi,
  twoFactorCode,
  type TestApi,
} from '../../test/api.js';
import {
  cookieHeader,
  gql,
  setCookies,
  startTestGateway,
  type GraphQLBody,
} from '../../test/gateway.js';

const LOGIN = `mutation Login($email: String!, $password: String!, $delivery: SessionDelivery) {
  login(email: $email, password: $password, delivery: $delivery) {
    status twoFactorSession account { email role } session { token expiresAt }
  }
}`;
const VERIFY = `mutation Verify($code: String!, $twoFactorSession: String, $delivery: SessionDelivery) {
  verifyTwoFactor(code: $code, twoFactorSession: $twoFactorSession, delivery: $delivery) {
    status account { email } session { token }
  }
}`;
const ME =
  '{ me { id email displayName role language twoFactorEnabled localizedReports companies { id name } unitIds } }';

let api: TestApi;
let gateway: RunningGateway;

beforeAll(async () => {
  api = await startApi();
  gateway = await startTestGateway({ API_URL: api.url });
});
afterAll(async () => {
  await gateway?.close();
  await api?.close();
});

const errorOf = (body: unknown) => (body as GraphQLBody).errors?.[0];
const login = (
  email: string,
  delivery: 'COOKIE' | 'TOKEN',
  password = DEMO_PASSWORD,
  url = gateway.url,
) => gql(url, LOGIN, { email, password, delivery });

describe('sign-in with a cookie session', () => {
  it.each([
    ['admin@demo.test', 'ADMIN'],
    ['partner@demo.test', 'PARTNER_ADMIN'],
    ['super@demo.test', 'SUPER_USER'],
    ['user@demo.test', 'USER'],
  ])(
    'signs %s in as %s with an httpOnly SameSite cookie the page never sees',
    async (email, role) => {
      const res = await login(email, 'COOKIE');
      expect(res.body).toEqual({
        data: {
          login: {
            status: 'SIGNED_IN',
            twoFactorSession: null,
            account: { email, role },
            session: null,
          },
        },
      });
      const cookie = setCookies(res.headers['set-cookie']).get('survey_session');
      expect(cookie?.attributes).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
      );
      expect(cookie?.attributes.some((a) => a.startsWith('expires='))).toBe(true);
      expect(cookie?.attributes).not.toContain('secure');
      // The token is only in the cookie, never in a body JavaScript could read.
      expect(res.text).not.toContain(cookie?.value.split('.').slice(1).join('.'));
      const me = await gql(gateway.url, ME, {}, { cookie: cookieHeader(res) });
      expect((me.body as GraphQLBody).data?.me).toMatchObject({ email, role });
    },
  );

  it.each([
    ['partner@demo.test', ['SUPER_USER', 'USER'], true],
    ['user@demo.test', ['USER'], false],
  ])(
    'answers %s with the rules the API decides for it, at sign-in and from me',
    async (email, assignableRoles, seesUnendedSurveys) => {
      const RULES = '{ assignableRoles seesUnendedSurveys }';
      const res = await gql(
        gateway.url,
        `mutation Login($email: String!, $password: String!) {
          login(email: $email, password: $password) { account ${RULES} }
        }`,
        { email, password: DEMO_PASSWORD },
      );
      const rules = { assignableRoles, seesUnendedSurveys };
      expect((res.body as GraphQLBody).data?.login).toEqual({ account: rules });
      const me = await gql(gateway.url, `{ me ${RULES} }`, {}, { cookie: cookieHeader(res) });
      expect((me.body as GraphQLBody).data?.me).toEqual(rules);
    },
  );

  it('marks the cookie Secure with the production configuration', async () => {
    const production = await startTestGateway({ API_URL: api.url, NODE_ENV: 'production' });
    try {
      const res = await login('admin@demo.test', 'COOKIE', DEMO_PASSWORD, production.url);
      expect(setCookies(res.headers['set-cookie']).get('survey_session')?.attributes).toContain(
        'secure',
      );
    } finally {
      await production.close();
    }
  });

  it('clears the cookie on logout, after which me is null', async () => {
    const signedIn = await login('admin@demo.test', 'COOKIE');
    const out = await gql(
      gateway.url,
      'mutation { logout }',
      {},
      { cookie: cookieHeader(signedIn) },
    );
    expect(out.body).toEqual({ data: { logout: true } });
    const cleared = setCookies(out.headers['set-cookie']).get('survey_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes).toContain('expires=thu, 01 jan 1970 00:00:00 gmt');
    const me = await gql(gateway.url, '{ me { id } }', {}, { cookie: cookieHeader(signedIn, out) });
    expect(me.body).toEqual({ data: { me: null } });
  });

  it('renews the cookie session when asked, without handing the token to the page', async () => {
    const signedIn = await login('user@demo.test', 'COOKIE');
    const res = await gql(
      gateway.url,
      'mutation { refreshSession { token expiresAt } }',
      {},
      { cookie: cookieHeader(signedIn) },
    );
    expect(res.body).toEqual({ data: { refreshSession: null } });
    expect(setCookies(res.headers['set-cookie']).get('survey_session')?.value).toMatch(/^\d+\..+/);
  });
});

describe('sign-in with a bearer token', () => {
  it('returns a token with which me runs as with curl', async () => {
    const res = await login('partner@demo.test', 'TOKEN');
    const payload = (res.body as GraphQLBody).data?.login as {
      session: { token: string; expiresAt: string };
    };
    expect(payload.session.token).toEqual(expect.any(String));
    expect(new Date(payload.session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await gql(gateway.url, ME, {}, { authorization: `Bearer ${payload.session.token}` });
    expect((me.body as GraphQLBody).data?.me).toMatchObject({
      email: 'partner@demo.test',
      role: 'PARTNER_ADMIN',
      companies: [expect.objectContaining({ name: 'Demo Oy' })],
    });
  });

  it('refreshes a bearer session into a new token that works', async () => {
    const res = await login('partner@demo.test', 'TOKEN');
    const { token } = ((res.body as GraphQLBody).data?.login as { session: { token: string } })
      .session;
    const refreshed = await gql(
      gateway.url,
      'mutation { refreshSession { token expiresAt } }',
      {},
      { authorization: `Bearer ${token}` },
    );
    const next = (refreshed.body as GraphQLBody).data?.refreshSession as { token: string };
    const me = await gql(
      gateway.url,
      '{ me { email } }',
      {},
      { authorization: `Bearer ${next.token}` },
    );
    expect(me.body).toEqual({ data: { me: { email: 'partner@demo.test' } } });
  });

  it('answers me with null without a session, or with a token the API refuses', async () => {
    expect((await gql(gateway.url, '{ me { id } }')).body).toEqual({ data: { me: null } });
    const forged = await gql(
      gateway.url,
      '{ me { id } }',
      {},
      { authorization: 'Bearer not.a.token' },
    );
    expect(forged.body).toEqual({ data: { me: null } });
  });

  it('refuses refreshSession without a session with UNAUTHENTICATED', async () => {
    const res = await gql(gateway.url, 'mutation { refreshSession { token } }');
    expect(errorOf(res.body)?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('failed sign-in', () => {
  it('refuses a wrong password with UNAUTHENTICATED and reason login_failed', async () => {
    const res = await login('admin@demo.test', 'COOKIE', 'WrongPass1');
    expect(errorOf(res.body)?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'login_failed',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an empty password with BAD_USER_INPUT and the field', async () => {
    const res = await login('admin@demo.test', 'COOKIE', '');
    expect(errorOf(res.body)?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'validation_failed',
      fieldErrors: [{ field: 'password', message: 'validation.required' }],
    });
  });
});

describe('two-factor sign-in', () => {
  beforeEach(() => clearMail(api));

  it('finishes with the emailed code, the pending sign-in kept in a cookie', async () => {
    const started = await login('twofactor@demo.test', 'COOKIE');
    expect((started.body as GraphQLBody).data?.login).toMatchObject({
      status: 'TWO_FACTOR_REQUIRED',
      twoFactorSession: null,
      account: null,
    });
    const pending = setCookies(started.headers['set-cookie']).get('survey_session_2fa');
    expect(pending?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    const code = await twoFactorCode(api, 'twofactor@demo.test');
    const done = await gql(gateway.url, VERIFY, { code }, { cookie: cookieHeader(started) });
    expect((done.body as GraphQLBody).data?.verifyTwoFactor).toEqual({
      status: 'SIGNED_IN',
      account: { email: 'twofactor@demo.test' },
      session: null,
    });
    const cookies = setCookies(done.headers['set-cookie']);
    expect(cookies.get('survey_session_2fa')?.value).toBe('');
    const me = await gql(
      gateway.url,
      '{ me { email twoFactorEnabled } }',
      {},
      { cookie: cookieHeader(started, done) },
    );
    expect(me.body).toEqual({
      data: { me: { email: 'twofactor@demo.test', twoFactorEnabled: true } },
    });
  });

  it('finishes with the emailed code and a token for scripts', async () => {
    const started = await login('twofactor@demo.test', 'TOKEN');
    const { twoFactorSession } = (started.body as GraphQLBody).data?.login as {
      twoFactorSession: string;
    };
    expect(twoFactorSession).toEqual(expect.any(String));
    const code = await twoFactorCode(api, 'twofactor@demo.test');
    const done = await gql(gateway.url, VERIFY, { code, twoFactorSession, delivery: 'TOKEN' });
    const { token } = (
      (done.body as GraphQLBody).data?.verifyTwoFactor as { session: { token: string } }
    ).session;
    const me = await gql(gateway.url, '{ me { email } }', {}, { authorization: `Bearer ${token}` });
    expect(me.body).toEqual({ data: { me: { email: 'twofactor@demo.test' } } });
  });

  it('refuses a wrong code with BAD_USER_INPUT and reason incorrect_2fa_code, and still takes the right one', async () => {
    const started = await login('twofactor@demo.test', 'TOKEN');
    const { twoFactorSession } = (started.body as GraphQLBody).data?.login as {
      twoFactorSession: string;
    };
    const code = await twoFactorCode(api, 'twofactor@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await gql(gateway.url, VERIFY, {
      code: wrong,
      twoFactorSession,
      delivery: 'TOKEN',
    });
    expect(errorOf(refused.body)?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'incorrect_2fa_code',
    });
    const done = await gql(gateway.url, VERIFY, { code, twoFactorSession, delivery: 'TOKEN' });
    expect((done.body as GraphQLBody).data?.verifyTwoFactor).toMatchObject({ status: 'SIGNED_IN' });
  });

  it('refuses an unknown or expired two-factor session with UNAUTHENTICATED and reason expired_2fa_session', async () => {
    const unknown = await gql(gateway.url, VERIFY, {
      code: '123456',
      twoFactorSession: 'no-such-session',
    });
    expect(errorOf(unknown.body)?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'expired_2fa_session',
    });
    const none = await gql(gateway.url, VERIFY, { code: '123456' });
    expect(errorOf(none.body)?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'expired_2fa_session',
    });
  });

  it('ends the two-factor session after five wrong codes with FORBIDDEN and reason locked_out_2fa', async () => {
    const started = await login('twofactor@demo.test', 'COOKIE');
    const cookie = cookieHeader(started);
    const code = await twoFactorCode(api, 'twofactor@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const reasons: unknown[] = [];
    for (let i = 0; i < 5; i++)
      reasons.push(
        errorOf((await gql(gateway.url, VERIFY, { code: wrong }, { cookie })).body)?.extensions
          ?.reason,
      );
    expect(reasons.slice(0, 4)).toEqual(Array(4).fill('incorrect_2fa_code'));
    expect(reasons[4]).toBe('locked_out_2fa');
    const after = await gql(gateway.url, VERIFY, { code }, { cookie });
    expect(errorOf(after.body)?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });
});

describe('password reset and account confirmation', () => {
  const RESET_LINK = /\/account\/reset\/confirm\/([^/\s]+\/[^?\s]+)/;
  const confirm = (userId: string, code: string, password: string) =>
    gql(
      gateway.url,
      'mutation($userId: ID!, $code: String!, $password: String!) { confirmPasswordReset(userId: $userId, code: $code, password: $password) { ok fieldErrors { field message } } }',
      { userId, code, password },
    );

  async function resetLink(email: string): Promise<[string, string]> {
    clearMail(api);
    const res = await gql(
      gateway.url,
      'mutation($email: String!) { requestPasswordReset(email: $email, language: "en-US") }',
      { email },
    );
    expect(res.body).toEqual({ data: { requestPasswordReset: true } });
    const [userId = '', code = ''] = (await fromMail(api, email, RESET_LINK)).split('/');
    return [userId, code];
  }

  it('answers a reset request for an unknown address the same as for a known one', async () => {
    const res = await gql(
      gateway.url,
      'mutation { requestPasswordReset(email: "nobody@demo.test") }',
    );
    expect(res.body).toEqual({ data: { requestPasswordReset: true } });
  });

  it('sets a new password with the emailed link once, and reports what to fix as data', async () => {
    const [userId, code] = await resetLink('super@demo.test');
    const weak = await confirm(userId, code, 'short');
    expect((weak.body as GraphQLBody).data?.confirmPasswordReset).toEqual({
      ok: false,
      fieldErrors: [{ field: 'password', message: 'account.confirm.passwordInvalid' }],
    });
    expect((await confirm(userId, code, 'NewPass2027')).body).toEqual({
      data: { confirmPasswordReset: { ok: true, fieldErrors: [] } },
    });
    const reused = await confirm(userId, code, 'OtherPass2028');
    expect((reused.body as GraphQLBody).data?.confirmPasswordReset).toMatchObject({
      ok: false,
      fieldErrors: [{ field: 'code' }],
    });
    expect((await login('super@demo.test', 'TOKEN', 'NewPass2027')).body).toMatchObject({
      data: { login: { status: 'SIGNED_IN' } },
    });
    // Put the demo password back for the other tests.
    const [again, nextCode] = await resetLink('super@demo.test');
    expect((await confirm(again, nextCode, DEMO_PASSWORD)).body).toMatchObject({
      data: { confirmPasswordReset: { ok: true } },
    });
  });

  it('tells an unknown confirmation link apart without using anything up', async () => {
    const res = await gql(
      gateway.url,
      'mutation { checkAccountConfirmation(userId: "de300000-0000-4000-8000-000000000101", code: "nope") }',
    );
    expect(res.body).toEqual({ data: { checkAccountConfirmation: false } });
  });

  it('refuses to confirm an account with an invalid link with BAD_USER_INPUT and reason invalid_code', async () => {
    const res = await gql(
      gateway.url,
      'mutation { confirmAccount(userId: "de300000-0000-4000-8000-000000000101", code: "nope", password: "NewPass2027") { status } }',
    );
    expect(errorOf(res.body)?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'invalid_code',
    });
  });
});

describe('with short-lived tokens', () => {
  let shortApi: TestApi;
  let shortGateway: RunningGateway;

  beforeAll(async () => {
    shortApi = await startApi({ TOKEN_TTL_MINUTES: 5 });
    shortGateway = await startTestGateway({ API_URL: shortApi.url });
  });
  afterAll(async () => {
    await shortGateway?.close();
    await shortApi?.close();
  });

  it('renews a cookie session by itself when under 10 minutes are left', async () => {
    const signedIn = await login('admin@demo.test', 'COOKIE', DEMO_PASSWORD, shortGateway.url);
    const first = setCookies(signedIn.headers['set-cookie']).get('survey_session')?.value ?? '';
    // Tokens carry whole seconds; wait for the next one so the renewed token differs.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await gql(
      shortGateway.url,
      '{ me { email } }',
      {},
      { cookie: cookieHeader(signedIn) },
    );
    expect(res.body).toEqual({ data: { me: { email: 'admin@demo.test' } } });
    const renewed = setCookies(res.headers['set-cookie']).get('survey_session')?.value ?? '';
    expect(renewed).not.toBe(first);
    expect(Number(renewed.split('.')[0])).toBeGreaterThan(Number(first.split('.')[0]));
  });

  it('locks an account after five wrong passwords with FORBIDDEN and reason locked_out', async () => {
    const reasons: unknown[] = [];
    for (let i = 0; i < 5; i++)
      reasons.push(
        errorOf((await login('user@demo.test', 'TOKEN', 'WrongPass1', shortGateway.url)).body)
          ?.extensions,
      );
    expect(reasons.slice(0, 4)).toEqual(
      Array(4).fill({ code: 'UNAUTHENTICATED', reason: 'login_failed' }),
    );
    expect(reasons[4]).toEqual({ code: 'FORBIDDEN', reason: 'locked_out' });
    const right = await login('user@demo.test', 'TOKEN', DEMO_PASSWORD, shortGateway.url);
    expect(errorOf(right.body)?.extensions).toEqual({ code: 'FORBIDDEN', reason: 'locked_out' });
  });
});
