// How the first group's realizations of the 30 criteria correlate with each other.
import type { AuthUser } from '../../../lib/auth.js';
import { pearsonOf } from '../cell-stats/index.js';
import { CRITERIA, pearsonMatrix } from '../formulas.js';
import { comparedGroups, type Group } from '../groups.js';
import { realizationMatrix } from '../queries.js';
import type { ReportQuery } from '../schemas.js';
import type { ReportContext } from '../sets.js';
import { header, shown } from '../shown.js';
import { criterion, reportTexts } from '../texts.js';

export async function correlationMatrix(ctx: ReportContext, user: AuthUser, query: ReportQuery) {
  const t = reportTexts(query);
  const { sets, groups } = await comparedGroups(ctx, user, query, t);
  const main = groups[0] as Group;
  const data = await shown(main, async () => ({
    criteria: CRITERIA.map((id) => criterion(t, id)),
    matrix: main.sums
      ? pearsonOf(main.sums)
      : pearsonMatrix(await realizationMatrix(ctx.db, main.condition), CRITERIA.length),
  }));
  return { ...header('correlationMatrix', sets, t), data };
}
