import { SignJWT } from 'jose';
import { ROLES } from '../../lib/auth.js';
import { describeEachDb } from '../../test/harness.js';

const PROBLEM = /application\/problem\+json/;

describeEachDb('account: sign-in and sessions', (ctx) => {
  it.each(ROLES)('signs in a %s with email and password and returns the account', async (role) => {
    const user = await ctx().createUser({ role });
    const res = await ctx()
      .http()
      .post('/account/login')
      .send({ email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      role,
      require2FA: false,
      user: { id: user.id, email: user.email, role, language: 'en-US', twoFactorEnabled: false },
    });
    expect(res.body.token).toEqual(expect.any(String));
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it.each([
    ['Admin', ['Admin', 'PartnerAdmin', 'SuperUser', 'User'], true],
    ['PartnerAdmin', ['SuperUser', 'User'], true],
    ['SuperUser', ['SuperUser', 'User'], false],
    ['User', ['User'], false],
  ] as const)(
    'tells a %s which roles it may give and whether it reads surveys before they end',
    async (role, roles, unended) => {
      const user = await ctx().createUser({ role });
      const login = await ctx().http().post('/account/login').send(user);
      expect(login.body.user).toMatchObject({
        assignableRoles: roles,
        seesUnendedSurveys: unended,
      });
    },
  );

  it('lists the company of a SuperUser and the assigned companies of a PartnerAdmin', async () => {
    const { db } = ctx();
    const [company] = await db.query<{ id: string }>(
      `INSERT INTO companies (name, industry_id, size_id) VALUES ('Acme Oy', 'ict', '1-49') RETURNING id`,
    );
    const superUser = await ctx().createUser({ role: 'SuperUser', companyId: company?.id });
    const partner = await ctx().createUser({ role: 'PartnerAdmin' });
    await db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      partner.id,
      company?.id ?? null,
    ]);
    for (const user of [superUser, partner]) {
      const res = await ctx().http().post('/account/login').send(user);
      expect(res.body.user.companies).toEqual([{ id: company?.id, name: 'Acme Oy' }]);
      expect(res.body.user.unitIds).toEqual([]);
    }
  });

  it('answers 401 invalid-credentials to a wrong password and to an unknown email', async () => {
    const user = await ctx().createUser();
    for (const body of [
      { email: user.email, password: 'Wrong1Password' },
      { email: 'nobody@example.test', password: 'Wrong1Password' },
    ]) {
      const res = await ctx().http().post('/account/login').send(body);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body).toEqual({
        type: 'https://survey-console.dev/problems/invalid-credentials',
        title: 'Invalid credentials',
        status: 401,
        detail: 'invalid-credentials',
      });
    }
  });

  it('refuses an unconfirmed account that has no password yet', async () => {
    const user = await ctx().createUser({ confirmed: false });
    const res = await ctx().http().post('/account/login').send(user);
    expect(res.body.detail).toBe('invalid-credentials');
  });

  it('locks the account for 15 minutes at the fifth failed login, even for the right password', async () => {
    const user = await ctx().createUser();
    const wrong = { email: user.email, password: 'Wrong1Password' };
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await ctx().http().post('/account/login').send(wrong);
      expect(res.body.detail).toBe('invalid-credentials');
    }
    const fifth = await ctx().http().post('/account/login').send(wrong);
    expect(fifth.status).toBe(403);
    expect(fifth.body.detail).toBe('locked_out');

    const right = await ctx().http().post('/account/login').send(user);
    expect(right.status).toBe(403);
    expect(right.body.detail).toBe('locked_out');

    const [row] = await ctx().db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM locked_until - now()) / 60)::int AS minutes
       FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row?.minutes).toBe(15);
  });

  it('lets a locked account in again once the lock has passed', async () => {
    const user = await ctx().createUser();
    await ctx().db.query(
      `UPDATE users SET locked_until = now() - interval '1 second' WHERE id = $1`,
      [user.id],
    );
    const res = await ctx().http().post('/account/login').send(user);
    expect(res.status).toBe(200);
  });

  it('starts counting failures afresh after a successful login', async () => {
    const user = await ctx().createUser();
    const wrong = { email: user.email, password: 'Wrong1Password' };
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await ctx().http().post('/account/login').send(wrong);
    }
    expect((await ctx().http().post('/account/login').send(user)).status).toBe(200);
    const again = await ctx().http().post('/account/login').send(wrong);
    expect(again.body.detail).toBe('invalid-credentials');
  });

  it('answers 400 validation-failed listing every missing field', async () => {
    const res = await ctx().http().post('/account/login').send({ email: '  ' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body).toMatchObject({ detail: 'validation-failed', status: 400 });
    expect(res.body.errors).toEqual([
      { field: 'email', message: 'validation.required' },
      { field: 'password', message: 'validation.required' },
    ]);
  });

  it('returns the account of a valid token from authorize', async () => {
    const user = await ctx().createUser({ role: 'SuperUser' });
    const login = await ctx().http().post('/account/login').send(user);
    const res = await ctx()
      .http()
      .post('/account/authorize')
      .set('Authorization', `Bearer ${login.body.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(login.body.user);
  });

  it('answers 401 unauthenticated to a missing, malformed, forged or expired token', async () => {
    const user = await ctx().createUser();
    const key = new TextEncoder().encode(ctx().config.JWT_SECRET);
    const expired = await new SignJWT({ role: 'User', ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const forged = await new SignJWT({ role: 'Admin', ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    for (const header of [
      undefined,
      'Bearer',
      'Bearer not-a-jwt',
      `Bearer ${expired}`,
      `Bearer ${forged}`,
    ]) {
      const req = ctx().http().post('/account/authorize');
      const res = await (header ? req.set('Authorization', header) : req);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe('unauthenticated');
    }
  });

  it('refreshes a valid token into a new one that works', async () => {
    const user = await ctx().createUser();
    const login = await ctx().http().post('/account/login').send(user);
    const res = await ctx()
      .http()
      .post('/account/refresh')
      .set('Authorization', `Bearer ${login.body.token}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'token']);
    const check = await ctx()
      .http()
      .post('/account/authorize')
      .set('Authorization', `Bearer ${res.body.token}`);
    expect(check.body.id).toBe(user.id);
  });

  it('refuses to refresh without a valid token', async () => {
    const res = await ctx().http().post('/account/refresh').set('Authorization', 'Bearer nope');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('unauthenticated');
  });

  it('ends tokens of a deleted user', async () => {
    const user = await ctx().createUser();
    const login = await ctx().http().post('/account/login').send(user);
    await ctx().db.query('DELETE FROM users WHERE id = $1', [user.id]);
    const res = await ctx()
      .http()
      .post('/account/authorize')
      .set('Authorization', `Bearer ${login.body.token}`);
    expect(res.status).toBe(401);
  });
});
