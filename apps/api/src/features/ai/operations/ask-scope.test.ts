import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthUser } from '../../../lib/auth.js';
import { createLogger } from '../../../lib/logger.js';
import { describeEachDb, type TestContext } from '../../../test/harness.js';
import {
  authUserFor,
  company,
  dropSchema,
  respond,
  startAiApp,
  survey,
  unit,
  type AiApp,
} from '../../../test/ai-fixtures.js';
import { reportsService } from '../../reports/index.js';
import { embeddedEngine } from '../engines/embedded/embedded-engine.js';
import { searchBody } from '../schemas.js';
import { aiService, type AiService } from '../service.js';

// The Ask search with the gate's comment scope kept per release (reports' comment-scope-ids.ts)
// and the index positions kept per gated id list (memory-index.ts positionsOf) against the former
// reads (the join on every search): the same hits, scores and answers, and what the gate hides
// stays hidden, a comment an Admin hides after the scope was kept included.

const TEXTS = [
  'Esihenkilö ei kuuntele eikä anna palautetta työstä.',
  'Palkka on liian pieni suhteessa vaatimuksiin.',
  'Chefen lyssnar inte och ger aldrig feedback.',
  'Työkaverit auttavat aina ja ilmapiiri on hyvä.',
  'Esihenkilöt eivät kuuntele meitä koskaan.',
  'Our manager never listens to feedback.',
  'Palkkausperusteet voisi avata selkeämmin.',
  'Kiire on jatkuvaa ja työtä on liikaa.',
];

const QUESTIONS = [
  'esihenkilö ei kuuntele',
  'Mitä mieltä ollaan palkoista?',
  'Is the workload too heavy?',
  'What do people say about their salaries?',
];

interface World {
  companyId: string;
  surveyId: string;
  sales: string;
  tiny: string;
  visible: string[];
  hidden: string;
}

async function world(ctx: TestContext): Promise<World> {
  const companyId = await company(ctx, { restrictOpenCommentsByUnit: true });
  const sales = await unit(ctx, companyId, 'Sales');
  const support = await unit(ctx, companyId, 'Support');
  const tiny = await unit(ctx, companyId, 'Tiny');
  const surveyId = await survey(ctx, companyId, { showAskKiddyManager: true });
  const visible: string[] = [];
  let hidden = '';
  for (const [i, text] of TEXTS.entries()) {
    const ids = await respond(ctx, surveyId, companyId, {
      units: [sales],
      comments: [
        { text, criterion: i === 1 || i === 6 ? 5 : 2 },
        ...(i === 0 ? [{ text: 'Piilotettu kommentti esihenkilöstä.', hidden: true }] : []),
      ],
    });
    visible.push(ids[0] as string);
    if (i === 0) hidden = ids[1] as string;
  }
  // Five in Support, about pay: found by the Admin, not by a SuperUser limited to Sales.
  for (let i = 0; i < 5; i++)
    await respond(ctx, surveyId, companyId, {
      units: [support],
      comments: [{ text: `Palkka ei riitä tukitiimissä ${i}.`, criterion: 5 }],
    });
  for (let i = 0; i < 2; i++)
    await respond(ctx, surveyId, companyId, {
      units: [tiny],
      comments: [{ text: `Pienen yksikön esihenkilö ${i} ei kuuntele.` }],
    });
  return { companyId, surveyId, sales, tiny, visible, hidden };
}

describeEachDb('Ask search over the kept comment scope', (ctx) => {
  describe('searches', () => searches(ctx));
});

function searches(ctx: () => TestContext) {
  let api: AiApp;
  let w: World;
  let former: AiService;
  let admin: { token: string; user: AuthUser };
  let manager: AuthUser;

  beforeAll(async () => {
    api = await startAiApp(ctx());
    w = await world(ctx());
    admin = await authUserFor(ctx(), 'Admin');
    manager = (await authUserFor(ctx(), 'SuperUser', w.companyId)).user;
    await ctx().db.query('INSERT INTO user_units (user_id, unit_id) VALUES ($1, $2)', [
      manager.id,
      w.sales,
    ]);
    former = aiService({
      db: ctx().db,
      reports: reportsService(ctx().db, ctx().config.ANONYMITY_THRESHOLD, {
        commentScopeIds: false,
      }),
      engine: embeddedEngine(),
      usage: api.ai.usage,
      logger: createLogger('error'),
    });
    await api.ai.service.createIndex(admin.user, { baseSurveyId: w.surveyId });
    await api.ai.service.build(w.surveyId);
  });
  afterAll(async () => {
    await api.close();
    await dropSchema(ctx(), api.schema);
  });

  const body = (searchQuery: string, selectedUnits: string[] = []) =>
    searchBody.parse({ surveyId: w.surveyId, searchQuery, selectedUnits, amountToFetch: 50 });

  /** Each question asked of both: the same answer, hit for hit; the kept one's hit ids. */
  async function sameAnswers(user: AuthUser, selectedUnits: string[] = []) {
    const found: string[][] = [];
    for (const question of QUESTIONS) {
      // Twice: the second search reads the kept scope and positions.
      for (let round = 0; round < 2; round++) {
        const kept = await api.ai.service.search(user, body(question, selectedUnits));
        const joined = await former.search(user, body(question, selectedUnits));
        expect(kept).toEqual(joined);
        found.push(kept.commentsUsed.map((hit) => hit.id));
      }
    }
    return found;
  }

  it('finds the same hits, scores and answers as the join on every search', async () => {
    const whole = await sameAnswers(admin.user);
    expect(whole.flat()).toEqual(expect.arrayContaining([w.visible[0], w.visible[1]]));
    expect(whole.flat()).not.toContain(w.hidden);
    const sales = await sameAnswers(admin.user, [w.sales]);
    const salesIds = w.visible;
    expect(sales.flat().every((id) => salesIds.includes(id))).toBe(true);
    // A SuperUser limited to Sales finds Sales' comments only.
    const limited = await sameAnswers(manager);
    expect(limited.flat().length).toBeGreaterThan(0);
    expect(limited.flat().every((id) => salesIds.includes(id))).toBe(true);
  });

  it('still says a withheld group is hidden and finds nothing in it', async () => {
    const kept = await api.ai.service.search(admin.user, body(QUESTIONS[0] as string, [w.tiny]));
    expect(kept.suppressedBecause).toBe('belowThreshold');
    expect(kept.commentsUsed).toEqual([]);
    expect(kept).toEqual(await former.search(admin.user, body(QUESTIONS[0] as string, [w.tiny])));
  });

  it('leaves out a comment an Admin hides after its scope was kept, and finds it once shown', async () => {
    const target = w.visible[0] as string;
    const question = QUESTIONS[0] as string;
    const toggle = () =>
      api
        .http()
        .patch('/adminsurveydata/toggleVisibility')
        .set({ authorization: `Bearer ${admin.token}` })
        .send({ surveyId: w.surveyId, commentId: target });
    const ids = async (user: AuthUser, units: string[] = []) =>
      (await api.ai.service.search(user, body(question, units))).commentsUsed.map((hit) => hit.id);
    expect(await ids(admin.user)).toContain(target);
    expect(await ids(manager)).toContain(target);
    expect((await toggle()).body.hidden).toBe(true);
    expect(await ids(admin.user)).not.toContain(target);
    expect(await ids(admin.user, [w.sales])).not.toContain(target);
    expect(await ids(manager)).not.toContain(target);
    await sameAnswers(admin.user);
    await sameAnswers(manager);
    expect((await toggle()).body.hidden).toBe(false);
    expect(await ids(admin.user)).toContain(target);
    expect(await ids(manager)).toContain(target);
    await sameAnswers(admin.user);
  });
}
