// The ai domain through the gateway, against the real apps/api (embedded engine) with its demo data.
import { setupApiAndGateway } from '../../test/signedIn.js';

const HK25 = 'de300000-0000-4000-8000-000000000302'; // a trend survey (base HK24) with AI settings

const CAPABILITIES = `query($id: ID!) { survey(id: $id) {
  aiCapabilities { summarization translation ask agentic engine }
} }`;
const INDEX = `query($id: ID!) { survey(id: $id) {
  searchIndex { surveyId baseSurveyId status total done progress vectorModel error updatedAt }
} }`;
const CREATE = `mutation($id: ID!) { createSearchIndex(surveyId: $id) { status total done } }`;
const DELETE = `mutation($id: ID!) { deleteSearchIndex(surveyId: $id) }`;
const ASK = `mutation($input: AskInput!) { askSurvey(input: $input) {
  answer entities followUpQuestions searchType vectorLeg sentiments agenticSteps
  comments { id surveyId text type criterionId criterion rank score cited }
  producedBy { engine method model }
} }`;
const SUMMARIZE = `mutation($s: ID!, $c: [ID!]!) {
  summarizeComments(surveyId: $s, commentIds: $c, language: "fi-FI") {
    text commentCount keyPhrases commentIds cached producedBy { engine method model }
  }
}`;
const TRANSLATE = `mutation($s: ID!, $c: [ID!]!, $l: String!) {
  translateComments(surveyId: $s, commentIds: $c, language: $l) {
    message items { commentId translatedText originalText originalLanguage originalLanguageConfidence }
  }
}`;
const AUDIT = `query { aiAudit { id operation model } }`;

const stack = setupApiAndGateway();
const { as } = stack;

describe('the ai domain through the gateway', () => {
  it('tells each role what it may use on a survey, from the survey settings', async () => {
    const manager = await as('super@demo.test', CAPABILITIES, { id: HK25 });
    expect(manager.errors).toBeUndefined();
    expect(manager.data.survey.aiCapabilities).toEqual({
      summarization: true,
      translation: false,
      ask: true,
      agentic: false,
      engine: 'EMBEDDED',
    });
    const admin = await as('admin@demo.test', CAPABILITIES, { id: HK25 });
    // Admin may translate; agentic search needs a model, which the built-in engine is not.
    expect(admin.data.survey.aiCapabilities).toMatchObject({ translation: true, agentic: false });
  });

  it('builds an index as a job, shows its progress, answers a question and deletes the index', async () => {
    const before = await as('super@demo.test', ASK, {
      input: { surveyId: HK25, question: 'esihenkilö palaute' },
    });
    expect(before.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const refused = await as('super@demo.test', CREATE, { id: HK25 });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const created = await as('admin@demo.test', CREATE, { id: HK25 });
    expect(created.errors).toBeUndefined();
    expect(created.data.createSearchIndex.status).toBe('QUEUED');
    expect(created.data.createSearchIndex.total).toBeGreaterThan(100);
    let index:
      | { status: string; progress: number; done: number; total: number; baseSurveyId: string }
      | undefined;
    for (let i = 0; i < 300; i++) {
      index = (await as('admin@demo.test', INDEX, { id: HK25 })).data.survey.searchIndex;
      if (index?.status === 'READY' || index?.status === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(index).toMatchObject({
      status: 'READY',
      progress: 1,
      baseSurveyId: 'de300000-0000-4000-8000-000000000301',
    });
    expect(index?.done).toBe(index?.total);

    const answer = await as('super@demo.test', ASK, {
      input: { surveyId: HK25, question: 'Miten esihenkilöt antavat palautetta?', amount: 20 },
    });
    expect(answer.errors).toBeUndefined();
    const ask = answer.data.askSurvey;
    expect(ask.comments).toHaveLength(20);
    expect(ask.comments[0].rank).toBe(1);
    expect(['POSITIVE', 'NEGATIVE', 'NEUTRAL']).toContain(ask.comments[0].type);
    expect(ask.producedBy).toEqual({
      engine: 'EMBEDDED',
      method: expect.stringContaining('bm25+hashed-char-ngrams-rrf'),
      model: null,
    });
    expect(ask.searchType).toBe('HYBRID');
    expect(ask.followUpQuestions.length).toBeGreaterThan(0);

    const ids = (ask.comments as { id: string; surveyId: string }[])
      .filter((c) => c.surveyId === HK25)
      .slice(0, 3)
      .map((c) => c.id);
    expect(ids).toHaveLength(3);
    const summary = await as('super@demo.test', SUMMARIZE, { s: HK25, c: ids });
    expect(summary.errors).toBeUndefined();
    expect(summary.data.summarizeComments).toMatchObject({
      commentCount: 3,
      producedBy: { engine: 'EMBEDDED', method: 'extractive-mmr', model: null },
    });

    const deleted = await as('admin@demo.test', DELETE, { id: HK25 });
    expect(deleted.data.deleteSearchIndex).toBe(true);
    expect((await as('admin@demo.test', INDEX, { id: HK25 })).data.survey.searchIndex).toBeNull();
  });

  it('refuses translation by setting and Sami by name, and keeps the audit to Admin', async () => {
    const ids = ['00000000-0000-4000-8000-000000000000'];
    const manager = await as('super@demo.test', TRANSLATE, { s: HK25, c: ids, l: 'en' });
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const sami = await as('admin@demo.test', TRANSLATE, { s: HK25, c: ids, l: 'sme' });
    expect(sami.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'languageCode', message: 'ai.translate.unsupportedLanguage.sme' }],
    });
    expect((await as('admin@demo.test', AUDIT)).data.aiAudit).toEqual([]);
    expect((await as('super@demo.test', AUDIT)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
