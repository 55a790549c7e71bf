// The L-index and its spread per group of a breakdown.
import type { AuthUser } from '../../../lib/auth.js';
import { histogramOf } from '../cell-stats/index.js';
import { BAND_BOUNDS, percentages } from '../formulas.js';
import { comparedGroups } from '../groups.js';
import { histogram } from '../queries.js';
import type { ReportQuery } from '../schemas.js';
import { validation, type ReportContext } from '../sets.js';
import { header, shown } from '../shown.js';
import { reportTexts } from '../texts.js';

export async function lindexGrouped(ctx: ReportContext, user: AuthUser, query: ReportQuery) {
  if (!query.groupBy) throw validation('groupBy', 'validation.required');
  const t = reportTexts(query);
  const { sets, groups } = await comparedGroups(ctx, user, query, t, ['lindex']);
  const data = await Promise.all(
    groups.map((group) =>
      shown(group, async () => {
        const h =
          group.stats?.lindex ??
          (group.sums
            ? histogramOf(group.sums, 'lindex')
            : await histogram(ctx.db, group.condition, 'lindex'));
        return { lindex: h.mean, spread: percentages(h.bands) };
      }),
    ),
  );
  return { ...header('lindexGrouped', sets, t), bands: BAND_BOUNDS, data };
}
