// How many of a survey's participants would change jobs.
import type { AuthUser } from '../../../lib/auth.js';
import { changeJobOf } from '../cell-stats/index.js';
import { resolve, type ReportContext, type ResolvedSet } from '../sets.js';
import { header, shown } from '../shown.js';
import { reportTexts } from '../texts.js';
import { changeJob } from './change-job.queries.js';

export async function changeJobWillingness(
  ctx: ReportContext,
  user: AuthUser,
  surveyId: string,
  query: { reportLanguage?: string },
) {
  const t = reportTexts(query);
  const sets = await resolve(ctx, user, { sets: [{ surveyId, filters: {} }] }, t);
  const main = sets[0] as ResolvedSet;
  const data = await shown(main, async () => {
    const counts = main.sums ? changeJobOf(main.sums) : await changeJob(ctx.db, main.condition);
    return {
      ...counts,
      percentage: counts.count === 0 ? 0 : (counts.willingToChangeJobCount / counts.count) * 100,
    };
  });
  return { ...header('changeJobWillingness', sets, t), data };
}
