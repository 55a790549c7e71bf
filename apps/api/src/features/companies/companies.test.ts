import type { Role } from '../../lib/auth.js';
import { describeEachDb, type TestContext } from '../../test/harness.js';
import { DEFAULT_SETTINGS } from './schemas.js';

const PROBLEM = /application\/problem\+json/;

interface Fixture {
  own: string;
  other: string;
  tokens: Record<Role, string>;
}

async function insertCompany(ctx: TestContext, name: string, industry = 'ict', size = '1-49') {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id) VALUES ($1, $2, $3) RETURNING id`,
    [name, industry, size],
  );
  if (!row) throw new Error('no company');
  return row.id;
}

async function signIn(ctx: TestContext, user: { email: string; password: string }) {
  const res = await ctx.http().post('/account/login').send(user);
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** Two companies; a user of every role whose company (or assignment) is `own`. */
async function fixture(ctx: TestContext): Promise<Fixture> {
  const own = await insertCompany(ctx, `Own ${Math.random().toString(36).slice(2, 8)}`);
  const other = await insertCompany(ctx, `Other ${Math.random().toString(36).slice(2, 8)}`);
  const admin = await ctx.createUser({ role: 'Admin' });
  const partner = await ctx.createUser({ role: 'PartnerAdmin' });
  await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
    partner.id,
    own,
  ]);
  const superUser = await ctx.createUser({ role: 'SuperUser', companyId: own });
  const user = await ctx.createUser({ role: 'User', companyId: own });
  return {
    own,
    other,
    tokens: {
      Admin: await signIn(ctx, admin),
      PartnerAdmin: await signIn(ctx, partner),
      SuperUser: await signIn(ctx, superUser),
      User: await signIn(ctx, user),
    },
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachDb('companies: role and company boundaries', (ctx) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture(ctx());
  });

  type Call = (company: string) => {
    method: 'get' | 'post' | 'put' | 'delete';
    path: string;
    body?: object;
  };
  const reads: [string, Call][] = [
    ['GET /companies/{id}', (id) => ({ method: 'get', path: `/companies/${id}` })],
    [
      'GET /companies/units/newresponder/{id}',
      (id) => ({ method: 'get', path: `/companies/units/newresponder/${id}` }),
    ],
    [
      'GET /companies/companiesandsurveys?companyId',
      (id) => ({ method: 'get', path: `/companies/companiesandsurveys?companyId=${id}` }),
    ],
  ];
  const unitWrite: Call = (id) => ({
    method: 'post',
    path: '/companies/newunit',
    body: { companyId: id, index: 1, name: 'Boundary unit' },
  });
  const adminWrites: [string, Call][] = [
    [
      'PUT /companies',
      (id) => ({
        method: 'put',
        path: '/companies',
        body: { id, name: 'Renamed', industryId: 'ict', sizeId: '1-49' },
      }),
    ],
    ['DELETE /companies/{id}', (id) => ({ method: 'delete', path: `/companies/${id}` })],
  ];

  const send = (call: ReturnType<Call>, token?: string) => {
    let req = ctx().http()[call.method](call.path);
    if (token) req = req.set(bearer(token));
    return call.body ? req.send(call.body) : req;
  };

  const createCall: [string, Call] = [
    'POST /companies/create',
    () => ({
      method: 'post',
      path: '/companies/create',
      body: { name: 'x', industryId: 'ict', sizeId: '1-49' },
    }),
  ];
  const every: [string, Call][] = [
    ['GET /companies', () => ({ method: 'get', path: '/companies' })],
    ['GET /companies/0/10', () => ({ method: 'get', path: '/companies/0/10' })],
    ...reads,
    ['POST /companies/newunit', unitWrite],
    createCall,
    ...adminWrites,
  ];

  it.each(every)('%s refuses an anonymous caller', async (_name, call) => {
    const res = await send(call(f.own));
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body.detail).toBe('unauthenticated');
  });

  const nonAdmins: Role[] = ['PartnerAdmin', 'SuperUser', 'User'];

  it.each(
    reads.flatMap(([name, call]) =>
      (['Admin', ...nonAdmins] as Role[]).map((role) => [name, role, call] as const),
    ),
  )('%s lets a %s read the own company and only Admin another one', async (_name, role, call) => {
    expect((await send(call(f.own), f.tokens[role])).status).toBe(200);
    const other = await send(call(f.other), f.tokens[role]);
    expect(other.status).toBe(role === 'Admin' ? 200 : 403);
    if (role !== 'Admin') expect(other.body.detail).toBe('forbidden');
  });

  it.each(['Admin', 'PartnerAdmin', 'SuperUser'] as Role[])(
    'POST /companies/newunit lets a %s add a unit to the own company only (Admin: any)',
    async (role) => {
      expect((await send(unitWrite(f.own), f.tokens[role])).status).toBeLessThan(300);
      const other = await send(unitWrite(f.other), f.tokens[role]);
      expect(other.status).toBe(role === 'Admin' ? 201 : 403);
    },
  );

  it('POST /companies/newunit refuses a User', async () => {
    const res = await send(unitWrite(f.own), f.tokens.User);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('forbidden');
  });

  it.each(
    [...adminWrites, createCall].flatMap(([name, call]) =>
      nonAdmins.map((role) => [name, role, call] as const),
    ),
  )('%s refuses a %s even for the own company', async (_name, role, call) => {
    const res = await send(call(f.own), f.tokens[role]);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('forbidden');
    expect((await ctx().db.query('SELECT 1 FROM companies WHERE id = $1', [f.own])).length).toBe(1);
  });

  it('lists only the visible companies in the choices and the paged list', async () => {
    for (const role of nonAdmins) {
      const choices = await ctx().http().get('/companies').set(bearer(f.tokens[role]));
      expect(choices.body.map((c: { id: string }) => c.id)).toEqual([f.own]);
      const page = await ctx().http().get('/companies/0/10').set(bearer(f.tokens[role]));
      expect(page.body).toMatchObject({ totalRecords: 1, records: [{ id: f.own }] });
    }
    const all = await ctx().http().get('/companies').set(bearer(f.tokens.Admin));
    expect(all.body.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([f.own, f.other]),
    );
  });

  it('answers 404 for a company that does not exist', async () => {
    const res = await ctx()
      .http()
      .get('/companies/00000000-0000-4000-8000-000000000000')
      .set(bearer(f.tokens.Admin));
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('not-found');
  });
});

describeEachDb('companies: create, edit, list and delete', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(ctx(), await ctx().createUser({ role: 'Admin' }));
  });
  const http = () => ctx().http();

  it('creates a company with the default settings of section 4 and reads it back', async () => {
    const res = await http()
      .post('/companies/create')
      .set(bearer(admin))
      .send({ name: '  Kahvila Oy ', industryId: 'hospitality', sizeId: '1-49' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      name: 'Kahvila Oy',
      industryId: 'hospitality',
      sizeId: '1-49',
      settings: DEFAULT_SETTINGS,
    });
    expect(res.body.settings).toMatchObject({
      reportPackage: true,
      sendEmailAfterSurvey: true,
      showBackgroundAge: true,
      showPassQuestions: false,
      restrictOpenCommentsByUnit: false,
      groupCommentsUnit10: false,
    });
    const read = await http().get(`/companies/${res.body.id}`).set(bearer(admin));
    expect(read.body).toEqual(res.body);
  });

  it('keeps the given settings and leaves unsent flags as they were on edit', async () => {
    const created = await http()
      .post('/companies/create')
      .set(bearer(admin))
      .send({
        name: 'Flags Oy',
        industryId: 'ict',
        sizeId: '1000+',
        settings: { reportPackage: false, showPassQuestions: true },
      });
    expect(created.body.settings).toMatchObject({ reportPackage: false, showPassQuestions: true });
    const edited = await http()
      .put('/companies')
      .set(bearer(admin))
      .send({
        id: created.body.id,
        name: 'Flags Ab',
        industryId: 'finance',
        sizeId: '50-249',
        settings: { groupCommentsUnit2: true },
      });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Flags Ab',
      industryId: 'finance',
      sizeId: '50-249',
      settings: { reportPackage: false, showPassQuestions: true, groupCommentsUnit2: true },
    });
  });

  it.each([
    [{}, ['name', 'industryId', 'sizeId']],
    [{ name: ' ', industryId: 'ict', sizeId: '1-49' }, ['name']],
    [{ name: 'A', industryId: 'mining', sizeId: '7' }, ['industryId', 'sizeId']],
    [
      { name: 'A', industryId: 'ict', sizeId: '1-49', settings: { reportPackage: 'yes' } },
      ['settings.reportPackage'],
    ],
    [
      { name: 'A', industryId: 'ict', sizeId: '1-49', settings: { unknownFlag: true } },
      ['settings'],
    ],
    [{ name: 'x'.repeat(201), industryId: 'ict', sizeId: '1-49' }, ['name']],
  ])('refuses the create body %j naming the fields %j', async (body, fields) => {
    const res = await http().post('/companies/create').set(bearer(admin)).send(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body.detail).toBe('validation-failed');
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      [...fields].sort(),
    );
  });

  it('refuses an edit of an unknown company and a bad id', async () => {
    const unknown = await http().put('/companies').set(bearer(admin)).send({
      id: '00000000-0000-4000-8000-000000000000',
      name: 'A',
      industryId: 'ict',
      sizeId: '1-49',
    });
    expect(unknown.status).toBe(404);
    const bad = await http().put('/companies').set(bearer(admin)).send({ id: 'x', name: 'A' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'id', message: 'validation.invalid' },
        { field: 'industryId', message: 'validation.required' },
      ]),
    );
  });

  it('pages, filters and sorts the list', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    for (const [name, industry, size] of [
      [`${tag} Alpha`, 'retail', '1000+'],
      [`${tag} beta`, 'energy', '1-49'],
      [`${tag} Gamma 100%`, 'education', '250-999'],
    ] as const) {
      await insertCompany(ctx(), name, industry, size);
    }
    const list = (query: string, skip = 0, take = 10) =>
      http()
        .get(`/companies/${skip}/${take}?query=${encodeURIComponent(tag)}${query}`)
        .set(bearer(admin));
    const names = (body: { records: { name: string }[] }) => body.records.map((r) => r.name);

    const byName = await list('');
    expect(byName.body.totalRecords).toBe(3);
    expect(names(byName.body)).toEqual([`${tag} Alpha`, `${tag} beta`, `${tag} Gamma 100%`]);
    expect(names((await list('&order=name&direction=DESC')).body)[0]).toBe(`${tag} Gamma 100%`);
    expect(names((await list('&order=industry&direction=ASC')).body)).toEqual([
      `${tag} Gamma 100%`,
      `${tag} beta`,
      `${tag} Alpha`,
    ]);
    const page2 = await list('', 2, 2);
    expect(page2.body).toMatchObject({ totalRecords: 3 });
    expect(names(page2.body)).toEqual([`${tag} Gamma 100%`]);
    const percent = await http()
      .get(`/companies/0/10?query=${encodeURIComponent('100%')}`)
      .set(bearer(admin));
    expect(names(percent.body)).toContain(`${tag} Gamma 100%`);
    expect(percent.body.records.every((r: { name: string }) => r.name.includes('100%'))).toBe(true);
  });

  it.each([
    ['/companies/0/0', 'take'],
    ['/companies/0/101', 'take'],
    ['/companies/-1/10', 'skip'],
    ['/companies/0/10?order=password', 'order'],
    ['/companies/0/10?direction=UP', 'direction'],
  ])('refuses the list query %s', async (path, field) => {
    const res = await http().get(path).set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('adds units on levels 1..10, answers the same id for the same name and groups them by level', async () => {
    const company = await insertCompany(ctx(), 'Units Oy');
    const add = (index: unknown, name: unknown) =>
      http()
        .post('/companies/newunit')
        .set(bearer(admin))
        .send({ companyId: company, index, name });
    const first = await add(1, 'Sales');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String) });
    const again = await add(1, 'SALES');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const tenth = await add(10, 'Team X');
    expect(tenth.status).toBe(201);
    await add(1, 'Admin');
    for (const index of [0, 11, 1.5, '1']) {
      const bad = await add(index, 'Nope');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'index', message: 'validation.invalid' }]);
    }
    expect((await add(2, '')).body.errors).toEqual([
      { field: 'name', message: 'validation.required' },
    ]);

    const levels = await http().get(`/companies/units/newresponder/${company}`).set(bearer(admin));
    expect(levels.status).toBe(200);
    expect(levels.body).toEqual({
      levels: [
        {
          index: 1,
          units: [
            { id: expect.any(String), index: 1, name: 'Admin', parentId: null },
            { id: first.body.id, index: 1, name: 'Sales', parentId: null },
          ],
        },
        { index: 10, units: [{ id: tenth.body.id, index: 10, name: 'Team X', parentId: null }] },
      ],
    });
  });

  it('deletes a company with its units, surveys and participants in one go, keeping its users', async () => {
    const company = await insertCompany(ctx(), 'Doomed Oy');
    const unit = await http()
      .post('/companies/newunit')
      .set(bearer(admin))
      .send({ companyId: company, index: 1, name: 'Unit' });
    const member = await ctx().createUser({ role: 'User', companyId: company });
    await ctx().db.query('INSERT INTO user_units (user_id, unit_id) VALUES ($1, $2)', [
      member.id,
      unit.body.id,
    ]);
    const [survey] = await ctx().db.query<{ id: string }>(
      `INSERT INTO surveys (company_id, name, short_name) VALUES ($1, 'S', 's') RETURNING id`,
      [company],
    );
    await ctx().db.query(
      `INSERT INTO participants (survey_id, email) VALUES ($1, 'p@example.test')`,
      [survey?.id ?? null],
    );
    const listed = await http()
      .get(`/companies/companiesandsurveys?companyId=${company}`)
      .set(bearer(admin));
    expect(listed.body).toEqual([
      {
        id: company,
        name: 'Doomed Oy',
        surveys: [
          {
            id: survey?.id,
            name: 'S',
            created: expect.any(String),
            invitesSent: null,
            finished: null,
            hasStarted: false,
            hasEnded: false,
            baseSurveyId: null,
          },
        ],
      },
    ]);

    const res = await http().delete(`/companies/${company}`).set(bearer(admin));
    expect(res.status).toBe(204);
    const [left] = await ctx().db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM companies WHERE id = $1)::int AS companies,
              (SELECT count(*) FROM units WHERE company_id = $1)::int AS units,
              (SELECT count(*) FROM surveys WHERE company_id = $1)::int AS surveys,
              (SELECT count(*) FROM participants WHERE survey_id = $2)::int AS participants,
              (SELECT count(*) FROM user_units WHERE user_id = $3)::int AS "userUnits",
              (SELECT count(*) FROM users WHERE id = $3)::int AS users`,
      [company, survey?.id ?? null, member.id],
    );
    expect(left).toEqual({
      companies: 0,
      units: 0,
      surveys: 0,
      participants: 0,
      userUnits: 0,
      users: 1,
    });
    expect((await http().delete(`/companies/${company}`).set(bearer(admin))).status).toBe(404);
  });

  it('rolls the whole delete back when a step fails', async () => {
    const company = await insertCompany(ctx(), 'Sturdy Oy');
    await ctx().db.query(`INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'U')`, [
      company,
    ]);
    const { deleteCompanyRows } = await import('./queries.js');
    await expect(
      ctx().db.transaction(async (tx) => {
        await deleteCompanyRows(tx, company);
        throw new Error('fails after the deletes');
      }),
    ).rejects.toThrow('fails after the deletes');
    const [left] = await ctx().db.query<{ companies: number; units: number }>(
      `SELECT (SELECT count(*) FROM companies WHERE id = $1)::int AS companies,
              (SELECT count(*) FROM units WHERE company_id = $1)::int AS units`,
      [company],
    );
    expect(left).toEqual({ companies: 1, units: 1 });
  });

  it('lists every visible company with its surveys when no company is given', async () => {
    const res = await http().get('/companies/companiesandsurveys').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const company of res.body) {
      expect(company).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        surveys: expect.any(Array),
      });
    }
  });
});

describeEachDb('companies: units with their parents, renamed and deleted', (ctx) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture(ctx());
  });
  const http = () => ctx().http();
  const add = (token: string, body: object) =>
    http().post('/companies/newunit').set(bearer(token)).send(body);
  const levels = async (token: string, company: string) =>
    (await http().get(`/companies/units/newresponder/${company}`).set(bearer(token))).body
      .levels as {
      index: number;
      units: { id: string; name: string; parentId: string | null }[];
    }[];

  it('adds a unit under a parent one level up, and lists it with its parent', async () => {
    const sales = await add(f.tokens.SuperUser, { companyId: f.own, index: 1, name: 'Sales' });
    expect(sales.status).toBe(201);
    const north = await add(f.tokens.SuperUser, {
      companyId: f.own,
      index: 2,
      name: 'North',
      parentId: sales.body.id,
    });
    expect(north.status).toBe(201);
    const listed = await levels(f.tokens.SuperUser, f.own);
    expect(listed.find((level) => level.index === 2)?.units).toEqual([
      { id: north.body.id, index: 2, name: 'North', parentId: sales.body.id },
    ]);
  });

  it('refuses a parent on another level or of another company', async () => {
    const top = await add(f.tokens.Admin, { companyId: f.own, index: 1, name: 'Top' });
    const foreign = await add(f.tokens.Admin, { companyId: f.other, index: 1, name: 'Foreign' });
    for (const body of [
      { companyId: f.own, index: 3, name: 'Skips a level', parentId: top.body.id },
      { companyId: f.own, index: 2, name: 'Foreign child', parentId: foreign.body.id },
    ]) {
      const res = await add(f.tokens.Admin, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'parentId', message: 'companies.units.invalidParent' },
      ]);
    }
  });

  it('renames a unit and moves it under another parent; a taken name is refused', async () => {
    const a = await add(f.tokens.Admin, { companyId: f.own, index: 1, name: 'Alpha' });
    const b = await add(f.tokens.Admin, { companyId: f.own, index: 1, name: 'Beta' });
    const child = await add(f.tokens.Admin, {
      companyId: f.own,
      index: 2,
      name: 'Child',
      parentId: a.body.id,
    });
    const renamed = await http()
      .put(`/companies/units/${child.body.id}`)
      .set(bearer(f.tokens.PartnerAdmin))
      .send({ name: 'Renamed child', parentId: b.body.id });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: child.body.id,
      index: 2,
      name: 'Renamed child',
      parentId: b.body.id,
    });
    const taken = await http()
      .put(`/companies/units/${b.body.id}`)
      .set(bearer(f.tokens.Admin))
      .send({ name: 'alpha' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'name', message: 'companies.units.nameTaken' }]);
    const names = (await levels(f.tokens.Admin, f.own)).flatMap((level) =>
      level.units.map((unit) => unit.name),
    );
    expect(names).toContain('Beta');
  });

  it('deletes an unused unit (its children keep living without a parent), not one participants name', async () => {
    const parent = await add(f.tokens.Admin, { companyId: f.own, index: 1, name: 'Old' });
    const child = await add(f.tokens.Admin, {
      companyId: f.own,
      index: 2,
      name: 'Orphan',
      parentId: parent.body.id,
    });
    const removed = await http()
      .delete(`/companies/units/${parent.body.id}`)
      .set(bearer(f.tokens.SuperUser));
    expect(removed.status).toBe(204);
    const level2 = (await levels(f.tokens.Admin, f.own)).find((level) => level.index === 2);
    expect(level2?.units.find((unit) => unit.id === child.body.id)?.parentId).toBeNull();

    const [survey] = await ctx().db.query<{ id: string }>(
      `INSERT INTO surveys (company_id, name, short_name) VALUES ($1, 'S', 'S') RETURNING id`,
      [f.own],
    );
    if (!survey) throw new Error('no survey');
    await ctx().db.query(
      `INSERT INTO participants (survey_id, email, unit_ids) VALUES ($1, 'p@example.test', $2)`,
      [survey.id, [child.body.id]],
    );
    const refused = await http()
      .delete(`/companies/units/${child.body.id}`)
      .set(bearer(f.tokens.Admin));
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ field: 'id', message: 'companies.units.inUse' }]);
  });

  it('keeps units inside the caller’s companies and away from a User', async () => {
    const foreign = await add(f.tokens.Admin, { companyId: f.other, index: 1, name: 'Theirs' });
    const own = await add(f.tokens.Admin, { companyId: f.own, index: 1, name: 'Ours' });
    for (const role of ['PartnerAdmin', 'SuperUser'] as const) {
      const rename = await http()
        .put(`/companies/units/${foreign.body.id}`)
        .set(bearer(f.tokens[role]))
        .send({ name: 'Hijacked' });
      expect(rename.status).toBe(403);
      const remove = await http()
        .delete(`/companies/units/${foreign.body.id}`)
        .set(bearer(f.tokens[role]));
      expect(remove.status).toBe(403);
    }
    const byUser = await http()
      .delete(`/companies/units/${own.body.id}`)
      .set(bearer(f.tokens.User));
    expect(byUser.status).toBe(403);
    const unknown = await http()
      .put('/companies/units/00000000-0000-4000-8000-000000000000')
      .set(bearer(f.tokens.Admin))
      .send({ name: 'Nobody' });
    expect(unknown.status).toBe(404);
  });
});
