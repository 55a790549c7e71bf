// The S-index or L-index distribution of each compared group (currentSatisfaction, lindexCompare).
import type { AuthUser } from '../../../lib/auth.js';
import { histogramOf } from '../cell-stats/index.js';
import { INDEX_BIN_BOUNDS, percentages } from '../formulas.js';
import { comparedGroups } from '../groups.js';
import { histogram } from '../queries.js';
import type { ReportQuery } from '../schemas.js';
import type { ReportContext } from '../sets.js';
import { header, shown } from '../shown.js';
import { reportTexts } from '../texts.js';

export async function indexDistribution(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  column: 'satisfaction' | 'lindex',
  report: string,
) {
  const t = reportTexts(query);
  const { sets, groups } = await comparedGroups(ctx, user, query, t, [column]);
  const data = await Promise.all(
    groups.map((group) =>
      shown(group, async () => {
        const h =
          group.stats?.[column] ??
          (group.sums
            ? histogramOf(group.sums, column)
            : await histogram(ctx.db, group.condition, column));
        return { average: h.mean, values: percentages(h.bins), counts: h.bins };
      }),
    ),
  );
  return { ...header(report, sets, t), bins: INDEX_BIN_BOUNDS, data };
}
