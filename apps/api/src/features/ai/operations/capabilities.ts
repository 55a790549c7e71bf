// What the console may offer this user on this survey.
import type { AuthUser } from '../../../lib/auth.js';
import { allows, allowsAgentic } from '../policy/access.js';
import type { AiContext } from './context.js';

export async function capabilities(ctx: AiContext, user: AuthUser, surveyId: string) {
  const head = await ctx.survey(user, surveyId);
  return {
    summarization: allows(user, head, 'summarization'),
    translation: allows(user, head, 'translation'),
    ask: allows(user, head, 'ask'),
    // Agentic answers need a model: the built-in engine offers none (and refuses one asked).
    agentic: ctx.provider && allowsAgentic(user, head),
    engine: ctx.engine.kind,
  };
}
