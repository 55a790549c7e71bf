// Summaries and translations by operation, comment set, language, model and prompt inputs: the same
// request is answered from here and costs no second provider call.
import { createHash } from 'node:crypto';
import type { Db } from '../../../lib/db.js';

/** What makes two requests the same answer. */
export interface CacheRequest {
  operation: string;
  surveyId: string;
  commentIds: readonly string[];
  languageCode: string;
  model: string;
  extra?: readonly (string | undefined)[];
}

export function cacheKey(parts: CacheRequest): string {
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
  async function get<T>(key: string): Promise<T | undefined> {
    const [row] = await db.query<{ value: T }>('SELECT value FROM ai_cache WHERE key = $1', [key]);
    return row?.value;
  }
  async function set(key: string, surveyId: string, value: object): Promise<void> {
    await db.query(
      `INSERT INTO ai_cache (key, survey_id, value) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, created_at = now()`,
      [key, surveyId, value],
    );
  }
  /**
   * The stored answer of the same request (`cached: true`), else `run`'s, stored when `keep`
   * says so (an empty summary, or the built-in engine's translation, is not worth a row).
   */
  async function through<T extends object>(
    request: CacheRequest,
    run: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T & { cached: boolean }> {
    const key = cacheKey(request);
    const hit = await get<T>(key);
    if (hit) return { ...hit, cached: true };
    const value = await run();
    if (keep(value)) await set(key, request.surveyId, value);
    return { ...value, cached: false };
  }
  return { get, set, through };
}
