// Every operation of the ai domain through the gateway, against the real apps/api with its demo
// data, with both engines (the provider through the OpenAI-compatible server on loopback, the one
// fake allowed) on PGlite and, when DATABASE_URL is set, on PostgreSQL (a schema of its own).
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import type { ConfigOverrides } from '@survey/api';
import {
  postgresSchema,
  startFakeProvider,
  type FakeProvider,
  type TestSchema,
} from '@survey/api/testing';
import { setupApiAndGateway } from '../../test/signedIn.js';

const HK25 = 'de300000-0000-4000-8000-000000000302'; // a trend survey (base HK24) with AI settings
const HK24 = 'de300000-0000-4000-8000-000000000301';

const PRODUCED = 'producedBy { engine method model }';
const FACTOR = `mutation($s: ID!, $f: Int!) {
  summarizeObservationFactor(surveyId: $s, observationFactorId: $f, type: NEGATIVE, language: "fi-FI") {
    text commentCount keyPhrases commentIds cached ${PRODUCED}
  }
}`;
const COMMENT_TYPE = `mutation($s: ID!) {
  summarizeCommentType(surveyId: $s, type: NEGATIVE, language: "fi-FI") {
    text observationFactorsUsed commentCount cached ${PRODUCED}
  }
}`;
const TRANSLATE = `mutation($s: ID!, $c: [ID!]!, $l: String!) {
  translateComments(surveyId: $s, commentIds: $c, language: $l) {
    message cached ${PRODUCED}
    items { commentId translatedText originalText originalLanguage originalLanguageConfidence }
  }
}`;
const CREATE = `mutation($id: ID!) { createSearchIndex(surveyId: $id) { status total vectorModel } }`;
const INDEX = `query($id: ID!) { survey(id: $id) { searchIndex { status done total vectorModel } } }`;
const DELETE = `mutation($id: ID!) { deleteSearchIndex(surveyId: $id) }`;
const ASK = `mutation($input: AskInput!) { askSurvey(input: $input) {
  answer entities followUpQuestions searchType vectorLeg sentiments agenticSteps ${PRODUCED}
  comments { id surveyId text type criterionId criterion rank score cited }
} }`;
const AUDIT = `query($s: ID) { aiAudit(surveyId: $s) { operation model commentIds inputTokens } }`;

interface Found {
  id: string;
  surveyId: string;
  text: string;
  rank: number;
  score: number;
  cited: boolean;
}

// Four APIs started and seeded, four index builds: more than the 30 s default on a loaded machine.
jest.setTimeout(180_000);

const BACKENDS = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
const CASES = BACKENDS.flatMap((backend) =>
  (['embedded', 'provider'] as const).map((engine) => ({ backend, engine })),
);

describe.each(CASES)('the ai domain on $backend with the $engine engine', ({ backend, engine }) => {
  const provider = engine === 'provider';
  let fake: FakeProvider | undefined;
  let schema: TestSchema | undefined;
  const { as } = setupApiAndGateway(async () => {
    const overrides: ConfigOverrides = {};
    if (backend === 'PostgreSQL') {
      schema = await postgresSchema(process.env.DATABASE_URL ?? '');
      Object.assign(overrides, {
        DATABASE_URL: schema.url,
        JOBS_SCHEMA: schema.jobsSchema,
        // A server database needs the signing key its instances share.
        JWT_SECRET: randomBytes(32).toString('base64url'),
      });
    }
    if (provider) {
      fake = await startFakeProvider();
      Object.assign(overrides, {
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: 'test-key',
        AI_CHAT_MODEL: 'chat-model-1',
        AI_EMBEDDING_MODEL: 'embed-model-1',
        AI_TIMEOUT_MS: 10_000,
      });
    }
    return overrides;
  });
  afterAll(async () => {
    await fake?.close();
    await schema?.drop();
  });

  const produced = (method: string) =>
    provider
      ? { engine: 'PROVIDER', method, model: 'chat-model-1' }
      : { engine: 'EMBEDDED', method: expect.any(String), model: null };

  it('summarises one factor and a whole comment type (Admin only), naming the engine', async () => {
    const all = await as('admin@demo.test', COMMENT_TYPE, { s: HK25 });
    expect(all.errors).toBeUndefined();
    const combined = all.data.summarizeCommentType;
    expect(combined.observationFactorsUsed.length).toBeGreaterThan(0);
    expect(combined.commentCount).toBeGreaterThan(0);
    expect(combined.producedBy).toEqual(produced('llm-json-schema'));
    if (!provider) expect(combined.producedBy.method).toBe('extractive-concatenation');
    expect(combined.text.length).toBeGreaterThan(0);

    const factor = combined.observationFactorsUsed[0] as number;
    const one = await as('admin@demo.test', FACTOR, { s: HK25, f: factor });
    expect(one.errors).toBeUndefined();
    expect(one.data.summarizeObservationFactor).toMatchObject({
      commentCount: expect.any(Number),
      producedBy: produced('llm-json-schema'),
    });
    expect(one.data.summarizeObservationFactor.commentCount).toBeGreaterThan(0);
    // The per-factor summary was made for the combined one already: the repeat is cached.
    expect(one.data.summarizeObservationFactor.cached).toBe(true);
    if (provider) expect(one.data.summarizeObservationFactor.text).toMatch(/^Summary of \d+/);
    else expect(one.data.summarizeObservationFactor.producedBy.method).toBe('extractive-mmr');

    const manager = await as('super@demo.test', FACTOR, { s: HK25, f: factor });
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      (await as('super@demo.test', COMMENT_TYPE, { s: HK25 })).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
  });

  it('answers NOT_FOUND without an index, then builds one, asks within the limits and deletes it', async () => {
    const question = { surveyId: HK25, question: 'Miten esihenkilöt antavat palautetta?' };
    const before = await as('admin@demo.test', ASK, { input: question });
    expect(before.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const created = await as('admin@demo.test', CREATE, { id: HK25 });
    expect(created.errors).toBeUndefined();
    expect(created.data.createSearchIndex.vectorModel).toBe(
      provider ? 'embed-model-1' : 'hashed-char-ngrams',
    );
    let status: string | undefined;
    for (let i = 0; i < 300 && status !== 'READY' && status !== 'FAILED'; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await as('admin@demo.test', INDEX, { id: HK25 })).data.survey.searchIndex?.status;
    }
    expect(status).toBe('READY');

    // Amount: over 150 clamps to 150, 0 becomes 50.
    const most = await as('admin@demo.test', ASK, {
      input: { ...question, amount: 150, similarityThreshold: 0.05 },
    });
    expect(most.errors).toBeUndefined();
    const mostFound = most.data.askSurvey.comments as Found[];
    expect(mostFound.length).toBeGreaterThan(50);
    expect(mostFound.length).toBeLessThanOrEqual(150);
    const over = await as('admin@demo.test', ASK, {
      input: { ...question, amount: 500, similarityThreshold: 0.05 },
    });
    expect(over.data.askSurvey.comments).toHaveLength(mostFound.length);
    const zero = await as('admin@demo.test', ASK, {
      input: { ...question, amount: 0, similarityThreshold: 0.05 },
    });
    expect(zero.data.askSurvey.comments).toHaveLength(50);
    expect(mostFound.map((c) => c.rank).slice(0, 3)).toEqual([1, 2, 3]);
    // Comments of the trend survey and of its base, both in the index.
    expect(new Set(mostFound.map((c) => c.surveyId))).toEqual(new Set([HK25, HK24]));

    // Similarity: out of range clamps (0.9 at most), the vector leg alone keeps fewer.
    const strict = await as('admin@demo.test', ASK, {
      input: { ...question, amount: 150, searchType: 'VECTOR', similarityThreshold: 5 },
    });
    expect(strict.errors).toBeUndefined();
    expect(strict.data.askSurvey.searchType).toBe('VECTOR');
    const loose = await as('admin@demo.test', ASK, {
      input: { ...question, amount: 150, searchType: 'VECTOR', similarityThreshold: -1 },
    });
    expect(loose.data.askSurvey.comments.length).toBeGreaterThan(
      strict.data.askSurvey.comments.length,
    );

    const short = await as('admin@demo.test', ASK, { input: { ...question, question: 'abc' } });
    expect(short.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'searchQuery', message: 'ai.search.minLength' }],
    });

    const answer = await as('super@demo.test', ASK, { input: { ...question, amount: 20 } });
    expect(answer.errors).toBeUndefined();
    const ask = answer.data.askSurvey;
    expect(ask.comments).toHaveLength(20);
    expect(ask.searchType).toBe('HYBRID');
    expect(ask.vectorLeg).toBe(provider ? 'embed-model-1' : 'hashed-char-ngrams');
    expect(ask.producedBy).toMatchObject({
      engine: provider ? 'PROVIDER' : 'EMBEDDED',
      model: provider ? 'chat-model-1' : null,
    });
    const cited = (ask.comments as Found[]).filter((c) => c.cited);
    if (provider) {
      // The fake cites two retrieved comments and one invented id; only the two survive.
      expect(cited).toHaveLength(2);
      expect(JSON.stringify(ask)).not.toContain('invented-id');
    } else expect(cited).toHaveLength(20);

    // Agentic mode: the SuperUser's survey setting says no; Admin may.
    const agentic = { input: { ...question, amount: 10, agentic: true } };
    const refused = await as('super@demo.test', ASK, agentic);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const agent = await as('admin@demo.test', ASK, agentic);
    if (provider) {
      expect(agent.errors).toBeUndefined();
      expect(agent.data.askSurvey.agenticSteps).toBeGreaterThanOrEqual(2);
    } else {
      // The built-in engine has no model to plan steps with: refused by name, not faked.
      expect(agent.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field: 'isAgenticMode', message: 'ai.search.agenticNeedsModel' }],
      });
    }

    const deleted = await as('admin@demo.test', DELETE, { id: HK25 });
    expect(deleted.data.deleteSearchIndex).toBe(true);
    const after = await as('admin@demo.test', ASK, { input: question });
    expect(after.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const again = await as('admin@demo.test', DELETE, { id: HK25 });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('translates with a provider, declines honestly without one, and refuses Sami by name', async () => {
    // Comments to translate: the open comments the admin reads on the Ask page's survey.
    await as('admin@demo.test', CREATE, { id: HK24 });
    let status: string | undefined;
    for (let i = 0; i < 300 && status !== 'READY' && status !== 'FAILED'; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await as('admin@demo.test', INDEX, { id: HK24 })).data.survey.searchIndex?.status;
    }
    const found = await as('admin@demo.test', ASK, {
      input: { surveyId: HK24, question: 'palkka ja palkitseminen', amount: 2 },
    });
    const comments = found.data.askSurvey.comments as Found[];
    expect(comments).toHaveLength(2);
    const ids = comments.map((c) => c.id);

    const res = await as('admin@demo.test', TRANSLATE, { s: HK24, c: ids, l: 'en-US' });
    expect(res.errors).toBeUndefined();
    const translation = res.data.translateComments;
    expect(translation.items.map((item: { commentId: string }) => item.commentId)).toEqual(ids);
    expect(translation.items.map((item: { originalText: string }) => item.originalText)).toEqual(
      comments.map((c) => c.text),
    );
    for (const item of translation.items) {
      expect(item.originalLanguage).toMatch(/^[a-z]{2,3}$/);
      expect(item.originalLanguageConfidence).toBeGreaterThan(0);
    }
    if (provider) {
      expect(translation.producedBy).toEqual(produced('llm-json-schema'));
      expect(translation.items[0].translatedText).toMatch(/^EN: /);
      expect(translation.message).toBeNull();
    } else {
      expect(
        translation.items.every((item: { translatedText: null }) => !item.translatedText),
      ).toBe(true);
      expect(translation.message).toMatch(/needs a configured model/);
    }

    const sami = await as('admin@demo.test', TRANSLATE, { s: HK24, c: ids, l: 'sme-NO' });
    expect(sami.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'languageCode', message: 'ai.translate.unsupportedLanguage.sme' }],
    });
    await as('admin@demo.test', DELETE, { id: HK24 });
  });

  it('audits every provider call for Admin, and none with the embedded engine', async () => {
    const audit = await as('admin@demo.test', AUDIT, {});
    expect(audit.errors).toBeUndefined();
    const operations = (audit.data.aiAudit as { operation: string }[]).map((a) => a.operation);
    if (!provider) expect(operations).toEqual([]);
    else {
      expect(operations).toEqual(
        expect.arrayContaining([
          'summary',
          'full-summary',
          'index-embedding',
          'search-embedding',
          'ask',
          'ask-agentic',
          'translate',
        ]),
      );
      const sent = fake?.sentText() ?? '';
      expect(sent).not.toContain('@demo.test');
    }
    expect((await as('super@demo.test', AUDIT, {})).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });
});
