import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { embeddedEngine } from './embedded/embedded-engine.js';
import { DATASOURCES, type AiComment, type Hit } from './engine.js';
import { startFakeProvider, type FakeProvider } from '../../../test/fake-provider.js';
import { MAX_AGENT_STEPS, providerEngine } from './provider/provider-engine.js';

const comment = (id: string, text: string, over: Partial<AiComment> = {}): AiComment => ({
  id,
  surveyId: 's',
  text,
  languageCode: 'fi',
  criterionId: 2,
  description: 'Johtaminen',
  type: 'negative',
  ...over,
});

const comments = [
  comment('a', 'Esihenkilö ei kuuntele työntekijöitä eikä anna palautetta.'),
  comment('b', 'Esihenkilöt eivät kuuntele meitä, palautetta ei tule koskaan.'),
  comment('c', 'Palkka on liian pieni työmäärään nähden.', {
    criterionId: 5,
    description: 'Palkka',
  }),
  comment('d', 'Esihenkilö kuuntelee ja antaa hyvää palautetta.', { type: 'positive' }),
];
const hits: Hit[] = comments.map((c, i) => ({ ...c, score: 1 / (i + 1), count: 1 }));

describe('embedded engine', () => {
  const engine = embeddedEngine();

  it('summarises extractively: quotes comments verbatim, labels itself, names no model', async () => {
    const result = await engine.summarize({ comments, languageCode: 'fi' });
    expect(result.produced).toEqual({ engine: 'embedded', method: 'extractive-mmr', model: null });
    expect(result.text).toContain('Poimiva yhteenveto');
    for (const id of result.commentIds)
      expect(result.text).toContain(comments.find((c) => c.id === id)?.text ?? 'missing');
    // Diversity: the two near-identical "does not listen" comments are not both chosen first.
    expect(result.commentIds.slice(0, 2).sort()).not.toEqual(['a', 'b']);
    expect(result.keyPhrases.join(' ')).toMatch(/esihenkilö|palautetta/);
  });

  it('does not pretend to translate: original text, detected language and a clear message', async () => {
    const result = await engine.translate(
      [comment('x', 'Chefen lyssnar inte på oss och ger ingen feedback.')],
      'en-US',
    );
    expect(result.items[0]).toMatchObject({
      translatedText: null,
      originalText: 'Chefen lyssnar inte på oss och ger ingen feedback.',
      originalTextLanguage: 'sv',
    });
    expect(result.items[0]?.originalTextConfidence).toBeGreaterThan(0.5);
    expect(result.message).toMatch(/needs a configured model/);
  });

  it('answers with the ranked comments and follow-ups built from what was found', async () => {
    const result = await engine.answer({
      question: 'Miten esihenkilöt toimivat?',
      hits,
      languageCode: 'fi',
      agentic: false,
    });
    expect(result.citedIds).toEqual(['a', 'b', 'c', 'd']);
    expect(result.response).toContain((comments[0] as AiComment).text);
    expect(result.followUpQuestions.join(' ')).toContain('Johtaminen');
    expect(result.produced.engine).toBe('embedded');
  });
});

describe('provider engine over an OpenAI-compatible server on loopback', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake.close());
  const engine = () =>
    providerEngine({
      baseUrl: fake.baseUrl,
      apiKey: 'k',
      chatModel: 'chat-1',
      embeddingModel: 'emb-1',
      timeoutMs: 5000,
      maxRetries: 0,
    });

  it('summarises under a JSON schema and names the model', async () => {
    const result = await engine().summarize({ comments, languageCode: 'en' });
    expect(result.text).toBe('Summary of 4 comments.');
    expect(result.produced).toEqual({
      engine: 'provider',
      method: 'llm-json-schema',
      model: 'chat-1',
    });
    expect(result.usage).toEqual({ inputTokens: 100, outputTokens: 20 });
    const last = fake.requests.at(-1)?.body as { response_format: { type: string } };
    expect(last.response_format.type).toBe('json_schema');
  });

  it('translates and cross-checks the original language with the local detector', async () => {
    const swedish = comment('s1', 'Chefen lyssnar inte på oss och ger ingen feedback.');
    const result = await engine().translate([swedish], 'en');
    // The fake claims Finnish at 0.9; eld is sure it is Swedish, so Swedish wins at the lower confidence.
    expect(result.items[0]).toMatchObject({
      translatedText: `EN: ${swedish.text}`,
      originalText: swedish.text,
      originalTextLanguage: 'sv',
    });
    expect(result.items[0]?.originalTextConfidence).toBeLessThanOrEqual(0.9);
  });

  it('keeps only citations of retrieved comments', async () => {
    const result = await engine().answer({
      question: 'What about leaders?',
      hits,
      languageCode: 'en',
      agentic: false,
    });
    expect(result.citedIds).toEqual(['a', 'b']);
    expect(result.citedIds).not.toContain('invented-id');
  });

  it('runs the agentic tool loop and stops after at most 5 steps', async () => {
    const looping = await startFakeProvider({ loopTools: true });
    try {
      let searches = 0;
      const agent = providerEngine({
        baseUrl: looping.baseUrl,
        chatModel: 'chat-1',
        embeddingModel: 'emb-1',
        timeoutMs: 5000,
        maxRetries: 0,
      });
      const result = await agent
        .answer({
          question: 'What about leaders?',
          hits,
          languageCode: 'en',
          agentic: true,
          tools: {
            datasources: DATASOURCES,
            searchComments: async () => {
              searches += 1;
              return hits;
            },
            datasource: async () => ({}),
            criterionStatistics: async () => ({}),
            unitStatistics: async () => ({}),
          },
        })
        .catch((error: unknown) => error);
      expect(searches).toBe(MAX_AGENT_STEPS);
      expect(looping.requests).toHaveLength(MAX_AGENT_STEPS);
      // A loop that never answers ends as an error, not as an invented answer.
      expect(result).toBeInstanceOf(Error);
    } finally {
      await looping.close();
    }
  });

  it('answers agentically after one tool call, citing what the tool found', async () => {
    const found: Hit = { ...(comments[2] as AiComment), id: 'from-tool', score: 1, count: 1 };
    const result = await engine().answer({
      question: 'pay?',
      hits: [],
      languageCode: 'en',
      agentic: true,
      tools: {
        datasources: DATASOURCES,
        searchComments: async () => [found],
        datasource: async () => ({}),
        criterionStatistics: async () => ({}),
        unitStatistics: async () => ({}),
      },
    });
    expect(result.produced.method).toBe('llm-agentic-tool-loop');
    expect(result.steps).toBe(2);
    expect(result.citedIds).toEqual(['from-tool']);
  });

  it('offers the agent unit and criterion statistics and hands it what they read', async () => {
    const agentFake = await startFakeProvider({
      toolCalls: [
        { name: 'unitStatistics', arguments: { level: 2 } },
        { name: 'criterionStatistics', arguments: {} },
      ],
    });
    try {
      const levels: number[] = [];
      const agent = providerEngine({
        baseUrl: agentFake.baseUrl,
        chatModel: 'chat-1',
        embeddingModel: 'emb-1',
        timeoutMs: 5000,
        maxRetries: 0,
      });
      const result = await agent.answer({
        question: 'Which team is doing worst?',
        hits,
        languageCode: 'en',
        agentic: true,
        tools: {
          datasources: DATASOURCES,
          searchComments: async () => [],
          datasource: async () => ({}),
          criterionStatistics: async () => ({ criterion: 'Pay and benefits', top: 61 }),
          unitStatistics: async (level) => {
            levels.push(level);
            return {
              groups: [
                { name: 'Sales', average: 71.5 },
                { name: 'Tiny', suppressed: true },
              ],
            };
          },
        },
      });
      expect(levels).toEqual([2]);
      const offered = (agentFake.requests[0]?.body.tools as { function: { name: string } }[]).map(
        (t) => t.function.name,
      );
      expect(offered).toEqual(
        expect.arrayContaining([
          'searchComments',
          'datasource',
          'criterionStatistics',
          'unitStatistics',
        ]),
      );
      // The second step carries both tools' answers back to the model.
      const second = JSON.stringify(agentFake.requests[1]?.body.messages);
      expect(second).toContain('Sales');
      expect(second).toContain('Pay and benefits');
      expect(result.steps).toBe(2);
    } finally {
      await agentFake.close();
    }
  });

  it('embeds through the embeddings endpoint', async () => {
    const result = await engine().embed(['a b', 'c']);
    expect(result.vectors).toHaveLength(2);
    expect(result.produced.model).toBe('emb-1');
  });
});
