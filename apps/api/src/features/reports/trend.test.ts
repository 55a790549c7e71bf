// A trend survey against its base survey, the report package's additions, and the report query
// parameters that shape filter choices and open comments (docs/rest-api.md, Reports).
import { describeEachDb, type TestContext } from '../../test/harness.js';

const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function one<T>(ctx: TestContext, sql: string, values: unknown[]): Promise<T> {
  const [row] = await ctx.db.query<T>(sql, values as never[]);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

const survey = (ctx: TestContext, companyId: string, name: string, ended: Date, base?: string) =>
  one<{ id: string }>(
    ctx,
    `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at, settings,
       show_open_comments_from, base_survey_id)
     VALUES ($1, $2, 'S', $3, $4, '{}', $3, $5) RETURNING id`,
    [companyId, name, ended, daysAgo(400), base ?? null],
  );

const PICKS_A = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const PICKS_B = [2, 3, 12, 13, 14, 15, 16, 17, 18, 19];

/** A finished participation realizing every criterion at `value`; answers the participant id. */
async function respond(ctx: TestContext, surveyId: string, companyId: string, picks: number[]) {
  const { id } = await one<{ id: string }>(
    ctx,
    `INSERT INTO participants (survey_id, email, finished_at)
     VALUES ($1, gen_random_uuid()::text || '@example.test', now()) RETURNING id`,
    [surveyId],
  );
  await ctx.db.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, important,
       realizations, satisfaction, enps, change_job, lindex)
     VALUES ($1, $2, $3, now(), $4, $5, 70, 8, false, 70)`,
    [id, surveyId, companyId, picks.map(String), Array.from({ length: 30 }, () => '70')],
  );
  return id;
}

describeEachDb('reports: a trend survey against its base survey', (ctx) => {
  let company = '';
  let base = '';
  let trend = '';
  let userToken = '';

  const get = async (path: string, query: Record<string, unknown>, expected = 200) => {
    const params = Object.fromEntries(
      Object.entries({ reportLanguage: 'en-US', ...query }).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    const res = await ctx()
      .http()
      .get(path)
      .query(params)
      .set('authorization', `Bearer ${userToken}`);
    if (res.status !== expected)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown> & { data: never };
  };

  beforeAll(async () => {
    const c = ctx();
    ({ id: company } = await one<{ id: string }>(
      c,
      `INSERT INTO companies (name, industry_id, size_id, settings)
       VALUES ('Trend Oy', 'ict', '1-49', '{"showBackgroundEmploymentDuration": false,
         "showBackgroundEducation": false, "showBackgroundContractType": false,
         "showBackgroundWorkingHours": false}') RETURNING id`,
      [],
    ));
    ({ id: base } = await survey(c, company, 'Base 2025', daysAgo(200)));
    ({ id: trend } = await survey(c, company, 'Trend 2026', daysAgo(1), base));
    for (let i = 0; i < 6; i += 1) await respond(c, base, company, PICKS_A);
    // Criterion 2: four better, one same, one worse; criterion 3: all six the same; the other
    // picks are answered by four or two participants, below the threshold of five.
    const changes2 = ['better', 'better', 'better', 'better', 'same', 'worse'];
    for (const [i, change2] of changes2.entries()) {
      const picks = i < 4 ? PICKS_A : PICKS_B;
      const participant = await respond(c, trend, company, picks);
      for (const criterion of picks) {
        const change = criterion === 2 ? change2 : criterion === 3 ? 'same' : 'better';
        await c.db.query(
          'INSERT INTO trend_answers (participant_id, criterion_id, change) VALUES ($1, $2, $3)',
          [participant, criterion, change],
        );
      }
      await c.db.query(
        `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code)
         VALUES ($1, $2, 2, 'positive', 'Clearly better than last year', 'en-US')`,
        [trend, participant],
      );
    }
    const user = await c.createUser({ role: 'User', companyId: company });
    userToken = (await c.http().post('/account/login').send(user)).body.token as string;
  });

  const both = () => [
    { surveyId: trend, filters: {} },
    { surveyId: base, filters: {} },
  ];

  it('lets a User compare the trend survey with its base survey', async () => {
    for (const path of ['/report/realizationtop10', '/report/enps', '/report/lindexcompare']) {
      const body = await get(path, { sets: both() });
      const names = JSON.stringify(body);
      expect(names).toContain('Trend 2026');
      expect(names).toContain('Base 2025');
      expect(names).not.toContain('"suppressed":true');
    }
  });

  it('answers the trend answers of the trend survey, none for the base survey', async () => {
    const body = await get('/report/realizationbyvariables', { sets: both() });
    const [data] = body.data as {
      trends: ({ baseSurveyId: string; criteria: object[] } | null)[];
    }[];
    const [ofTrend, ofBase] = data?.trends ?? [];
    expect(ofBase).toBeNull();
    expect(ofTrend?.baseSurveyId).toBe(base);
    const [first, second, third] = ofTrend?.criteria ?? [];
    expect(first).toMatchObject({ id: 2, description: 'Meaningful work', answered: 6 });
    const c2 = first as { better: number; same: number; worse: number };
    expect(c2.better).toBeCloseTo(400 / 6, 6);
    expect(c2.same).toBeCloseTo(100 / 6, 6);
    expect(c2.worse).toBeCloseTo(100 / 6, 6);
    expect(second).toMatchObject({ id: 3, answered: 6, better: 0, same: 100, worse: 0 });
    // Four answers are fewer than the threshold: no percentages that would speak for individuals.
    // Nor how many answered: a suppressed criterion carries no count, like a small group.
    expect(third).toEqual({ id: 4, description: 'Support from my supervisor', suppressed: true });
    expect(third).not.toHaveProperty('better');
  });

  it('answers the trend answers of each group of a breakdown of the trend survey', async () => {
    const body = await get('/report/realizationbyvariables', {
      sets: [{ surveyId: trend }],
      groupBy: 'gender',
    });
    const [data] = body.data as {
      groups: { name: string }[];
      trends: { criteria: { id: number; answered: number }[] }[];
    }[];
    // Nobody was asked their gender: one group of all six.
    expect(data?.groups).toEqual([{ name: 'Not answered', participants: 6 }]);
    expect(data?.trends[0]?.criteria[0]).toMatchObject({ id: 2, answered: 6 });
  });

  it('adds the importance of each criterion for the report package', async () => {
    const body = await get('/report/realizationbyvariables', {
      sets: both(),
      reportPackage: 'true',
    });
    const [data] = body.data as { topcriteria: { id: number; importances: number[] }[] }[];
    const byId = new Map(data?.topcriteria.map((c) => [c.id, c.importances]));
    expect(byId.get(2)).toEqual([100, 100]);
    expect(byId.get(4)?.[0]).toBeCloseTo(400 / 6, 6);
    expect(byId.get(12)).toEqual([(2 / 6) * 100, 0]);
    const plain = await get('/report/realizationbyvariables', { sets: both() });
    expect(JSON.stringify(plain)).not.toContain('importances');
  });

  it('reads the comments of a trend survey as better, worse and important', async () => {
    const body = await get('/report/opencomments', {
      sets: [{ surveyId: trend }],
      reportType: '11',
    });
    expect(body.trend).toBe(true);
    expect(body.sections).toEqual({ positive: 'Better', negative: 'Worse', neutral: 'Important' });
    expect((body.data as { positive: unknown[] }).positive).toHaveLength(6);
    await get('/report/opencomments', { sets: [{ surveyId: trend }], trend: 'true' });
    const wrong = await get(
      '/report/opencomments',
      { sets: [{ surveyId: trend }], trend: 'false' },
      400,
    );
    expect(JSON.stringify(wrong)).toContain('reports.query.trendSurvey');
    const plain = await get('/report/opencomments', { sets: [{ surveyId: base }] });
    expect(plain.sections).toEqual({
      positive: 'Positive',
      negative: 'Negative',
      neutral: 'Neutral',
    });
    await get('/report/opencomments', { sets: [{ surveyId: base }], trend: 'true' }, 400);
  });

  it('limits filter choices by numberOfFilters and groupChoices', async () => {
    type Choices = {
      units: unknown[];
      background: { key: string }[];
      wholeData?: { name: string };
    };
    const all = (await get('/report/filterchoices', { sets: [{ surveyId: trend }] }))
      .data as Choices;
    expect(all.background.map((b) => b.key)).toEqual(['age', 'gender', 'position']);
    expect(all).not.toHaveProperty('wholeData');
    const two = await get('/report/filterchoices', {
      sets: [{ surveyId: trend }],
      numberOfFilters: '2',
    });
    expect((two.data as Choices).background.map((b) => b.key)).toEqual(['age', 'gender']);
    const units = await get('/report/filterchoices', {
      sets: [{ surveyId: trend }],
      groupChoices: 'units,wholeData',
    });
    expect(units.data).toEqual({
      units: [],
      background: [],
      wholeData: { name: 'Whole organisation' },
    });
    await get('/report/filterchoices', { sets: [{ surveyId: trend }], groupChoices: 'teams' }, 400);
    await get('/report/filterchoices', { sets: [{ surveyId: trend }], numberOfFilters: '8' }, 400);
  });

  it('names the breakdowns in the UI language and refuses one the console lacks', async () => {
    const sv = (await get('/report/groupchoices', { uiLanguage: 'sv' })) as unknown as {
      key: string;
      name: string;
    }[];
    expect(sv.find((g) => g.key === 'gender')?.name).toBe('Kön');
    await get('/report/groupchoices', { uiLanguage: 'xx' }, 400);
  });

  it('names the criteria in the report language', async () => {
    const body = await get('/report/realizationbyvariables', {
      sets: both(),
      reportLanguage: 'ja',
    });
    const [data] = body.data as { topcriteria: { id: number; description: string }[] }[];
    expect(data?.topcriteria.find((c) => c.id === 2)?.description).toBe('やりがいのある仕事');
  });
});
