// The playground's full summary (Admin): one summary per observation factor, then one summary of
// those summaries.
import type { AuthUser } from '../../../lib/auth.js';
import type { z } from 'zod';
import type * as schemas from '../schemas.js';
import type { AiContext } from './context.js';
import { summarise } from './summarize.js';

interface Part {
  topic: string;
  text: string;
  id: number;
  count: number;
  ids: string[];
}

export async function fullSummary(
  ctx: AiContext,
  user: AuthUser,
  body: z.output<typeof schemas.fullSummaryBody>,
) {
  await ctx.survey(user, body.surveyId);
  const all = await ctx.factorComments(user, body.surveyId, body.openAnswerType, body.languageCode);
  const factors =
    body.observationFactorIds ?? [...new Set(all.map((c) => c.criterionId))].sort((a, b) => a - b);
  const parts: Part[] = [];
  for (const id of factors) {
    const comments = all.filter((comment) => comment.criterionId === id);
    if (comments.length === 0) continue;
    const summary = await summarise(
      ctx,
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
      produced: { engine: ctx.engine.kind, method: 'none', model: ctx.engine.chatModel },
    };
  const ids = parts.flatMap((part) => part.ids);
  const base = {
    observationFactorsUsed: parts.map((part) => part.id),
    openCommentAmount: parts.reduce((sum, part) => sum + part.count, 0),
  };
  const request = {
    operation: 'full-summary',
    surveyId: body.surveyId,
    commentIds: ids,
    languageCode: body.languageCode,
    model: ctx.modelName,
    extra: [body.observationContext],
  };
  const value = await ctx.cache.through(request, async () => {
    const result = await ctx.viaProvider(
      user,
      body.surveyId,
      'full-summary',
      ids,
      ctx.modelName,
      () =>
        ctx.engine.fullSummary({
          summaries: parts.map((part) => ({ topic: part.topic, text: part.text })),
          languageCode: body.languageCode,
          context: body.observationContext,
        }),
    );
    return { response: result.text, produced: result.produced };
  });
  return { ...base, ...value };
}
