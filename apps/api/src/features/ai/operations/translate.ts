// Translation of chosen comments (translation setting per role); Sami refused by name.
import type { AuthUser } from '../../../lib/auth.js';
import { HttpError } from '../../../lib/errors.js';
import type { z } from 'zod';
import type { Produced } from '../engines/engine.js';
import { requireFeature } from '../policy/access.js';
import type * as schemas from '../schemas.js';
import { UNSUPPORTED_LANGUAGES } from '../schemas.js';
import { masked, type AiContext } from './context.js';

export async function translate(
  ctx: AiContext,
  user: AuthUser,
  body: z.output<typeof schemas.translateBody>,
) {
  const code = body.languageCode.toLowerCase().split(/[-_]/)[0] as string;
  if (code in UNSUPPORTED_LANGUAGES)
    throw new HttpError('unsupported-language', [
      { field: 'languageCode', message: `ai.translate.unsupportedLanguage.${code}` },
    ]);
  requireFeature(user, await ctx.survey(user, body.surveyId), 'translation');
  const comments = await ctx.commentsByIds(user, body.surveyId, body.commentIds, body.languageCode);
  const ids = comments.map((c) => c.id);
  const request = {
    operation: 'translate',
    surveyId: body.surveyId,
    commentIds: ids,
    languageCode: body.languageCode,
    model: ctx.modelName,
  };
  const byId = new Map(comments.map((c) => [c.id, c]));
  // The built-in engine's word-for-word result is cheap to make again: only a provider's is kept.
  return ctx.cache.through(
    request,
    async (): Promise<Translated> => {
      const mask = await ctx.maskerFor(body.surveyId);
      const result = await ctx.viaProvider(
        user,
        body.surveyId,
        'translate',
        ids,
        ctx.modelName,
        () => ctx.engine.translate(masked(comments, mask), body.languageCode),
      );
      return {
        // The original is the stored text, never the masked copy the provider saw.
        response: result.items.map((item) => ({
          ...item,
          originalText: byId.get(item.commentId)?.text ?? item.originalText,
        })),
        message: result.message ?? null,
        produced: result.produced,
      };
    },
    () => ctx.provider,
  );
}

export interface Translated {
  response: unknown[];
  message: string | null;
  produced: Produced;
}
