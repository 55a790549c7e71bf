// eNPS of each compared group, and how its answers group (reporting.md section 5).
import type { AuthUser } from '../../../lib/auth.js';
import { enpsOf } from '../cell-stats/index.js';
import { enps } from '../formulas.js';
import { comparedGroups } from '../groups.js';
import type { ReportQuery } from '../schemas.js';
import type { ReportContext } from '../sets.js';
import { header, shown } from '../shown.js';
import { reportTexts } from '../texts.js';
import { enpsCounts } from './enps.queries.js';

export async function enpsReport(ctx: ReportContext, user: AuthUser, query: ReportQuery) {
  const t = reportTexts(query);
  const { sets, groups } = await comparedGroups(ctx, user, query, t, ['enps']);
  const data = await Promise.all(
    groups.map((group) =>
      shown(group, async () => {
        const raw =
          group.stats?.enps ??
          (group.sums ? enpsOf(group.sums) : await enpsCounts(ctx.db, group.condition));
        return { raw, enps: enps(raw) };
      }),
    ),
  );
  return { ...header('enps', sets, t), data };
}

/** How eNPS answers group (reporting.md section 5). */
export const enpsSettings = () => ({
  detractors: { from: 0, to: 6 },
  passives: { from: 7, to: 8 },
  promoters: { from: 9, to: 10 },
});
