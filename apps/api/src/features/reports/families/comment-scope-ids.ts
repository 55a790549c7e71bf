// The comment ids of a comment scope, kept per survey release and scope (docs/ai.md "Search
// latency"). Which comments a scope holds is the join of the survey's comments to the responses its
// condition selects: 300-460 ms on the 50,000 profile under load, on every Ask search. A released
// batch never changes (docs/anonymity.md "Open surveys"; the cell statistics rely on the same), so
// neither does that join for a condition that reads releases up to N; only moderation changes
// what is visible, so the hidden flag is never kept: the scope holds hidden comments too, and each
// read subtracts the survey's hidden comments as they are now (comments_hidden_idx), or reads the
// rows with `NOT hidden`. What the scope is (the gate's verdict, the user's unit limits, the
// company's settings) is decided by commentScope on every read; this only remembers the join's
// answer for the condition it decided on, keyed by the condition's SQL and parameters.
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../lib/db.js';
import { Params, type Condition } from '../filters.js';
import { many } from '../queries.js';
import type { GatedComment } from './comments.queries.js';

/** Comment ids kept over all scopes per database: about twenty scopes of a 23,000-comment survey. */
export const SCOPE_CACHE_IDS = 500_000;

interface Scope {
  /** The scope's comment ids, hidden ones included, and the same as a set. */
  all: readonly string[];
  members: ReadonlySet<string>;
  /** The visible ids for the hidden comments named by `hiddenKey` (the last read's). */
  visible?: { hiddenKey: string; ids: readonly string[] };
}

/** One release of one survey, and a condition over its responses (filters.ts). */
export interface ScopeRequest {
  surveyId: string;
  release: number;
  condition: Condition;
}

/** The condition as the database sees it: its SQL and its parameters. */
function keyOf({ surveyId, release, condition }: ScopeRequest): string {
  const p = new Params();
  const sql = condition(p);
  return JSON.stringify([surveyId, release, sql, p.values]);
}

/** Every comment of the scope, hidden ones included (one string from the database). */
async function readScope(db: Db, { surveyId, condition }: ScopeRequest): Promise<Scope> {
  const [row] = await many<{ ids: string | null }>(
    db,
    (p) => `SELECT string_agg(c.id::text, ',') AS ids
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE c.survey_id = ${p.add(surveyId, '::uuid')} AND ${condition(p)}`,
  );
  const all = row?.ids ? row.ids.split(',') : [];
  return { all, members: new Set(all) };
}

/** The survey's hidden comments now (a partial index holds only these). */
async function hiddenIds(db: Db, surveyId: string): Promise<string[]> {
  const [row] = await db.query<{ ids: string | null }>(
    `SELECT string_agg(id::text, ',' ORDER BY id) AS ids FROM comments
      WHERE survey_id = $1 AND hidden`,
    [surveyId],
  );
  return row?.ids ? row.ids.split(',') : [];
}

export interface CommentScopeIds {
  /**
   * The visible comment ids of the scope, as commentIds reads them. While no comment of the survey
   * is hidden or shown again, the same array (callers may key what they derive from it on it).
   */
  visibleIds(request: ScopeRequest, hidden?: Promise<string[]>): Promise<readonly string[]>;
  /** The survey's hidden comment ids now (visibleIds reads them itself unless given them). */
  hidden(surveyId: string): Promise<string[]>;
  /** The visible comments of the scope among `only`, as commentRows reads them. */
  rows(
    request: ScopeRequest,
    descriptions: readonly string[],
    only: readonly string[],
  ): Promise<GatedComment[]>;
}

const caches = new WeakMap<Db, CommentScopeIds>();

/** One cache per database, shared by every reports service over it. */
export function commentScopeIds(db: Db): CommentScopeIds {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createCache(db)));
  return cache;
}

function createCache(db: Db): CommentScopeIds {
  const lru = new LRUCache<string, Scope, ScopeRequest>({
    maxSize: SCOPE_CACHE_IDS,
    sizeCalculation: (scope) => Math.max(1, scope.all.length),
    fetchMethod: (_key, _stale, { context }) => readScope(db, context),
  });
  // A scope larger than the whole cache is read for each request instead.
  const scopeOf = async (request: ScopeRequest) =>
    (await lru.fetch(keyOf(request), { context: request })) ?? readScope(db, request);
  return {
    hidden: (surveyId) => hiddenIds(db, surveyId),

    async visibleIds(request, hiddenNow = hiddenIds(db, request.surveyId)) {
      const [scope, hidden] = await Promise.all([scopeOf(request), hiddenNow]);
      const hiddenKey = hidden.join(',');
      if (scope.visible?.hiddenKey === hiddenKey) return scope.visible.ids;
      const gone = new Set(hidden);
      const ids = gone.size === 0 ? scope.all : scope.all.filter((id) => !gone.has(id));
      scope.visible = { hiddenKey, ids };
      return ids;
    },

    async rows(request, descriptions, only) {
      const scope = await scopeOf(request);
      const wanted = [...new Set(only)].filter((id) => scope.members.has(id));
      if (wanted.length === 0) return [];
      // The hidden flag as it is now, in the same read as the texts.
      const rows = await db.query<Omit<GatedComment, 'description'>>(
        `SELECT c.id, c.type, c.criterion_id::int AS "criterionId", c.text,
           c.language_code AS "languageCode"
         FROM comments c
         WHERE c.id = ANY($1::uuid[]) AND c.survey_id = $2::uuid AND NOT c.hidden
         ORDER BY c.type, c.criterion_id, c.created_at, c.id`,
        [wanted, request.surveyId],
      );
      return rows.map((row) => ({ ...row, description: descriptions[row.criterionId] ?? '' }));
    },
  };
}
