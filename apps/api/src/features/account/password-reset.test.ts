import { describeEachDb, linkIn, type TestContext, type TestUser } from '../../test/harness.js';

const NEW_PASSWORD = 'Brand9NewPass';

async function requestLink(ctx: TestContext, user: TestUser, language?: string) {
  const res = await ctx.http().post('/account/reset').send({ email: user.email, language });
  expect(res.status).toBe(204);
  const mail = await ctx.mailTo(user.email);
  const link = linkIn(mail, '/account/reset/confirm/');
  const [, , , , userId, code] = link.pathname.split('/');
  return { mail, link, userId: userId ?? '', code: code ?? '' };
}

describeEachDb('account: password reset', (ctx) => {
  const confirm = (body: object) => ctx().http().post('/account/reset/confirm').send(body);

  it('emails a reset link that sets a new password', async () => {
    const user = await ctx().createUser();
    const { mail, link, userId, code } = await requestLink(ctx(), user);
    expect(mail.subject).toBe('Reset your Survey Console password');
    expect(link.origin).toBe('http://web.test');
    expect(link.searchParams.get('lng')).toBe('en-US');
    expect(userId).toBe(user.id);

    expect((await confirm({ userId, code, password: NEW_PASSWORD })).status).toBe(204);
    const oldLogin = await ctx().http().post('/account/login').send(user);
    expect(oldLogin.body.detail).toBe('invalid-credentials');
    const newLogin = await ctx()
      .http()
      .post('/account/login')
      .send({ email: user.email, password: NEW_PASSWORD });
    expect(newLogin.status).toBe(200);
  });

  it('writes the link in the requested language, else in the account language', async () => {
    const swedish = await ctx().createUser({ language: 'sv' });
    const own = await requestLink(ctx(), swedish);
    expect(own.link.searchParams.get('lng')).toBe('sv');
    expect(own.mail.subject).toBe('Återställ ditt lösenord till Survey Console');

    const finnish = await ctx().createUser({ language: 'sv' });
    const asked = await requestLink(ctx(), finnish, 'fi-FI');
    expect(asked.link.searchParams.get('lng')).toBe('fi-FI');
    expect(asked.mail.subject).toBe('Survey Console -salasanasi vaihto');
  });

  it('answers 204 for an unknown email and sends nothing', async () => {
    const res = await ctx().http().post('/account/reset').send({ email: 'ghost@example.test' });
    expect(res.status).toBe(204);
    await ctx().mailer.idle();
    const mails = await ctx().mail.messages();
    expect(mails.some((m) => m.to.includes('ghost@example.test'))).toBe(false);
  });

  it('sends one email address at most 5 reset mails an hour, known or not; the links sent still work', async () => {
    const user = await ctx().createUser();
    const reset = (email: string) => ctx().http().post('/account/reset').send({ email });
    for (let i = 0; i < 5; i += 1) expect((await reset(user.email.toUpperCase())).status).toBe(204);
    const refused = await reset(user.email);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // An unknown email is counted the same way, so the answer tells nothing about accounts.
    for (let i = 0; i < 5; i += 1) expect((await reset('ghost2@example.test')).status).toBe(204);
    expect((await reset('ghost2@example.test')).status).toBe(429);
    // Another address is not affected, and the owner's newest link still sets a password.
    expect((await reset('other@example.test')).status).toBe(204);
    const link = linkIn(await ctx().mailTo(user.email), '/account/reset/confirm/');
    const [, , , , userId, code] = link.pathname.split('/');
    expect((await confirm({ userId, code, password: NEW_PASSWORD })).status).toBe(204);
  });

  it('accepts a code only once', async () => {
    const user = await ctx().createUser();
    const { userId, code } = await requestLink(ctx(), user);
    expect((await confirm({ userId, code, password: NEW_PASSWORD })).status).toBe(204);
    const again = await confirm({ userId, code, password: 'Another1Pass' });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('invalid-code');
  });

  it('refuses a code older than 24 hours', async () => {
    const user = await ctx().createUser();
    const { userId, code } = await requestLink(ctx(), user);
    const [row] = await ctx().db.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 3600)::int AS hours
       FROM account_codes WHERE user_id = $1 AND purpose = 'reset'`,
      [user.id],
    );
    expect(row?.hours).toBe(24);
    await ctx().db.query(
      `UPDATE account_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    expect((await confirm({ userId, code, password: NEW_PASSWORD })).body.detail).toBe(
      'invalid-code',
    );
  });

  it('refuses a wrong code, another user id and a malformed user id', async () => {
    const user = await ctx().createUser();
    const other = await ctx().createUser();
    const { userId, code } = await requestLink(ctx(), user);
    for (const body of [
      { userId, code: 'x'.repeat(43), password: NEW_PASSWORD },
      { userId: other.id, code, password: NEW_PASSWORD },
      { userId: 'not-a-uuid', code, password: NEW_PASSWORD },
    ]) {
      const res = await confirm(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('invalid-code');
    }
  });

  it('ends the tokens issued before the password changed', async () => {
    const user = await ctx().createUser();
    const login = await ctx().http().post('/account/login').send(user);
    const { userId, code } = await requestLink(ctx(), user);
    await confirm({ userId, code, password: NEW_PASSWORD });
    const res = await ctx()
      .http()
      .post('/account/authorize')
      .set('Authorization', `Bearer ${login.body.token}`);
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('unauthenticated');
  });

  it('enforces the password rule on the server with the translation key', async () => {
    const user = await ctx().createUser();
    const { userId, code } = await requestLink(ctx(), user);
    for (const password of ['Short1A', 'nouppercase1', 'NoDigitsHere']) {
      const res = await confirm({ userId, code, password });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        detail: 'password-rule',
        errors: [{ field: 'password', message: 'account.confirm.passwordInvalid' }],
      });
    }
    // The refused attempts did not use the code up.
    expect((await confirm({ userId, code, password: NEW_PASSWORD })).status).toBe(204);
  });

  it('lifts a lockout when the password is reset', async () => {
    const user = await ctx().createUser();
    await ctx().db.query(
      `UPDATE users SET locked_until = now() + interval '15 minutes' WHERE id = $1`,
      [user.id],
    );
    const { userId, code } = await requestLink(ctx(), user);
    await confirm({ userId, code, password: NEW_PASSWORD });
    const res = await ctx()
      .http()
      .post('/account/login')
      .send({ email: user.email, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('needs userId, code and password', async () => {
    const res = await confirm({});
    expect(res.body.detail).toBe('validation-failed');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'userId',
      'code',
      'password',
    ]);
  });
});
