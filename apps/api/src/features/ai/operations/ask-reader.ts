// What one asker may find in a survey's search index: the decoded index (shared, cached) masked
// down to the comments the anonymity gate gives this user now, and a reader that returns ranked
// ids as gated comments in rank order.
import type { AuthUser } from '../../../lib/auth.js';
import type { SuppressionReason } from '../../reports/index.js';
import { HttpError } from '../../../lib/errors.js';
import type { AiComment, Hit } from '../engines/engine.js';
import { positionsOf, type MemoryIndex } from '../search/memory-index.js';
import type { CollapsedHit } from '../search/collapse.js';
import type { IndexStatus } from '../search/search-index.js';
import { stage } from '../search/stages.js';
import { warmLanguageDetection } from '../search/text.js';
import type { AiContext } from './context.js';

export interface AskReader {
  memory: MemoryIndex;
  /** 1 + the index (in the surveys of the index) of a comment's survey; 0: not visible. */
  allowed: Uint8Array;
  /** Comments read so far (ranked hits and the agent's tool results). */
  read: Map<string, AiComment>;
  /** The gate withholds the asked survey's group (a unit filter below the threshold): why. */
  suppressedBecause: SuppressionReason | null;
  commentsOf(ranked: readonly CollapsedHit[]): Promise<Hit[]>;
}

export async function askReader(
  ctx: AiContext,
  user: AuthUser,
  index: IndexStatus,
  body: { surveyId: string; selectedUnits?: string[] | undefined; languageCode: string },
): Promise<AskReader> {
  const surveysOfIndex = [body.surveyId, ...(index.baseSurveyId ? [index.baseSurveyId] : [])];
  const request = (surveyId: string) => ({
    surveyId,
    unitIds: body.selectedUnits,
    reportLanguage: body.languageCode,
  });
  // The gate's comment ids for this user now (the decoded index is shared; visibility not).
  // A trend survey's base survey whose comments this user may not read (a User before its
  // showOpenComments date) adds none of them; the survey asked about itself must be readable.
  warmLanguageDetection();
  const [memory, ...gatedIds] = await Promise.all([
    stage('index load', () => ctx.indexes.get(index)),
    ...surveysOfIndex.map((surveyId, i) =>
      stage('gate ids', () =>
        i === 0
          ? ctx.gate.ids(user, request(surveyId))
          : ctx.gate.ids(user, request(surveyId)).catch(noneIfForbidden),
      ),
    ),
  ]);
  // The mask holds 1 + the index (in surveysOfIndex) of the comment's survey.
  const allowed = stage('gate mask', () => {
    const mask = new Uint8Array(memory.ids.length);
    gatedIds.forEach((gated, i) => {
      for (const position of positionsOf(memory, gated?.ids ?? [])) mask[position] = i + 1;
    });
    return mask;
  });
  const surveyOf = (id: string) =>
    surveysOfIndex[(allowed[memory.positions.get(id) ?? -1] ?? 0) - 1];
  /** The gated comments of ranked ids, in rank order (read through the gate again). */
  const read = new Map<string, AiComment>();
  async function commentsOf(ranked: readonly CollapsedHit[]): Promise<Hit[]> {
    const wanted = ranked.filter((item) => !read.has(item.id));
    // From the scope the gate's ids came from when the reports feature offers it, else read
    // through the gate again.
    const rows = await Promise.all(
      surveysOfIndex.map((surveyId, i) => {
        const ids = wanted.filter((item) => surveyOf(item.id) === surveyId).map((item) => item.id);
        const gated = gatedIds[i];
        return gated?.ids && gated.byIds
          ? gated.byIds(ids)
          : ctx.gate.byIds(user, request(surveyId), ids);
      }),
    );
    for (const row of rows.flat()) read.set(row.id, row);
    return ranked.flatMap((item) => {
      const comment = read.get(item.id);
      return comment ? [{ ...comment, score: item.score, count: item.count }] : [];
    });
  }
  const suppressedBecause = gatedIds[0]?.suppressedBecause ?? null;
  return { memory, allowed, read, commentsOf, suppressedBecause };
}

/** No comments for a read the user may not make (then they see none of that survey's). */
function noneIfForbidden(error: unknown): null {
  if (error instanceof HttpError && error.detail === 'forbidden') return null;
  throw error;
}
