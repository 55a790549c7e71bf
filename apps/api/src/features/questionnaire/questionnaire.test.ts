import { Writable } from 'node:stream';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../app.js';
import { parseConfig } from '../../env.js';
import { describeEachDb, linkIn, type TestContext } from '../../test/harness.js';
import { applyPendingAnswers } from './index.js';
import type { Answers } from './schemas.js';

interface Setup {
  companyId: string;
  surveyId: string;
  unitId: string;
}

async function one<T>(ctx: TestContext, sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await ctx.db.query<T>(sql, params as string[]);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

/** A company (settings as given), a unit and a survey whose invitations went out. */
async function setup(
  ctx: TestContext,
  options: {
    companySettings?: Record<string, boolean>;
    surveySettings?: Record<string, boolean>;
    started?: boolean;
    endDate?: Date | null;
    baseSurveyId?: string | null;
    companyId?: string;
  } = {},
): Promise<Setup> {
  const companyId =
    options.companyId ??
    (
      await one<{ id: string }>(
        ctx,
        `INSERT INTO companies (name, industry_id, size_id, settings)
         VALUES ('Acme', 'ict', '1-49', $1) RETURNING id`,
        [options.companySettings ?? {}] as unknown as string[],
      )
    ).id;
  const unit = await one<{ id: string }>(
    ctx,
    `INSERT INTO units (company_id, index, name) VALUES ($1, 1, $2) RETURNING id`,
    [companyId, `Unit ${Math.random().toString(36).slice(2, 8)}`],
  );
  const survey = await one<{ id: string }>(
    ctx,
    `INSERT INTO surveys (company_id, name, short_name, base_survey_id, settings, invites_sent_at,
       end_date, end_message)
     VALUES ($1, 'Wellbeing 2026', 'W', $2, $3, $4, $5, 'Thank you, see you next year') RETURNING id`,
    [
      companyId,
      options.baseSurveyId ?? null,
      options.surveySettings ?? {},
      options.started === false ? null : new Date(),
      options.endDate ?? null,
    ] as unknown as string[],
  );
  return { companyId, surveyId: survey.id, unitId: unit.id };
}

/** An invited (unless said) participant of the survey in the unit; returns id and token. */
async function participant(
  ctx: TestContext,
  s: Setup,
  options: { invited?: boolean; email?: string; language?: string } = {},
): Promise<{ id: string; token: string; email: string }> {
  const email = options.email ?? `p${Math.random().toString(36).slice(2, 10)}@example.test`;
  const row = await one<{ id: string; token: string }>(
    ctx,
    `INSERT INTO participants (survey_id, email, first_name, last_name, language_code, pin_code,
       unit_ids, invited_at)
     VALUES ($1, $2, 'Aino', 'Lahtinen', $3, '24680', ARRAY[$4]::uuid[], $5)
     RETURNING id, access_token AS token`,
    [
      s.surveyId,
      email,
      options.language ?? 'fi-FI',
      s.unitId,
      options.invited === false ? null : new Date(),
    ] as unknown as string[],
  );
  return { ...row, email };
}

const IMPORTANT = [2, 3, 5, 8, 13, 17, 21, 22, 29, 31];

/** Complete answers: criterion c realized at c + 40, so the L-index is the mean of IMPORTANT + 40. */
function fullAnswers(overrides: Partial<Answers> = {}): Answers {
  return {
    background: {
      age: '35-44',
      gender: 'female',
      employmentDuration: '3-5',
      education: 'master',
      position: 'expert',
      contractType: 'permanent',
      workingHours: 'full-time',
    },
    important: IMPORTANT,
    realizations: Array.from({ length: 30 }, (_, i) => ({ criterionId: i + 2, value: i + 42 })),
    satisfaction: 81,
    enps: 9,
    changeJob: false,
    comments: [
      { criterionId: 5, type: 'positive', text: 'Tiimissä on hyvä henki.' },
      { criterionId: 99, type: 'negative', text: 'Kahvikone on rikki.' },
    ],
    trend: [],
    ...overrides,
  };
}

const expectedLindex = IMPORTANT.reduce((sum, c) => sum + c + 40, 0) / 10;

describeEachDb('questionnaire: opening, drafts and finishing through the link', (ctx) => {
  const http = () => ctx().http();

  it('the invitation link carries a token that opens the questionnaire with what the survey asks', async () => {
    const s = await setup(ctx(), {
      companySettings: { showBackgroundEducation: false },
      surveySettings: { showBackgroundWorkingHours: false },
      started: false,
    });
    await one(
      ctx(),
      `INSERT INTO participants (survey_id, email, first_name, last_name, language_code)
       VALUES ($1, 'linked@example.test', 'Aino', 'L', 'sv') RETURNING id`,
      [s.surveyId],
    );
    const admin = await ctx().createUser({ role: 'Admin' });
    const login = await http().post('/account/login').send(admin);
    const invite = await http()
      .post(`/surveys/invite/${s.surveyId}`)
      .set('Authorization', `Bearer ${login.body.token as string}`);
    expect(invite.body).toMatchObject({ kind: 'invitation', total: 1 });
    const link = linkIn(await ctx().mailTo('linked@example.test'), '/survey/');
    const token = link.searchParams.get('token') ?? '';
    expect(link.pathname).toBe(`/survey/${s.surveyId}`);
    expect(link.searchParams.get('pin')).toBeNull();

    const res = await http().post('/questionnaire/open').send({ token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      status: 'open',
      surveyId: s.surveyId,
      surveyName: 'Wellbeing 2026',
      languageCode: 'sv',
      answers: null,
      savedAt: null,
    });
    const questions = res.body.questions as {
      background: { key: string; options: string[] }[];
      criteria: number[];
      trend: unknown;
      importantCount: number;
    };
    // Education is off for the company, working hours off for this survey.
    expect(questions.background.map((b) => b.key)).toEqual([
      'age',
      'gender',
      'employmentDuration',
      'position',
      'contractType',
    ]);
    expect(questions.background[0]?.options).toEqual(['<25', '25-34', '35-44', '45-54', '55+']);
    expect(questions.criteria).toHaveLength(30);
    expect(questions.importantCount).toBe(10);
    expect(questions.trend).toBeNull();
  });

  it('refuses an unknown or malformed token without saying more', async () => {
    const unknown = await http()
      .post('/questionnaire/open')
      .send({ token: 'a'.repeat(64) });
    expect(unknown.status).toBe(404);
    const malformed = await http().post('/questionnaire/open').send({ token: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ field: 'token', message: 'validation.invalid' }]);
  });

  it('saves a draft that never becomes a response, and the link continues from it', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s);
    const half = {
      background: { age: '25-34' },
      important: [2, 3, 4],
      realizations: [{ criterionId: 2, value: 70 }],
      comments: [{ criterionId: 4, type: 'neutral', text: 'Esimies on ' }],
    };
    const saved = await http()
      .put('/questionnaire/draft')
      .send({ token: p.token, answers: half, languageCode: 'en-US' });
    expect(saved.status).toBe(200);
    expect(Date.parse(saved.body.savedAt as string)).not.toBeNaN();

    const responses = await ctx().db.query('SELECT 1 FROM responses WHERE participant_id = $1', [
      p.id,
    ]);
    expect(responses).toHaveLength(0);
    const [participantRow] = await ctx().db.query<{ finished_at: Date | null }>(
      'SELECT finished_at FROM participants WHERE id = $1',
      [p.id],
    );
    expect(participantRow?.finished_at).toBeNull();

    const again = await http().post('/questionnaire/open').send({ token: p.token });
    expect(again.body.status).toBe('open');
    expect(again.body.languageCode).toBe('en-US');
    expect(again.body.savedAt).toBe(saved.body.savedAt);
    expect(again.body.answers).toEqual({
      background: { age: '25-34' },
      important: [2, 3, 4],
      realizations: [{ criterionId: 2, value: 70 }],
      satisfaction: null,
      enps: null,
      changeJob: null,
      comments: [{ criterionId: 4, type: 'neutral', text: 'Esimies on ' }],
      trend: [],
    });
  });

  it('refuses a draft with invalid values, naming each field', async () => {
    const s = await setup(ctx(), { companySettings: { showBackgroundGender: false } });
    const p = await participant(ctx(), s);
    const res = await http()
      .put('/questionnaire/draft')
      .send({
        token: p.token,
        answers: {
          background: { gender: 'female', age: 'old' },
          important: [2, 2],
          realizations: [{ criterionId: 7, value: 101 }],
          enps: 11,
        },
      });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'background.gender', message: 'questionnaire.errors.notAsked' },
      { field: 'background.age', message: 'questionnaire.errors.invalidValue' },
      { field: 'important', message: 'questionnaire.errors.duplicate' },
      { field: 'realizations.7', message: 'questionnaire.errors.outOfRange' },
      { field: 'enps', message: 'questionnaire.errors.outOfRange' },
    ]);
  });

  it('finishing checks everything on the server and writes nothing when something is wrong', async () => {
    const s = await setup(ctx(), { companySettings: { showBackgroundAge: false } });
    const p = await participant(ctx(), s);
    const answers = fullAnswers({
      important: IMPORTANT.slice(0, 9),
      realizations: fullAnswers().realizations.slice(1),
      satisfaction: null,
      comments: [
        { criterionId: 1, type: 'positive', text: 'No such criterion' },
        { criterionId: 6, type: 'negative', text: 'x'.repeat(2001) },
      ],
    });
    const res = await http().post('/questionnaire/finish').send({ token: p.token, answers });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'background.age', message: 'questionnaire.errors.notAsked' },
      { field: 'important', message: 'questionnaire.errors.importantCount' },
      { field: 'realizations.2', message: 'questionnaire.errors.required' },
      { field: 'satisfaction', message: 'questionnaire.errors.required' },
      { field: 'comments.0.criterionId', message: 'questionnaire.errors.unknownCriterion' },
      { field: 'comments.1.text', message: 'questionnaire.errors.commentTooLong' },
    ]);
    const written = await ctx().db.query(
      `SELECT 1 FROM responses WHERE participant_id = $1
       UNION ALL SELECT 1 FROM participants WHERE id = $1 AND finished_at IS NOT NULL`,
      [p.id],
    );
    expect(written).toHaveLength(0);
  });

  it('finishing writes the response with the units at that moment, comments and L-index, and emails the report', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s, { email: 'finisher@example.test' });
    const res = await http()
      .post('/questionnaire/finish')
      .send({ token: p.token, answers: fullAnswers(), languageCode: 'fi-FI' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'answered', endMessage: 'Thank you, see you next year' });

    const response = await one<{
      unitIds: string[];
      important: number[];
      realizations: number[];
      lindex: number;
      satisfaction: number;
      enps: number;
      changeJob: boolean;
      age: string;
      finished: boolean;
    }>(
      ctx(),
      `SELECT unit_ids::text[] AS "unitIds", important::int[] AS important,
         realizations::int[] AS realizations, lindex, satisfaction, enps, change_job AS "changeJob",
         age, finished_at IS NOT NULL AS finished
       FROM responses WHERE participant_id = $1`,
      [p.id],
    );
    expect(response).toMatchObject({
      unitIds: [s.unitId],
      important: IMPORTANT,
      satisfaction: 81,
      enps: 9,
      changeJob: false,
      age: '35-44',
      finished: true,
    });
    expect(response.realizations[0]).toBe(42);
    expect(response.realizations[29]).toBe(71);
    expect(response.lindex).toBeCloseTo(expectedLindex, 4);
    const comments = await ctx().db.query<{ criterion_id: number; type: string; text: string }>(
      `SELECT criterion_id, type, text, language_code FROM comments WHERE participant_id = $1
       ORDER BY criterion_id`,
      [p.id],
    );
    expect(comments).toEqual([
      {
        criterion_id: 5,
        type: 'positive',
        text: 'Tiimissä on hyvä henki.',
        language_code: 'fi-FI',
      },
      { criterion_id: 99, type: 'negative', text: 'Kahvikone on rikki.', language_code: 'fi-FI' },
    ]);
    const drafts = await ctx().db.query(
      'SELECT 1 FROM questionnaire_drafts WHERE participant_id = $1',
      [p.id],
    );
    expect(drafts).toHaveLength(0);

    const mail = await ctx().mailTo('finisher@example.test');
    expect(mail.text).not.toMatch(/L-index/i);
    expect(mail.text).toContain('Wellbeing 2026');

    // The link now says it was answered, and nothing can change through it.
    const open = await http().post('/questionnaire/open').send({ token: p.token });
    expect(open.body).toMatchObject({ status: 'answered', questions: null, answers: null });
    const late = await http()
      .put('/questionnaire/draft')
      .send({ token: p.token, answers: { enps: 0 } });
    expect(late.status).toBe(409);
    expect(late.body.errors).toEqual([{ field: 'status', message: 'answered' }]);
    const twice = await http()
      .post('/questionnaire/finish')
      .send({ token: p.token, answers: fullAnswers({ enps: 0 }) });
    expect(twice.status).toBe(409);
    const [still] = await ctx().db.query<{ enps: number }>(
      'SELECT enps FROM responses WHERE participant_id = $1',
      [p.id],
    );
    expect(still?.enps).toBe(9);
  });

  it('two finishes of one link at the same moment write one response; the other is refused', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s);
    const finish = () =>
      http().post('/questionnaire/finish').send({ token: p.token, answers: fullAnswers() });
    const statuses = (await Promise.all([finish(), finish(), finish()])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409, 409]);
    const counts = await one<{ responses: number; comments: number }>(
      ctx(),
      `SELECT (SELECT count(*) FROM responses WHERE participant_id = $1)::int AS responses,
         (SELECT count(*) FROM comments WHERE participant_id = $1)::int AS comments`,
      [p.id],
    );
    expect(counts).toEqual({ responses: 1, comments: 2 });
  });

  it('sends no participation report when the company turned sendEmailAfterSurvey off', async () => {
    const s = await setup(ctx(), { companySettings: { sendEmailAfterSurvey: false } });
    const p = await participant(ctx(), s, { email: 'quiet@example.test' });
    const other = await setup(ctx());
    const q = await participant(ctx(), other, { email: 'loud@example.test' });
    await http().post('/questionnaire/finish').send({ token: p.token, answers: fullAnswers() });
    await http().post('/questionnaire/finish').send({ token: q.token, answers: fullAnswers() });
    await ctx().mailTo('loud@example.test');
    await ctx().mailer.idle();
    const messages = await ctx().mail.messages();
    expect(messages.some((m) => m.to.includes('quiet@example.test'))).toBe(false);
  });

  it('a link seen a moment ago still saves only while open, and what is asked now counts', async () => {
    const s = await setup(ctx(), { companySettings: { showBackgroundEducation: false } });
    const p = await participant(ctx(), s);
    const opened = await http().post('/questionnaire/open').send({ token: p.token });
    expect(opened.body.questions.background.map((b: { key: string }) => b.key)).not.toContain(
      'education',
    );
    // The Admin starts asking education: the next save may answer it.
    await ctx().db.query(
      `UPDATE companies SET settings = '{"showBackgroundEducation": true}' WHERE id = $1`,
      [s.companyId],
    );
    const withEducation = await http()
      .put('/questionnaire/draft')
      .send({ token: p.token, answers: { background: { education: 'master' } } });
    expect(withEducation.status).toBe(200);
    // The survey ends: the same link saves nothing more.
    await ctx().db.query(
      `UPDATE surveys SET end_date = now() - interval '1 minute' WHERE id = $1`,
      [s.surveyId],
    );
    const late = await http()
      .put('/questionnaire/draft')
      .send({ token: p.token, answers: { important: [2] } });
    expect(late.status).toBe(409);
    expect(late.body.errors).toEqual([{ field: 'status', message: 'ended' }]);
    const [draft] = await ctx().db.query<{ answers: Answers }>(
      'SELECT answers FROM questionnaire_drafts WHERE participant_id = $1',
      [p.id],
    );
    expect(draft?.answers.important).toEqual([]);
  });

  it('says when the survey has not started, has ended, or the person was not invited', async () => {
    const notStarted = await participant(ctx(), await setup(ctx(), { started: false }), {
      invited: false,
    });
    const ended = await participant(
      ctx(),
      await setup(ctx(), { endDate: new Date(Date.now() - 60_000) }),
    );
    const notInvited = await participant(ctx(), await setup(ctx()), { invited: false });
    for (const [p, status] of [
      [notStarted, 'notStarted'],
      [ended, 'ended'],
      [notInvited, 'notInvited'],
    ] as const) {
      const open = await http().post('/questionnaire/open').send({ token: p.token });
      expect(open.body).toMatchObject({ status, questions: null, answers: null });
      const save = await http().put('/questionnaire/draft').send({ token: p.token, answers: {} });
      expect(save.status).toBe(409);
      expect(save.body.errors).toEqual([{ field: 'status', message: status }]);
    }
  });

  it('a trend survey asks, for each important criterion, whether it got better since the base survey', async () => {
    const base = await setup(ctx(), { endDate: new Date('2025-06-01') });
    const s = await setup(ctx(), { baseSurveyId: base.surveyId, companyId: base.companyId });
    const p = await participant(ctx(), s);
    const open = await http().post('/questionnaire/open').send({ token: p.token });
    expect(open.body.questions.trend).toEqual({ baseSurveyName: 'Wellbeing 2026' });

    const missing = await http()
      .post('/questionnaire/finish')
      .send({
        token: p.token,
        answers: fullAnswers({ trend: [{ criterionId: 4, change: 'better' }] }),
      });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual({
      field: 'trend.4',
      message: 'questionnaire.errors.trendNotImportant',
    });
    expect(missing.body.errors).toContainEqual({
      field: 'trend.2',
      message: 'questionnaire.errors.required',
    });

    const trend = IMPORTANT.map((criterionId, i) => ({
      criterionId,
      change:
        i % 3 === 0 ? ('better' as const) : i % 3 === 1 ? ('same' as const) : ('worse' as const),
    }));
    const done = await http()
      .post('/questionnaire/finish')
      .send({ token: p.token, answers: fullAnswers({ trend }) });
    expect(done.status).toBe(200);
    const stored = await ctx().db.query<{ criterion_id: number; change: string }>(
      'SELECT criterion_id, change FROM trend_answers WHERE participant_id = $1 ORDER BY criterion_id',
      [p.id],
    );
    expect(stored).toEqual(trend.map((t) => ({ criterion_id: t.criterionId, change: t.change })));

    // A survey without a base survey refuses trend answers.
    const plain = await participant(ctx(), await setup(ctx()));
    const refused = await http()
      .put('/questionnaire/draft')
      .send({ token: plain.token, answers: { trend: [{ criterionId: 2, change: 'same' }] } });
    expect(refused.body.errors).toEqual([
      { field: 'trend', message: 'questionnaire.errors.notAsked' },
    ]);
  });

  it('after a reopen the link continues from the stored answers; a released answer stays as it was', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s);
    await http().post('/questionnaire/finish').send({ token: p.token, answers: fullAnswers() });
    // Released to the reports (a batch of the reports' release step, docs/anonymity.md).
    await ctx().db.query('UPDATE responses SET release = 1 WHERE participant_id = $1', [p.id]);
    const admin = await ctx().createUser({ role: 'Admin' });
    const login = await http().post('/account/login').send(admin);
    const reopen = await http()
      .post(`/participations/reopen/${p.id}`)
      .set('Authorization', `Bearer ${login.body.token as string}`);
    expect(reopen.status).toBe(200);

    const open = await http().post('/questionnaire/open').send({ token: p.token });
    expect(open.body.status).toBe('open');
    expect(open.body.answers).toEqual({
      ...fullAnswers(),
      comments: [
        { criterionId: 5, type: 'positive', text: 'Tiimissä on hyvä henki.' },
        { criterionId: 99, type: 'negative', text: 'Kahvikone on rikki.' },
      ],
    });

    // The person moves to another unit, then finishes again with other answers.
    const moved = await one<{ id: string }>(
      ctx(),
      `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'Moved') RETURNING id`,
      [s.companyId],
    );
    await ctx().db.query('UPDATE participants SET unit_ids = ARRAY[$2]::uuid[] WHERE id = $1', [
      p.id,
      moved.id,
    ]);
    const changed = fullAnswers({
      enps: 3,
      comments: [{ criterionId: 12, type: 'negative', text: 'Tieto kulkee huonosti.' }],
    });
    const again = await http()
      .post('/questionnaire/finish')
      .send({ token: p.token, answers: changed });
    expect(again.status).toBe(200);
    const before = await one<{ enps: number; unitIds: string[] }>(
      ctx(),
      'SELECT enps, unit_ids::text[] AS "unitIds" FROM responses WHERE participant_id = $1',
      [p.id],
    );
    expect(before).toEqual({ enps: 9, unitIds: [s.unitId] });
    expect((await http().post('/questionnaire/open').send({ token: p.token })).body.status).toBe(
      'answered',
    );

    expect(await applyPendingAnswers(ctx().db, s.surveyId)).toEqual([p.id]);
    const after = await one<{ enps: number; unitIds: string[]; finished: boolean }>(
      ctx(),
      `SELECT enps, unit_ids::text[] AS "unitIds", finished_at IS NOT NULL AS finished
       FROM responses WHERE participant_id = $1`,
      [p.id],
    );
    expect(after).toEqual({ enps: 3, unitIds: [moved.id], finished: true });
    const comments = await ctx().db.query<{ text: string }>(
      'SELECT text FROM comments WHERE participant_id = $1',
      [p.id],
    );
    expect(comments).toEqual([{ text: 'Tieto kulkee huonosti.' }]);
    expect(await applyPendingAnswers(ctx().db, s.surveyId)).toEqual([]);
  });
});

describeEachDb('questionnaire: the PIN as a short code', (ctx) => {
  // The client addresses come through X-Forwarded-For, which the API believes from loopback
  // (TRUST_PROXY's default), as the gateway sends it.
  const pinFrom = (address: string, body: object) =>
    ctx().http().post('/questionnaire/pin').set('X-Forwarded-For', address).send(body);

  it('exchanges the email and PIN for the token, whatever the case of the email', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s, { email: 'Typed@Example.test' });
    const right = await pinFrom('198.51.100.1', {
      surveyId: s.surveyId,
      email: 'typed@example.test',
      pin: '24680',
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ token: p.token });
    const badFormat = await pinFrom('198.51.100.1', {
      surveyId: s.surveyId,
      email: p.email,
      pin: '1',
    });
    expect(badFormat.body.errors).toEqual([{ field: 'pin', message: 'participants.pinFormat' }]);
  });

  it('leaves the real participant their PIN after 25 wrong tries with made-up emails', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s);
    // 25 made-up emails from 25 addresses (a botnet), and 25 more from one address.
    for (let i = 0; i < 25; i += 1) {
      const wrong = await pinFrom(`203.0.113.${i + 1}`, {
        surveyId: s.surveyId,
        email: `nobody${i}@example.test`,
        pin: '13579',
      });
      expect(wrong.status).toBe(404);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const wrong = await pinFrom('192.0.2.7', {
        surveyId: s.surveyId,
        email: `stranger${i}@example.test`,
        pin: '13579',
      });
      statuses.push(wrong.status);
    }
    // PIN_WRONG_TRIES_PER_ADDRESS (20): that one address is refused after its 20th wrong try.
    expect(statuses.filter((status) => status === 404)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);

    const right = await pinFrom('198.51.100.2', {
      surveyId: s.surveyId,
      email: p.email,
      pin: '24680',
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ token: p.token });
  });

  it('blocks one invitation after 5 wrong tries, not its survey', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s);
    const other = await participant(ctx(), s);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await pinFrom(`203.0.113.${i + 1}`, {
        surveyId: s.surveyId,
        email: p.email,
        pin: `1111${i}`,
      });
      expect(wrong.status).toBe(404);
    }
    // The right PIN, from an address with no wrong tries: that invitation's PIN no longer works.
    const blocked = await pinFrom('198.51.100.3', {
      surveyId: s.surveyId,
      email: p.email,
      pin: '24680',
    });
    expect(blocked.status).toBe(404);
    // Another participant of the survey is not touched.
    const unaffected = await pinFrom('198.51.100.3', {
      surveyId: s.surveyId,
      email: other.email,
      pin: '24680',
    });
    expect(unaffected.body).toEqual({ token: other.token });

    // The participants feature's tests show the Admin seeing it and a new PIN unblocking it.
  });
});

describeEachDb('questionnaire: the token stays out of the logs', (ctx) => {
  it('logs every request without the participation token', async () => {
    const s = await setup(ctx());
    const p = await participant(ctx(), s);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = createApp({
      db: ctx().db,
      mailer: ctx().mailer,
      outbox: ctx().outbox,
      config: parseConfig({
        NODE_ENV: 'test',
        DATA_DIR: 'memory',
        WEB_URL: 'http://web.test',
        LOG_LEVEL: 'info',
      }),
      logger: pino({ level: 'info' }, sink),
    });
    const http = () => supertest(app);
    await http().post('/questionnaire/open').send({ token: p.token }).expect(200);
    await http()
      .put('/questionnaire/draft')
      .send({ token: p.token, answers: { enps: 99 } })
      .expect(400);
    await http().post('/questionnaire/finish').send({ token: p.token, answers: fullAnswers() });
    await http().put('/questionnaire/draft').send({ token: p.token, answers: {} }).expect(409);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.join('\n')).not.toContain(p.token);
  });
});
