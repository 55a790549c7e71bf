// The L-map: per group of each chosen breakdown, the 30 realizations and the L-index.
import type { AuthUser } from '../../../lib/auth.js';
import { CRITERIA, criterionStats } from '../formulas.js';
import { criterionStatsOf, histogramOf } from '../cell-stats/index.js';
import { cellBreakdown, groupsOf } from '../groups.js';
import type { GroupKey, ReportQuery } from '../schemas.js';
import { resolve, validation, type ReportContext, type ResolvedSet } from '../sets.js';
import { header } from '../shown.js';
import { criterion, reportTexts } from '../texts.js';
import { groupedRealizations, type GroupRealizations } from './lmap.queries.js';

/** Rows: the groups of each chosen breakdown; columns: the 30 realizations and the L-index. */
export async function lmap(
  ctx: ReportContext,
  user: AuthUser,
  query: Omit<ReportQuery, 'groupBy'> & { groupBy: GroupKey[] },
) {
  const t = reportTexts(query);
  const sets = await resolve(ctx, user, { ...query, groupBy: undefined }, t);
  const first = sets[0] as ResolvedSet;
  const rows = [];
  if (!first.survey) throw validation('groupBy', 'reports.query.surveyOnly');
  const breakdowns = await lmapBreakdowns(ctx, first, query.groupBy);
  for (const [index, key] of query.groupBy.entries()) {
    for (const group of groupsOf(first, key, breakdowns[index] ?? [], t)) {
      if (group.reason) {
        rows.push({
          groupName: group.name,
          variable: key,
          suppressed: true as const,
          reason: group.reason,
        });
        continue;
      }
      const { row } = group;
      const stats = row.sums ? criterionStatsOf(row.sums) : criterionStats(row.realizations);
      rows.push({
        groupName: group.name,
        variable: key,
        participants: group.n,
        values: [
          ...CRITERIA.map((id) => stats.find((c) => c.id === id)?.mean ?? null),
          row.sums ? histogramOf(row.sums, 'lindex').mean : row.lindex,
        ],
      });
    }
  }
  return {
    ...header('lmap', sets, t),
    data: {
      criteria: [
        ...CRITERIA.map((id) => criterion(t, id)),
        { id: 'lindex', description: t('names.lindex') },
      ],
      rows,
    },
  };
}

type LmapRow = GroupRealizations & { sums?: Float64Array };

/**
 * Every breakdown with every group's values: summed from the cells when they answer every
 * breakdown, else read from the rows together, not one query per group.
 */
async function lmapBreakdowns(
  ctx: ReportContext,
  first: ResolvedSet,
  keys: GroupKey[],
): Promise<LmapRow[][]> {
  const cells = await Promise.all(keys.map((key) => cellBreakdown(ctx, first, key, [])));
  if (cells.every((rows) => rows !== null)) {
    return cells.map((rows) =>
      (rows ?? []).map(({ key, name, n, sums }) => ({
        key,
        name,
        n,
        sums,
        lindex: 0,
        realizations: new Uint8Array(),
      })),
    );
  }
  return groupedRealizations(ctx.db, first.condition, keys, first.survey?.companyId ?? '');
}
