// Ask (reporting.md section 7): rank the survey's indexed comments for a question (narrowed by the
// thread's earlier questions), read the hits through the anonymity gate, and let the engine answer
// from them (agentic: a provider with read-only tools, as far as the data-source picker allows).
import type { AuthUser } from '../../../lib/auth.js';
import { HttpError } from '../../../lib/errors.js';
import type { AnswerResult, Hit } from '../engines/engine.js';
import { hiddenGroupAnswer } from '../engines/embedded/phrases.js';
import { allowsAgentic, requireFeature } from '../policy/access.js';
import type * as schemas from '../schemas.js';
import { indexStatus, type Ranking } from '../search/search-index.js';
import { stage } from '../search/stages.js';
import { agentTools } from './agent-tools.js';
import { askReader, type AskReader } from './ask-reader.js';
import { validation, type AiContext } from './context.js';
import { rankInThread } from './narrowing.js';

export async function ask(ctx: AiContext, user: AuthUser, body: schemas.SearchBody) {
  // The index's status row is read beside the survey check (one round trip less); it is only
  // looked at once the checks have passed.
  const [head, index] = await Promise.all([
    stage('survey', () => ctx.survey(user, body.surveyId)),
    stage('index status', () => indexStatus(ctx.db, body.surveyId)),
  ]);
  requireFeature(user, head, 'ask');
  if (body.isAgenticMode && !allowsAgentic(user, head)) throw new HttpError('forbidden');
  // The built-in engine has no model to call tools: said, not silently ignored.
  if (body.isAgenticMode && !ctx.provider)
    throw validation('isAgenticMode', 'ai.search.agenticNeedsModel');
  if (!index || index.status !== 'ready') throw new HttpError('not-found');
  // Only Admin picks the search type; for others the survey's setting decides.
  const hybrid =
    user.role === 'Admin' ? body.isHybridSearchType : !head.settings?.shouldUseVectorSearchAskKiddy;
  const reader = await askReader(ctx, user, index, body);
  const searchOptions = {
    query: body.searchQuery,
    languageCode: body.languageCode,
    hybrid,
    amount: body.amountToFetch,
    threshold: body.similarityThreshold,
    vectorModel: index.vectorModel,
    engine: ctx.auditedEngine(user, body.surveyId),
    mask: await ctx.maskerFor(body.surveyId),
  };
  // A group the gate withholds is said to be hidden, and why; nothing is searched or sent.
  if (reader.suppressedBecause)
    return hiddenAnswer(ctx, reader.suppressedBecause, body.languageCode, hybrid);
  const ranking = await rankInThread(
    reader.memory,
    reader.allowed,
    searchOptions,
    body.previousQuestions ?? [],
  );
  const hits = await stage('hits read', () => reader.commentsOf(ranking.ranked));
  const answer = await stage('answer', () =>
    answerFrom(ctx, user, body, { hits, reader, searchOptions }),
  );
  return askAnswer(answer, { hits, reader, ranking, hybrid, suppressedBecause: null });
}

interface Found {
  hits: Hit[];
  reader: AskReader;
  searchOptions: Parameters<typeof agentTools>[1]['searchOptions'];
}

/** The engine's answer; what the agent's tools gave the provider goes to the same audit entry. */
async function answerFrom(
  ctx: AiContext,
  user: AuthUser,
  body: schemas.SearchBody,
  { hits, reader, searchOptions }: Found,
): Promise<AnswerResult> {
  const mask = searchOptions.mask;
  const sent = new Set(hits.map((hit) => hit.id));
  const aliases = new Map<string, string>();
  const tools = agentTools(ctx, {
    user,
    surveyId: body.surveyId,
    languageCode: body.languageCode,
    datasources: body.selectedDatasources,
    reader,
    searchOptions,
    mask,
    sent,
    aliases,
  });
  const answer = await ctx.viaProvider(
    user,
    body.surveyId,
    body.isAgenticMode ? 'ask-agentic' : 'ask',
    () => [...sent],
    ctx.modelName,
    () =>
      ctx.engine.answer({
        question: ctx.provider ? mask(body.searchQuery) : body.searchQuery,
        hits: ctx.provider ? hits.map((hit) => ({ ...hit, text: mask(hit.text) })) : hits,
        languageCode: body.languageCode,
        agentic: body.isAgenticMode,
        previousQuestions: body.previousQuestions,
        tools,
      }),
  );
  return unaliased(answer, aliases);
}

/** The unit aliases the model saw, named again for the asker (who may read those names). */
function unaliased(answer: AnswerResult, aliases: ReadonlyMap<string, string>): AnswerResult {
  if (aliases.size === 0) return answer;
  const pattern = /\bunit-(\d+)\b/g;
  const named = (text: string) => text.replace(pattern, (alias) => aliases.get(alias) ?? alias);
  return {
    ...answer,
    response: named(answer.response),
    entities: answer.entities.map(named),
    followUpQuestions: answer.followUpQuestions.map(named),
  };
}

function hiddenAnswer(
  ctx: AiContext,
  reason: 'belowThreshold' | 'differencing',
  languageCode: string,
  hybrid: boolean,
) {
  const answer: AnswerResult = {
    response: hiddenGroupAnswer(languageCode, reason),
    entities: [],
    citedIds: [],
    followUpQuestions: [],
    produced: { engine: ctx.engine.kind, method: 'anonymity-gate', model: null },
  };
  const ranking: Ranking = { ranked: [], vectorLeg: 'none', routing: { weights: new Map() } };
  return askAnswer(answer, { hits: [], reader: null, ranking, hybrid, suppressedBecause: reason });
}

interface Shown {
  hits: readonly Hit[];
  reader: AskReader | null;
  ranking: Ranking;
  hybrid: boolean;
  suppressedBecause: 'belowThreshold' | 'differencing' | null;
}

/** The answer, with the ranked hits and the comments an agent found through its tools. */
function askAnswer(
  answer: AnswerResult,
  { hits, reader, ranking, hybrid, suppressedBecause }: Shown,
) {
  const cited = new Set(answer.citedIds);
  const rankOf = new Map(hits.map((hit, i) => [hit.id, i + 1]));
  // Comments an agent found through its tools (gated too) join the list after the ranked ones.
  const used = [...hits];
  for (const id of answer.citedIds) {
    const comment = reader?.read.get(id);
    if (!rankOf.has(id) && comment) used.push({ ...comment, score: 0, count: 1 });
  }
  return {
    response: answer.response,
    entities: answer.entities,
    commentsUsed: used.map((hit, i) => ({
      id: hit.id,
      surveyId: hit.surveyId,
      comment: hit.text,
      type: hit.type,
      criterionId: hit.criterionId,
      description: hit.description,
      rank: i + 1,
      score: hit.score,
      count: hit.count,
      cited: cited.has(hit.id),
    })),
    followUpQuestions: answer.followUpQuestions,
    usedSearch: hybrid ? ('hybrid' as const) : ('vector' as const),
    vectorLeg: ranking.vectorLeg,
    sentimentFilterList: (['positive', 'negative', 'neutral'] as const).filter((type) =>
      used.some((hit) => hit.type === type),
    ),
    openCommentAmount: used.length,
    agenticSteps: answer.steps ?? null,
    suppressedBecause,
    produced: {
      ...answer.produced,
      method: `${hybrid ? `bm25+${ranking.vectorLeg}-rrf` : ranking.vectorLeg}; ${answer.produced.method}`,
    },
  };
}
