import { describeEachDb, type TestContext, type TestUser } from '../../test/harness.js';

async function startTwoFactor(ctx: TestContext, user: TestUser) {
  const res = await ctx.http().post('/account/login').send(user);
  expect(res.status).toBe(200);
  const mail = await ctx.mailTo(user.email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  return { token: res.body.twoFactorToken as string, code, body: res.body, mail };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeEachDb('account: two-factor sign-in', (ctx) => {
  const verify = (token: string | undefined, code: string) => {
    const req = ctx().http().post('/account/2fa-login');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send({ code });
  };

  it('asks for the emailed code and signs in with it', async () => {
    const user = await ctx().createUser({ role: 'SuperUser', twoFactor: true });
    const { token, code, body, mail } = await startTwoFactor(ctx(), user);
    expect(body).toEqual({
      require2FA: true,
      twoFactorToken: expect.any(String),
      role: 'SuperUser',
    });
    expect(mail.subject).toBe('Your Survey Console sign-in code');
    expect(code).toMatch(/^\d{6}$/);

    const res = await verify(token, code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ require2FA: false, role: 'SuperUser', user: { id: user.id } });
    const me = await ctx()
      .http()
      .post('/account/authorize')
      .set('Authorization', `Bearer ${res.body.token}`);
    expect(me.body.twoFactorEnabled).toBe(true);
  });

  it('keeps the session open after a wrong code and accepts the right one next', async () => {
    const user = await ctx().createUser({ twoFactor: true });
    const { token, code } = await startTwoFactor(ctx(), user);
    const wrong = await verify(token, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('incorrect-code');
    expect((await verify(token, code)).status).toBe(200);
  });

  it('ends the session at the fifth wrong code, then no longer knows it', async () => {
    const user = await ctx().createUser({ twoFactor: true });
    const { token, code } = await startTwoFactor(ctx(), user);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await verify(token, wrongCode(code))).body.detail).toBe('incorrect-code');
    }
    const fifth = await verify(token, wrongCode(code));
    expect(fifth.status).toBe(403);
    expect(fifth.body.detail).toBe('locked_out_2fa');
    const after = await verify(token, code);
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe('session-not-found');
  });

  it('answers session-not-found once the 10 minutes have passed', async () => {
    const user = await ctx().createUser({ twoFactor: true });
    const { token, code } = await startTwoFactor(ctx(), user);
    const [row] = await ctx().db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes
       FROM account_codes WHERE user_id = $1 AND purpose = 'two_factor'`,
      [user.id],
    );
    expect(row?.minutes).toBe(10);
    await ctx().db.query(
      `UPDATE account_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    const res = await verify(token, code);
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('session-not-found');
  });

  it('answers session-not-found without a session token or with an unknown one', async () => {
    expect((await verify(undefined, '123456')).body.detail).toBe('session-not-found');
    expect((await verify('made-up', '123456')).body.detail).toBe('session-not-found');
  });

  it('uses a code once: the session is gone after signing in', async () => {
    const user = await ctx().createUser({ twoFactor: true });
    const { token, code } = await startTwoFactor(ctx(), user);
    expect((await verify(token, code)).status).toBe(200);
    expect((await verify(token, code)).body.detail).toBe('session-not-found');
  });

  it('replaces an open session when the user signs in again', async () => {
    const user = await ctx().createUser({ twoFactor: true });
    const first = await startTwoFactor(ctx(), user);
    ctx().mail.clear();
    const second = await startTwoFactor(ctx(), user);
    expect((await verify(first.token, first.code)).body.detail).toBe('session-not-found');
    expect((await verify(second.token, second.code)).status).toBe(200);
  });

  it('stores neither the code nor the session token in plain text', async () => {
    const user = await ctx().createUser({ twoFactor: true });
    const { token, code } = await startTwoFactor(ctx(), user);
    const rows = await ctx().db.query<{ codeHash: string; sessionHash: string }>(
      `SELECT code_hash AS "codeHash", session_hash AS "sessionHash" FROM account_codes
       WHERE user_id = $1`,
      [user.id],
    );
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('asks for the code in the account language', async () => {
    const user = await ctx().createUser({ twoFactor: true, language: 'fi-FI' });
    const { mail } = await startTwoFactor(ctx(), user);
    expect(mail.subject).toBe('Survey Console -kirjautumiskoodisi');
    expect(mail.text).toContain('Koodi on voimassa 10 minuuttia.');
  });
});
