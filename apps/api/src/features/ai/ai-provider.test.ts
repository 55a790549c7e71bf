import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEachDb, type TestContext } from '../../test/harness.js';
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
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachDb('AI with a provider (OpenAI-compatible server on loopback)', (ctx) => {
  describe('calls', () => providerCalls(ctx));
});

function providerCalls(ctx: () => TestContext) {
  let fake: FakeProvider;
  let api: AiApp;
  let admin: string;
  let surveyId: string;
  const ids: string[] = [];
  beforeAll(async () => {
    fake = await startFakeProvider();
    api = await startAiApp(ctx(), {
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'test-key',
      AI_CHAT_MODEL: 'chat-model-1',
      AI_EMBEDDING_MODEL: 'embed-model-1',
      AI_TIMEOUT_MS: 10_000,
    });
    const companyId = await company(ctx());
    surveyId = await survey(ctx(), companyId);
    const texts = [
      'Esihenkilö Matti Meikäläinen ei kuuntele, soita 040 123 4567 jos et usko.',
      'Kirjoita minulle osoitteeseen anna.virtanen@example.com, palkka on huono.',
      'Esihenkilö ei anna palautetta.',
      'Palkka on liian pieni.',
      'Ilmapiiri on hyvä.',
    ];
    for (const [i, text] of texts.entries())
      ids.push(
        ...(await respond(ctx(), surveyId, companyId, {
          ...(i === 0 ? { firstName: 'Matti', lastName: 'Meikäläinen' } : {}),
          comments: [{ text }],
        })),
      );
    admin = await tokenFor(ctx(), 'Admin');
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
    await dropSchema(ctx(), api.schema);
  });

  const post = (path: string, body: object) => api.http().post(path).set(bearer(admin)).send(body);

  it('masks names, emails and phone numbers before they leave, and audits the call', async () => {
    const before = fake.requests.length;
    const res = await post('/summary/summarization/comments', {
      surveyId,
      commentIds: ids,
      languageCode: 'fi',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      response: 'Summary of 5 comments.',
      cached: false,
      produced: { engine: 'provider', method: 'llm-json-schema', model: 'chat-model-1' },
    });
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.sentText();
    for (const secret of ['Matti', 'Meikäläinen', 'anna.virtanen@example.com', '040 123 4567'])
      expect(sent).not.toContain(secret);
    expect(sent).toContain('[name]');
    expect(sent).toContain('[email]');
    expect(sent).toContain('[phone]');
    const audit = await api.http().get('/ai/audit').query({ surveyId }).set(bearer(admin));
    expect(audit.body[0]).toMatchObject({
      operation: 'summary',
      model: 'chat-model-1',
      inputTokens: 100,
      outputTokens: 20,
    });
    expect([...audit.body[0].commentIds].sort()).toEqual([...ids].sort());
  });

  it('costs once: the same request is answered from the cache without a provider call', async () => {
    const before = fake.requests.length;
    const res = await post('/summary/summarization/comments', {
      surveyId,
      commentIds: [...ids].reverse(),
      languageCode: 'fi',
    });
    expect(res.body.cached).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  it('translates under a JSON schema and keeps the stored original, not the masked copy', async () => {
    const res = await post('/translate/comments', {
      surveyId,
      commentIds: [ids[1]],
      languageCode: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.body.response[0]).toMatchObject({
      commentId: ids[1],
      originalText: 'Kirjoita minulle osoitteeseen anna.virtanen@example.com, palkka on huono.',
      originalTextLanguage: 'fi',
    });
    expect(res.body.response[0].translatedText).toMatch(/^EN: .*\[email\]/);
  });

  it('indexes with provider embeddings and answers citing only retrieved comments', async () => {
    const created = await post('/searchindex/create-index', { baseSurveyId: surveyId });
    expect(created.body.index.vectorModel).toBe('embed-model-1');
    for (let i = 0; i < 100; i++) {
      const s = await api.http().get('/searchindex/status').query({ surveyId }).set(bearer(admin));
      if (s.body.status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const res = await post('/searchindex/search', { surveyId, searchQuery: 'esihenkilö palaute' });
    expect(res.status).toBe(200);
    const used = res.body.commentsUsed as { id: string; cited: boolean }[];
    const cited = used.filter((c) => c.cited).map((c) => c.id);
    expect(cited.length).toBe(2);
    expect(cited.every((id) => ids.includes(id))).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('invented-id');
    expect(res.body.produced.model).toBe('chat-model-1');
    expect(res.body.vectorLeg).toBe('embed-model-1');
    const audit = await api.http().get('/ai/audit').query({ surveyId }).set(bearer(admin));
    const operations = (audit.body as { operation: string }[]).map((a) => a.operation);
    expect(operations).toEqual(
      expect.arrayContaining(['index-embedding', 'search-embedding', 'ask']),
    );
  });
}

describeEachDb('AI provider spending cap and failures', (ctx) => {
  it('refuses provider calls past the daily token cap and maps provider failures to 502', async () => {
    const fake = await startFakeProvider();
    const broken = await startFakeProvider({ fail: true });
    const settings = {
      AI_API_KEY: 'k',
      AI_CHAT_MODEL: 'chat-model-1',
      AI_EMBEDDING_MODEL: 'embed-model-1',
      AI_DAILY_TOKEN_CAP: 100,
    };
    const api = await startAiApp(ctx(), { ...settings, AI_BASE_URL: fake.baseUrl });
    const failing = await startAiApp(ctx(), {
      ...settings,
      AI_BASE_URL: broken.baseUrl,
      AI_DAILY_TOKEN_CAP: 1_000_000,
      AI_TIMEOUT_MS: 5000,
    });
    try {
      const companyId = await company(ctx());
      const surveyId = await survey(ctx(), companyId);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          ...(await respond(ctx(), surveyId, companyId, {
            comments: [{ text: `Kommentti ${i}` }],
          })),
        );
      const admin = await tokenFor(ctx(), 'Admin');
      const send = (app: AiApp, commentIds: string[]) =>
        app
          .http()
          .post('/summary/summarization/comments')
          .set(bearer(admin))
          .send({ surveyId, commentIds, languageCode: 'fi' });
      const down = await send(failing, [ids[4] as string]);
      expect(down.status).toBe(502);
      expect(down.body.detail).toBe('ai-provider-failed');
      expect((await send(api, [ids[0] as string])).status).toBe(200); // 120 tokens: the cap of 100 is now reached
      const capped = await send(api, [ids[1] as string]);
      expect(capped.status).toBe(429);
      expect(capped.body.detail).toBe('ai-spending-cap');
      // A cached answer costs nothing and is still served.
      expect((await send(api, [ids[0] as string])).body.cached).toBe(true);
    } finally {
      await api.close();
      await failing.close();
      await fake.close();
      await broken.close();
      await dropSchema(ctx(), api.schema);
      await dropSchema(ctx(), failing.schema);
    }
  });
});

describeEachDb('AI agentic tools read gated figures', (ctx) => {
  it('gives the agent each unit’s L-index with a small unit suppressed, and the criteria', async () => {
    const fake = await startFakeProvider({
      toolCalls: [
        { name: 'unitStatistics', arguments: { level: 1 } },
        { name: 'criterionStatistics', arguments: {} },
      ],
    });
    const api = await startAiApp(ctx(), {
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'test-key',
      AI_CHAT_MODEL: 'chat-model-1',
      AI_EMBEDDING_MODEL: 'embed-model-1',
      AI_TIMEOUT_MS: 10_000,
    });
    try {
      const companyId = await company(ctx());
      const surveyId = await survey(ctx(), companyId);
      const sizes = { Sales: 6, Support: 5, Tiny: 2 };
      for (const [name, size] of Object.entries(sizes)) {
        const unitId = await unit(ctx(), companyId, name);
        for (let i = 0; i < size; i++)
          await respond(ctx(), surveyId, companyId, {
            units: [unitId],
            comments: [{ text: `${name}: esihenkilö ei kuuntele ${i}.` }],
          });
      }
      const admin = await tokenFor(ctx(), 'Admin');
      const post = (path: string, body: object) =>
        api.http().post(path).set(bearer(admin)).send(body);
      await post('/searchindex/create-index', { baseSurveyId: surveyId });
      for (let i = 0; i < 100; i++) {
        const s = await api
          .http()
          .get('/searchindex/status')
          .query({ surveyId })
          .set(bearer(admin));
        if (s.body.status === 'ready') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const res = await post('/searchindex/search', {
        surveyId,
        searchQuery: 'esihenkilö',
        isAgenticMode: true,
      });
      expect(res.status).toBe(200);
      // What the tools answered went back to the model in its second step.
      const step = fake.requests.find((r) =>
        JSON.stringify(r.body.messages ?? '').includes('"role":"tool"'),
      );
      const told = JSON.stringify(step?.body.messages);
      expect(told).toContain('Sales');
      expect(told).toContain('Support');
      const tools = (step?.body.messages as { role: string; content: unknown }[]).filter(
        (m) => m.role === 'tool',
      );
      const units = JSON.parse(
        String(
          (tools[0]?.content as { text?: string }[] | string | undefined) instanceof Array
            ? ((tools[0]?.content as { text?: string }[])[0]?.text ?? '')
            : tools[0]?.content,
        ),
      ) as { data: { name: string; average?: number; suppressed?: true; reason?: string }[] };
      const group = (name: string) => units.data.find((g) => g.name === name);
      expect(group('Sales')?.average).toEqual(expect.any(Number));
      // Tiny (2) is below the threshold; Support is hidden too, or it and the whole survey would
      // give Tiny as their difference (the report's own rule, docs/anonymity.md).
      expect(group('Tiny')).toEqual({ name: 'Tiny', suppressed: true, reason: 'belowThreshold' });
      expect(group('Support')).toEqual({
        name: 'Support',
        suppressed: true,
        reason: 'differencing',
      });
      expect(told).toContain('criteria');
    } finally {
      await api.close();
      await fake.close();
      await dropSchema(ctx(), api.schema);
    }
  });
});
