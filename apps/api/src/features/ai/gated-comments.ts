// The one way the AI feature reads comments. Everything a summary, a translation, a prompt, an index
// answer or a follow-up is built from comes from here, and here only from the reports feature's
// anonymity gate: `openComments` applies hidden comments, groups under the threshold, the company's
// small-group flag, restrictOpenCommentsByUnit and the User role rules. The gate answers without
// comment ids, so each gated comment is matched to its row (same survey, type, criterion, text and
// language, in the gate's own order); a row the gate did not return is never used.
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { jsonChunks } from '../../lib/raw-json.js';
import { reportsService } from '../reports/service.js';
import type { AiComment, CommentType } from './engine.js';

const TYPES: readonly CommentType[] = ['positive', 'negative', 'neutral'];

interface GateComment {
  comment: string;
  id: number;
  description: string;
  languageCode: string;
}

interface Row {
  id: string;
  type: CommentType;
  criterion_id: number;
  text: string;
  language_code: string;
}

export interface GateRequest {
  surveyId: string;
  /** Unit ids to restrict to (the Ask page's unit filter); the gate decides what they may see. */
  unitIds?: readonly string[] | undefined;
  reportLanguage?: string | undefined;
}

export interface Gated {
  comments: AiComment[];
  /** The gate withheld the group (too small); nothing may be said about it. */
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
    const answer = await reports.openComments(user, {
      sets: [{ surveyId: request.surveyId, filters }],
      ...(request.reportLanguage ? { reportLanguage: request.reportLanguage } : {}),
    } as Parameters<typeof reports.openComments>[1]);
    const data = JSON.parse(jsonChunks(answer.data).join('')) as
      { suppressed: true } | Record<CommentType, GateComment[]>;
    if ('suppressed' in data) return { comments: [], suppressed: true };

    const rows = await db.query<Row>(
      `SELECT id, type, criterion_id, text, language_code FROM comments
        WHERE survey_id = $1 AND NOT hidden ORDER BY type, criterion_id, created_at, id`,
      [request.surveyId],
    );
    const byGroup = new Map<string, Row[]>();
    for (const row of rows) {
      const key = `${row.type}:${row.criterion_id}`;
      const list = byGroup.get(key);
      if (list) list.push(row);
      else byGroup.set(key, [row]);
    }
    const cursor = new Map<string, number>();
    const comments: AiComment[] = [];
    for (const type of TYPES)
      for (const item of data[type]) {
        const key = `${type}:${item.id}`;
        const list = byGroup.get(key) ?? [];
        let at = cursor.get(key) ?? 0;
        while (at < list.length) {
          const row = list[at];
          at += 1;
          if (row && row.text === item.comment && row.language_code === item.languageCode) {
            comments.push({
              id: row.id,
              surveyId: request.surveyId,
              text: row.text,
              languageCode: row.language_code,
              criterionId: row.criterion_id,
              description: item.description,
              type,
            });
            break;
          }
        }
        cursor.set(key, at);
      }
    return { comments, suppressed: false };
  };
}

export type GatedCommentsReader = ReturnType<typeof gatedComments>;
