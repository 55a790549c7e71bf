import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEachDb, type TestContext } from '../../test/harness.js';
import { toggleHidden } from '../comments/queries.js';
import { BUILD_QUEUE } from './search/jobs.js';
import {
  company,
  dropSchema,
  respond,
  startAiApp,
  survey,
  tokenFor,
  unit,
  type AiApp,
} from '../../test/ai-fixtures.js';

const TEXTS = [
  'Esihenkilö ei kuuntele eikä anna palautetta työstä.',
  'Palkka on liian pieni suhteessa vaatimuksiin.',
  'Chefen lyssnar inte och ger aldrig feedback.',
  'Työkaverit auttavat aina ja ilmapiiri on hyvä.',
  'Esihenkilöt eivät kuuntele meitä koskaan.',
  'Our manager never listens to feedback.',
];

/** The trend survey's comments: on the same topics, in words of their own. */
const TREND_TEXTS = [
  'Esihenkilö ei vieläkään kuuntele tiimin ehdotuksia.',
  'Palkankorotukset jäivät taas pieniksi.',
  'Uusi johtaja ei vastaa viesteihin.',
  'Projektit ovat hyvin järjestettyjä.',
  'Kukaan ei kuuntele työntekijöitä.',
  'Nobody listens when we raise problems.',
];

interface World {
  companyId: string;
  surveyId: string;
  unitA: string;
  unitB: string;
  visible: string[];
  hidden: string;
  smallUnitComment: string;
}

/** Six people in unit A with a comment each (one hidden extra), two in unit B (a small group), five
 * in a third unit. */
async function world(
  ctx: TestContext,
  settings: object = {},
  companySettings: object = {},
): Promise<World> {
  const companyId = await company(ctx, companySettings);
  const unitA = await unit(ctx, companyId, 'Sales');
  const unitB = await unit(ctx, companyId, 'Tiny');
  const surveyId = await survey(ctx, companyId, settings);
  const visible: string[] = [];
  let hidden = '';
  for (const [i, text] of TEXTS.entries()) {
    const ids = await respond(ctx, surveyId, companyId, {
      units: [unitA],
      comments: [
        { text, type: i === 3 ? 'positive' : 'negative', criterion: i === 1 ? 5 : 2 },
        ...(i === 0 ? [{ text: 'Piilotettu kommentti esihenkilöstä.', hidden: true }] : []),
      ],
    });
    visible.push(ids[0] as string);
    if (i === 0) hidden = ids[1] as string;
  }
  // Five in a third unit without comments: the two of Tiny share its anonymity cell
  // (docs/anonymity.md), so Sales stays a cell of its own and its comments can be shown.
  const support = await unit(ctx, companyId, 'Support');
  for (let i = 0; i < 5; i++)
    await respond(ctx, surveyId, companyId, { units: [support], comments: [] });
  let smallUnitComment = '';
  for (let i = 0; i < 2; i++) {
    const ids = await respond(ctx, surveyId, companyId, {
      units: [unitB],
      comments: [{ text: `Pienen yksikön esihenkilö ${i} ei kuuntele.` }],
    });
    smallUnitComment = ids[0] as string;
  }
  return { companyId, surveyId, unitA, unitB, visible, hidden, smallUnitComment };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function waitForIndex(api: AiApp, token: string, surveyId: string, attempts = 100) {
  for (let i = 0; i < attempts; i++) {
    const res = await api.http().get('/searchindex/status').query({ surveyId }).set(bearer(token));
    if (res.body.status === 'ready' || res.body.status === 'failed')
      return res.body as { status: string; done: number; total: number; progress: number };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('index not built in time');
}

describeEachDb('AI with the embedded engine', (ctx) => {
  // An inner block, so its afterAll stops the queue before the harness closes the database.
  describe('calls', () => calls(ctx));
});

function calls(ctx: () => TestContext) {
  let api: AiApp;
  let w: World;
  let admin: string;
  beforeAll(async () => {
    api = await startAiApp(ctx());
    w = await world(ctx());
    admin = await tokenFor(ctx(), 'Admin');
  });
  afterAll(async () => {
    await api.close();
    await dropSchema(ctx(), api.schema);
  });

  const post = (path: string, token: string, body: object) =>
    api.http().post(path).set(bearer(token)).send(body);

  it('summarises chosen comments extractively, says so, and serves the repeat from the cache', async () => {
    const body = { surveyId: w.surveyId, commentIds: w.visible, languageCode: 'fi-FI' };
    const first = await post('/summary/summarization/comments', admin, body);
    expect(first.status).toBe(200);
    expect(first.body.produced).toEqual({
      engine: 'embedded',
      method: 'extractive-mmr',
      model: null,
    });
    expect(first.body.openCommentAmount).toBe(6);
    expect(first.body.response).toContain('Poimiva yhteenveto');
    // Quoted comments are real comments of the set, verbatim.
    for (const id of first.body.commentIds as string[]) expect(w.visible).toContain(id);
    const again = await post('/summary/summarization/comments', admin, body);
    expect(again.body).toMatchObject({ cached: true, response: first.body.response });
  });

  it('refuses a hidden comment and a comment of a small group as not visible', async () => {
    for (const id of [w.hidden]) {
      const res = await post('/summary/summarization/comments', admin, {
        surveyId: w.surveyId,
        commentIds: [w.visible[0], id],
        languageCode: 'fi',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'commentIds', message: 'ai.comments.notVisible' }]);
    }
  });

  it('follows the summarisation and translation settings per role', async () => {
    const user = await tokenFor(ctx(), 'User', w.companyId);
    const manager = await tokenFor(ctx(), 'SuperUser', w.companyId);
    const body = { surveyId: w.surveyId, commentIds: [w.visible[0]], languageCode: 'en' };
    expect((await post('/summary/summarization/comments', user, body)).status).toBe(403);
    expect((await post('/translate/comments', manager, body)).status).toBe(403);
    const allowed = await world(ctx(), {
      showAiSummarizationUser: true,
      showAiTranslationManager: true,
    });
    const userOfAllowed = await tokenFor(ctx(), 'User', allowed.companyId);
    const managerOfAllowed = await tokenFor(ctx(), 'SuperUser', allowed.companyId);
    const allowedBody = {
      surveyId: allowed.surveyId,
      commentIds: [allowed.visible[0]],
      languageCode: 'en',
    };
    expect((await post('/summary/summarization/comments', userOfAllowed, allowedBody)).status).toBe(
      200,
    );
    expect((await post('/translate/comments', userOfAllowed, allowedBody)).status).toBe(403);
    expect((await post('/translate/comments', managerOfAllowed, allowedBody)).status).toBe(200);
    // Another company's survey stays out of reach whatever the settings.
    const outsider = await tokenFor(ctx(), 'SuperUser', w.companyId);
    expect((await post('/translate/comments', outsider, allowedBody)).status).toBe(403);
  });

  it('does not pretend to translate, and refuses Sami by name', async () => {
    const res = await post('/translate/comments', admin, {
      surveyId: w.surveyId,
      commentIds: [w.visible[2]],
      languageCode: 'en-US',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual([
      expect.objectContaining({
        commentId: w.visible[2],
        translatedText: null,
        originalText: TEXTS[2],
        originalTextLanguage: 'sv',
      }),
    ]);
    expect(res.body.message).toMatch(/needs a configured model/);
    const sami = await post('/translate/comments', admin, {
      surveyId: w.surveyId,
      commentIds: [w.visible[0]],
      languageCode: 'sme',
    });
    expect(sami.status).toBe(400);
    expect(sami.body).toMatchObject({
      detail: 'unsupported-language',
      errors: [{ field: 'languageCode', message: 'ai.translate.unsupportedLanguage.sme' }],
    });
  });

  it('keeps the playground summaries to Admin and summarises one factor and the whole type', async () => {
    const manager = await tokenFor(ctx(), 'SuperUser', w.companyId);
    const factor = {
      surveyId: w.surveyId,
      observationFactorId: 2,
      openAnswerType: 2,
      languageCode: 'en',
    };
    expect((await post('/summary/openai', manager, factor)).status).toBe(403);
    const one = await post('/summary/openai', admin, factor);
    expect(one.status).toBe(200);
    // Criterion 2, negative: four of unit A and two of unit B (the hidden one is out).
    expect(one.body.openCommentAmount).toBe(6);
    const full = await post('/summary/openai/full-summary', admin, {
      surveyId: w.surveyId,
      openAnswerType: 2,
      languageCode: 'en',
    });
    expect(full.status).toBe(200);
    expect(full.body.observationFactorsUsed).toEqual([2, 5]);
    expect(full.body.openCommentAmount).toBe(7);
    const bad = await post('/summary/openai', admin, { ...factor, observationFactorId: 1 });
    expect(bad.status).toBe(400);
  });

  it('answers 404 without an index, builds one as a job with progress, searches, and deletes it', async () => {
    const search = { surveyId: w.surveyId, searchQuery: 'esihenkilö kuuntele' };
    expect((await post('/searchindex/search', admin, search)).status).toBe(404);
    const manager = await tokenFor(ctx(), 'SuperUser', w.companyId);
    expect(
      (await post('/searchindex/create-index', manager, { baseSurveyId: w.surveyId })).status,
    ).toBe(403);
    const created = await post('/searchindex/create-index', admin, { baseSurveyId: w.surveyId });
    expect(created.status).toBe(202);
    expect(created.body.index).toMatchObject({ status: 'queued', total: 8, done: 0 });
    const built = await waitForIndex(api, admin, w.surveyId);
    expect(built).toMatchObject({ status: 'ready', done: 8, total: 8, progress: 1 });

    const res = await post('/searchindex/search', admin, search);
    expect(res.status).toBe(200);
    const ids = (res.body.commentsUsed as { id: string }[]).map((c) => c.id);
    // The comments about a manager who does not listen come first; the pay comment does not.
    expect(ids.slice(0, 4)).toEqual(expect.arrayContaining([w.visible[0], w.visible[4]]));
    expect(ids.slice(0, 4)).not.toContain(w.visible[1]);
    // The hidden comment is in no answer; the small unit's are (its group is not filtered here,
    // the whole survey is over the threshold).
    expect(ids).not.toContain(w.hidden);
    expect(res.body.produced).toMatchObject({ engine: 'embedded', model: null });
    expect(res.body.produced.method).toContain('bm25+hashed-char-ngrams-rrf');
    expect(res.body.usedSearch).toBe('hybrid');
    expect(res.body.followUpQuestions.length).toBeGreaterThan(0);

    const deleted = await api
      .http()
      .delete('/searchindex/delete-index')
      .query({ surveyId: w.surveyId })
      .set(bearer(admin));
    expect(deleted.status).toBe(200);
    expect((await post('/searchindex/search', admin, search)).status).toBe(404);
  });

  it('checks the query, amount and threshold limits', async () => {
    await post('/searchindex/create-index', admin, { baseSurveyId: w.surveyId });
    await waitForIndex(api, admin, w.surveyId);
    const short = await post('/searchindex/search', admin, {
      surveyId: w.surveyId,
      searchQuery: 'abc',
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'searchQuery', message: 'ai.search.minLength' }]);
    const long = await post('/searchindex/search', admin, {
      surveyId: w.surveyId,
      searchQuery: 'a'.repeat(1001),
    });
    expect(long.body.errors).toEqual([{ field: 'searchQuery', message: 'ai.search.maxLength' }]);
    // Amount 1 gives one comment; 0 becomes 50 (all 8 visible here); thresholds clamp, not fail.
    const one = await post('/searchindex/search', admin, {
      surveyId: w.surveyId,
      searchQuery: 'esihenkilö',
      amountToFetch: 1,
    });
    expect(one.body.commentsUsed).toHaveLength(1);
    const zero = await post('/searchindex/search', admin, {
      surveyId: w.surveyId,
      searchQuery: 'esihenkilö',
      amountToFetch: 0,
      similarityThreshold: 0,
    });
    expect(zero.status).toBe(200);
    expect(zero.body.commentsUsed.length).toBeGreaterThan(1);
    const vectorOnly = await post('/searchindex/search', admin, {
      surveyId: w.surveyId,
      searchQuery: 'esihenkilö',
      isHybridSearchType: false,
      similarityThreshold: 5,
    });
    // 5 clamps to 0.9: only near-identical n-gram profiles pass.
    expect(vectorOnly.body.usedSearch).toBe('vector');
    expect(vectorOnly.body.commentsUsed.length).toBeLessThan(zero.body.commentsUsed.length);
  });

  it('searches only what the gate shows: unit limits and small groups', async () => {
    const limited = await world(
      ctx(),
      { showAskKiddyManager: true },
      { restrictOpenCommentsByUnit: true },
    );
    await post('/searchindex/create-index', admin, { baseSurveyId: limited.surveyId });
    await waitForIndex(api, admin, limited.surveyId);
    const salesManager = await tokenFor(ctx(), 'SuperUser', limited.companyId, [limited.unitA]);
    const query = {
      surveyId: limited.surveyId,
      searchQuery: 'esihenkilö ei kuuntele',
      amountToFetch: 150,
    };
    const res = await post('/searchindex/search', salesManager, query);
    expect(res.status).toBe(200);
    const ids = (res.body.commentsUsed as { id: string }[]).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => limited.visible.includes(id))).toBe(true);
    // The two-person unit as a filter: the gate withholds it, so nothing is found.
    const tiny = await post('/searchindex/search', admin, {
      ...query,
      selectedUnits: [limited.unitB],
    });
    expect(tiny.status).toBe(200);
    expect(tiny.body.commentsUsed).toEqual([]);
    // ... and says the group is hidden, and why, not that nothing matched.
    expect(tiny.body.suppressedBecause).toBe('belowThreshold');
    expect(tiny.body.response).toMatch(/^Valittu ryhmä on piilotettu/);
    expect(tiny.body.response).not.toMatch(/ei löytynyt/);
    const english = await post('/searchindex/search', admin, {
      ...query,
      selectedUnits: [limited.unitB],
      languageCode: 'en',
    });
    expect(english.body.response).toMatch(/^The chosen group is hidden: fewer people answered/);
    // A shown group has no reason.
    expect(res.body.suppressedBecause).toBeNull();
    // Without the Ask setting a User is refused; agentic mode needs Admin or its setting.
    const user = await tokenFor(ctx(), 'User', limited.companyId);
    expect((await post('/searchindex/search', user, query)).status).toBe(403);
    expect(
      (await post('/searchindex/search', salesManager, { ...query, isAgenticMode: true })).status,
    ).toBe(403);
  });

  it('refuses agentic mode with the built-in engine, saying it needs a model', async () => {
    // An Admin of its own: the calls before used much of the shared one's minute allowance.
    const admin = await tokenFor(ctx(), 'Admin');
    await post('/searchindex/create-index', admin, { baseSurveyId: w.surveyId });
    await waitForIndex(api, admin, w.surveyId);
    const res = await post('/searchindex/search', admin, {
      surveyId: w.surveyId,
      searchQuery: 'esihenkilö ei kuuntele',
      isAgenticMode: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'isAgenticMode', message: 'ai.search.agenticNeedsModel' },
    ]);
    const capabilities = await api
      .http()
      .get('/ai/capabilities')
      .query({ surveyId: w.surveyId })
      .set(bearer(admin));
    expect(capabilities.body.agentic).toBe(false);
  });

  it('says only counted shares, and lets the earlier question narrow a follow-up', async () => {
    const admin = await tokenFor(ctx(), 'Admin');
    await post('/searchindex/create-index', admin, { baseSurveyId: w.surveyId });
    await waitForIndex(api, admin, w.surveyId);
    const ask = (body: object) =>
      post('/searchindex/search', admin, { surveyId: w.surveyId, languageCode: 'en', ...body });
    const res = await ask({ searchQuery: 'esihenkilö ei kuuntele', amountToFetch: 5 });
    expect(res.status).toBe(200);
    const used = res.body.commentsUsed as { description: string }[];
    const lines = (res.body.response as string).split('\n');
    expect(lines[0]).toBe(`The search found the ${used.length} comments closest to the question.`);
    // Each share is a count of the listed comments, and no uncounted "most" is said.
    const count = (name: string) => used.filter((c) => c.description === name).length;
    const shares = lines.filter((line) => / of the \d+ comments concerns? /.test(line));
    expect(shares.length).toBeGreaterThan(0);
    for (const line of shares) {
      const [, n, total, name] = /^(\d+) of the (\d+) comments concerns? (.*)\.$/.exec(line) ?? [];
      expect(Number(total)).toBe(used.length);
      expect(Number(n)).toBe(count(name ?? ''));
    }
    expect(res.body.response).not.toMatch(/most of them/i);
    // A follow-up: the thread's question ranks with it and the answer says so.
    // Two comments speak of feedback; the thread decides which comes first.
    const inThread = (previous: string) =>
      ask({ searchQuery: 'feedback', amountToFetch: 2, previousQuestions: [previous] });
    const swedish = await inThread('Chefen lyssnar inte');
    const english = await inThread('Does anyone listen to us?');
    expect(swedish.body.response).toContain(
      'Searched together with the earlier question “Chefen lyssnar inte”.',
    );
    const first = (r: typeof res) => (r.body.commentsUsed as { comment: string }[])[0]?.comment;
    expect(first(swedish)).toBe('Chefen lyssnar inte och ger aldrig feedback.');
    expect(first(english)).toBe('Our manager never listens to feedback.');
  });

  it("answers a User on a trend survey from its own comments when the base survey's are not theirs to read", async () => {
    const base = await world(ctx());
    // The base survey shows its comments to no User (no showOpenComments date, as the demo's 2024).
    await ctx().db.query('UPDATE surveys SET show_open_comments_from = NULL WHERE id = $1', [
      base.surveyId,
    ]);
    const trend = await survey(ctx(), base.companyId, { showAskKiddyUser: true }, base.surveyId);
    const own: string[] = [];
    // Texts of its own: a search keeps one hit per text, so the base survey's identical comments
    // would stand behind whichever of a pair ranked first.
    for (const [i, text] of TREND_TEXTS.entries())
      own.push(
        ...(await respond(ctx(), trend, base.companyId, {
          units: [base.unitA],
          comments: [{ text, type: i === 3 ? 'positive' : 'negative', criterion: 2 }],
        })),
      );
    await post('/searchindex/create-index', admin, { baseSurveyId: trend });
    await waitForIndex(api, admin, trend);
    const query = { surveyId: trend, searchQuery: 'esihenkilö ei kuuntele', amountToFetch: 150 };
    const user = await tokenFor(ctx(), 'User', base.companyId);
    const res = await post('/searchindex/search', user, query);
    expect(res.status).toBe(200);
    const ids = (res.body.commentsUsed as { id: string }[]).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => own.includes(id))).toBe(true);
    // The Admin reads both surveys: the base survey's comments are in the index and found.
    const all = await post('/searchindex/search', admin, query);
    const adminIds = (all.body.commentsUsed as { id: string }[]).map((c) => c.id);
    expect(adminIds.some((id) => base.visible.includes(id))).toBe(true);
  });

  it('keeps the decoded index between searches, yet a comment hidden since is gone at once', async () => {
    const fresh = await world(ctx());
    // An Admin of its own: the suite's Admin has used much of its 20 AI calls of the minute.
    const admin = await tokenFor(ctx(), 'Admin');
    await post('/searchindex/create-index', admin, { baseSurveyId: fresh.surveyId });
    await waitForIndex(api, admin, fresh.surveyId);
    const query = {
      surveyId: fresh.surveyId,
      searchQuery: 'esihenkilö ei kuuntele',
      amountToFetch: 150,
    };
    const found = async () => {
      const res = await post('/searchindex/search', admin, query);
      expect(res.status).toBe(200);
      return (res.body.commentsUsed as { id: string }[]).map((c) => c.id);
    };
    const target = fresh.visible[0] as string;
    const before = await found();
    expect(before).toContain(target);
    // A moderator hides the comment: the next search (same index, decoded in memory) leaves it out.
    await toggleHidden(ctx().db, fresh.surveyId, target);
    const hidden = await found();
    expect(hidden).not.toContain(target);
    expect(hidden).toHaveLength(before.length - 1);
    // Rebuilt while hidden, the index no longer holds it: shown again, it is not found until the
    // next build, which the following search uses (a new index version, not the decoded old one).
    await post('/searchindex/create-index', admin, { baseSurveyId: fresh.surveyId });
    await waitForIndex(api, admin, fresh.surveyId);
    await toggleHidden(ctx().db, fresh.surveyId, target);
    expect(await found()).not.toContain(target);
    await post('/searchindex/create-index', admin, { baseSurveyId: fresh.surveyId });
    await waitForIndex(api, admin, fresh.surveyId);
    expect(await found()).toContain(target);
  });

  it('sends nothing out with the embedded engine: the audit stays empty', async () => {
    const audit = await api.http().get('/ai/audit').set(bearer(admin));
    expect(audit.status).toBe(200);
    expect(audit.body).toEqual([]);
    const manager = await tokenFor(ctx(), 'SuperUser', w.companyId);
    expect((await api.http().get('/ai/audit').set(bearer(manager))).status).toBe(403);
  });
}

describeEachDb('AI search index builds survive a restart', (ctx) => {
  it('a build queued by one API process is done by the next', async () => {
    const w = await world(ctx());
    const admin = await tokenFor(ctx(), 'Admin');
    // The first process queues and stops before any worker runs.
    const first = await startAiApp(ctx(), {}, { work: false });
    const created = await first
      .http()
      .post('/searchindex/create-index')
      .set(bearer(admin))
      .send({ baseSurveyId: w.surveyId });
    expect(created.status).toBe(202);
    await first.close();
    const status = await ctx().db.query<{ status: string }>(
      'SELECT status FROM ai_search_indexes WHERE survey_id = $1',
      [w.surveyId],
    );
    expect(status[0]?.status).toBe('queued');
    // The next process, same queue, picks it up.
    const second = await startAiApp(ctx(), {}, { schema: first.schema });
    try {
      expect(await waitForIndex(second, admin, w.surveyId)).toMatchObject({
        status: 'ready',
        done: 8,
      });
    } finally {
      await second.close();
      await dropSchema(ctx(), first.schema);
    }
  });
});

describeEachDb('AI search index builds whose worker died', (ctx) => {
  it('are taken up again once the supervisor misses their heartbeat', async () => {
    const w = await world(ctx());
    const admin = await tokenFor(ctx(), 'Admin');
    const first = await startAiApp(ctx(), {}, { work: false });
    const created = await first
      .http()
      .post('/searchindex/create-index')
      .set(bearer(admin))
      .send({ baseSurveyId: w.surveyId });
    expect(created.status).toBe(202);
    // A worker claims the build and dies: the job stays active, and no heartbeat follows.
    const [claimed] = await first.jobs.boss.fetch(BUILD_QUEUE);
    expect(claimed).toBeDefined();
    await first.close();
    const [job] = await ctx().db.query<{ state: string }>(
      `SELECT state FROM ${first.schema}.job WHERE name = $1`,
      [BUILD_QUEUE],
    );
    expect(job?.state).toBe('active');
    // The next process's supervisor fails the silent attempt, and its worker builds the retry.
    const second = await startAiApp(
      ctx(),
      { JOBS_SUPERVISE_INTERVAL_SECONDS: 1, AI_BUILD_HEARTBEAT_SECONDS: 10 },
      { schema: first.schema },
    );
    try {
      expect(await waitForIndex(second, admin, w.surveyId, 300)).toMatchObject({
        status: 'ready',
        done: 8,
      });
      // The index says ready before pg-boss marks the job completed (after the handler returns).
      const attempts = async () =>
        ctx().db.query<{ retryCount: number; state: string }>(
          `SELECT retry_count AS "retryCount", state FROM ${first.schema}.job WHERE name = $1`,
          [BUILD_QUEUE],
        );
      for (let i = 0; i < 150 && (await attempts())[0]?.state === 'active'; i++)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await attempts()).toEqual([{ retryCount: 1, state: 'completed' }]);
    } finally {
      await second.close();
      await dropSchema(ctx(), first.schema);
    }
  }, 90_000);
});

describeEachDb('AI rate limit', (ctx) => {
  it('answers 429 once an account used its calls of the minute', async () => {
    const api = await startAiApp(ctx(), { AI_RATE_LIMIT_PER_MINUTE: 2 });
    try {
      const w = await world(ctx());
      const admin = await tokenFor(ctx(), 'Admin');
      const body = { surveyId: w.surveyId, commentIds: [w.visible[0]], languageCode: 'en' };
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await api.http().post('/translate/comments').set(bearer(admin)).send(body)).status,
        );
      expect(statuses).toEqual([200, 200, 429]);
      // Another account has its own allowance.
      const other = await tokenFor(ctx(), 'Admin');
      expect(
        (await api.http().post('/translate/comments').set(bearer(other)).send(body)).status,
      ).toBe(200);
    } finally {
      await api.close();
      await dropSchema(ctx(), api.schema);
    }
  });
});
