// The AI operations (reporting.md sections 2-8; docs/ai.md), one file each under operations/.
// Every comment comes from the anonymity gate (policy/gated-comments.ts); text leaves for a
// provider only masked, each provider call is audited and counted against the daily cap
// (operations/context.ts), and summaries/translations are cached.
import type { AuthUser } from '../../lib/auth.js';
import type { z } from 'zod';
import { ask } from './operations/ask.js';
import { capabilities } from './operations/capabilities.js';
import { aiContext, type AiServiceDeps } from './operations/context.js';
import { fullSummary } from './operations/full-summary.js';
import { build, createIndex, remove, statusOf } from './operations/search-index.js';
import { commentsSummary, factorSummary } from './operations/summarize.js';
import { translate } from './operations/translate.js';
import type * as schemas from './schemas.js';

export type { AiServiceDeps } from './operations/context.js';

export function aiService(deps: AiServiceDeps) {
  const ctx = aiContext(deps);
  return {
    factorSummary: (user: AuthUser, body: z.output<typeof schemas.factorSummaryBody>) =>
      factorSummary(ctx, user, body),
    commentsSummary: (user: AuthUser, body: z.output<typeof schemas.commentsSummaryBody>) =>
      commentsSummary(ctx, user, body),
    fullSummary: (user: AuthUser, body: z.output<typeof schemas.fullSummaryBody>) =>
      fullSummary(ctx, user, body),
    translate: (user: AuthUser, body: z.output<typeof schemas.translateBody>) =>
      translate(ctx, user, body),
    search: (user: AuthUser, body: schemas.SearchBody) => ask(ctx, user, body),
    createIndex: (user: AuthUser, body: z.output<typeof schemas.createIndexBody>) =>
      createIndex(ctx, user, body),
    /** The job's work: build or resume the index of `surveyId`. */
    build: (surveyId: string) => build(ctx, surveyId),
    indexStatus: (user: AuthUser, surveyId: string) => statusOf(ctx, user, surveyId),
    deleteIndex: (user: AuthUser, surveyId: string) => remove(ctx, user, surveyId),
    audit: (surveyId: string | undefined, take: number) => deps.usage.list(surveyId, take),
    /** What the console may offer this user on this survey. */
    capabilities: (user: AuthUser, surveyId: string) => capabilities(ctx, user, surveyId),
  };
}

export type AiService = ReturnType<typeof aiService>;
