// Breakdowns: the groups of a unit level or background question with each group's aggregates,
// read in one pass over the rows instead of one query per group.
import type { Db } from '../../lib/db.js';
import { findLevelUnits } from '../companies/index.js';
import { isUnitKey, unitLevel, BACKGROUND, type BackgroundKey, type GroupKey } from './schemas.js';
import type { Condition } from './filters.js';
import { bandConditions, binConditions } from './formulas.js';
import { many, type Histogram } from './queries.js';

const pick = (row: Record<string, unknown>, prefix: string, length: number): number[] =>
  Array.from({ length }, (_, i) => Number(row[`${prefix}${i}`]));

export interface BreakdownRow {
  /** The unit id or background value; null = no unit on the level / not answered. */
  key: string | null;
  name: string | null;
  n: number;
}
/**
 * An aggregate a breakdown reads per group. `sum` columns (counts) add up, `mean` is avg(expr),
 * `concat` (string_agg of a code column) concatenates: so a group can be assembled from parts.
 */
export interface Aggregate {
  alias: string;
  expr: string;
  merge: 'sum' | 'mean' | 'concat';
}

const counts = (conditions: string[], prefix: string): Aggregate[] =>
  conditions.map((c, i) => ({
    alias: `${prefix}${i}`,
    expr: `count(*) FILTER (WHERE ${c})::int`,
    merge: 'sum',
  }));

export const mean = (alias: string, column: string): Aggregate => ({
  alias,
  expr: column,
  merge: 'mean',
});

export const codes = (alias: string, column: string): Aggregate => ({
  alias,
  expr: `string_agg(${column}, '')`,
  merge: 'concat',
});

export type GroupRow = BreakdownRow & Record<string, unknown>;

/** Background breakdowns: one GROUP BY over the column; groups unordered. */
function backgroundGroups(
  db: Db,
  where: Condition,
  key: BackgroundKey,
  aggregates: Aggregate[],
): Promise<GroupRow[]> {
  const column = `r.${BACKGROUND[key].column}`;
  const select = aggregates.map(({ alias, expr, merge }) =>
    merge === 'mean' ? `avg(${expr})::float8 AS ${alias}` : `${expr} AS ${alias}`,
  );
  return many<GroupRow>(
    db,
    (p) => `SELECT ${column} AS key, NULL AS name, ${['count(*)::int AS n', ...select].join(', ')}
      FROM responses r WHERE ${where(p)} GROUP BY ${column}`,
  );
}

interface UnitCombination extends Record<string, unknown> {
  units: string[];
  n: number;
}

/**
 * The selected rows grouped by their unit id list, with the aggregates (a mean as its sum). A
 * survey has few distinct unit lists (one per lowest unit: 36 on the 50,000 profile), so every
 * unit level's breakdown is assembled from these parts in JavaScript. Joining each row's unnested
 * unit ids to the level's units ran as a nested loop per row: 5 to 9 times slower on PostgreSQL
 * and PGlite (docs/report-performance.md).
 */
function unitCombinations(
  db: Db,
  where: Condition,
  aggregates: Aggregate[],
): Promise<UnitCombination[]> {
  const select = aggregates.map(({ alias, expr, merge }) =>
    merge === 'mean' ? `sum((${expr})::float8) AS ${alias}` : `${expr} AS ${alias}`,
  );
  return many<UnitCombination>(
    db,
    (p) => `SELECT ${['r.unit_ids::text[] AS units', 'count(*)::int AS n', ...select].join(', ')}
      FROM responses r WHERE ${where(p)} GROUP BY r.unit_ids`,
  );
}

/** A group assembled from unit combinations: counts and sums added, codes concatenated. */
function mergeParts(parts: UnitCombination[], aggregates: Aggregate[]): Record<string, unknown> {
  const n = parts.reduce((sum, part) => sum + part.n, 0);
  const merged: Record<string, unknown> = { n };
  for (const { alias, merge } of aggregates) {
    if (merge === 'concat') merged[alias] = parts.map((part) => part[alias] ?? '').join('');
    else {
      const total = parts.reduce((sum, part) => sum + Number(part[alias]), 0);
      merged[alias] = merge === 'mean' ? total / n : total;
    }
  }
  return merged;
}

/**
 * The breakdown of a unit level from unit combinations: one group per unit of the level with
 * anyone in it (ordered by name, as the units query answers them), then the people without a unit
 * on the level.
 */
function unitGroups(
  combinations: UnitCombination[],
  levelUnits: { id: string; name: string }[],
  aggregates: Aggregate[],
): GroupRow[] {
  const parts = new Map<string | null, UnitCombination[]>();
  const onLevel = new Set(levelUnits.map((unit) => unit.id));
  for (const combination of combinations) {
    const own = new Set(combination.units.filter((id) => onLevel.has(id)));
    for (const key of own.size > 0 ? own : [null]) {
      const list = parts.get(key) ?? [];
      list.push(combination);
      parts.set(key, list);
    }
  }
  const groups: GroupRow[] = [];
  for (const { id, name } of [...levelUnits, { id: null, name: null }]) {
    const found = parts.get(id);
    if (found) groups.push({ key: id, name, ...mergeParts(found, aggregates) } as GroupRow);
  }
  return groups;
}

/**
 * Breakdowns of the selected rows, one list of groups per key, each group with `n` and the given
 * aggregates: unit levels from one read of the unit combinations, each background variable one
 * GROUP BY. Unit groups come ordered by name (no unit last); background groups unordered.
 */
export async function grouped(
  db: Db,
  where: Condition,
  keys: GroupKey[],
  companyId: string,
  aggregates: Aggregate[],
): Promise<GroupRow[][]> {
  const combinations = keys.some(isUnitKey) ? unitCombinations(db, where, aggregates) : null;
  return Promise.all(
    keys.map(async (key) => {
      if (!isUnitKey(key)) return backgroundGroups(db, where, key, aggregates);
      const [parts, units] = await Promise.all([
        combinations,
        findLevelUnits(db, companyId, unitLevel(key)),
      ]);
      return unitGroups(parts ?? [], units, aggregates);
    }),
  );
}

/** S-index and L-index histograms and eNPS answers of a group (see histogram, enpsCounts). */
export interface GroupStats {
  satisfaction: Histogram;
  lindex: Histogram;
  enps: number[];
}

const histogramAggregates = (column: 'satisfaction' | 'lindex'): Aggregate[] => {
  const col = `r.${column}`;
  return [
    mean(`${column}_mean`, col),
    ...counts(binConditions(col), `${column}_bin`),
    ...counts(bandConditions(col), `${column}_band`),
  ];
};

const histogramOf = (row: Record<string, unknown>, column: 'satisfaction' | 'lindex') => ({
  n: Number(row.n),
  mean: Number(row[`${column}_mean`]),
  bins: pick(row, `${column}_bin`, binConditions('').length),
  bands: pick(row, `${column}_band`, bandConditions('').length),
});

const ENPS_SCORES = Array.from({ length: 11 }, (_, score) => score);

/** The statistics a breakdown can read per group. */
export type StatName = keyof GroupStats;

const statAggregates: Record<StatName, () => Aggregate[]> = {
  satisfaction: () => histogramAggregates('satisfaction'),
  lindex: () => histogramAggregates('lindex'),
  enps: () =>
    counts(
      ENPS_SCORES.map((score) => `r.enps = ${score}`),
      'enps',
    ),
};

/**
 * A breakdown with each group's `wanted` statistics (histograms, eNPS answers), in one pass over
 * the rows instead of one query per group (the grouped index distributions and eNPS). Only the
 * wanted ones: each is a dozen counts per row, and the L-index by group read all three, 39
 * aggregates where it needs 14 (docs/report-performance.md, change 16).
 */
export async function groupedStats(
  db: Db,
  where: Condition,
  key: GroupKey,
  companyId: string,
  wanted: readonly StatName[],
): Promise<(BreakdownRow & { stats: Partial<GroupStats> })[]> {
  const aggregates = wanted.flatMap((name) => statAggregates[name]());
  const [rows = []] = await grouped(db, where, [key], companyId, aggregates);
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    n: row.n,
    stats: {
      ...(wanted.includes('satisfaction') && { satisfaction: histogramOf(row, 'satisfaction') }),
      ...(wanted.includes('lindex') && { lindex: histogramOf(row, 'lindex') }),
      ...(wanted.includes('enps') && { enps: pick(row, 'enps', ENPS_SCORES.length) }),
    },
  }));
}
