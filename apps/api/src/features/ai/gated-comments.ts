// The one way the AI feature reads comments. Everything a summary, a translation, a prompt, an index
// answer or a follow-up is built from comes from here, and here only from the reports feature's
// anonymity gate (docs/anonymity.md): `gatedComments` returns exactly the comments the open comments
// report would show this user for this set (hidden comments never, sets the gate withholds never
// unless the company allows small-group comments, restrictOpenCommentsByUnit, the User role rules),
// with their ids.
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { reportsService } from '../reports/index.js';
import type { AiComment } from './engine.js';

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

export function gatedComments(db: Db, threshold: number) {
  const reports = reportsService(db, threshold);
  return async function read(user: AuthUser, request: GateRequest): Promise<Gated> {
    const filters = await unitFilters(db, request.unitIds ?? []);
    const rows = await reports.gatedComments(user, {
      sets: [{ surveyId: request.surveyId, filters }],
      ...(request.reportLanguage ? { reportLanguage: request.reportLanguage } : {}),
    } as Parameters<typeof reports.gatedComments>[1]);
    if (!rows) return { comments: [], suppressed: true };
    return {
      comments: rows.map((row) => ({ ...row, surveyId: request.surveyId })),
      suppressed: false,
    };
  };
}

export type GatedCommentsReader = ReturnType<typeof gatedComments>;
