// The criteria the first group picked as most important, compared with the second group.
import type { AuthUser } from '../../../lib/auth.js';
import { picksOf } from '../cell-stats/index.js';
import { importanceRanking, type Importance } from '../formulas.js';
import { comparedGroups, type Group } from '../groups.js';
import { importancePicks } from '../queries.js';
import type { ReportQuery } from '../schemas.js';
import type { ReportContext } from '../sets.js';
import { datasets, header } from '../shown.js';
import { criterion, reportTexts } from '../texts.js';

/** Importance of the first group, compared with the second when there is one. */
export async function mostImportant(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  take: number,
) {
  const t = reportTexts(query);
  const { sets, groups } = await comparedGroups(ctx, user, query, t);
  const [main, compare] = groups as [Group, Group | undefined];
  const ranking = async (group: Group | undefined): Promise<Importance[] | null> =>
    group && !group.reason
      ? importanceRanking(
          group.sums ? picksOf(group.sums) : await importancePicks(ctx.db, group.condition),
          group.n,
        )
      : null;
  const [mainRanking, compareRanking] = await Promise.all([ranking(main), ranking(compare)]);
  const compareOf = new Map(compareRanking?.map((c) => [c.id, c.percentage]));
  return {
    ...header(take === 10 ? 'mostImportantTop10' : 'mostImportantTop30', sets, t),
    datasets: datasets(groups.slice(0, 2)),
    data: (mainRanking ?? []).slice(0, take).map((item, i) => ({
      ...criterion(t, item.id),
      index: i + 1,
      percentage: item.percentage,
      comparePercentage: compareRanking ? (compareOf.get(item.id) ?? 0) : null,
    })),
  };
}
