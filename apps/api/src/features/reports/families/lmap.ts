// The L-map: per group of each chosen breakdown, the 30 realizations and the L-index.
import type { AuthUser } from '../../../lib/auth.js';
import { CRITERIA, criterionStats } from '../formulas.js';
import { groupsOf } from '../groups.js';
import type { GroupKey, ReportQuery } from '../schemas.js';
import { resolve, validation, type ReportContext, type ResolvedSet } from '../sets.js';
import { header } from '../shown.js';
import { criterion, reportTexts } from '../texts.js';
import { groupedRealizations } from './lmap.queries.js';

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
  // Every breakdown with every group's values read together, not one query per group.
  const breakdowns = await groupedRealizations(
    ctx.db,
    first.condition,
    query.groupBy,
    first.survey.companyId,
  );
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
      const stats = criterionStats(group.row.realizations);
      rows.push({
        groupName: group.name,
        variable: key,
        participants: group.n,
        values: [
          ...CRITERIA.map((id) => stats.find((c) => c.id === id)?.mean ?? null),
          group.row.lindex,
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
