import type { AuthUser } from '../../../lib/auth.js';
import type { ReportContext } from '../sets.js';
import { lindexBySurvey, lindexBySurveyFromRows } from './lindex-trend.queries.js';

/** The company's L-index per ended survey, oldest first. */
export async function lindexTrend(ctx: ReportContext, user: AuthUser, companyId: string) {
  const ended = await ctx.surveys.comparableSurveyHeads(user, companyId);
  // The kept sums go with the cell statistics: REPORT_CELL_STATS=false reads the rows as before.
  const stats = await (ctx.cells ? lindexBySurvey : lindexBySurveyFromRows)(
    ctx.db,
    ended.map((s) => s.id),
  );
  return ended
    .map((survey) => {
      const found = stats.find((s) => s.surveyId === survey.id);
      const base = {
        surveyId: survey.id,
        name: survey.name,
        date: survey.finished,
        trackingSurvey: survey.tracking,
      };
      return found && found.n >= ctx.threshold
        ? { ...base, value: found.lindex }
        : { ...base, suppressed: true as const, reason: 'belowThreshold' as const };
    })
    .sort((a, b) => String(a.date).localeCompare(String(b.date)));
}
