// The one way the AI feature reads comments. Everything a summary, a translation, a prompt, an index
// answer or a follow-up is built from comes from here, and here only from the reports feature's
// anonymity gate (docs/anonymity.md): `gatedComments` returns exactly the comments the open comments
// report would show this user for this set (hidden comments never, sets the gate withholds never
// unless the company allows small-group comments, restrictOpenCommentsByUnit, the User role rules),
// with their ids.
import type { AuthUser } from '../../../lib/auth.js';
import type { Db } from '../../../lib/db.js';
import type { GatedComment, ReportsService, SuppressionReason } from '../../reports/index.js';
import type { AiComment } from '../engines/engine.js';

export interface GateRequest {
  surveyId: string;
  /** Unit ids to restrict to (the Ask page's unit filter); the gate decides what they may see. */
  unitIds?: readonly string[] | undefined;
  reportLanguage?: string | undefined;
}

export interface Gated {
  comments: AiComment[];
  /** The gate withheld the group; nothing may be said about it. */
  suppressed: boolean;
}

/** Unit ids as the report filters take them: `{ unit2: [...], unit3: [...] }` by level. */
async function unitFilters(db: Db, unitIds: readonly string[]) {
  if (unitIds.length === 0) return {};
  const rows = await db.query<{ id: string; index: number }>(
    'SELECT id, index FROM units WHERE id = ANY($1::uuid[])',
    [unitIds],
  );
  const filters: Record<string, string[]> = {};
  for (const row of rows) (filters[`unit${row.index}`] ??= []).push(row.id);
  // An id that names no unit narrows to nothing rather than being ignored.
  if (rows.length < new Set(unitIds).size) filters.unit1 = [...(filters.unit1 ?? []), ...unitIds];
  return filters;
}

/**
 * The gate's three reads: every comment of a request (summaries), only their ids (the search ranks
 * these), and the comments of given ids among them (a search's hits, comments chosen by id). Each
 * call asks the gate afresh: nothing here outlives a request, so a release, a hidden comment or a
 * unit limit applies to the next one. (The reports feature keeps which comments a scope it decided
 * on holds, per survey release, and reads the hidden flag anew each time: comment-scope-ids.ts.)
 */
export function gatedComments(db: Db, reports: ReportsService) {
  type Query = Parameters<typeof reports.gatedComments>[1];
  const query = async (request: GateRequest): Promise<Query> =>
    ({
      sets: [{ surveyId: request.surveyId, filters: await unitFilters(db, request.unitIds ?? []) }],
      ...(request.reportLanguage ? { reportLanguage: request.reportLanguage } : {}),
    }) as Query;
  const withSurvey = (rows: readonly GatedComment[], surveyId: string): AiComment[] =>
    rows.map((row) => ({ ...row, surveyId }));
  return {
    async read(user: AuthUser, request: GateRequest): Promise<Gated> {
      const rows = await reports.gatedComments(user, await query(request));
      if (!rows) return { comments: [], suppressed: true };
      return { comments: withSurvey(rows, request.surveyId), suppressed: false };
    },

    /**
     * The ids of read's comments; null when the gate withholds the group, with its reason. With
     * `byIds` when the reports feature can read chosen ones of them from the scope it just decided
     * on (a search's hits, in the same request), as byIds below would.
     */
    async ids(user: AuthUser, request: GateRequest): Promise<GatedIds> {
      const gated = await reports.gatedCommentIds(user, await query(request));
      if (gated.ids === null) return gated;
      const { ids, rows } = gated;
      if (!rows) return { ids, suppressedBecause: null };
      const byIds = async (chosen: readonly string[]) =>
        chosen.length === 0 ? [] : withSurvey(await rows(chosen), request.surveyId);
      return { ids, suppressedBecause: null, byIds };
    },

    /** Those of `ids` that read would return, in read's order; none when the group is withheld. */
    async byIds(
      user: AuthUser,
      request: GateRequest,
      ids: readonly string[],
    ): Promise<AiComment[]> {
      if (ids.length === 0) return [];
      const rows = await reports.gatedComments(user, await query(request), [...new Set(ids)]);
      return rows ? withSurvey(rows, request.surveyId) : [];
    },
  };
}

export type GatedCommentsReader = ReturnType<typeof gatedComments>;

/** The gate's ids for a searcher (gatedComments(...).ids). */
export type GatedIds =
  | {
      ids: readonly string[];
      suppressedBecause: null;
      /** Chosen ones of these as comments, read from the same scope (see `ids`). */
      byIds?: (ids: readonly string[]) => Promise<AiComment[]>;
    }
  | { ids: null; suppressedBecause: SuppressionReason };
