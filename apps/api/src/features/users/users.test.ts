import { randomBytes } from 'node:crypto';
import type { Test } from 'supertest';
import type { Role } from '../../lib/auth.js';
import { describeEachDb, linkIn, type TestContext } from '../../test/harness.js';

interface Caller {
  id: string;
  email: string;
  token: string;
}

async function company(ctx: TestContext, name = `Co ${randomBytes(3).toString('hex')}`) {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id) VALUES ($1, 'ict', '1-49') RETURNING id`,
    [name],
  );
  if (!row) throw new Error('company not created');
  return row.id;
}

async function unit(ctx: TestContext, companyId: string, name: string) {
  const [row] = await ctx.db.query<{ id: string }>(
    'INSERT INTO units (company_id, index, name) VALUES ($1, 1, $2) RETURNING id',
    [companyId, name],
  );
  if (!row) throw new Error('unit not created');
  return row.id;
}

async function signedIn(ctx: TestContext, role: Role, companyId?: string): Promise<Caller> {
  const user = await ctx.createUser({
    role,
    companyId: role === 'PartnerAdmin' ? undefined : companyId,
  });
  if (role === 'PartnerAdmin' && companyId) {
    await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      user.id,
      companyId,
    ]);
  }
  const res = await ctx.http().post('/account/login').send(user);
  return { id: user.id, email: user.email, token: res.body.token as string };
}

const newEmail = () => `new.${randomBytes(4).toString('hex')}@example.test`;

describeEachDb('users: /user', (ctx) => {
  const as = (caller: Caller | undefined) => {
    const auth = (r: Test) => (caller ? r.set('authorization', `Bearer ${caller.token}`) : r);
    const http = () => ctx().http();
    return {
      get: (path: string) => auth(http().get(path)),
      post: (path: string, body: object) => auth(http().post(path).send(body)),
      put: (body: object) => auth(http().put('/user').send(body)),
      del: (body: object) => auth(http().delete('/user').send(body)),
    };
  };

  let home: string;
  let other: string;
  let member: Caller;
  let outsider: Caller;
  beforeAll(async () => {
    home = await company(ctx(), 'Home Oy');
    other = await company(ctx(), 'Other Ab');
    member = await signedIn(ctx(), 'User', home);
    outsider = await signedIn(ctx(), 'User', other);
  });

  describe('roles', () => {
    const calls = (c: ReturnType<typeof as>) => [
      c.get('/user/0/10'),
      c.get(`/user/${member.id}`),
      c.post('/user', {
        displayName: 'X',
        email: newEmail(),
        companyId: home,
        role: 'User',
        language: 'fi-FI',
      }),
      c.put({ id: member.id, displayName: 'X', email: member.email, role: 'User', language: 'sv' }),
      c.del({ email: member.email }),
      c.post('/user/units', { email: member.email, unitIds: [] }),
      c.post('/user/companies', { email: member.email, companyIds: [] }),
      c.post('/user/ResendConfirmationEmail', { email: member.email }),
    ];

    it('answers 401 to every call without a token', async () => {
      for (const res of await Promise.all(calls(as(undefined)))) {
        expect(res.status).toBe(401);
        expect(res.body.detail).toBe('unauthenticated');
      }
    });

    it('answers 403 to every call of a User', async () => {
      const user = await signedIn(ctx(), 'User', home);
      for (const res of await Promise.all(calls(as(user)))) {
        expect(res.status).toBe(403);
        expect(res.body.detail).toBe('forbidden');
      }
    });
  });

  describe('listing', () => {
    it('shows an Admin every user, paged, sorted by email by default', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const res = await as(admin).get('/user/0/1000');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const emails = (res.body.records as { email: string }[]).map((r) => r.email);
      expect(emails).toEqual(expect.arrayContaining([member.email, outsider.email, admin.email]));
      expect(emails).toEqual([...emails].sort());
      expect(res.body.totalRecords).toBe(emails.length);
      const page = await as(admin).get('/user/1/2');
      expect(page.body.records.map((r: { email: string }) => r.email)).toEqual(emails.slice(1, 3));
      expect(page.body.totalRecords).toBe(emails.length);
    });

    it('sorts by another column in either direction and filters case-insensitively', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const desc = await as(admin).get('/user/0/1000?order=displayName&direction=desc');
      const names = (desc.body.records as { displayName: string }[]).map((r) => r.displayName);
      expect(names).toEqual(
        [...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())),
      );
      const filtered = await as(admin).get(`/user/0/10?query=${member.email.toUpperCase()}`);
      expect(filtered.body).toMatchObject({ totalRecords: 1, records: [{ id: member.id }] });
      const byCompany = await as(admin).get('/user/0/1000?query=other%20ab');
      expect(byCompany.body.records.map((r: { id: string }) => r.id)).toContain(outsider.id);
      expect(byCompany.body.records.map((r: { id: string }) => r.id)).not.toContain(member.id);
    });

    it('refuses bad paging and sort values with field errors', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const res = await as(admin).get('/user/-1/x?order=password');
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('validation-failed');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['skip', 'take']);
      const order = await as(admin).get('/user/0/10?order=password');
      expect(order.body.errors).toEqual([{ field: 'order', message: 'validation.invalid' }]);
    });

    it.each(['SuperUser', 'PartnerAdmin'] as const)(
      'shows a %s only the users of its own companies',
      async (role) => {
        const caller = await signedIn(ctx(), role, home);
        const res = await as(caller).get('/user/0/1000');
        const ids = (res.body.records as { id: string; company: { id: string } | null }[]).map(
          (r) => r.id,
        );
        expect(ids).toContain(member.id);
        expect(ids).not.toContain(outsider.id);
        expect(
          (res.body.records as { companyId: string }[]).every((r) => r.companyId === home),
        ).toBe(true);
      },
    );
  });

  describe('one user', () => {
    it('returns the user with company, companies and units', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const res = await as(admin).get(`/user/${member.id}`);
      expect(res.body).toEqual({
        id: member.id,
        email: member.email,
        displayName: expect.any(String),
        role: 'User',
        language: 'en-US',
        twoFactorEnabled: false,
        emailConfirmed: true,
        companyId: home,
        company: { id: home, name: 'Home Oy' },
        companies: [],
        units: [],
      });
    });

    it('answers 403 across the company boundary and 404 for an unknown id', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      expect((await as(superUser).get(`/user/${outsider.id}`)).status).toBe(403);
      expect((await as(superUser).get(`/user/${member.id}`)).status).toBe(200);
      const unknown = await as(superUser).get('/user/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect((await as(superUser).get('/user/nope')).status).toBe(404);
    });

    it('does not let a SuperUser see an Admin-only role holder of its company', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const admin = await signedIn(ctx(), 'Admin', home);
      expect((await as(superUser).get(`/user/${admin.id}`)).status).toBe(403);
    });
  });

  describe('creating', () => {
    const body = (companyId: string, role: Role = 'User') => ({
      displayName: 'New Person',
      email: newEmail(),
      companyId,
      role,
      language: 'sv',
    });

    it('creates an unconfirmed user whose confirmation link signs in', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const input = body(home, 'SuperUser');
      const res = await as(admin).post('/user', input);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        email: input.email,
        role: 'SuperUser',
        language: 'sv',
        emailConfirmed: false,
        companyId: home,
        company: { id: home, name: 'Home Oy' },
      });
      const mail = await ctx().mailTo(input.email);
      expect(mail.subject).toBe('Bekräfta ditt konto i Survey Console');
      const link = linkIn(mail, '/account/confirm/');
      const [, , , userId, code] = link.pathname.split('/');
      expect(userId).toBe(res.body.id);
      expect(link.searchParams.get('lng')).toBe('sv');
      const confirm = await ctx()
        .http()
        .post('/account/confirm')
        .send({ email: userId, code, password: 'Brand9New' });
      expect(confirm.status).toBe(200);
      const login = await ctx()
        .http()
        .post('/account/login')
        .send({ email: input.email, password: 'Brand9New' });
      expect(login.body.user).toMatchObject({ role: 'SuperUser', companies: [{ id: home }] });
    });

    it.each([
      ['Admin', ['Admin', 'PartnerAdmin', 'SuperUser', 'User'], []],
      ['PartnerAdmin', ['SuperUser', 'User'], ['Admin', 'PartnerAdmin']],
      ['SuperUser', ['SuperUser', 'User'], ['Admin', 'PartnerAdmin']],
    ] as const)('lets a %s give roles %j and not %j', async (role, allowed, refused) => {
      const caller = await signedIn(ctx(), role, home);
      for (const given of allowed) {
        const res = await as(caller).post('/user', body(home, given));
        expect([given, res.status]).toEqual([given, 201]);
      }
      for (const given of refused) {
        const res = await as(caller).post('/user', body(home, given));
        expect([given, res.status]).toEqual([given, 403]);
      }
    });

    it('assigns the chosen company to a new PartnerAdmin instead of making it a member', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const res = await as(admin).post('/user', body(other, 'PartnerAdmin'));
      expect(res.body).toMatchObject({
        companyId: null,
        company: null,
        companies: [{ id: other, name: 'Other Ab' }],
      });
    });

    it.each(['SuperUser', 'PartnerAdmin'] as const)(
      'refuses a %s a user in another company',
      async (role) => {
        const caller = await signedIn(ctx(), role, home);
        const res = await as(caller).post('/user', body(other));
        expect(res.status).toBe(403);
        expect(res.body.detail).toBe('forbidden');
      },
    );

    it('names every missing field, with the console messages for role and language', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const res = await as(admin).post('/user', { email: 'not-an-email', role: 'Boss' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'displayName', message: 'validation.required' },
        { field: 'email', message: 'validation.invalid' },
        { field: 'companyId', message: 'validation.required' },
        { field: 'role', message: 'users.form.roleRequired' },
        { field: 'language', message: 'users.form.languageRequired' },
      ]);
    });

    it('refuses an email in use (in any case) and an unknown company', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const taken = await as(admin).post('/user', {
        ...body(home),
        email: member.email.toUpperCase(),
      });
      expect(taken.body.errors).toEqual([{ field: 'email', message: 'users.form.emailInUse' }]);
      const unknown = await as(admin).post('/user', body('00000000-0000-4000-8000-000000000000'));
      expect(unknown.body.errors).toEqual([{ field: 'companyId', message: 'validation.invalid' }]);
    });
  });

  describe('updating', () => {
    it('changes name, email, role, language and two-factor sign-in', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const target = await ctx().createUser({ companyId: home });
      const email = newEmail();
      const res = await as(superUser).put({
        id: target.id,
        displayName: 'Renamed',
        email,
        role: 'SuperUser',
        language: 'fi-FI',
        twoFactorEnabled: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        displayName: 'Renamed',
        email,
        role: 'SuperUser',
        language: 'fi-FI',
        twoFactorEnabled: true,
      });
    });

    it('refuses a role the caller may not give and users across the boundary', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const target = await ctx().createUser({ companyId: home });
      const base = { id: target.id, displayName: 'X', email: target.email, language: 'sv' };
      expect((await as(superUser).put({ ...base, role: 'Admin' })).status).toBe(403);
      expect((await as(superUser).put({ ...base, role: 'PartnerAdmin' })).status).toBe(403);
      const foreign = await as(superUser).put({ ...base, id: outsider.id, role: 'User' });
      expect(foreign.status).toBe(403);
      const partner = await signedIn(ctx(), 'PartnerAdmin', other);
      expect((await as(partner).put({ ...base, role: 'User' })).status).toBe(403);
    });

    it('lets an Admin give any role', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const target = await ctx().createUser({ companyId: home });
      const res = await as(admin).put({
        id: target.id,
        displayName: 'Boss',
        email: target.email,
        role: 'Admin',
        language: 'en-US',
      });
      expect(res.body.role).toBe('Admin');
    });

    it('moves the company link when an Admin makes a member a PartnerAdmin and back', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const target = await ctx().createUser({ companyId: home });
      const base = { id: target.id, displayName: 'Mover', email: target.email, language: 'sv' };
      const partner = await as(admin).put({ ...base, role: 'PartnerAdmin' });
      expect(partner.body).toMatchObject({
        companyId: null,
        companies: [{ id: home, name: 'Home Oy' }],
      });
      const member = await as(admin).put({ ...base, role: 'User' });
      expect(member.body).toMatchObject({ companyId: home, companies: [] });
    });

    it('asks for role and language with the console messages', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const res = await as(admin).put({ id: member.id, displayName: 'X', email: member.email });
      expect(res.body.errors).toEqual([
        { field: 'role', message: 'users.form.roleRequired' },
        { field: 'language', message: 'users.form.languageRequired' },
      ]);
    });
  });

  describe('deleting', () => {
    it('deletes by email in the body or the query', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const first = await ctx().createUser({ companyId: home });
      const second = await ctx().createUser({ companyId: home });
      expect((await as(superUser).del({ email: first.email })).status).toBe(204);
      const viaQuery = await ctx()
        .http()
        .delete(`/user?email=${encodeURIComponent(second.email)}`)
        .set('authorization', `Bearer ${superUser.token}`);
      expect(viaQuery.status).toBe(204);
      const admin = await signedIn(ctx(), 'Admin');
      expect((await as(admin).get(`/user/${first.id}`)).status).toBe(404);
      expect((await as(admin).get(`/user/${second.id}`)).status).toBe(404);
    });

    it('refuses users across the boundary, unknown emails and oneself', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      expect((await as(superUser).del({ email: outsider.email })).status).toBe(403);
      expect((await as(superUser).del({ email: 'nobody@example.test' })).status).toBe(404);
      expect((await as(superUser).del({ email: superUser.email })).status).toBe(403);
      expect((await as(superUser).del({})).body.errors).toEqual([
        { field: 'email', message: 'validation.required' },
      ]);
    });
  });

  describe('units', () => {
    it("sets and replaces a user's units of its own company", async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const target = await ctx().createUser({ companyId: home });
      const a = await unit(ctx(), home, 'Sales');
      const b = await unit(ctx(), home, 'Support');
      const res = await as(superUser).post('/user/units', { email: target.email, unitIds: [a, b] });
      expect(res.status).toBe(200);
      expect(res.body.units.map((u: { name: string }) => u.name)).toEqual(['Sales', 'Support']);
      const replaced = await as(superUser).post('/user/units', {
        email: target.email,
        unitIds: [b],
      });
      expect(replaced.body.units).toEqual([{ id: b, index: 1, name: 'Support' }]);
      const login = await ctx().http().post('/account/login').send(target);
      expect(login.body.user.unitIds).toEqual([b]);
    });

    it('refuses a SuperUser its own units, so it cannot lift its own limits', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const limited = await unit(ctx(), home, 'Limited');
      const admin = await signedIn(ctx(), 'Admin');
      await as(admin).post('/user/units', { email: superUser.email, unitIds: [limited] });
      const res = await as(superUser).post('/user/units', { email: superUser.email, unitIds: [] });
      expect(res.status).toBe(403);
      expect((await as(admin).get(`/user/${superUser.id}`)).body.units).toEqual([
        { id: limited, index: 1, name: 'Limited' },
      ]);
    });

    it("refuses a unit of another company and leaves the user's units as they were", async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const target = await ctx().createUser({ companyId: home });
      const mine = await unit(ctx(), home, 'Mine');
      const foreign = await unit(ctx(), other, 'Theirs');
      await as(admin).post('/user/units', { email: target.email, unitIds: [mine] });
      const res = await as(admin).post('/user/units', {
        email: target.email,
        unitIds: [mine, foreign],
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'unitIds', message: 'users.units.invalid' }]);
      expect((await as(admin).get(`/user/${target.id}`)).body.units).toEqual([
        { id: mine, index: 1, name: 'Mine' },
      ]);
    });

    it('refuses a SuperUser the units of a user of another company', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const res = await as(superUser).post('/user/units', { email: outsider.email, unitIds: [] });
      expect(res.status).toBe(403);
    });
  });

  describe('companies', () => {
    it('lets an Admin assign companies to a PartnerAdmin, which then sees their users', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const partner = await signedIn(ctx(), 'PartnerAdmin');
      const res = await as(admin).post('/user/companies', {
        email: partner.email,
        companyIds: [home, other],
      });
      expect(res.status).toBe(200);
      expect(res.body.companies.map((c: { name: string }) => c.name)).toEqual([
        'Home Oy',
        'Other Ab',
      ]);
      const list = await as(partner).get('/user/0/1000');
      const ids = list.body.records.map((r: { id: string }) => r.id);
      expect(ids).toEqual(expect.arrayContaining([member.id, outsider.id]));
    });

    it('refuses companies for a user that is not a PartnerAdmin, and unknown companies', async () => {
      const admin = await signedIn(ctx(), 'Admin');
      const notPartner = await as(admin).post('/user/companies', {
        email: member.email,
        companyIds: [home],
      });
      expect(notPartner.body.errors).toEqual([
        { field: 'email', message: 'users.companies.notPartner' },
      ]);
      const partner = await signedIn(ctx(), 'PartnerAdmin');
      const unknown = await as(admin).post('/user/companies', {
        email: partner.email,
        companyIds: ['00000000-0000-4000-8000-000000000000'],
      });
      expect(unknown.body.errors).toEqual([
        { field: 'companyIds', message: 'users.companies.invalid' },
      ]);
    });

    it('refuses a PartnerAdmin or SuperUser changing another PartnerAdmin', async () => {
      const target = await signedIn(ctx(), 'PartnerAdmin', home);
      for (const role of ['PartnerAdmin', 'SuperUser'] as const) {
        const caller = await signedIn(ctx(), role, home);
        const res = await as(caller).post('/user/companies', {
          email: target.email,
          companyIds: [home],
        });
        expect(res.status).toBe(403);
      }
    });
  });

  describe('resending the confirmation', () => {
    it('emails a fresh confirmation link to an unconfirmed user', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const pending = await ctx().createUser({ companyId: home, confirmed: false });
      const res = await as(superUser).post('/user/ResendConfirmationEmail', {
        email: pending.email,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ delivered: true });
      const mail = await ctx().mailTo(pending.email);
      expect(linkIn(mail, '/account/confirm/').pathname).toContain(pending.id);
    });

    it('refuses a confirmed user and a user across the boundary', async () => {
      const superUser = await signedIn(ctx(), 'SuperUser', home);
      const confirmed = await as(superUser).post('/user/ResendConfirmationEmail', {
        email: member.email,
      });
      expect(confirmed.body.errors).toEqual([
        { field: 'email', message: 'users.alreadyConfirmed' },
      ]);
      const foreign = await as(superUser).post('/user/ResendConfirmationEmail', {
        email: outsider.email,
      });
      expect(foreign.status).toBe(403);
    });
  });
});
