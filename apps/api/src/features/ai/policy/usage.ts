// Cost and abuse controls around the engines: a per-account rate limit on AI calls (in the shared
// limit store, lib/limits), a daily token cap on provider calls counted from the audit table (so it
// holds across restarts and instances), and the audit record of each provider call.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AuthUser } from '../../../lib/auth.js';
import type { Db } from '../../../lib/db.js';
import { HttpError } from '../../../lib/errors.js';
import { take } from '../../../lib/limits/limits.js';
import type { Usage } from '../engines/engine.js';

export interface AuditEntry {
  user: AuthUser | null;
  surveyId: string;
  operation: string;
  commentIds: readonly string[];
  model: string;
  usage?: Usage | undefined;
}

/** One provider call as the audit answers it (`GET /ai/audit`): who, when, which comments, cost. */
export interface AuditRecord {
  id: number;
  /** ISO 8601 instant. */
  at: string;
  userId: string | null;
  /** The user's display name and email; null for a deleted user or a background build. */
  userName: string | null;
  userEmail: string | null;
  surveyId: string | null;
  /** The survey's name; null for a deleted survey. */
  surveyName: string | null;
  operation: string;
  commentIds: string[];
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export function aiUsage(
  db: Db,
  options: { perAccount: RateLimiterAbstract; dailyTokenCap: number },
) {
  return {
    /** One AI call by `user`; 429 rate-limited past the account's per-minute allowance. */
    take: (user: AuthUser): Promise<void> => take(options.perAccount, user.id),

    /** Before a provider call: 429 ai-spending-cap once today's tokens reached the cap. */
    async checkCap(): Promise<void> {
      const [row] = await db.query<{ tokens: number }>(
        `SELECT COALESCE(SUM(input_tokens + output_tokens), 0)::int AS tokens
           FROM ai_audit WHERE at >= date_trunc('day', now())`,
      );
      if ((row?.tokens ?? 0) >= options.dailyTokenCap) throw new HttpError('ai-spending-cap');
    },

    async record(entry: AuditEntry): Promise<void> {
      await db.query(
        `INSERT INTO ai_audit (user_id, survey_id, operation, comment_ids, model, input_tokens,
           output_tokens) VALUES ($1, $2, $3, $4::uuid[], $5, $6, $7)`,
        [
          entry.user?.id ?? null,
          entry.surveyId,
          entry.operation,
          [...entry.commentIds],
          entry.model,
          entry.usage?.inputTokens ?? 0,
          entry.usage?.outputTokens ?? 0,
        ],
      );
    },

    async list(surveyId: string | undefined, take: number) {
      return db.query<AuditRecord>(
        `SELECT a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
                a.user_id AS "userId", u.display_name AS "userName", u.email AS "userEmail",
                a.survey_id AS "surveyId", s.name AS "surveyName", a.operation,
                a.comment_ids::text[] AS "commentIds", a.model, a.input_tokens AS "inputTokens",
                a.output_tokens AS "outputTokens"
           FROM ai_audit a
           LEFT JOIN users u ON u.id = a.user_id
           LEFT JOIN surveys s ON s.id = a.survey_id
          WHERE ($1::uuid IS NULL OR a.survey_id = $1::uuid)
          ORDER BY a.id DESC LIMIT $2`,
        [surveyId ?? null, take],
      );
    },
  };
}

export type AiUsage = ReturnType<typeof aiUsage>;
