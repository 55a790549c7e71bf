import type { Role } from '../../lib/auth.js';
import { ROLES } from '../../lib/auth.js';
import { demoSurveys } from '../../demo/surveys.js';
import { seedDemo } from '../../demo/seed.js';
import { describeEachDb, type TestContext } from '../../test/harness.js';
import { normaliseEndDate, percent } from './service.js';

const DAY = 24 * 60 * 60_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

async function createCompany(ctx: TestContext, name = 'Acme Oy'): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id) VALUES ($1, 'ict', '1-49') RETURNING id`,
    [name],
  );
  if (!row) throw new Error('company not created');
  return row.id;
}

async function insertSurvey(
  ctx: TestContext,
  companyId: string,
  options: {
    name?: string;
    endDate?: Date | null;
    invitesSent?: Date | null;
    created?: Date;
    settings?: object | null;
  } = {},
): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at, created_at, settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      companyId,
      options.name ?? 'Survey',
      'S',
      options.endDate ?? null,
      options.invitesSent ?? null,
      options.created ?? new Date(),
      options.settings === undefined ? {} : options.settings,
    ],
  );
  if (!row) throw new Error('survey not created');
  return row.id;
}

/** Signs in a new user of the role: SuperUser and User in the company, PartnerAdmin assigned. */
async function tokenFor(ctx: TestContext, role: Role, companyId?: string): Promise<string> {
  const member = role === 'SuperUser' || role === 'User';
  const user = await ctx.createUser({ role, ...(member && companyId ? { companyId } : {}) });
  if (role === 'PartnerAdmin' && companyId) {
    await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      user.id,
      companyId,
    ]);
  }
  const res = await ctx.http().post('/account/login').send(user);
  return res.body.token as string;
}

describeEachDb('surveys: roles and company boundary', (ctx) => {
  type Call = { name: string; writes: Role[]; run: (token?: string) => Promise<number> };
  let own = '';
  let other = '';
  let ownSurvey = '';
  let otherSurvey = '';

  beforeAll(async () => {
    own = await createCompany(ctx(), 'Own Oy');
    other = await createCompany(ctx(), 'Other Oy');
  });

  beforeEach(async () => {
    await ctx().db.query('DELETE FROM surveys WHERE company_id = ANY($1::uuid[])', [[own, other]]);
    ownSurvey = await insertSurvey(ctx(), own, { endDate: daysFromNow(-5) });
    otherSurvey = await insertSurvey(ctx(), other, { endDate: daysFromNow(-5) });
  });

  const send = (
    method: 'get' | 'post' | 'put' | 'delete',
    path: () => string,
    body?: () => object,
  ) => {
    return async (token?: string) => {
      const req = ctx().http()[method](path());
      const authed = token ? req.set('Authorization', `Bearer ${token}`) : req;
      return (await (body ? authed.send(body()) : authed)).status;
    };
  };

  // Each call against a survey (or company) of the given side.
  const calls = (side: () => { company: string; survey: string }): Call[] => [
    {
      name: 'GET /surveys/{id}',
      writes: [...ROLES],
      run: send('get', () => `/surveys/${side().survey}`),
    },
    {
      name: 'GET /surveys/responseactivity/{id}',
      writes: [...ROLES],
      run: send('get', () => `/surveys/responseactivity/${side().survey}`),
    },
    {
      name: 'GET /surveys/comparablesurveys',
      writes: [...ROLES],
      run: send('get', () => `/surveys/comparablesurveys?companyId=${side().company}`),
    },
    {
      name: 'GET /surveys/getcompanydata/{id}',
      writes: [...ROLES],
      run: send('get', () => `/surveys/getcompanydata/${side().company}`),
    },
    {
      name: 'PUT /surveys/edit/{id}',
      writes: ['Admin'],
      run: send(
        'put',
        () => `/surveys/edit/${side().survey}`,
        () => ({ surveyEndMessage: 'Kiitos' }),
      ),
    },
    {
      name: 'POST /surveys/setenddate',
      writes: ['Admin'],
      run: send(
        'post',
        () => '/surveys/setenddate',
        () => ({
          id: side().survey,
          endDate: '2026-01-31',
        }),
      ),
    },
    {
      name: 'POST /surveys/showopencomments',
      writes: ['Admin', 'PartnerAdmin'],
      run: send(
        'post',
        () => '/surveys/showopencomments',
        () => ({
          id: side().survey,
          showOpenComments: new Date().toISOString(),
        }),
      ),
    },
    {
      name: 'DELETE /surveys/{id}',
      writes: ['Admin'],
      run: send('delete', () => `/surveys/${side().survey}`),
    },
  ];

  const ownSide = () => ({ company: own, survey: ownSurvey });
  const otherSide = () => ({ company: other, survey: otherSurvey });

  for (const [index, call] of calls(ownSide).entries()) {
    const otherCall = calls(otherSide)[index];
    if (!otherCall) continue;
    describe(call.name, () => {
      it('answers 401 without a token', async () => {
        expect(await call.run()).toBe(401);
      });

      it.each(ROLES)('lets a %s in its own company only when the role may', async (role) => {
        const token = await tokenFor(ctx(), role, own);
        const status = await call.run(token);
        if (call.writes.includes(role)) expect(status).toBeLessThan(300);
        else expect(status).toBe(403);
      });

      it.each(ROLES)('keeps a %s out of another company unless Admin', async (role) => {
        const token = await tokenFor(ctx(), role, own);
        const status = await otherCall.run(token);
        if (role === 'Admin') expect(status).toBeLessThan(300);
        else expect(status).toBe(403);
      });
    });
  }

  it('answers 401 without a token on the lists and create', async () => {
    for (const path of ['/surveys/0/10', '/surveys/endingsurveys']) {
      expect((await ctx().http().get(path)).status).toBe(401);
    }
    const res = await ctx().http().post('/surveys/create').send({});
    expect(res.status).toBe(401);
  });

  it.each(ROLES)('lists only the surveys within the boundary of a %s', async (role) => {
    const token = await tokenFor(ctx(), role, own);
    const res = await ctx().http().get('/surveys/0/100').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    const ids = (res.body.records as { id: string }[]).map((s) => s.id);
    expect(ids).toContain(ownSurvey);
    if (role === 'Admin') expect(ids).toContain(otherSurvey);
    else expect(ids).toEqual([ownSurvey]);
  });

  it.each(ROLES)('lets only an Admin create a survey (%s)', async (role) => {
    await ctx().db.query('DELETE FROM surveys WHERE company_id = $1', [own]);
    const token = await tokenFor(ctx(), role, own);
    const res = await ctx()
      .http()
      .post('/surveys/create')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'New', shortName: 'N', companyId: own });
    expect(res.status).toBe(role === 'Admin' ? 201 : 403);
  });
});

describeEachDb('surveys: create, tracking and the parallel-survey block', (ctx) => {
  let admin = '';
  const as = () => ({ Authorization: `Bearer ${admin}` });
  beforeAll(async () => {
    admin = await tokenFor(ctx(), 'Admin');
  });
  const create = (body: object) => ctx().http().post('/surveys/create').set(as()).send(body);

  it('creates a survey with default settings and no base survey', async () => {
    const companyId = await createCompany(ctx());
    const res = await create({ name: ' Pulse 2026 ', shortName: 'P26', companyId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Pulse 2026',
      shortName: 'P26',
      companyId,
      baseSurveyId: null,
      tracking: false,
      invitesSent: null,
      finished: null,
      hasStarted: false,
      hasEnded: false,
      participantCount: 0,
      surveyEndMessage: '',
      settings: { showBackgroundAge: true, showAiTranslationUser: false },
    });
    const got = await ctx().http().get(`/surveys/${res.body.id}`).set(as());
    expect(got.body).toEqual(res.body);
  });

  it('answers 400 with each missing field', async () => {
    const res = await create({ name: '', companyId: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'validation.required' },
        { field: 'shortName', message: 'validation.required' },
        { field: 'companyId', message: 'validation.invalid' },
      ]),
    );
  });

  it('blocks a second survey while the company has one that has not ended', async () => {
    const companyId = await createCompany(ctx());
    expect((await create({ name: 'A', shortName: 'A', companyId })).status).toBe(201);
    const res = await create({ name: 'B', shortName: 'B', companyId });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      detail: 'parallel-survey',
      errors: [{ field: 'companyId', message: 'surveys.create.parallelSurvey' }],
    });
  });

  it('blocks also when the open survey has an end date still ahead', async () => {
    const companyId = await createCompany(ctx());
    await insertSurvey(ctx(), companyId, { endDate: daysFromNow(3) });
    const res = await create({ name: 'B', shortName: 'B', companyId });
    expect(res.body.detail).toBe('parallel-survey');
  });

  it('refuses a tracking survey when the company has no ended survey', async () => {
    const companyId = await createCompany(ctx());
    const elsewhere = await insertSurvey(ctx(), await createCompany(ctx()), {
      endDate: daysFromNow(-1),
    });
    const res = await create({ name: 'T', shortName: 'T', companyId, baseSurveyId: elsewhere });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'baseSurveyId', message: 'surveys.create.baseNotLatestEnded' },
    ]);
  });

  it('builds a tracking survey only on the latest ended survey', async () => {
    const companyId = await createCompany(ctx());
    const older = await insertSurvey(ctx(), companyId, { endDate: daysFromNow(-300) });
    const latest = await insertSurvey(ctx(), companyId, { endDate: daysFromNow(-10) });
    const wrong = await create({ name: 'T', shortName: 'T', companyId, baseSurveyId: older });
    expect(wrong.status).toBe(400);
    const data = await ctx().http().get(`/surveys/getcompanydata/${companyId}`).set(as());
    expect(data.body).toMatchObject({
      companyId,
      companyName: 'Acme Oy',
      openSurvey: null,
      latestEndedSurvey: { id: latest },
    });
    const res = await create({ name: 'T', shortName: 'T', companyId, baseSurveyId: latest });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ baseSurveyId: latest, tracking: true });
    const comparable = await ctx()
      .http()
      .get(`/surveys/comparablesurveys?companyId=${companyId}`)
      .set(as());
    expect(comparable.body.map((s: { id: string }) => s.id)).toEqual([latest, older]);
  });

  it('answers 400 for an unknown company', async () => {
    const res = await create({
      name: 'X',
      shortName: 'X',
      companyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'companyId', message: 'validation.invalid' }]);
  });
});

describeEachDb('surveys: settings lock rules', (ctx) => {
  let admin = '';
  const as = () => ({ Authorization: `Bearer ${admin}` });
  beforeAll(async () => {
    admin = await tokenFor(ctx(), 'Admin');
  });
  const edit = (id: string, body: object) =>
    ctx().http().put(`/surveys/edit/${id}`).set(as()).send(body);

  it('saves the end message and any setting of a survey not yet invited', async () => {
    const id = await insertSurvey(ctx(), await createCompany(ctx()));
    const res = await edit(id, {
      surveyEndMessage: 'Kiitos vastauksista',
      settings: { showBackgroundAge: false, showAiSummarizationUser: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.surveyEndMessage).toBe('Kiitos vastauksista');
    expect(res.body.settings).toMatchObject({
      showBackgroundAge: false,
      showBackgroundGender: true,
      showAiSummarizationUser: true,
      showAiTranslationUser: false,
    });
  });

  it('locks every setting of an old survey whose settings are null, but saves its end text', async () => {
    const id = await insertSurvey(ctx(), await createCompany(ctx()), { settings: null });
    const locked = await edit(id, { settings: { showAskKiddyUser: true } });
    expect(locked.status).toBe(400);
    expect(locked.body.errors).toEqual([
      { field: 'settings', message: 'surveys.edit.settingsLocked' },
    ]);
    const text = await edit(id, { surveyEndMessage: 'Thanks', settings: null });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ surveyEndMessage: 'Thanks', settings: null });
  });

  it('locks the background toggles once invitations were sent, not the AI toggles', async () => {
    const id = await insertSurvey(ctx(), await createCompany(ctx()), {
      invitesSent: daysFromNow(-1),
    });
    const background = await edit(id, { settings: { showBackgroundGender: false } });
    expect(background.status).toBe(400);
    expect(background.body.errors).toEqual([
      { field: 'settings.showBackgroundGender', message: 'surveys.edit.backgroundLocked' },
    ]);
    const ai = await edit(id, {
      settings: { showBackgroundGender: true, showAgenticAskKiddy: true },
    });
    expect(ai.status).toBe(200);
    expect(ai.body.settings).toMatchObject({
      showBackgroundGender: true,
      showAgenticAskKiddy: true,
    });
    expect(ai.body.hasStarted).toBe(true);
  });
});

describeEachDb('surveys: end date, open comments, delete, activity and lists', (ctx) => {
  let admin = '';
  const as = () => ({ Authorization: `Bearer ${admin}` });
  beforeAll(async () => {
    admin = await tokenFor(ctx(), 'Admin');
  });

  it('replaces an end date year below 2000 with the current year', async () => {
    const id = await insertSurvey(ctx(), await createCompany(ctx()));
    const res = await ctx()
      .http()
      .post('/surveys/setenddate')
      .set(as())
      .send({ id, endDate: '0026-03-15T00:00:00.000Z' });
    expect(res.status).toBe(200);
    expect(res.body.finished).toBe(`${new Date().getUTCFullYear()}-03-15T00:00:00.000Z`);
    const kept = await ctx()
      .http()
      .post('/surveys/setenddate')
      .set(as())
      .send({ id, endDate: '2001-02-03T00:00:00.000Z' });
    expect(kept.body).toMatchObject({ finished: '2001-02-03T00:00:00.000Z', hasEnded: true });
    const bad = await ctx()
      .http()
      .post('/surveys/setenddate')
      .set(as())
      .send({ id, endDate: 'someday' });
    expect(bad.body.errors).toEqual([{ field: 'endDate', message: 'validation.invalid' }]);
  });

  it('clears the end date, which opens the survey again; a missing date is an error', async () => {
    const id = await insertSurvey(ctx(), await createCompany(ctx()), { endDate: daysFromNow(-3) });
    const set = (body: object) =>
      ctx()
        .http()
        .post('/surveys/setenddate')
        .set(as())
        .send({ id, ...body });
    const cleared = await set({ endDate: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ finished: null, hasEnded: false });
    const missing = await set({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'endDate', message: 'validation.required' }]);
  });

  it('normalises years in the helper without touching day and month', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(normaliseEndDate('1999-12-31T00:00:00Z', now).toISOString()).toBe(
      '2026-12-31T00:00:00.000Z',
    );
    expect(normaliseEndDate('2000-01-01T00:00:00Z', now).toISOString()).toBe(
      '2000-01-01T00:00:00.000Z',
    );
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
  });

  it('sets and clears the date from which open comments are shown', async () => {
    const id = await insertSurvey(ctx(), await createCompany(ctx()));
    const from = '2026-05-01T08:00:00.000Z';
    const on = await ctx()
      .http()
      .post('/surveys/showopencomments')
      .set(as())
      .send({ id, showOpenComments: from });
    expect(on.body.showOpenComments).toBe(from);
    const off = await ctx()
      .http()
      .post('/surveys/showopencomments')
      .set(as())
      .send({ id, showOpenComments: null });
    expect(off.body.showOpenComments).toBeNull();
  });

  it('counts participants and rounds the completion percent for the whole company', async () => {
    const id = await insertSurvey(ctx(), await createCompany(ctx()));
    for (const [index, finished] of [true, false, false].entries()) {
      await ctx().db.query(
        `INSERT INTO participants (survey_id, email, invited_at, finished_at)
         VALUES ($1, $2, now(), $3)`,
        [id, `p${index}@example.test`, finished ? new Date() : null],
      );
    }
    const res = await ctx().http().get(`/surveys/responseactivity/${id}`).set(as());
    expect(res.body).toEqual({
      count: 3,
      invited: 3,
      finishedCount: 1,
      byUnits: [
        {
          unitId: '999',
          wholeCompany: true,
          index: 0,
          name: 'Acme Oy',
          count: 3,
          invited: 3,
          finished: 1,
          responsePercentage: 33,
        },
      ],
    });
    const survey = await ctx().http().get(`/surveys/${id}`).set(as());
    expect(survey.body).toMatchObject({ participantCount: 3, finishedCount: 1 });
  });

  it('gives response activity per unit with the whole company as 999, best response first', async () => {
    const companyId = await createCompany(ctx(), 'Units Oy');
    const id = await insertSurvey(ctx(), companyId);
    const unit = async (index: number, name: string) => {
      const [row] = await ctx().db.query<{ id: string }>(
        'INSERT INTO units (company_id, index, name) VALUES ($1, $2, $3) RETURNING id',
        [companyId, index, name],
      );
      return row?.id ?? '';
    };
    const sales = await unit(1, 'Sales');
    const dev = await unit(1, 'Development');
    const mobile = await unit(2, 'Mobile');
    await unit(1, 'Empty');
    // Sales 2 of 2 finished, Development 1 of 4 (Mobile 1 of 2 of them), one without units.
    const people: [string[], boolean][] = [
      [[sales], true],
      [[sales], true],
      [[dev, mobile], true],
      [[dev, mobile], false],
      [[dev], false],
      [[dev], false],
      [[], false],
    ];
    for (const [index, [unitIds, finished]] of people.entries()) {
      await ctx().db.query(
        `INSERT INTO participants (survey_id, email, unit_ids, finished_at)
         VALUES ($1, $2, $3::uuid[], $4)`,
        [id, `u${index}@example.test`, unitIds, finished ? new Date() : null],
      );
    }
    const res = await ctx().http().get(`/surveys/responseactivity/${id}`).set(as());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 7, invited: 0, finishedCount: 3 });
    expect(
      (
        res.body.byUnits as {
          name: string;
          count: number;
          finished: number;
          responsePercentage: number;
        }[]
      ).map((row) => [row.name, row.count, row.finished, row.responsePercentage]),
    ).toEqual([
      ['Sales', 2, 2, 100],
      ['Mobile', 2, 1, 50],
      ['Units Oy', 7, 3, 43],
      ['Development', 4, 1, 25],
    ]);
    expect(res.body.byUnits[0].unitId).toBe(sales);
  });

  it('deletes a survey with its participants in one transaction and frees its trend survey', async () => {
    const companyId = await createCompany(ctx());
    const base = await insertSurvey(ctx(), companyId, { endDate: daysFromNow(-5) });
    const trend = await insertSurvey(ctx(), companyId);
    await ctx().db.query('UPDATE surveys SET base_survey_id = $1 WHERE id = $2', [base, trend]);
    await ctx().db.query(`INSERT INTO participants (survey_id, email) VALUES ($1, 'a@b.test')`, [
      base,
    ]);
    const res = await ctx().http().delete(`/surveys/${base}`).set(as());
    expect(res.status).toBe(204);
    expect((await ctx().http().get(`/surveys/${base}`).set(as())).status).toBe(404);
    const left = await ctx().db.query('SELECT 1 FROM participants WHERE survey_id = $1', [base]);
    expect(left).toEqual([]);
    const after = await ctx().http().get(`/surveys/${trend}`).set(as());
    expect(after.body).toMatchObject({ baseSurveyId: null, tracking: false });
  });

  it('rolls the whole delete back when a step fails', async () => {
    const companyId = await createCompany(ctx());
    const id = await insertSurvey(ctx(), companyId);
    await ctx().db.query(`INSERT INTO participants (survey_id, email) VALUES ($1, 'x@y.test')`, [
      id,
    ]);
    await expect(
      ctx().db.transaction(async (tx) => {
        await tx.query('DELETE FROM participants WHERE survey_id = $1', [id]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await ctx().db.query('SELECT 1 FROM participants WHERE survey_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await ctx().http().get(`/surveys/${id}`).set(as())).status).toBe(404);
    }
  });

  it('pages, searches and orders the list by any column', async () => {
    const companyId = await createCompany(ctx(), 'Paging Oy');
    const names = ['Charlie', 'alpha', 'Bravo'];
    for (const [index, name] of names.entries()) {
      await insertSurvey(ctx(), companyId, {
        name: `Zq ${name}`,
        created: new Date(Date.UTC(2020, 0, index + 1)),
        endDate: daysFromNow(-1 - index),
      });
    }
    const list = (query: string) =>
      ctx()
        .http()
        .get(`/surveys/0/2?query=zq&${query}`)
        .set(as())
        .then((res) => res.body as { records: { name: string }[]; totalRecords: number });

    const byCreated = await list('');
    expect(byCreated.totalRecords).toBe(3);
    expect(byCreated.records.map((s) => s.name)).toEqual(['Zq Bravo', 'Zq alpha']);
    const byName = await list('order=name&direction=ASC');
    expect(byName.records.map((s) => s.name)).toEqual(['Zq alpha', 'Zq Bravo']);
    const byFinished = await list('order=finished&direction=DESC');
    expect(byFinished.records.map((s) => s.name)).toEqual(['Zq Charlie', 'Zq alpha']);
    const company = await ctx().http().get('/surveys/0/10?query=paging%20oy').set(as());
    expect(company.body.totalRecords).toBe(3);
    const bad = await ctx().http().get('/surveys/0/10?order=password').set(as());
    expect(bad.status).toBe(400);
    const wildcard = await ctx().http().get('/surveys/0/10?query=%25').set(as());
    expect(wildcard.body.totalRecords).toBe(0);
  });

  it("finds surveys by a partial d.M.yyyy date in the searcher's time zone", async () => {
    const companyId = await createCompany(ctx(), 'Dates Oy');
    // 23:30 UTC on 5 March is already 6 March in Helsinki.
    const march = await insertSurvey(ctx(), companyId, {
      name: 'Spring',
      created: new Date('1987-03-05T23:30:00Z'),
    });
    const october = await insertSurvey(ctx(), companyId, {
      name: 'Autumn',
      created: new Date('1987-10-05T12:00:00Z'),
      endDate: new Date('1988-01-05T12:00:00Z'),
    });
    const found = async (query: string, timeZone?: string) => {
      const zone = timeZone ? `&timeZone=${encodeURIComponent(timeZone)}` : '';
      const res = await ctx()
        .http()
        .get(`/surveys/0/10?query=${encodeURIComponent(query)}${zone}`)
        .set(as());
      expect(res.status).toBe(200);
      return (res.body as { records: { id: string }[] }).records.map((s) => s.id).sort();
    };
    expect(await found('5.3.1987')).toEqual([march]);
    expect(await found('5.3.19')).toEqual([march]);
    expect(await found('6.3.1987', 'Europe/Helsinki')).toEqual([march]);
    expect(await found('5.3.1987', 'Europe/Helsinki')).toEqual([]);
    // Day and month match whole: 5.1 is January (the end date), not October.
    expect(await found('5.1.1988')).toEqual([october]);
    expect(await found('05.10.1987')).toEqual([october]);
    expect(await found('5.10.198')).toEqual([october]);
    const bad = await ctx().http().get('/surveys/0/10?query=5.3&timeZone=Mars/Olympus').set(as());
    expect(bad.status).toBe(400);
  });

  it('lists the surveys still ending, soonest first', async () => {
    const companyId = await createCompany(ctx());
    const later = await insertSurvey(ctx(), companyId, { endDate: daysFromNow(20) });
    const sooner = await insertSurvey(ctx(), companyId, { endDate: daysFromNow(2) });
    await insertSurvey(ctx(), companyId, { endDate: daysFromNow(-2) });
    const res = await ctx().http().get('/surveys/endingsurveys').set(as());
    const ids = (res.body as { id: string }[]).map((s) => s.id);
    expect(ids.indexOf(sooner)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
  });
});

describeEachDb('surveys: demo data', (ctx) => {
  it('seeds ended, open and not started surveys that keep the rules', async () => {
    await seedDemo(ctx().db, 'DemoPass2026');
    const rows = await ctx().db.query<{
      companyId: string;
      open: number;
      ended: number;
      badBase: number;
    }>(
      `SELECT s.company_id AS "companyId",
         count(*) FILTER (WHERE s.end_date IS NULL OR s.end_date > now())::int AS open,
         count(*) FILTER (WHERE s.end_date <= now())::int AS ended,
         count(*) FILTER (WHERE s.base_survey_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM surveys b WHERE b.id = s.base_survey_id AND b.end_date <= now()
             AND b.company_id = s.company_id))::int AS "badBase"
       FROM surveys s WHERE s.id = ANY($1::uuid[]) GROUP BY s.company_id`,
      [demoSurveys().map((survey) => survey.id)],
    );
    expect(rows.every((row) => row.open <= 1 && row.badBase === 0)).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.ended, 0)).toBe(2);
    const [trend] = demoSurveys().filter((survey) => survey.baseSurveyId);
    expect(trend).toBeDefined();
    const [participants] = await ctx().db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM participants WHERE survey_id = ANY($1::uuid[])',
      [demoSurveys().map((survey) => survey.id)],
    );
    expect(participants?.count).toBeGreaterThan(10);
  });
});
