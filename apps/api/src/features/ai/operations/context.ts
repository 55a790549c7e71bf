// What every AI operation shares: the anonymity gate, the survey read, the cache, and the one path
// by which anything leaves for a provider (viaProvider: under the daily cap, masked in, audited).
import type { AuthUser } from '../../../lib/auth.js';
import type { Db } from '../../../lib/db.js';
import { HttpError } from '../../../lib/errors.js';
import type { Logger } from '../../../lib/logger.js';
import type { ReportsService } from '../../reports/index.js';
import { surveysService, type SurveyHead } from '../../surveys/index.js';
import { embeddedEngine } from '../engines/embedded/embedded-engine.js';
import type { AiComment, AiEngine, Usage } from '../engines/engine.js';
import { gatedComments } from '../policy/gated-comments.js';
import { companyMasker, type Masker } from '../policy/masking.js';
import type { AiUsage } from '../policy/usage.js';
import { TYPE_OF } from '../schemas.js';
import { indexCache } from '../search/index-cache.js';
import type { AiJobs } from '../search/jobs.js';
import { aiCache } from './cache.js';

export interface AiServiceDeps {
  db: Db;
  /** The reports feature, read in process (the gate, the agent's figures). */
  reports: ReportsService;
  engine: AiEngine;
  usage: AiUsage;
  jobs?: AiJobs | undefined;
  logger: Logger;
}

export const validation = (field: string, message: string) =>
  new HttpError('validation-failed', [{ field, message }]);

export const masked = (comments: readonly AiComment[], mask: Masker): AiComment[] =>
  comments.map((comment) => ({ ...comment, text: mask(comment.text) }));

export function aiContext({ db, reports, engine, usage, jobs, logger }: AiServiceDeps) {
  const gate = gatedComments(db, reports);
  const surveys = surveysService(db);
  const provider = engine.kind === 'provider';
  const modelName = engine.chatModel ?? 'embedded';

  /**
   * A provider call: under the daily cap, masked in, audited out; failures become 502.
   * `commentIds`: the comments whose text the call sends; a function when the call itself finds
   * more (the agent's tools), read once the call has ended, failed or not.
   */
  async function viaProvider<T extends { usage?: Usage | undefined }>(
    user: AuthUser | null,
    surveyId: string,
    operation: string,
    commentIds: readonly string[] | (() => readonly string[]),
    model: string,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!provider) return run();
    await usage.checkCap();
    const ids = () => (typeof commentIds === 'function' ? commentIds() : commentIds);
    let result: T;
    try {
      result = await run();
    } catch (error) {
      const failed = `${operation}:failed`;
      await usage.record({ user, surveyId, operation: failed, commentIds: ids(), model });
      if (error instanceof HttpError) throw error;
      logger.error({ err: error, operation }, 'ai provider call failed');
      throw new HttpError('ai-provider-failed');
    }
    await usage.record({
      user,
      surveyId,
      operation,
      commentIds: ids(),
      model,
      usage: result.usage,
    });
    return result;
  }

  /**
   * The engine as a search may use it for `user`: each query embedding sent to the provider goes
   * through viaProvider (under the cap, audited, its failure a 502) like every other call.
   */
  function auditedEngine(user: AuthUser, surveyId: string): AiEngine {
    if (!provider) return engine;
    const model = engine.embeddingModel ?? '';
    return {
      ...engine,
      embed: (texts) =>
        viaProvider(user, surveyId, 'search-embedding', [], model, () => engine.embed(texts)),
    };
  }

  async function maskerFor(surveyId: string): Promise<Masker> {
    return provider ? companyMasker(db, surveyId) : (text: string) => text;
  }

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

  return {
    db,
    engine,
    usage,
    jobs,
    gate,
    reports,
    cache: aiCache(db),
    indexes: indexCache(db),
    lexical: embeddedEngine(),
    provider,
    modelName,
    viaProvider,
    auditedEngine,
    maskerFor,
    commentsByIds,
    factorComments,
    survey,
  };
}

export type AiContext = ReturnType<typeof aiContext>;
