// The three questions of issue 27, asked as an HR analyst asks them on the demo (Henkilöstökysely
// 2025, Admin, the built-in engine): the comments first in the list are about what was asked, and
// the same sentence never fills the list twice (identical texts are one hit with their count).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seedDemo } from '../../../demo/seed.js';
import { demoSurveys } from '../../../demo/surveys.js';
import { dropSchema, startAiApp, type AiApp } from '../../../test/ai-fixtures.js';
import { describeEachDb, type TestContext } from '../../../test/harness.js';

const PASSWORD = 'DemoPass2026';
const PAY = 3;
const WORKLOAD = 14;

interface UsedComment {
  comment: string;
  criterionId: number;
  count: number;
}

describeEachDb('Ask on the demo: the issue 27 questions', (ctx) => {
  describe('search', () => questions(ctx));
});

function questions(ctx: () => TestContext) {
  let api: AiApp;
  let token = '';
  const hk25 = demoSurveys().find((s) => s.name === 'Henkilöstökysely 2025');
  if (!hk25?.baseSurveyId) throw new Error('the demo has no Henkilöstökysely 2025 trend survey');
  const surveyId = hk25.id;

  beforeAll(async () => {
    await seedDemo(ctx().db, PASSWORD);
    api = await startAiApp(ctx());
    const login = await api
      .http()
      .post('/account/login')
      .send({ email: 'admin@demo.test', password: PASSWORD });
    token = login.body.token as string;
    const created = await api
      .http()
      .post('/searchindex/create-index')
      .set({ authorization: `Bearer ${token}` })
      .send({ trendSurveyId: surveyId, baseSurveyId: hk25.baseSurveyId });
    expect(created.status).toBe(202);
    for (let i = 0; i < 600; i++) {
      const status = await api
        .http()
        .get('/searchindex/status')
        .query({ surveyId })
        .set({ authorization: `Bearer ${token}` });
      // The first search releases the demo's responses and loads the index (slow on PGlite).
      if (status.body.status === 'ready') return void (await ask('palkka', 'fi-FI'));
      if (status.body.status === 'failed') throw new Error(String(status.body.error));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the demo index was not built in time');
  }, 300_000);
  afterAll(async () => {
    await api.close();
    await dropSchema(ctx(), api.schema);
  });

  async function ask(question: string, languageCode: string): Promise<UsedComment[]> {
    const res = await api
      .http()
      .post('/searchindex/search')
      .set({ authorization: `Bearer ${token}` })
      .send({ surveyId, searchQuery: question, amountToFetch: 50, languageCode });
    expect(res.status).toBe(200);
    return res.body.commentsUsed as UsedComment[];
  }

  const normalised = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();

  it.each([
    ['What do people say about their salaries?', 'en-US', PAY],
    ['Is the workload too heavy?', 'en-US', WORKLOAD],
    ['Mitä mieltä ollaan palkoista?', 'fi-FI', PAY],
  ])('"%s" lists comments on the topic first', async (question, language, criterion) => {
    const hits = await ask(question, language);
    const top = hits.slice(0, 10);
    expect(top).toHaveLength(10);
    // The first three are filed under the criterion asked about, and so are most of the ten.
    expect(top.slice(0, 3).map((hit) => hit.criterionId)).toEqual([
      criterion,
      criterion,
      criterion,
    ]);
    expect(top.filter((hit) => hit.criterionId === criterion).length).toBeGreaterThanOrEqual(8);
    // One hit per text: no sentence twice (the "same sentence under three criteria").
    const texts = top.map((hit) => normalised(hit.comment));
    expect(new Set(texts).size).toBe(texts.length);
    for (const hit of hits) expect(hit.count).toBeGreaterThanOrEqual(1);
  });

  it('collapses a sentence many wrote into one hit that counts them', async () => {
    const hits = await ask('Mitä mieltä ollaan palkoista?', 'fi-FI');
    const repeated = hits.find((hit) => hit.count > 1);
    expect(repeated).toBeDefined();
    const texts = hits.map((hit) => normalised(hit.comment));
    expect(new Set(texts).size).toBe(texts.length);
  });
}
