// The AI operations (reporting.md sections 2-8; docs/ai.md). Every comment comes from the anonymity
// gate (gated-comments.ts); text leaves for a provider only masked, each provider call is audited
// and counted against the daily cap, and summaries/translations are cached.
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { jsonChunks } from '../../lib/raw-json.js';
import { reportsService } from '../reports/index.js';
import { surveysService, type SurveyHead } from '../surveys/index.js';
import { allows, allowsAgentic, requireFeature } from './access.js';
import { aiCache, cacheKey } from './cache.js';
import { embeddedEngine } from './embedded-engine.js';
import type { AiComment, AiEngine, Datasource, Hit, Produced, Usage } from './engine.js';
import { gatedComments } from './gated-comments.js';
import { indexCache } from './index-cache.js';
import type { AiJobs } from './jobs.js';
import { companyMasker, type Masker } from './masking.js';
import { allowedOf } from './memory-index.js';
import type { Ranked } from './retrieval.js';
import type * as schemas from './schemas.js';
import { TYPE_OF, UNSUPPORTED_LANGUAGES } from './schemas.js';
import {
  buildIndex,
  deleteIndex,
  indexStatus,
  NGRAM_MODEL,
  queueIndex,
  rank,
  setJobId,
} from './search-index.js';
import type { AiUsage } from './usage.js';
import type { z } from 'zod';

export interface AiServiceDeps {
  db: Db;
  threshold: number;
  engine: AiEngine;
  usage: AiUsage;
  jobs?: AiJobs | undefined;
  logger: Logger;
}

interface SummaryAnswer {
  response: string;
  openCommentAmount: number;
  keyPhrases: string[];
  commentIds: string[];
  cached: boolean;
  produced: Produced;
}

const validation = (field: string, message: string) =>
  new HttpError('validation-failed', [{ field, message }]);

const plain = (value: unknown): unknown => JSON.parse(jsonChunks(value).join('')) as unknown;

export function aiService({ db, threshold, engine, usage, jobs, logger }: AiServiceDeps) {
  const gate = gatedComments(db, threshold);
  const surveys = surveysService(db);
  const reports = reportsService(db, threshold);
  const cache = aiCache(db);
  const indexes = indexCache(db);
  const lexical = embeddedEngine();
  const provider = engine.kind === 'provider';
  const modelName = engine.chatModel ?? 'embedded';

  /** A provider call: under the daily cap, masked in, audited out; failures become 502. */
  async function viaProvider<T extends { usage?: Usage | undefined }>(
    user: AuthUser | null,
    surveyId: string,
    operation: string,
    commentIds: readonly string[],
    model: string,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!provider) return run();
    await usage.checkCap();
    let result: T;
    try {
      result = await run();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      logger.error({ err: error, operation }, 'ai provider call failed');
      await usage.record({ user, surveyId, operation: `${operation}:failed`, commentIds, model });
      throw new HttpError('ai-provider-failed');
    }
    await usage.record({ user, surveyId, operation, commentIds, model, usage: result.usage });
    return result;
  }

  async function maskerFor(surveyId: string): Promise<Masker> {
    return provider ? companyMasker(db, surveyId) : (text: string) => text;
  }

  const masked = (comments: readonly AiComment[], mask: Masker): AiComment[] =>
    comments.map((comment) => ({ ...comment, text: mask(comment.text) }));

  async function commentsByIds(
    user: AuthUser,
    surveyId: string,
    ids: readonly string[],
    reportLanguage: string,
  ): Promise<AiComment[]> {
    const comments = await gate.byIds(user, { surveyId, reportLanguage }, ids);
    const byId = new Map(comments.map((comment) => [comment.id, comment]));
    // An id the gate did not give this user is refused as a whole: nothing half-answered.
    const missing = ids.some((id) => !byId.has(id));
    if (missing) throw validation('commentIds', 'ai.comments.notVisible');
    return [...new Set(ids)].map((id) => byId.get(id) as AiComment);
  }

  async function summarise(
    user: AuthUser,
    surveyId: string,
    comments: readonly AiComment[],
    input: { languageCode: string; topic?: string | undefined; context?: string | undefined },
    operation: string,
  ): Promise<SummaryAnswer> {
    const ids = comments.map((comment) => comment.id);
    const key = cacheKey({
      operation: 'summary',
      surveyId,
      commentIds: ids,
      languageCode: input.languageCode,
      model: modelName,
      extra: [input.topic, input.context],
    });
    const hit = await cache.get<Omit<SummaryAnswer, 'cached'>>(key);
    if (hit) return { ...hit, cached: true };
    const mask = await maskerFor(surveyId);
    const result = await viaProvider(user, surveyId, operation, ids, modelName, () =>
      engine.summarize({
        comments: masked(comments, mask),
        languageCode: input.languageCode,
        topic: input.topic,
        context: input.context ? mask(input.context) : undefined,
      }),
    );
    const answer = {
      response: result.text,
      openCommentAmount: comments.length,
      keyPhrases: result.keyPhrases,
      commentIds: result.commentIds,
      produced: result.produced,
    };
    if (comments.length > 0) await cache.set(key, surveyId, answer);
    return { ...answer, cached: false };
  }

  async function factorComments(
    user: AuthUser,
    surveyId: string,
    type: 1 | 2 | 3,
    language: string,
  ) {
    const { comments } = await gate.read(user, { surveyId, reportLanguage: language });
    return comments.filter((comment) => comment.type === TYPE_OF[type]);
  }

  async function survey(user: AuthUser, id: string): Promise<SurveyHead> {
    return surveys.head(user, id);
  }

  const DATASOURCE_READS = {
    LIT_INDEX: reports.lindexCompare,
    REALIZATIONS: reports.realizationTop10,
    NPS: reports.enps,
    CURRENT_SATISFACTION: reports.currentSatisfaction,
  } as const;

  return {
    /** Playground: one observation factor's comments of one type (Admin, routes.ts). */
    async factorSummary(user: AuthUser, body: z.output<typeof schemas.factorSummaryBody>) {
      await survey(user, body.surveyId);
      const comments = (
        await factorComments(user, body.surveyId, body.openAnswerType, body.languageCode)
      ).filter((comment) => comment.criterionId === body.observationFactorId);
      return summarise(
        user,
        body.surveyId,
        comments,
        {
          languageCode: body.languageCode,
          topic: body.observationTopic,
          context: body.observationContext,
        },
        'summary',
      );
    },

    /** The report's summary of chosen comments (summarisation setting per role). */
    async commentsSummary(user: AuthUser, body: z.output<typeof schemas.commentsSummaryBody>) {
      requireFeature(user, await survey(user, body.surveyId), 'summarization');
      const comments = await commentsByIds(user, body.surveyId, body.commentIds, body.languageCode);
      return summarise(
        user,
        body.surveyId,
        comments,
        {
          languageCode: body.languageCode,
          topic: body.observationTopic,
          context: body.observationContext,
        },
        'summary',
      );
    },

    async fullSummary(user: AuthUser, body: z.output<typeof schemas.fullSummaryBody>) {
      await survey(user, body.surveyId);
      const all = await factorComments(user, body.surveyId, body.openAnswerType, body.languageCode);
      const factors =
        body.observationFactorIds ??
        [...new Set(all.map((c) => c.criterionId))].sort((a, b) => a - b);
      const parts: { topic: string; text: string; id: number; count: number; ids: string[] }[] = [];
      for (const id of factors) {
        const comments = all.filter((comment) => comment.criterionId === id);
        if (comments.length === 0) continue;
        const summary = await summarise(
          user,
          body.surveyId,
          comments,
          { languageCode: body.languageCode, context: body.observationContext },
          'summary',
        );
        parts.push({
          topic: comments[0]?.description ?? String(id),
          text: summary.response,
          id,
          count: comments.length,
          ids: comments.map((c) => c.id),
        });
      }
      if (parts.length === 0)
        return {
          response: '',
          observationFactorsUsed: [],
          openCommentAmount: 0,
          cached: false,
          produced: { engine: engine.kind, method: 'none', model: engine.chatModel },
        };
      const ids = parts.flatMap((part) => part.ids);
      const key = cacheKey({
        operation: 'full-summary',
        surveyId: body.surveyId,
        commentIds: ids,
        languageCode: body.languageCode,
        model: modelName,
        extra: [body.observationContext],
      });
      const base = {
        observationFactorsUsed: parts.map((part) => part.id),
        openCommentAmount: parts.reduce((sum, part) => sum + part.count, 0),
      };
      const hit = await cache.get<{ response: string; produced: Produced }>(key);
      if (hit) return { ...base, ...hit, cached: true };
      const result = await viaProvider(user, body.surveyId, 'full-summary', ids, modelName, () =>
        engine.fullSummary({
          summaries: parts.map((part) => ({ topic: part.topic, text: part.text })),
          languageCode: body.languageCode,
          context: body.observationContext,
        }),
      );
      const value = { response: result.text, produced: result.produced };
      await cache.set(key, body.surveyId, value);
      return { ...base, ...value, cached: false };
    },

    async translate(user: AuthUser, body: z.output<typeof schemas.translateBody>) {
      const code = body.languageCode.toLowerCase().split(/[-_]/)[0] as string;
      if (code in UNSUPPORTED_LANGUAGES)
        throw new HttpError('unsupported-language', [
          { field: 'languageCode', message: `ai.translate.unsupportedLanguage.${code}` },
        ]);
      requireFeature(user, await survey(user, body.surveyId), 'translation');
      const comments = await commentsByIds(user, body.surveyId, body.commentIds, body.languageCode);
      const ids = comments.map((c) => c.id);
      const key = cacheKey({
        operation: 'translate',
        surveyId: body.surveyId,
        commentIds: ids,
        languageCode: body.languageCode,
        model: modelName,
      });
      type Cached = { response: unknown[]; message: string | null; produced: Produced };
      const hit = await cache.get<Cached>(key);
      if (hit) return { ...hit, cached: true };
      const mask = await maskerFor(body.surveyId);
      const result = await viaProvider(user, body.surveyId, 'translate', ids, modelName, () =>
        engine.translate(masked(comments, mask), body.languageCode),
      );
      const byId = new Map(comments.map((c) => [c.id, c]));
      const value: Cached = {
        // The original is the stored text, never the masked copy the provider saw.
        response: result.items.map((item) => ({
          ...item,
          originalText: byId.get(item.commentId)?.text ?? item.originalText,
        })),
        message: result.message ?? null,
        produced: result.produced,
      };
      if (provider) await cache.set(key, body.surveyId, value);
      return { ...value, cached: false };
    },

    async search(user: AuthUser, body: schemas.SearchBody) {
      const head = await survey(user, body.surveyId);
      requireFeature(user, head, 'ask');
      if (body.isAgenticMode && !allowsAgentic(user, head)) throw new HttpError('forbidden');
      const index = await indexStatus(db, body.surveyId);
      if (!index || index.status !== 'ready') throw new HttpError('not-found');
      // Only Admin picks the search type; for others the survey's setting decides.
      const hybrid =
        user.role === 'Admin'
          ? body.isHybridSearchType
          : !head.settings?.shouldUseVectorSearchAskKiddy;
      const surveysOfIndex = [body.surveyId, ...(index.baseSurveyId ? [index.baseSurveyId] : [])];
      const request = (surveyId: string) => ({
        surveyId,
        unitIds: body.selectedUnits,
        reportLanguage: body.languageCode,
      });
      // The gate's comment ids for this user now (the decoded index is shared; visibility not).
      // A trend survey's base survey whose comments this user may not read (a User before its
      // showOpenComments date) adds none of them; the survey asked about itself must be readable.
      const [memory, ...gatedIds] = await Promise.all([
        indexes.get(index),
        ...surveysOfIndex.map((surveyId, i) =>
          i === 0
            ? gate.ids(user, request(surveyId))
            : gate.ids(user, request(surveyId)).catch(noneIfForbidden),
        ),
      ]);
      // The mask holds 1 + the index (in surveysOfIndex) of the comment's survey.
      const allowed = new Uint8Array(memory.ids.length);
      gatedIds.forEach((ids, i) => allowedOf(memory, ids ?? [], allowed, i + 1));
      const surveyOf = (id: string) =>
        surveysOfIndex[(allowed[memory.positions.get(id) ?? -1] ?? 0) - 1];
      /** The gated comments of ranked ids, in rank order (read through the gate again). */
      const read = new Map<string, AiComment>();
      async function commentsOf(ranked: readonly Ranked[]): Promise<Hit[]> {
        const wanted = ranked.filter((item) => !read.has(item.id));
        const rows = await Promise.all(
          surveysOfIndex.map((surveyId) =>
            gate.byIds(
              user,
              request(surveyId),
              wanted.filter((item) => surveyOf(item.id) === surveyId).map((item) => item.id),
            ),
          ),
        );
        for (const row of rows.flat()) read.set(row.id, row);
        return ranked.flatMap((item) => {
          const comment = read.get(item.id);
          return comment ? [{ ...comment, score: item.score }] : [];
        });
      }
      const mask = await maskerFor(body.surveyId);
      const searchOptions = {
        query: body.searchQuery,
        languageCode: body.languageCode,
        hybrid,
        amount: body.amountToFetch,
        threshold: body.similarityThreshold,
        vectorModel: index.vectorModel,
        engine,
        mask,
      };
      const ranking = await rank(memory, allowed, searchOptions);
      const hits = await commentsOf(ranking.ranked);
      if (ranking.embeddedUsage)
        await usage.record({
          user,
          surveyId: body.surveyId,
          operation: 'search-embedding',
          commentIds: [],
          model: engine.embeddingModel ?? '',
          usage: ranking.embeddedUsage,
        });
      const tools = {
        searchComments: async (query: string) =>
          (
            await commentsOf(
              (await rank(memory, allowed, { ...searchOptions, query, amount: 20 })).ranked,
            )
          ).map((hit) => ({
            ...hit,
            text: mask(hit.text),
          })),
        criterionStatistics: async () =>
          plain(
            await reports.realizationByVariables(user, {
              sets: [{ surveyId: body.surveyId, filters: {} }],
              reportLanguage: body.languageCode,
            } as Parameters<typeof reports.realizationByVariables>[1]),
          ),
        unitStatistics: async (level: number) =>
          plain(
            await reports.lindexCompare(user, {
              sets: [{ surveyId: body.surveyId, filters: {} }],
              groupBy: `unit${level}`,
              reportLanguage: body.languageCode,
            } as Parameters<typeof reports.lindexCompare>[1]),
          ),
        datasource: async (name: Datasource) => {
          // Admin-only labels; others' agents still read only gated report figures.
          const read = DATASOURCE_READS[name];
          return plain(
            await read(user, {
              sets: [{ surveyId: body.surveyId, filters: {} }],
              reportLanguage: body.languageCode,
            } as Parameters<typeof read>[1]),
          );
        },
      };
      const answer = await viaProvider(
        user,
        body.surveyId,
        body.isAgenticMode ? 'ask-agentic' : 'ask',
        hits.map((hit) => hit.id),
        modelName,
        () =>
          engine.answer({
            question: provider ? mask(body.searchQuery) : body.searchQuery,
            hits: provider ? hits.map((hit) => ({ ...hit, text: mask(hit.text) })) : hits,
            languageCode: body.languageCode,
            agentic: body.isAgenticMode,
            tools,
          }),
      );
      const cited = new Set(answer.citedIds);
      const rankOf = new Map(hits.map((hit, i) => [hit.id, i + 1]));
      // Comments an agent found through its tools (gated too) join the list after the ranked ones.
      const used = [...hits];
      for (const id of answer.citedIds) {
        const comment = read.get(id);
        if (!rankOf.has(id) && comment) used.push({ ...comment, score: 0 });
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
        produced: {
          ...answer.produced,
          method: `${hybrid ? `bm25+${ranking.vectorLeg}-rrf` : ranking.vectorLeg}; ${answer.produced.method}`,
        },
      };
    },

    async createIndex(user: AuthUser, body: z.output<typeof schemas.createIndexBody>) {
      if (!jobs) throw new HttpError('not-ready');
      const id = (body.trendSurveyId ?? body.baseSurveyId) as string;
      const head = await survey(user, id);
      if (body.trendSurveyId && body.baseSurveyId && head.baseSurveyId !== body.baseSurveyId)
        throw validation('baseSurveyId', 'ai.index.notBaseOfTrend');
      indexes.evict(id);
      const status = await queueIndex(db, {
        surveyId: id,
        baseSurveyId: head.baseSurveyId,
        vectorModel: engine.embeddingModel ?? NGRAM_MODEL,
        userId: user.id,
      });
      const jobId = await jobs.enqueueBuild({ surveyId: id });
      await setJobId(db, id, jobId);
      return { message: 'Index build queued', jobId, index: status };
    },

    /** The job's work: build or resume the index of `surveyId`. */
    async build(surveyId: string) {
      const status = await indexStatus(db, surveyId);
      if (!status) return;
      const user = status.createdBy
        ? ({ id: status.createdBy, role: 'Admin', companyId: null, tokenVersion: 0 } as AuthUser)
        : null;
      const mask = await maskerFor(surveyId);
      await buildIndex(db, surveyId, async (texts, commentIds) => {
        if (status.vectorModel === NGRAM_MODEL || !provider) {
          return (await lexical.embed(texts)).vectors;
        }
        const result = await viaProvider(
          user,
          surveyId,
          'index-embedding',
          commentIds,
          status.vectorModel,
          () => engine.embed(texts.map(mask)),
        );
        return result.vectors;
      });
    },

    async indexStatus(user: AuthUser, surveyId: string) {
      await survey(user, surveyId);
      const status = await indexStatus(db, surveyId);
      if (!status) throw new HttpError('not-found');
      return status;
    },

    async deleteIndex(user: AuthUser, surveyId: string) {
      await survey(user, surveyId);
      indexes.evict(surveyId);
      if (!(await deleteIndex(db, surveyId))) throw new HttpError('not-found');
      return { message: 'Index deleted' };
    },

    audit: (surveyId: string | undefined, take: number) => usage.list(surveyId, take),

    /** What the console may offer this user on this survey. */
    async capabilities(user: AuthUser, surveyId: string) {
      const head = await survey(user, surveyId);
      return {
        summarization: allows(user, head, 'summarization'),
        translation: allows(user, head, 'translation'),
        ask: allows(user, head, 'ask'),
        agentic: allowsAgentic(user, head),
        engine: engine.kind,
      };
    },
  };
}

export type AiService = ReturnType<typeof aiService>;

/** No comments for a read the user may not make (then they see none of that survey's). */
function noneIfForbidden(error: unknown): null {
  if (error instanceof HttpError && error.detail === 'forbidden') return null;
  throw error;
}
