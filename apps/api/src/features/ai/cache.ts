// Summaries and translations by operation, comment set, language, model and prompt inputs: the same
// request is answered from here and costs no second provider call.
import { createHash } from 'node:crypto';
import type { Db } from '../../lib/db.js';

export function cacheKey(parts: {
  operation: string;
  surveyId: string;
  commentIds: readonly string[];
  languageCode: string;
  model: string;
  extra?: readonly (string | undefined)[];
}): string {
  const text = JSON.stringify([
    parts.operation,
    parts.surveyId,
    [...parts.commentIds].sort(),
    parts.languageCode.toLowerCase(),
    parts.model,
    parts.extra ?? [],
  ]);
  return createHash('sha256').update(text).digest('hex');
}

export function aiCache(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const [row] = await db.query<{ value: T }>('SELECT value FROM ai_cache WHERE key = $1', [
        key,
      ]);
      return row?.value;
    },
    async set(key: string, surveyId: string, value: object): Promise<void> {
      await db.query(
        `INSERT INTO ai_cache (key, survey_id, value) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, created_at = now()`,
        [key, surveyId, value],
      );
    },
  };
}
