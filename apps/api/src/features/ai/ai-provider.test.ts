import { readFileSync } from 'node:fs';
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
      // Who and which survey, by name, for the Admin's audit page.
      userName: expect.any(String),
      userEmail: expect.stringContaining('@'),
      surveyName: expect.any(String),
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

const PROVIDER = {
  AI_API_KEY: 'test-key',
  AI_CHAT_MODEL: 'chat-model-1',
  AI_EMBEDDING_MODEL: 'embed-model-1',
  AI_TIMEOUT_MS: 10_000,
};

/** A survey of three units (Sales 6, Support 5, Tiny 2) with one comment per person, indexed. */
async function agentWorld(ctx: TestContext, api: AiApp) {
  const companyId = await company(ctx);
  const surveyId = await survey(ctx, companyId);
  const sizes = { Sales: 6, Support: 5, Tiny: 2 };
  const ids: string[] = [];
  for (const [name, size] of Object.entries(sizes)) {
    const unitId = await unit(ctx, companyId, name);
    for (let i = 0; i < size; i++)
      ids.push(
        ...(await respond(ctx, surveyId, companyId, {
          units: [unitId],
          comments: [{ text: `${name}: esihenkilö ei kuuntele ${i}, palkka ${i}.` }],
        })),
      );
  }
  const admin = await tokenFor(ctx, 'Admin');
  const post = (path: string, body: object) => api.http().post(path).set(bearer(admin)).send(body);
  await post('/searchindex/create-index', { baseSurveyId: surveyId });
  for (let i = 0; i < 100; i++) {
    const s = await api.http().get('/searchindex/status').query({ surveyId }).set(bearer(admin));
    if (s.body.status === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const audit = async () =>
    (await api.http().get('/ai/audit').query({ surveyId }).set(bearer(admin))).body as {
      operation: string;
      commentIds: string[];
      inputTokens: number;
    }[];
  return { surveyId, ids, post, audit };
}

/** A fake provider, the API pointed at it (`settings` over PROVIDER) and the agent world; cleaned up. */
async function withAgent(
  ctx: TestContext,
  fakeOptions: Parameters<typeof startFakeProvider>[0],
  run: (w: Awaited<ReturnType<typeof agentWorld>>, fake: FakeProvider) => Promise<void>,
  settings: Partial<TestContext['config']> = {},
) {
  const fake = await startFakeProvider(fakeOptions);
  const api = await startAiApp(ctx, { ...PROVIDER, ...settings, AI_BASE_URL: fake.baseUrl });
  try {
    await run(await agentWorld(ctx, api), fake);
  } finally {
    await api.close();
    await fake.close();
    await dropSchema(ctx, api.schema);
  }
}

/** The tool results the model was sent in its second step, as text. */
const toolResults = (fake: FakeProvider) => {
  const step = fake.requests.find((r) =>
    JSON.stringify(r.body.messages ?? '').includes('"role":"tool"'),
  );
  return (step?.body.messages as { role: string; content: unknown }[] | undefined)
    ?.filter((m) => m.role === 'tool')
    .map((m) =>
      Array.isArray(m.content)
        ? ((m.content as { text?: string }[])[0]?.text ?? '')
        : String(m.content),
    );
};

/** The tools (name and datasource enum) offered in the first chat request. */
const offeredTools = (fake: FakeProvider) => {
  const chat = fake.requests.find((r) => r.path.endsWith('/chat/completions'));
  return (
    (chat?.body.tools as
      | {
          function: { name: string; parameters: { properties?: { name?: { enum?: string[] } } } };
        }[]
      | undefined) ?? []
  ).map((t) => ({ name: t.function.name, enum: t.function.parameters.properties?.name?.enum }));
};

describeEachDb('AI agentic tools read gated figures', (ctx) => {
  it('gives the agent each unit’s L-index under aliases, a small unit suppressed, and the criteria', async () => {
    await withAgent(
      ctx(),
      {
        toolCalls: [
          { name: 'unitStatistics', arguments: { level: 1 } },
          { name: 'criterionStatistics', arguments: {} },
        ],
      },
      async (w, fake) => {
        const res = await w.post('/searchindex/search', {
          surveyId: w.surveyId,
          searchQuery: 'esihenkilö',
          isAgenticMode: true,
          selectedDatasources: ['LIT_INDEX', 'REALIZATIONS'],
        });
        expect(res.status).toBe(200);
        const [unitsText = '', criteriaText = ''] = toolResults(fake) ?? [];
        const units = JSON.parse(unitsText) as {
          data: { name: string; average?: number; suppressed?: true; reason?: string }[];
        };
        // No unit name leaves for the provider (docs/ai.md): aliases stand in for them.
        for (const name of ['Sales', 'Support', 'Tiny']) expect(unitsText).not.toContain(name);
        const names = units.data.map((g) => g.name);
        expect(names.every((name) => /^unit-\d+$/.test(name))).toBe(true);
        const shown = units.data.filter((g) => g.average !== undefined);
        expect(shown).toHaveLength(1);
        // Tiny (2) is below the threshold; Support is hidden too, or it and the whole survey would
        // give Tiny as their difference (the report's own rule, docs/anonymity.md).
        expect(
          units.data
            .filter((g) => g.suppressed)
            .map((g) => g.reason)
            .sort(),
        ).toEqual(['belowThreshold', 'differencing']);
        expect(criteriaText).toContain('criteria');
      },
    );
  });

  it('offers the agent only the figures the data-source picker allows', async () => {
    await withAgent(
      ctx(),
      {
        toolCalls: [{ name: 'datasource', arguments: { name: 'NPS' } }],
      },
      async (w, fake) => {
        const ask = (selectedDatasources: string[]) =>
          w.post('/searchindex/search', {
            surveyId: w.surveyId,
            searchQuery: 'esihenkilö',
            isAgenticMode: true,
            selectedDatasources,
          });
        expect((await ask(['NPS'])).status).toBe(200);
        expect(offeredTools(fake)).toEqual([
          { name: 'searchComments', enum: undefined },
          { name: 'datasource', enum: ['NPS'] },
        ]);
        fake.requests.length = 0;
        // Nothing chosen: comments only.
        expect((await ask([])).status).toBe(200);
        expect(offeredTools(fake).map((t) => t.name)).toEqual(['searchComments']);
      },
    );
  });

  it('audits every comment and query embedding the agent sends, under the daily cap', async () => {
    await withAgent(
      ctx(),
      {
        toolCalls: [{ name: 'searchComments', arguments: { query: 'Tiny palkka' } }],
      },
      async (w, fake) => {
        const res = await w.post('/searchindex/search', {
          surveyId: w.surveyId,
          searchQuery: 'esihenkilö',
          amountToFetch: 2,
          isAgenticMode: true,
        });
        expect(res.status).toBe(200);
        const audit = await w.audit();
        // The question's embedding and the tool's query embedding, each audited with its tokens.
        const embeddings = audit.filter((a) => a.operation === 'search-embedding');
        expect(embeddings).toHaveLength(2);
        expect(embeddings.every((a) => a.inputTokens > 0)).toBe(true);
        // The call's entry names the ranked hits and every comment the tool gave the model.
        const call = audit.find((a) => a.operation === 'ask-agentic');
        const sentIds = [...fake.sentText().matchAll(/\[([0-9a-f-]{36})\]/g)].map((m) => m[1]);
        expect(sentIds.length).toBeGreaterThan(2);
        expect([...new Set(call?.commentIds)].sort()).toEqual([...new Set(sentIds)].sort());
      },
    );
  });
  it('answers with the settings the compose ai profile gives the API (deploy/compose/ai.env)', async () => {
    const file = readFileSync(
      new URL('../../../../../deploy/compose/ai.env', import.meta.url),
      'utf8',
    );
    const env = Object.fromEntries(
      file
        .split('\n')
        .filter((line) => /^AI_[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    await withAgent(
      ctx(),
      {},
      async (w, fake) => {
        const res = await w.post('/searchindex/search', {
          surveyId: w.surveyId,
          searchQuery: 'palkka',
        });
        expect(res.status).toBe(200);
        expect(res.body.produced.model).toBe(env.AI_CHAT_MODEL);
        const models = fake.requests.map((r) => r.body.model);
        expect(models).toEqual(expect.arrayContaining([env.AI_CHAT_MODEL, env.AI_EMBEDDING_MODEL]));
      },
      {
        AI_CHAT_MODEL: env.AI_CHAT_MODEL,
        AI_EMBEDDING_MODEL: env.AI_EMBEDDING_MODEL,
        AI_TIMEOUT_MS: Number(env.AI_TIMEOUT_MS),
        AI_API_KEY: undefined,
      },
    );
  });
});

describeEachDb('AI search embeddings under the cap and the error mapping', (ctx) => {
  it('embeds no query past the daily cap, and a failed query embedding is a 502', async () => {
    const fake = await startFakeProvider();
    const api = await startAiApp(ctx(), { ...PROVIDER, AI_BASE_URL: fake.baseUrl });
    const broken = await startFakeProvider({ fail: true });
    const failing = await startAiApp(ctx(), {
      ...PROVIDER,
      AI_BASE_URL: broken.baseUrl,
      AI_TIMEOUT_MS: 5000,
    });
    try {
      const w = await agentWorld(ctx(), api);
      // The same database: the failing app finds the index built with embed-model-1.
      const admin = await tokenFor(ctx(), 'Admin');
      const down = await failing
        .http()
        .post('/searchindex/search')
        .set(bearer(admin))
        .send({ surveyId: w.surveyId, searchQuery: 'esihenkilö' });
      expect(down.status).toBe(502);
      expect(down.body.detail).toBe('ai-provider-failed');
      // Today's tokens reach the cap: the next search sends nothing, not even its query.
      await ctx().db.query(
        `INSERT INTO ai_audit (operation, comment_ids, model, input_tokens, output_tokens)
         VALUES ('cap-test', '{}', 'chat-model-1', 10000000, 0)`,
      );
      const before = fake.requests.length;
      const capped = await w.post('/searchindex/search', {
        surveyId: w.surveyId,
        searchQuery: 'esihenkilö',
      });
      expect(capped.status).toBe(429);
      expect(capped.body.detail).toBe('ai-spending-cap');
      expect(fake.requests.length).toBe(before);
    } finally {
      await ctx().db.query(`DELETE FROM ai_audit WHERE operation = 'cap-test'`);
      await api.close();
      await failing.close();
      await fake.close();
      await broken.close();
      await dropSchema(ctx(), api.schema);
      await dropSchema(ctx(), failing.schema);
    }
  });
});
