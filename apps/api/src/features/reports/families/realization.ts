// How the criteria are realized: the first group's 10 most important (realizationTop10) and all
// 30 of the first two groups (realizationByVariables).
import type { AuthUser } from '../../../lib/auth.js';
import type { Db } from '../../../lib/db.js';
import type { Condition } from '../filters.js';
import { criterionStatsOf, picksOf } from '../cell-stats/index.js';
import { BAND_BOUNDS, criterionStats, importanceRanking, percentages } from '../formulas.js';
import { comparedGroups, type Group } from '../groups.js';
import { importancePicks, realizationMatrix } from '../queries.js';
import type { ReportQuery } from '../schemas.js';
import type { ReportContext } from '../sets.js';
import { datasets, header } from '../shown.js';
import { criterion, reportTexts } from '../texts.js';
import { trendCounts, trendCriteria } from '../trend.js';
import { picksAndRealizations } from './realization.queries.js';

const fromRows = async (db: Db, condition: Condition) =>
  criterionStats(await realizationMatrix(db, condition));

/** A group's realizations: summed from its cells, or read from its rows. */
const realizations = async (db: Db, group: Group) =>
  group.sums ? criterionStatsOf(group.sums) : fromRows(db, group.condition);

/** A group's importance picks: summed from its cells, or read from its rows. */
const picks = async (db: Db, group: Group) =>
  group.sums ? picksOf(group.sums) : importancePicks(db, group.condition);

/** The first group's picks and realizations (one scan when read from the rows). */
async function picksAndStats(db: Db, group: Group) {
  if (group.sums) return { picks: picksOf(group.sums), stats: criterionStatsOf(group.sums) };
  const own = await picksAndRealizations(db, group.condition);
  return { picks: own.picks, stats: criterionStats(own.realizations) };
}

/** Realization of the first group's 10 most important criteria, compared with the second. */
export async function realizationTop10(ctx: ReportContext, user: AuthUser, query: ReportQuery) {
  const t = reportTexts(query);
  const { sets, groups } = await comparedGroups(ctx, user, query, t);
  const [main, compare] = groups as [Group, Group | undefined];
  let data: object[] = [];
  if (!main.reason) {
    const [own, theirs] = await Promise.all([
      picksAndStats(ctx.db, main),
      compare && !compare.reason ? realizations(ctx.db, compare) : null,
    ]);
    const top = importanceRanking(own.picks, main.n).slice(0, 10);
    const mine = own.stats;
    data = top.map((item, i) => {
      const own = mine.find((c) => c.id === item.id);
      const other = theirs?.find((c) => c.id === item.id);
      return {
        ...criterion(t, item.id),
        index: i + 1,
        percentage: item.percentage,
        value: own?.mean ?? null,
        spread: own ? percentages(own.bands) : null,
        compareValue: other?.mean ?? null,
        compareSpread: other ? percentages(other.bands) : null,
      };
    });
  }
  return {
    ...header('realizationTop10', sets, t),
    bands: BAND_BOUNDS,
    datasets: datasets(groups.slice(0, 2)),
    data,
  };
}

/** All 30 realizations of the first two groups, ordered by the first group's mean. */
export async function realizationByVariables(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
) {
  const t = reportTexts(query);
  const { sets, groups } = await comparedGroups(ctx, user, query, t);
  const compared = groups.slice(0, 2);
  const stats = await Promise.all(compared.map((g) => (g.reason ? null : realizations(ctx.db, g))));
  const importances = query.reportPackage
    ? await Promise.all(
        compared.map(async (g) => {
          if (g.reason) return null;
          const ranking = importanceRanking(await picks(ctx.db, g), g.n);
          return new Map(ranking.map((c) => [c.id, c.percentage]));
        }),
      )
    : null;
  const first = stats.find((s) => s !== null);
  const order = first
    ? [...first].sort((a, b) => b.mean - a.mean || a.id - b.id).map((c) => c.id)
    : [];
  const topcriteria = order.map((id) => ({
    ...criterion(t, id),
    values: stats.map((s) => s?.find((c) => c.id === id)?.mean ?? null),
    spreads: stats.map((s) => {
      const found = s?.find((c) => c.id === id);
      return found ? percentages(found.bands) : null;
    }),
    // The package's scatter plots importance against realization.
    ...(importances ? { importances: importances.map((m) => m?.get(id) ?? null) } : {}),
  }));
  // A group of a trend survey also answers its trend answers (the base survey's groups: null).
  const surveyOf = (i: number) => (query.groupBy ? sets[0] : sets[i])?.survey;
  const trends = await Promise.all(
    compared.map(async (g, i) => {
      const baseSurveyId = surveyOf(i)?.baseSurveyId;
      if (g.reason || !baseSurveyId) return null;
      const counts = await trendCounts(ctx.db, g.condition);
      const criteria = trendCriteria(counts, ctx.threshold);
      return { baseSurveyId, criteria: criteria.map((c) => ({ ...criterion(t, c.id), ...c })) };
    }),
  );
  return {
    ...header('realizationByVariables', sets, t),
    bands: BAND_BOUNDS,
    data: [{ groups: datasets(compared), topcriteria, trends }],
  };
}
