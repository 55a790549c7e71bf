// The survey's search index (Admin): queue a build, the job's build itself, status and delete.
import type { AuthUser } from '../../../lib/auth.js';
import { HttpError } from '../../../lib/errors.js';
import type { z } from 'zod';
import type * as schemas from '../schemas.js';
import {
  buildIndex,
  deleteIndex,
  indexStatus,
  NGRAM_MODEL,
  queueIndex,
  setJobId,
} from '../search/search-index.js';
import { validation, type AiContext } from './context.js';

export async function createIndex(
  ctx: AiContext,
  user: AuthUser,
  body: z.output<typeof schemas.createIndexBody>,
) {
  if (!ctx.jobs) throw new HttpError('not-ready');
  const id = (body.trendSurveyId ?? body.baseSurveyId) as string;
  const head = await ctx.survey(user, id);
  if (body.trendSurveyId && body.baseSurveyId && head.baseSurveyId !== body.baseSurveyId)
    throw validation('baseSurveyId', 'ai.index.notBaseOfTrend');
  ctx.indexes.evict(id);
  const status = await queueIndex(ctx.db, {
    surveyId: id,
    baseSurveyId: head.baseSurveyId,
    vectorModel: ctx.engine.embeddingModel ?? NGRAM_MODEL,
    userId: user.id,
  });
  const jobId = await ctx.jobs.enqueueBuild({ surveyId: id });
  await setJobId(ctx.db, id, jobId);
  return { message: 'Index build queued', jobId, index: status };
}

/** The job's work: build or resume the index of `surveyId`. */
export async function build(ctx: AiContext, surveyId: string) {
  const status = await indexStatus(ctx.db, surveyId);
  if (!status) return;
  const user = status.createdBy
    ? ({ id: status.createdBy, role: 'Admin', companyId: null, tokenVersion: 0 } as AuthUser)
    : null;
  const mask = await ctx.maskerFor(surveyId);
  await buildIndex(ctx.db, surveyId, async (texts, commentIds) => {
    if (status.vectorModel === NGRAM_MODEL || !ctx.provider) {
      return (await ctx.lexical.embed(texts)).vectors;
    }
    const result = await ctx.viaProvider(
      user,
      surveyId,
      'index-embedding',
      commentIds,
      status.vectorModel,
      () => ctx.engine.embed(texts.map(mask)),
    );
    return result.vectors;
  });
}

export async function statusOf(ctx: AiContext, user: AuthUser, surveyId: string) {
  await ctx.survey(user, surveyId);
  const status = await indexStatus(ctx.db, surveyId);
  if (!status) throw new HttpError('not-found');
  return status;
}

export async function remove(ctx: AiContext, user: AuthUser, surveyId: string) {
  await ctx.survey(user, surveyId);
  ctx.indexes.evict(surveyId);
  if (!(await deleteIndex(ctx.db, surveyId))) throw new HttpError('not-found');
  return { message: 'Index deleted' };
}
