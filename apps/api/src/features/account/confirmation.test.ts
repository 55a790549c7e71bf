import { accountService } from './service.js';
import { describeEachDb, linkIn, type TestContext } from '../../test/harness.js';
import { createTokens } from '../../lib/auth.js';

const PASSWORD = 'Welcome2Survey';

/** A new, unconfirmed account with its confirmation email sent (what creating a user does). */
async function invite(ctx: TestContext, language?: string) {
  const user = await ctx.createUser({ confirmed: false, role: 'SuperUser' });
  const tokens = createTokens(ctx.db, { secret: ctx.config.JWT_SECRET ?? '', ttlSeconds: 3600 });
  const service = accountService({ db: ctx.db, outbox: ctx.outbox, config: ctx.config, tokens });
  await service.sendConfirmation(user.id, language ? { language } : {});
  const mail = await ctx.mailTo(user.email);
  const link = linkIn(mail, '/account/confirm/');
  const [, , , userId, code] = link.pathname.split('/');
  return { user, mail, link, userId: userId ?? '', code: code ?? '' };
}

describeEachDb('account: confirmation', (ctx) => {
  const check = (body: object) => ctx().http().post('/account/confirmemail').send(body);
  const confirm = (body: object) => ctx().http().post('/account/confirm').send(body);

  it('emails a confirmation link to the web app with the language', async () => {
    const { user, mail, link, userId } = await invite(ctx(), 'sv');
    expect(mail.subject).toBe('Bekräfta ditt konto i Survey Console');
    expect(link.origin).toBe('http://web.test');
    expect(link.searchParams.get('lng')).toBe('sv');
    expect(userId).toBe(user.id);
  });

  it('tells a valid code from an invalid one without using it up', async () => {
    const { userId, code } = await invite(ctx());
    expect((await check({ userId, code })).status).toBe(204);
    expect((await check({ userId, code })).status).toBe(204);
    const wrong = await check({ userId, code: `${code}x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('invalid-code');
    expect((await check({ userId: 'nope', code })).body.detail).toBe('invalid-code');
  });

  it('confirms the account, sets the password and signs in', async () => {
    const { user, userId, code } = await invite(ctx());
    const res = await confirm({ email: userId, code, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      require2FA: false,
      role: 'SuperUser',
      user: { id: user.id, email: user.email },
    });
    const [row] = await ctx().db.query<{ confirmed: boolean }>(
      'SELECT email_confirmed AS confirmed FROM users WHERE id = $1',
      [user.id],
    );
    expect(row?.confirmed).toBe(true);
    const login = await ctx()
      .http()
      .post('/account/login')
      .send({ email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('uses the code up: checking or confirming again answers invalid-code', async () => {
    const { userId, code } = await invite(ctx());
    expect((await confirm({ email: userId, code, password: PASSWORD })).status).toBe(200);
    expect((await check({ userId, code })).body.detail).toBe('invalid-code');
    expect((await confirm({ email: userId, code, password: PASSWORD })).body.detail).toBe(
      'invalid-code',
    );
  });

  it('refuses an expired code', async () => {
    const { user, userId, code } = await invite(ctx());
    await ctx().db.query(
      `UPDATE account_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    expect((await check({ userId, code })).body.detail).toBe('invalid-code');
  });

  it('enforces the password rule before touching the code', async () => {
    const { userId, code } = await invite(ctx());
    const res = await confirm({ email: userId, code, password: 'weakpass' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      detail: 'password-rule',
      errors: [{ field: 'password', message: 'account.confirm.passwordInvalid' }],
    });
    expect((await check({ userId, code })).status).toBe(204);
  });

  it('lists every problem when the password rule is not the only one', async () => {
    const res = await confirm({ password: 'weak' });
    expect(res.body.detail).toBe('validation-failed');
    expect(res.body.errors).toEqual([
      { field: 'email', message: 'validation.required' },
      { field: 'code', message: 'validation.required' },
      { field: 'password', message: 'account.confirm.passwordInvalid' },
    ]);
  });
});
