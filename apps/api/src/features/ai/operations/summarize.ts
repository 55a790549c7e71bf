// Summaries of chosen comments: the playground's per-factor summary (Admin) and the report's
// summary of chosen comments (summarisation setting per role). Cached by comment set and inputs.
import type { AuthUser } from '../../../lib/auth.js';
import type { z } from 'zod';
import type { AiComment, Produced } from '../engines/engine.js';
import { requireFeature } from '../policy/access.js';
import type * as schemas from '../schemas.js';
import { masked, type AiContext } from './context.js';

export interface SummaryAnswer {
  response: string;
  openCommentAmount: number;
  keyPhrases: string[];
  commentIds: string[];
  cached: boolean;
  produced: Produced;
}

export interface SummaryInput {
  languageCode: string;
  topic?: string | undefined;
  context?: string | undefined;
}

/** One summary of `comments`, from the cache or the engine. */
export async function summarise(
  ctx: AiContext,
  user: AuthUser,
  surveyId: string,
  comments: readonly AiComment[],
  input: SummaryInput,
  operation: string,
): Promise<SummaryAnswer> {
  const ids = comments.map((comment) => comment.id);
  const request = {
    operation: 'summary',
    surveyId,
    commentIds: ids,
    languageCode: input.languageCode,
    model: ctx.modelName,
    extra: [input.topic, input.context],
  };
  return ctx.cache.through(
    request,
    async (): Promise<Omit<SummaryAnswer, 'cached'>> => {
      const mask = await ctx.maskerFor(surveyId);
      const result = await ctx.viaProvider(user, surveyId, operation, ids, ctx.modelName, () =>
        ctx.engine.summarize({
          comments: masked(comments, mask),
          languageCode: input.languageCode,
          topic: input.topic,
          context: input.context ? mask(input.context) : undefined,
        }),
      );
      return {
        response: result.text,
        openCommentAmount: comments.length,
        keyPhrases: result.keyPhrases,
        commentIds: result.commentIds,
        produced: result.produced,
      };
    },
    // An empty set's answer says only that there was nothing to summarise.
    () => comments.length > 0,
  );
}

/** The summary inputs of a request body (the report's or the playground's). */
const inputOf = (body: {
  languageCode: string;
  observationTopic?: string | undefined;
  observationContext?: string | undefined;
}): SummaryInput => ({
  languageCode: body.languageCode,
  topic: body.observationTopic,
  context: body.observationContext,
});

/** Playground: one observation factor's comments of one type (Admin, routes.ts). */
export async function factorSummary(
  ctx: AiContext,
  user: AuthUser,
  body: z.output<typeof schemas.factorSummaryBody>,
) {
  await ctx.survey(user, body.surveyId);
  const comments = (
    await ctx.factorComments(user, body.surveyId, body.openAnswerType, body.languageCode)
  ).filter((comment) => comment.criterionId === body.observationFactorId);
  return summarise(ctx, user, body.surveyId, comments, inputOf(body), 'summary');
}

/** The report's summary of chosen comments (summarisation setting per role). */
export async function commentsSummary(
  ctx: AiContext,
  user: AuthUser,
  body: z.output<typeof schemas.commentsSummaryBody>,
) {
  requireFeature(user, await ctx.survey(user, body.surveyId), 'summarization');
  const comments = await ctx.commentsByIds(user, body.surveyId, body.commentIds, body.languageCode);
  return summarise(ctx, user, body.surveyId, comments, inputOf(body), 'summary');
}
