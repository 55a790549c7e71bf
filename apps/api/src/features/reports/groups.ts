// The groups a report compares: the resolved sets, or the breakdown of the first set, each group
// judged by the gate on its own.
import type { AuthUser } from '../../lib/auth.js';
import { findLevelUnits } from '../companies/index.js';
import {
  groupedStats,
  type BreakdownRow,
  type GroupStats,
  type StatName,
} from './breakdown-queries.js';
import { enpsOf, groupHistogramOf, groupSums, participantsOf } from './cell-stats/index.js';
import { and, groupCondition, type Condition } from './filters.js';
import type { SuppressionReason } from './gate.js';
import {
  BACKGROUND,
  isUnitKey,
  unitLevel,
  type Filters,
  type GroupKey,
  type ReportQuery,
} from './schemas.js';
import { resolve, validation, type ReportContext, type ResolvedSet } from './sets.js';
import { valueName, type T } from './texts.js';

/** A group a report shows values for: a filter set, or one group of a breakdown of the first set. */
export interface Group {
  name: string;
  /** A breakdown group's histograms and eNPS answers, those the breakdown read. */
  stats?: Partial<GroupStats>;
  condition: Condition;
  n: number;
  reason: SuppressionReason | null;
  /** The group's summed cell statistics, when the cells answer it (cell-stats/). */
  sums?: Float64Array | null;
}

/** A breakdown row summed from cells: the group's statistics and its sums. */
type CellRow = BreakdownRow & { stats: Partial<GroupStats>; sums: Float64Array };

/**
 * A breakdown's rows from the cell statistics, as groupedStats reads them from the rows (unit
 * groups in the level's order, then the people without a unit there); null when the cells cannot
 * answer it.
 */
export async function cellBreakdown(
  { db }: ReportContext,
  base: ResolvedSet,
  key: GroupKey,
  wanted: readonly StatName[],
): Promise<CellRow[] | null> {
  if (!base.cells || !base.survey) return null;
  const units = isUnitKey(key)
    ? await findLevelUnits(db, base.survey.companyId, unitLevel(key))
    : [];
  const groups = groupSums(
    base.cells,
    base.set.filters as Filters,
    key,
    units.map((unit) => unit.id),
  );
  if (!groups) return null;
  const order: { id: string | null; name: string | null }[] = isUnitKey(key)
    ? [...units, { id: null, name: null }]
    : [...groups.keys()].map((id) => ({ id, name: null }));
  const byQuestion = !isUnitKey(key);
  return order.flatMap(({ id, name }) => {
    const sums = groups.get(id);
    if (!sums) return [];
    return [
      {
        key: id,
        name,
        n: participantsOf(sums),
        sums,
        stats: {
          ...(wanted.includes('satisfaction') && {
            satisfaction: groupHistogramOf(sums, 'satisfaction', byQuestion),
          }),
          ...(wanted.includes('lindex') && {
            lindex: groupHistogramOf(sums, 'lindex', byQuestion),
          }),
          ...(wanted.includes('enps') && { enps: enpsOf(sums) }),
        },
      },
    ];
  });
}

/** A breakdown's rows with their `wanted` statistics: summed from the cells when they answer it. */
export async function breakdownRows(
  ctx: ReportContext,
  base: ResolvedSet,
  key: GroupKey,
  wanted: readonly StatName[],
): Promise<(BreakdownRow & { stats: Partial<GroupStats>; sums?: Float64Array })[]> {
  if (!base.survey) throw validation('groupBy', 'reports.query.surveyOnly');
  return (
    (await cellBreakdown(ctx, base, key, wanted)) ??
    groupedStats(ctx.db, base.condition, key, base.survey.companyId, wanted)
  );
}

/** The groups of a breakdown of one set, each group's `wanted` statistics read in one pass. */
async function breakdownGroups(
  ctx: ReportContext,
  base: ResolvedSet,
  key: GroupKey,
  t: T,
  wanted: readonly StatName[],
): Promise<Group[]> {
  const rows = await breakdownRows(ctx, base, key, wanted);
  return groupsOf(base, key, rows, t).map(({ row, ...group }) => ({
    ...group,
    stats: row.stats,
    ...(row.sums && { sums: row.sums }),
  }));
}

/** The groups of breakdown rows (groupedStats or groupedRealizations), in display order. */
export function groupsOf<R extends BreakdownRow>(
  base: ResolvedSet,
  key: GroupKey,
  rows: R[],
  t: T,
): (Group & { row: R })[] {
  if (!isUnitKey(key)) {
    const order = BACKGROUND[key].values as readonly string[];
    const rank = (value: string | null) => (value === null ? order.length : order.indexOf(value));
    rows.sort((a, b) => rank(a.key) - rank(b.key));
  }
  const verdicts = base.gate?.breakdown(base.test, key);
  return rows.map((row) => {
    const verdict = verdicts?.get(row.key);
    return {
      name: valueName(t, key, row.key, row.name),
      row,
      condition: and(base.condition, groupCondition(key, row.key)),
      n: row.n,
      // The gate judges each group on its own: a group is shown only as a union of whole cells.
      reason: !verdict ? 'belowThreshold' : verdict.shown ? null : verdict.reason,
    };
  });
}

/**
 * The sets themselves, or with `groupBy` the breakdown of the first set, its groups with the
 * `wanted` statistics (a report reads those of a group without them itself).
 */
export async function comparedGroups(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  t: T,
  wanted: readonly StatName[] = [],
) {
  const sets = await resolve(ctx, user, query, t);
  const first = sets[0] as ResolvedSet;
  const groups: Group[] = query.groupBy
    ? await breakdownGroups(ctx, first, query.groupBy, t, wanted)
    : sets;
  return { sets, groups };
}
