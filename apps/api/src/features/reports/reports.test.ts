import { randomUUID } from 'node:crypto';
import type { Role } from '../../lib/auth.js';
import { describeEachDb, type TestContext } from '../../test/harness.js';

const DAY = 24 * 60 * 60_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

async function createCompany(ctx: TestContext, name: string, settings: object = {}) {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id, settings) VALUES ($1, 'ict', '1-49', $2)
     RETURNING id`,
    [name, settings],
  );
  if (!row) throw new Error('company not created');
  return row.id;
}

async function createUnit(ctx: TestContext, companyId: string, name: string, index = 1) {
  const [row] = await ctx.db.query<{ id: string }>(
    'INSERT INTO units (company_id, index, name) VALUES ($1, $2, $3) RETURNING id',
    [companyId, index, name],
  );
  if (!row) throw new Error('unit not created');
  return row.id;
}

async function createSurvey(
  ctx: TestContext,
  companyId: string,
  options: { name?: string; endDate?: Date; showOpenComments?: Date | null; base?: string } = {},
) {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at, settings,
       show_open_comments_from, base_survey_id)
     VALUES ($1, $2, 'S', $3, $4, '{}', $5, $6) RETURNING id`,
    [
      companyId,
      options.name ?? 'Survey',
      options.endDate ?? daysFromNow(-1),
      daysFromNow(-30),
      options.showOpenComments === undefined ? daysFromNow(-1) : options.showOpenComments,
      options.base ?? null,
    ],
  );
  if (!row) throw new Error('survey not created');
  return row.id;
}

interface Answer {
  units?: string[];
  gender?: string | null;
  important: number[];
  /** Realization of every criterion, with overrides per criterion id. */
  base: number;
  realize?: Record<number, number>;
  satisfaction: number;
  enps: number;
  changeJob?: boolean;
  finished?: boolean;
}

/** Inserts a finished participation; the stored L-index is the mean of the 10 picked criteria. */
async function respond(ctx: TestContext, surveyId: string, companyId: string, answer: Answer) {
  const realizations = Array.from({ length: 30 }, (_, i) => answer.realize?.[i + 2] ?? answer.base);
  const lindex = answer.important.reduce((sum, id) => sum + (realizations[id - 2] ?? 0), 0) / 10;
  const [participant] = await ctx.db.query<{ id: string }>(
    `INSERT INTO participants (survey_id, email, unit_ids, finished_at)
     VALUES ($1, gen_random_uuid()::text || '@example.test', $2, now()) RETURNING id`,
    [surveyId, answer.units ?? []],
  );
  if (!participant) throw new Error('participant not created');
  await ctx.db.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, unit_ids, gender,
       important, realizations, satisfaction, enps, change_job, lindex)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      participant.id,
      surveyId,
      companyId,
      answer.finished === false ? null : new Date(),
      answer.units ?? [],
      answer.gender ?? null,
      answer.important.map(String),
      realizations.map(String),
      answer.satisfaction,
      answer.enps,
      answer.changeJob ?? false,
      lindex,
    ],
  );
  return participant.id;
}

async function comment(
  ctx: TestContext,
  surveyId: string,
  participantId: string,
  text: string,
  options: {
    type?: string;
    criterion?: number;
    hidden?: boolean;
    createdAt?: string;
    language?: string;
  } = {},
) {
  await ctx.db.query(
    `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code, hidden,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now()))`,
    [
      surveyId,
      participantId,
      options.criterion ?? 2,
      options.type ?? 'positive',
      text,
      options.language ?? 'en-US',
      options.hidden ?? false,
      options.createdAt ?? null,
    ],
  );
}

async function tokenFor(ctx: TestContext, role: Role, companyId?: string, unitIds: string[] = []) {
  const member = role === 'SuperUser' || role === 'User';
  const user = await ctx.createUser({ role, ...(member && companyId ? { companyId } : {}) });
  if (role === 'PartnerAdmin' && companyId) {
    await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      user.id,
      companyId,
    ]);
  }
  for (const unitId of unitIds) {
    await ctx.db.query('INSERT INTO user_units (user_id, unit_id) VALUES ($1, $2)', [
      user.id,
      unitId,
    ]);
  }
  const res = await ctx.http().post('/account/login').send(user);
  return res.body.token as string;
}

type Body = Record<string, unknown> & { data: unknown };

function reportGetter(ctx: () => TestContext, token: () => string) {
  return async (path: string, query: Record<string, unknown> = {}, expected = 200) => {
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
      .set('authorization', `Bearer ${token()}`);
    if (res.status !== expected)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Body;
  };
}

/*
 * The hand-computed fixture: seven finished participants (x = criterion 2, y = criterion 3, every
 * other criterion = v). P1-P4 pick criteria 2-11 as important, P5-P7 pick 2, 3 and 12-19.
 *
 *      unit  v   x    y    satisfaction  eNPS  change job  L-index = (x + y + 8v) / 10
 *  P1  A     90  100  90   100           10    no          (100 + 90 + 720) / 10 = 91
 *  P2  A     80  80   70   30            9     no          (80 + 70 + 640) / 10  = 79
 *  P3  A     70  60   60   29            8     yes         (60 + 60 + 560) / 10  = 68
 *  P4  A     60  40   50   90            7     no          (40 + 50 + 480) / 10  = 57
 *  P5  A     50  20   30   65            6     yes         (20 + 30 + 400) / 10  = 45
 *  P6  B     85  90   100  75            0     no          (90 + 100 + 680) / 10 = 87
 *  P7  B     75  70   40   80            9     no          (70 + 40 + 600) / 10  = 71
 *
 * L-index of the group = (91 + 79 + 68 + 57 + 45 + 87 + 71) / 7 = 498 / 7 = 71.142857...
 * L-index bins 0-30 .. 90-100: 45 -> 40-50, 57 -> 50-60, 68 -> 60-70, 71 and 79 -> 70-80,
 *   87 -> 80-90, 91 -> 90-100: counts [0, 0, 1, 1, 1, 2, 1, 1].
 * S-index = (100 + 30 + 29 + 90 + 65 + 75 + 80) / 7 = 469 / 7 = 67; bins: 29 -> 0-30,
 *   30 -> 30-40 (lower bound inclusive), 65, 75, 80 one each, 90 and 100 -> 90-100 (100 in the last):
 *   counts [1, 1, 0, 0, 1, 1, 1, 2].
 * eNPS: promoters 10, 9, 9 = 3/7; passives 8, 7 = 2/7; detractors 6, 0 = 2/7;
 *   score = 300/7 - 200/7 = 100/7 = 14.2857...
 * Importance: 2 and 3 picked by 7/7 = 100 %, 4-11 by 4/7 = 57.14 %, 12-19 by 3/7 = 42.86 %, the
 *   rest 0 %. Top 10 = 2, 3, 4, 5, ..., 11 (ties by id); places 11-18 = 12..19.
 * Realization of criterion 2 = (100 + 80 + 60 + 40 + 20 + 90 + 70) / 7 = 460 / 7 = 65.714...;
 *   bands 90-100: 100, 90; 80-89: 80; 70-79: 70; 60-69: 60; under 60: 40, 20 = [2, 1, 1, 1, 2] / 7.
 *   Criterion 4 (= v) = (90 + 80 + 70 + 60 + 50 + 85 + 75) / 7 = 510 / 7 = 72.857...
 * Pearson r(criterion 2, criterion 3): n = 7, Σx = 460, Σy = 440, Σx² = 35000, Σy² = 31600,
 *   Σxy = 9000 + 5600 + 3600 + 2000 + 600 + 9000 + 2800 = 32600.
 *   Sxy = 32600 - 460·440/7 = 25800/7, Sxx = 35000 - 460²/7 = 33400/7, Syy = 31600 - 440²/7 = 27600/7
 *   r = 25800 / √(33400 · 27600) = 0.8497...; criteria 4 and 5 are both v: r = 1.
 * Change job: P3 and P5 = 2 of 7.
 * Units: A has 5, B has 2 (suppressed), so the unit breakdown suppresses A (the next-smallest) too.
 */
const SEVEN = [
  { unit: 'A', v: 90, x: 100, y: 90, s: 100, e: 10, c: false, first: true },
  { unit: 'A', v: 80, x: 80, y: 70, s: 30, e: 9, c: false, first: true },
  { unit: 'A', v: 70, x: 60, y: 60, s: 29, e: 8, c: true, first: true },
  { unit: 'A', v: 60, x: 40, y: 50, s: 90, e: 7, c: false, first: true },
  { unit: 'A', v: 50, x: 20, y: 30, s: 65, e: 6, c: true, first: false },
  { unit: 'B', v: 85, x: 90, y: 100, s: 75, e: 0, c: false, first: false },
  { unit: 'B', v: 75, x: 70, y: 40, s: 80, e: 9, c: false, first: false },
];
const FIRST_PICKS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const SECOND_PICKS = [2, 3, 12, 13, 14, 15, 16, 17, 18, 19];

describeEachDb('reports: the hand-computed fixture of seven', (ctx) => {
  let token = '';
  let surveyId = '';
  let unitA = '';
  let unitB = '';
  const get = reportGetter(ctx, () => token);
  const sets = () => [{ surveyId }];

  beforeAll(async () => {
    const company = await createCompany(ctx(), 'Seven Oy');
    unitA = await createUnit(ctx(), company, 'A');
    unitB = await createUnit(ctx(), company, 'B');
    surveyId = await createSurvey(ctx(), company, { name: 'Seven survey' });
    for (const p of SEVEN) {
      await respond(ctx(), surveyId, company, {
        units: [p.unit === 'A' ? unitA : unitB],
        important: p.first ? FIRST_PICKS : SECOND_PICKS,
        base: p.v,
        realize: { 2: p.x, 3: p.y },
        satisfaction: p.s,
        enps: p.e,
        changeJob: p.c,
      });
    }
    // A reopened participation (finished_at null) never counts.
    await respond(ctx(), surveyId, company, {
      units: [unitB],
      important: FIRST_PICKS,
      base: 0,
      satisfaction: 0,
      enps: 0,
      finished: false,
    });
    token = await tokenFor(ctx(), 'User', company);
  });

  it('computes the L-index distribution and mean', async () => {
    const body = await get('/report/lindexcompare', { sets: sets() });
    expect(body.reportMainHeader).toBe('L-index distribution');
    expect(body.bins).toEqual([
      { from: 0, to: 30 },
      { from: 30, to: 40 },
      { from: 40, to: 50 },
      { from: 50, to: 60 },
      { from: 60, to: 70 },
      { from: 70, to: 80 },
      { from: 80, to: 90 },
      { from: 90, to: 100 },
    ]);
    const [set] = body.data as { participants: number; average: number; counts: number[] }[];
    expect(set?.participants).toBe(7);
    expect(set?.average).toBeCloseTo(498 / 7, 6);
    expect(set?.counts).toEqual([0, 0, 1, 1, 1, 2, 1, 1]);
  });

  it('computes the S-index with 30 and 100 in the right bins', async () => {
    const body = await get('/report/currentsatisfaction', { sets: sets() });
    const [set] = body.data as { average: number; counts: number[]; values: number[] }[];
    expect(set?.average).toBeCloseTo(67, 6);
    expect(set?.counts).toEqual([1, 1, 0, 0, 1, 1, 1, 2]);
    expect(set?.values[7]).toBeCloseTo(200 / 7, 6);
  });

  it('computes eNPS as promoters minus detractors', async () => {
    const body = await get('/report/enps', { sets: sets() });
    const [set] = body.data as { raw: number[]; enps: Record<string, number> }[];
    expect(set?.raw).toEqual([1, 0, 0, 0, 0, 0, 1, 1, 1, 2, 1]);
    expect(set?.enps.score).toBeCloseTo(100 / 7, 6);
    expect(set?.enps.percentage0to6).toBeCloseTo(200 / 7, 6);
    expect(set?.enps.percentage7to8).toBeCloseTo(200 / 7, 6);
    expect(set?.enps.percentage9to10).toBeCloseTo(300 / 7, 6);
  });

  it('ranks importance with ties by criterion id', async () => {
    const top10 = await get('/report/mostimportanttop10', { sets: sets() });
    const items = top10.data as { id: number; percentage: number; description: string }[];
    expect(items.map((c) => c.id)).toEqual(FIRST_PICKS);
    expect(items[0]).toMatchObject({ description: 'Meaningful work', percentage: 100 });
    expect(items[2]?.percentage).toBeCloseTo(400 / 7, 6);
    const top30 = await get('/report/mostimportanttop30', { sets: sets() });
    const all = top30.data as { id: number; percentage: number }[];
    expect(all).toHaveLength(30);
    expect(all.slice(10, 18).map((c) => c.id)).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
    expect(all[10]?.percentage).toBeCloseTo(300 / 7, 6);
    expect(all[29]).toMatchObject({ id: 31, percentage: 0 });
  });

  it('gives the realization and spread of the top 10 criteria', async () => {
    const body = await get('/report/realizationtop10', { sets: sets() });
    const items = body.data as { id: number; value: number; spread: number[] }[];
    expect(items.map((c) => c.id)).toEqual(FIRST_PICKS);
    expect(items[0]?.value).toBeCloseTo(460 / 7, 6);
    expect(items[0]?.spread.map((p) => p * 7)).toEqual(
      [200, 100, 100, 100, 200].map((n) => expect.closeTo(n, 6)),
    );
    expect(items[2]?.value).toBeCloseTo(510 / 7, 6);
    expect(body.bands).toEqual([
      { from: 90, to: 100 },
      { from: 80, to: 90 },
      { from: 70, to: 80 },
      { from: 60, to: 70 },
      { from: 0, to: 60 },
    ]);
  });

  it('computes the Pearson correlation of the criteria', async () => {
    const body = await get('/report/correlationmatrix', { sets: sets() });
    const { matrix, criteria } = body.data as { matrix: (number | null)[][]; criteria: unknown[] };
    expect(criteria).toHaveLength(30);
    expect(matrix[0]?.[1]).toBeCloseTo(25800 / Math.sqrt(33400 * 27600), 6);
    expect(matrix[1]?.[0]).toBeCloseTo(25800 / Math.sqrt(33400 * 27600), 6);
    expect(matrix[2]?.[3]).toBeCloseTo(1, 6);
    expect(matrix[0]?.[0]).toBe(1);
  });

  it('counts those willing to change job', async () => {
    const body = await get(`/report/changejobwillingness/${surveyId}`);
    expect(body.data).toMatchObject({ count: 7, willingToChangeJobCount: 2 });
  });

  it('suppresses both units of a breakdown where only one is small', async () => {
    const body = await get('/report/lindexgrouped', { sets: sets(), groupBy: 'unit1' });
    expect(body.data).toEqual([
      { name: 'A', suppressed: true, reason: 'differencing' },
      { name: 'B', suppressed: true, reason: 'belowThreshold' },
    ]);
    // Unit A alone (5 participants) would reveal B as the total minus A.
    const alone = await get('/report/enps', { sets: [{ surveyId, filters: { unit1: [unitA] } }] });
    expect(alone.data).toEqual([
      { name: 'Seven survey: A', suppressed: true, reason: 'differencing' },
    ]);
  });

  it('answers the realization of all criteria for a comparison of two sets', async () => {
    const body = await get('/report/realizationbyvariables', { sets: [...sets(), ...sets()] });
    const [first] = body.data as { topcriteria: { id: number; values: number[] }[] }[];
    expect(first?.topcriteria).toHaveLength(30);
    const c4 = first?.topcriteria.find((c) => c.id === 4);
    expect(c4?.values.map((v) => v * 7)).toEqual([expect.closeTo(510, 6), expect.closeTo(510, 6)]);
  });

  it('refuses a unit that is not in the survey company', async () => {
    const other = await createCompany(ctx(), 'Elsewhere Oy');
    const foreign = await createUnit(ctx(), other, 'X');
    const body = await get(
      '/report/enps',
      { sets: [{ surveyId, filters: { unit1: [foreign] } }] },
      400,
    );
    expect(body).toMatchObject({
      detail: 'validation-failed',
      errors: [{ field: 'sets.0.filters.unit1', message: 'reports.query.unknownUnit' }],
    });
    await get('/report/enps', { sets: '[{"surveyId":' }, 400);
  });

  it('maps the realizations and L-index of each group of a breakdown', async () => {
    // Nobody answered the gender question: one group "Not answered" holds all seven.
    const body = await get('/report/lmap', { sets: sets(), groupBy: 'gender,unit1' });
    const { criteria, rows } = body.data as {
      criteria: { id: number | string }[];
      rows: { groupName: string; participants?: number; values?: number[] }[];
    };
    expect(criteria).toHaveLength(31);
    expect(criteria[30]).toEqual({ id: 'lindex', description: 'L-index' });
    expect(rows.map((r) => r.groupName)).toEqual(['Not answered', 'A', 'B']);
    expect(rows[0]?.participants).toBe(7);
    expect(rows[0]?.values?.[0]).toBeCloseTo(460 / 7, 6);
    expect(rows[0]?.values?.[2]).toBeCloseTo(510 / 7, 6);
    expect(rows[0]?.values?.[30]).toBeCloseTo(498 / 7, 6);
    expect(rows.slice(1)).toEqual([
      { groupName: 'A', variable: 'unit1', suppressed: true, reason: 'differencing' },
      { groupName: 'B', variable: 'unit1', suppressed: true, reason: 'belowThreshold' },
    ]);
  });

  it('offers the units and asked background questions as filter choices', async () => {
    const body = await get('/report/filterchoices', { sets: sets() });
    const data = body.data as {
      units: { id: string; name: string; index: number }[];
      background: { key: string; values: { value: string; name: string }[] }[];
    };
    expect(data.units).toEqual([
      { id: unitA, name: 'A', index: 1 },
      { id: unitB, name: 'B', index: 1 },
    ]);
    expect(data.background.map((b) => b.key)).toContain('gender');
    expect(data.background.find((b) => b.key === 'gender')?.values[0]).toEqual({
      value: 'female',
      name: 'Female',
    });
    const groups = await ctx()
      .http()
      .get('/report/groupchoices')
      .query({ uiLanguage: 'fi-FI' })
      .set('authorization', `Bearer ${token}`);
    expect(groups.body).toEqual(
      expect.arrayContaining([
        { key: 'unit1', name: 'Yksikkötaso 1' },
        { key: 'age', name: 'Ikä' },
      ]),
    );
  });

  it('answers in the report language', async () => {
    const body = await get('/report/mostimportanttop10', { sets: sets(), reportLanguage: 'sv' });
    expect(body.reportMainHeader).toBe('Viktigaste frågorna, topp 10');
    expect((body.data as { description: string }[])[0]?.description).toBe('Meningsfullt arbete');
  });

  it('drops the background filters of eNPS sets with removeBackground', async () => {
    // Nobody in the fixture answered the gender question: a gender filter selects nobody.
    const filtered = [{ surveyId, filters: { gender: ['female'], unit1: [unitA, unitB] } }];
    const kept = await get('/report/enps', { sets: filtered });
    expect(kept.data).toEqual([
      { name: 'Seven survey: A, B, Female', suppressed: true, reason: 'belowThreshold' },
    ]);
    const removed = await get('/report/enps', { sets: filtered, removeBackground: 'true' });
    expect(removed.data).toMatchObject([{ name: 'Seven survey: A, B', participants: 7 }]);
  });

  it('tells the report settings', async () => {
    const enps = await ctx()
      .http()
      .get('/reportsettings/enps')
      .set('authorization', `Bearer ${token}`);
    expect(enps.body.detractors).toEqual({ from: 0, to: 6 });
    const comments = await ctx()
      .http()
      .get('/reportsettings/opencomments')
      .set('authorization', `Bearer ${token}`);
    expect(comments.body).toMatchObject({ minCommentsPerRange: 5, anonymityThreshold: 5 });
  });
});

/** Rank of a set of 0/1 row vectors (Gaussian elimination). */
function rank(rows: number[][]): number {
  const m = rows.map((row) => [...row]);
  let r = 0;
  const width = m[0]?.length ?? 0;
  for (let col = 0; col < width && r < m.length; col += 1) {
    let pivot = -1;
    for (let i = r; i < m.length; i += 1) if (Math.abs(m[i]?.[col] ?? 0) > 1e-9) pivot = i;
    if (pivot < 0) continue;
    [m[r], m[pivot]] = [m[pivot] as number[], m[r] as number[]];
    const top = m[r] as number[];
    for (let i = 0; i < m.length; i += 1) {
      const row = m[i] as number[];
      if (i === r || Math.abs(row[col] ?? 0) < 1e-9) continue;
      const f = (row[col] ?? 0) / (top[col] ?? 1);
      for (let k = col; k < width; k += 1) row[k] = (row[k] ?? 0) - f * (top[k] ?? 0);
    }
    r += 1;
  }
  return r;
}

/** Whether the sum over `target` follows from sums the attacker saw (target in their span). */
const derivable = (seen: number[][], target: number[]) => rank([...seen, target]) === rank(seen);

describeEachDb('reports: anonymity attack by differencing', (ctx) => {
  // 14 participants: unit A 5 women + 1 man, B 6 women, C 1 woman + 1 man.
  const people = [
    ...Array.from({ length: 5 }, () => ({ unit: 'A', gender: 'female' })),
    { unit: 'A', gender: 'male' },
    ...Array.from({ length: 6 }, () => ({ unit: 'B', gender: 'female' })),
    { unit: 'C', gender: 'female' },
    { unit: 'C', gender: 'male' },
  ];
  const units: Record<string, string> = {};
  let surveyId = '';
  let token = '';
  const get = reportGetter(ctx, () => token);

  beforeAll(async () => {
    const company = await createCompany(ctx(), 'Attack Oy');
    for (const name of ['A', 'B', 'C']) units[name] = await createUnit(ctx(), company, name);
    surveyId = await createSurvey(ctx(), company, { name: 'Attacked' });
    for (const [i, person] of people.entries()) {
      await respond(ctx(), surveyId, company, {
        units: [units[person.unit] ?? ''],
        gender: person.gender,
        important: FIRST_PICKS,
        base: 40 + i * 4,
        satisfaction: 50 + i,
        enps: i % 11,
      });
    }
    token = await tokenFor(ctx(), 'Admin');
  });

  it('cannot derive a group below the threshold from totals and siblings', async () => {
    const unitChoices = [
      [],
      ['A'],
      ['B'],
      ['C'],
      ['A', 'B'],
      ['A', 'C'],
      ['B', 'C'],
      ['A', 'B', 'C'],
    ];
    const genderChoices = [[], ['female'], ['male'], ['female', 'male']];
    const seen: number[][] = [];
    const indicator = (match: (p: (typeof people)[number]) => boolean) =>
      people.map((p): number => (match(p) ? 1 : 0));
    const genderName: Record<string, string> = { Female: 'female', Male: 'male' };
    let shownSets = 0;
    for (const unitSel of unitChoices) {
      for (const genderSel of genderChoices) {
        const filters: Record<string, string[]> = {};
        if (unitSel.length > 0) filters.unit1 = unitSel.map((u) => units[u] ?? '');
        if (genderSel.length > 0) filters.gender = genderSel;
        const inSet = (p: (typeof people)[number]) =>
          (unitSel.length === 0 || unitSel.includes(p.unit)) &&
          (genderSel.length === 0 || genderSel.includes(p.gender));
        const set = await get('/report/lindexcompare', { sets: [{ surveyId, filters }] });
        const [shown] = set.data as { suppressed?: boolean; participants?: number }[];
        if (!shown?.suppressed) {
          shownSets += 1;
          expect(shown?.participants).toBeGreaterThanOrEqual(5);
          seen.push(indicator(inSet));
        }
        for (const groupBy of ['unit1', 'gender']) {
          const grouped = await get('/report/lindexgrouped', {
            sets: [{ surveyId, filters }],
            groupBy,
          });
          for (const group of grouped.data as { name: string; suppressed?: boolean }[]) {
            if (group.suppressed) continue;
            const inGroup = (p: (typeof people)[number]) =>
              groupBy === 'unit1' ? p.unit === group.name : p.gender === genderName[group.name];
            seen.push(indicator((p) => inSet(p) && inGroup(p)));
          }
        }
      }
    }
    // The attacker did see something: the total, and one of A and B (6 each); the two of C share a
    // cell with the other, which is hidden ...
    expect(shownSets).toBeGreaterThan(0);
    const seenUnit = ['A', 'B'].filter((unit) =>
      derivable(
        seen,
        indicator((p) => p.unit === unit),
      ),
    );
    expect(seenUnit).toHaveLength(1);
    // ... and can derive the rest together (8 people) as the total minus that unit, which is harmless:
    expect(
      derivable(
        seen,
        indicator((p) => p.unit !== seenUnit[0]),
      ),
    ).toBe(true);
    // but no union of (unit, gender) cells with fewer than 5 people.
    const cells = ['A:female', 'A:male', 'B:female', 'C:female', 'C:male'];
    for (let mask = 1; mask < 1 << cells.length; mask += 1) {
      const chosen = cells.filter((_, i) => mask & (1 << i));
      const target = indicator((p) => chosen.includes(`${p.unit}:${p.gender}`));
      const size = target.reduce((a, b) => a + b, 0);
      if (size === 0 || size >= 5) continue;
      expect({ chosen, derivable: derivable(seen, target) }).toEqual({ chosen, derivable: false });
    }
  });

  it('marks a small group as suppressed instead of answering zeros', async () => {
    const body = await get('/report/currentsatisfaction', {
      sets: [{ surveyId, filters: { unit1: [units.C ?? ''] } }],
    });
    expect(body.data).toEqual([
      { name: 'Attacked: C', suppressed: true, reason: 'belowThreshold' },
    ]);
    const grouped = await get('/report/lmap', { sets: [{ surveyId }], groupBy: 'gender' });
    const { rows } = grouped.data as { rows: { groupName: string; suppressed?: boolean }[] };
    expect(rows).toEqual([
      { groupName: 'Female', variable: 'gender', suppressed: true, reason: 'differencing' },
      { groupName: 'Male', variable: 'gender', suppressed: true, reason: 'belowThreshold' },
    ]);
  });
});

describeEachDb('reports: access by role and company', (ctx) => {
  let own = '';
  let other = '';
  let ownEnded = '';
  let ownOpen = '';
  let otherEnded = '';

  beforeAll(async () => {
    own = await createCompany(ctx(), 'Own Oy');
    other = await createCompany(ctx(), 'Other Oy');
    ownEnded = await createSurvey(ctx(), own, { name: 'Own ended' });
    ownOpen = await createSurvey(ctx(), own, { name: 'Own open', endDate: daysFromNow(10) });
    otherEnded = await createSurvey(ctx(), other, { name: 'Other ended' });
    for (const survey of [ownEnded, ownOpen]) {
      for (let i = 0; i < 5; i += 1) {
        await respond(ctx(), survey, own, {
          important: FIRST_PICKS,
          base: 70,
          satisfaction: 70,
          enps: 9,
        });
      }
    }
  });

  const status = async (token: string | undefined, path: string, query: object = {}) => {
    const request = ctx()
      .http()
      .get(path)
      .query(
        Object.fromEntries(
          Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        ),
      );
    const res = token ? await request.set('authorization', `Bearer ${token}`) : await request;
    return res.status;
  };

  const survey = (id: string) => ({ sets: [{ surveyId: id }] });

  // role -> [own ended, own open, other company, all data, top 20 rollups]
  const matrix: [Role, number[]][] = [
    ['Admin', [200, 200, 200, 200, 200]],
    ['PartnerAdmin', [200, 200, 403, 403, 403]],
    ['SuperUser', [200, 403, 403, 403, 403]],
    ['User', [200, 403, 403, 403, 403]],
  ];

  it.each(matrix)('%s reads reports as the matrix says', async (role, expected) => {
    const token = await tokenFor(ctx(), role, own);
    const got = [
      await status(token, '/report/enps', survey(ownEnded)),
      await status(token, '/report/enps', survey(ownOpen)),
      await status(token, '/report/enps', survey(otherEnded)),
      await status(token, '/report/lindexcompare', {
        sets: [{ wholeData: true, surveyFinishTime: 2 }],
      }),
      await status(token, '/rollup/top20rollupdata'),
    ];
    expect(got).toEqual(expected);
    // Every survey-based read follows the same boundary.
    const otherCompany = [
      await status(token, `/report/changejobwillingness/${otherEnded}`),
      await status(token, `/rollup/trend/${other}`),
      await status(token, '/surveys/surveyresponders', { surveyIds: otherEnded }),
      await status(token, '/report/opencomments', { ...survey(otherEnded), reportType: '11' }),
    ];
    expect(otherCompany).toEqual(Array(4).fill(role === 'Admin' ? 200 : 403));
  });

  it.each(['SuperUser', 'User'] as const)(
    "refuses %s an open survey's report with survey-not-ended, not a bare forbidden",
    async (role) => {
      const token = await tokenFor(ctx(), role, own);
      const res = await ctx()
        .http()
        .get('/report/enps')
        .query({ sets: JSON.stringify([{ surveyId: ownOpen }]) })
        .set('authorization', `Bearer ${token}`);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('survey-not-ended');
    },
  );

  it('asks for a token', async () => {
    expect(await status(undefined, '/report/enps', survey(ownEnded))).toBe(401);
    expect(await status(undefined, '/surveys/surveyresponders', { surveyIds: ownEnded })).toBe(401);
  });

  it('answers the company trend and responder counts within the boundary', async () => {
    const token = await tokenFor(ctx(), 'User', own);
    const trend = await ctx()
      .http()
      .get(`/rollup/trend/${own}`)
      .set('authorization', `Bearer ${token}`);
    expect(trend.body).toEqual([
      expect.objectContaining({ surveyId: ownEnded, value: 70, trackingSurvey: false }),
    ]);
    const responders = await ctx()
      .http()
      .get('/surveys/surveyresponders')
      .query({ surveyIds: `${ownEnded},${ownOpen}` })
      .set('authorization', `Bearer ${token}`);
    expect(responders.body).toEqual([
      { surveyId: ownEnded, responders: 5 },
      { surveyId: ownOpen, responders: 5 },
    ]);
  });

  it('ranks ended surveys with enough responders in the top 20 rollups', async () => {
    const token = await tokenFor(ctx(), 'Admin');
    const res = await ctx()
      .http()
      .get('/rollup/top20rollupdata')
      .set('authorization', `Bearer ${token}`);
    const ids = (list: { surveyId: string }[]) => list.map((row) => row.surveyId);
    // The open survey is not ranked; the other company's survey has nobody and is left out.
    expect(ids(res.body.allTimeEnps)).toEqual([ownEnded]);
    expect(res.body.allTimeEnps[0]).toMatchObject({ surveyName: 'Own ended', enps: 100 });
    expect(res.body.allTimeLindex[0]).toMatchObject({ surveyId: ownEnded, lindex: 70 });
  });

  it('benchmarks all data by industry, size and finish time for Admin', async () => {
    const token = await tokenFor(ctx(), 'Admin');
    const get = reportGetter(ctx, () => token);
    const everything = await get('/report/enps', {
      sets: [{ wholeData: true, industryId: 'ict', sizeId: '1-49', surveyFinishTime: 0 }],
    });
    const [set] = everything.data as { participants: number; name: string }[];
    expect(set?.name).toBe('All data');
    expect(set?.participants).toBeGreaterThanOrEqual(10);
    const none = await get('/report/enps', {
      sets: [{ wholeData: true, industryId: 'finance', surveyFinishTime: 2 }],
    });
    expect(none.data).toEqual([{ name: 'All data', suppressed: true, reason: 'belowThreshold' }]);
    const longAgo = await get('/report/enps', {
      sets: [
        { wholeData: true, surveyFinishTime: 3, rangeStart: '2001-01-01', rangeEnd: '2001-12-31' },
      ],
    });
    expect(longAgo.data).toEqual([
      { name: 'All data', suppressed: true, reason: 'belowThreshold' },
    ]);
  });
});

describeEachDb('reports: open comments', (ctx) => {
  let company = '';
  let surveyId = '';
  const units: Record<string, string> = {};

  beforeAll(async () => {
    company = await createCompany(ctx(), 'Comments Oy', { restrictOpenCommentsByUnit: true });
    for (const name of ['X', 'Y', 'Z']) units[name] = await createUnit(ctx(), company, name);
    surveyId = await createSurvey(ctx(), company, { name: 'Talk' });
    const layout = [
      ...Array.from({ length: 5 }, () => 'X'),
      // Y the larger unit: the two of Z join the smallest unit's cell (X), so Y stays shown.
      ...Array.from({ length: 6 }, () => 'Y'),
      'Z',
      'Z',
    ];
    for (const [i, unit] of layout.entries()) {
      const participant = await respond(ctx(), surveyId, company, {
        units: [units[unit] ?? ''],
        important: FIRST_PICKS,
        base: 60 + i,
        satisfaction: 60,
        enps: 8,
      });
      await comment(ctx(), surveyId, participant, `${unit} says ${i}`, {
        type: i % 2 === 0 ? 'positive' : 'negative',
      });
      if (i === 0) await comment(ctx(), surveyId, participant, 'moderated away', { hidden: true });
    }
  });

  const texts = (body: Body) => {
    const data = body.data as Record<'positive' | 'negative' | 'neutral', { comment: string }[]>;
    return [...data.positive, ...data.negative, ...data.neutral].map((c) => c.comment).sort();
  };

  it('never shows hidden comments', async () => {
    const token = await tokenFor(ctx(), 'Admin');
    const body = await reportGetter(ctx, () => token)('/report/opencomments', {
      sets: [{ surveyId }],
      reportType: '11',
    });
    expect(texts(body)).toHaveLength(13);
    expect(texts(body)).not.toContain('moderated away');
    expect(body.trend).toBe(false);
    const data = body.data as { positive: { comment: string; lindex: number; id: number }[] };
    // X says 0 is participant 0: every criterion realized at 60, so the L-index is 60.
    expect(data.positive.find((c) => c.comment === 'X says 0')).toMatchObject({
      id: 2,
      lindex: 60,
    });
  });

  it('lists each type by criterion, then oldest first, named in the report language', async () => {
    const ordered = await createSurvey(ctx(), company, { name: 'Order' });
    const people = [];
    for (let i = 0; i < 5; i++) {
      people.push(
        await respond(ctx(), ordered, company, {
          units: [units.X ?? ''],
          important: FIRST_PICKS,
          base: 70,
          satisfaction: 70,
          enps: 9,
        }),
      );
    }
    const [a = '', b = '', c = '', d = ''] = people;
    await comment(ctx(), ordered, a, 'other', { criterion: 99, createdAt: '2024-01-01' });
    await comment(ctx(), ordered, b, 'late', { criterion: 2, createdAt: '2024-03-02' });
    // Written as ASCII JSON by the database (migration 019): quotes, ä, an emoji, a backslash.
    const spirit = 'Hyvä "henki" 😀 \\ ok';
    await comment(ctx(), ordered, c, spirit, { criterion: 5, createdAt: '2024-01-01' });
    await comment(ctx(), ordered, d, 'early', {
      criterion: 2,
      createdAt: '2024-03-01',
      language: 'fi-FI',
    });
    await comment(ctx(), ordered, a, 'worse', { type: 'negative', criterion: 5 });
    const token = await tokenFor(ctx(), 'Admin');
    const body = await reportGetter(ctx, () => token)('/report/opencomments', {
      sets: [{ surveyId: ordered }],
      reportType: '11',
      reportLanguage: 'fi-FI',
    });
    const item = (comment: string, id: number, description: string, languageCode = 'en-US') => ({
      comment,
      id,
      // Each comment's own id, for the AI summary and translation.
      commentId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      ),
      description,
      languageCode,
      lindex: 70,
    });
    expect(body.data).toEqual({
      name: 'Order',
      positive: [
        item('early', 2, 'Merkityksellinen työ', 'fi-FI'),
        item('late', 2, 'Merkityksellinen työ'),
        item(spirit, 5, 'Yhteishenki'),
        item('other', 99, 'Jokin muu'),
      ],
      negative: [item('worse', 5, 'Yhteishenki')],
      neutral: [],
      next: null,
    });
    const data = body.data as { positive: { commentId: string }[] };
    expect(new Set(data.positive.map((c) => c.commentId)).size).toBe(4);
    // A page at a time: pages of 2 end inside a criterion and between the types, and together
    // are the list above.
    type Page = Record<'positive' | 'negative' | 'neutral', { comment: string }[]> & {
      next: string | null;
    };
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const page: Body = await reportGetter(ctx, () => token)('/report/opencomments', {
        sets: [{ surveyId: ordered }],
        limit: '2',
        ...(after ? { after } : {}),
      });
      pages.push(page.data as Page);
      after = (page.data as Page).next;
      // The cursor names the last comment shown and nothing else: not when it was written,
      // which would tell when its writer answered.
      if (after) {
        const named: unknown = JSON.parse(Buffer.from(after, 'base64url').toString());
        const shown = (page.data as Page).positive.concat((page.data as Page).negative);
        expect(named).toEqual([(shown.at(-1) as unknown as { commentId: string }).commentId]);
      }
    } while (after);
    const words = (page: Page) =>
      (['positive', 'negative', 'neutral'] as const).map((type) =>
        page[type].map((c) => c.comment),
      );
    expect(pages.map(words)).toEqual([
      [['early', 'late'], [], []],
      [[spirit, 'other'], [], []],
      [[], ['worse'], []],
    ]);
    // A cursor or size the API did not give: 400 naming the parameter, no comments.
    for (const [bad, field] of [
      [{ after: 'not-a-cursor' }, 'after'],
      [{ after: Buffer.from('["positive",2,"2024-01-01","x"]').toString('base64url') }, 'after'],
      // A well-formed cursor of no comment of this survey.
      [{ after: Buffer.from(`["${randomUUID()}"]`).toString('base64url') }, 'after'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '1001' }, 'limit'],
    ] as const) {
      const res = await ctx()
        .http()
        .get('/report/opencomments')
        .query({ sets: JSON.stringify([{ surveyId: ordered }]), ...bad })
        .set('authorization', `Bearer ${token}`);
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, field]);
    }
  });

  it('limits a user with units to their units when the company restricts comments', async () => {
    const token = await tokenFor(ctx(), 'User', company, [units.Y ?? '']);
    const body = await reportGetter(ctx, () => token)('/report/opencomments', {
      sets: [{ surveyId }],
      reportType: '11',
    });
    expect(texts(body)).toEqual([
      'Y says 10',
      'Y says 5',
      'Y says 6',
      'Y says 7',
      'Y says 8',
      'Y says 9',
    ]);
  });

  it('pages and counts the comments of one L-index range, hidden ones never', async () => {
    const token = await tokenFor(ctx(), 'Admin');
    const get = reportGetter(ctx, () => token);
    const sets = [{ surveyId }];
    // Writers 0..12 have the L-index 60 + i: 70-84 holds writers 10, 11 and 12.
    const counts = await get('/report/opencommentcounts', { sets, indexRange: '70-84' });
    expect(counts.data).toMatchObject({
      indexRange: '70-84',
      // 0-69 has ten comments but 70-84 three and 85-100 none: the filter is not offered.
      rangeFilter: false,
      counts: [
        { type: 'positive', id: 2, count: 2 },
        { type: 'negative', id: 2, count: 1 },
      ],
    });
    const page = await get('/report/opencommentpage', {
      sets,
      type: 'positive',
      criterion: '2',
      indexRange: '70-84',
    });
    const listed = (page.data as { comments: { comment: string; lindex: number }[] }).comments;
    expect(listed.map((c) => [c.comment, c.lindex])).toEqual([
      ['Y says 10', 70],
      ['Z says 12', 72],
    ]);
    // The hidden comment's writer is in 0-69: five visible positive comments there, not six.
    const low = await get('/report/opencommentcounts', { sets, indexRange: '0-69' });
    expect((low.data as { counts: unknown[] }).counts).toEqual([
      { type: 'positive', id: 2, description: 'Meaningful work', count: 5 },
      { type: 'negative', id: 2, description: 'Meaningful work', count: 5 },
    ]);
  });

  it('refuses an L-index range that is not one of the ranges, naming the parameter', async () => {
    const token = await tokenFor(ctx(), 'Admin');
    const get = reportGetter(ctx, () => token);
    const sets = [{ surveyId }];
    const problem = { field: 'indexRange', message: 'reports.query.indexRange' };
    for (const indexRange of ['70-85', '70', 'high'])
      for (const [path, extra] of [
        ['/report/opencommentcounts', {}],
        ['/report/opencommentpage', { type: 'positive', criterion: '2' }],
      ] as const) {
        const body = await get(path, { sets, indexRange, ...extra }, 400);
        expect(body).toMatchObject({ detail: 'validation-failed', errors: [problem] });
      }
  });

  it('shows a small group only when the company allows it, then without the index', async () => {
    const token = await tokenFor(ctx(), 'SuperUser', company);
    const get = reportGetter(ctx, () => token);
    const query = { sets: [{ surveyId, filters: { unit1: [units.Z ?? ''] } }], reportType: '11' };
    const hidden = await get('/report/opencomments', query);
    expect(hidden.data).toEqual({ name: 'Talk: Z', suppressed: true, reason: 'belowThreshold' });
    await ctx().db.query(
      `UPDATE companies SET settings = settings || '{"allowViewCommentsOfSmallGroup": true}'
       WHERE id = $1`,
      [company],
    );
    const shown = await get('/report/opencomments', query);
    expect(texts(shown)).toEqual(['Z says 11', 'Z says 12']);
    const data = shown.data as { positive: { lindex: number | null }[] };
    expect(data.positive[0]?.lindex).toBeNull();
    // Nor can its comments be filtered by the index the list withholds.
    const counts = await get('/report/opencommentcounts', query);
    expect(counts.data).toMatchObject({ rangeFilter: false });
    const withheld = { field: 'indexRange', message: 'reports.query.indexWithheld' };
    for (const [path, extra] of [
      ['/report/opencommentcounts', {}],
      ['/report/opencommentpage', { type: 'positive', criterion: '2' }],
    ] as const) {
      const body = await get(path, { ...query, indexRange: '0-69', ...extra }, 400);
      expect(body).toMatchObject({ errors: [withheld] });
    }
  });

  it('refuses a User while the survey does not show open comments', async () => {
    const closed = await createSurvey(ctx(), company, { name: 'Closed', showOpenComments: null });
    const token = await tokenFor(ctx(), 'User', company);
    await reportGetter(ctx, () => token)(
      '/report/opencomments',
      { sets: [{ surveyId: closed }], reportType: '11' },
      403,
    );
  });
});
