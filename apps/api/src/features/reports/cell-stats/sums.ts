// A set's or a breakdown group's statistics as sums of blocks (build.ts): exact, and as fast for a
// million answers as for a hundred. Null when the blocks cannot answer: a set filtered by two
// background questions, or broken down by a question other than its one background filter; the
// report then reads the rows (docs/report-performance.md, "Cell statistics").
import { isUnitKey, type BackgroundKey, type Filters, type GroupKey } from '../schemas.js';
import type { BlockKey, BlockStats } from './build.js';
import { WIDTH } from './layout.js';

interface Family {
  units: (readonly string[])[];
  values: (string | null)[];
  sums: Float64Array;
}

/** The blocks of every batch of a release, added up by block (a report reads all its batches). */
export interface CellStats {
  families: Map<BlockKey['family'], Family>;
}

export function combine(batches: readonly BlockStats[]): CellStats {
  const found = new Map<BlockKey['family'], { index: Map<string, number>; keys: BlockKey[] }>();
  const place = (key: BlockKey) => {
    let family = found.get(key.family);
    if (!family) found.set(key.family, (family = { index: new Map(), keys: [] }));
    const name = `${key.units.join(',')}|${key.value ?? ''}`;
    let b = family.index.get(name);
    if (b === undefined) {
      family.index.set(name, (b = family.keys.length));
      family.keys.push(key);
    }
    return b;
  };
  for (const { blocks } of batches) for (const key of blocks) place(key);
  const families = new Map<BlockKey['family'], Family>();
  for (const [name, { keys }] of found) {
    families.set(name, {
      units: keys.map((key) => key.units),
      values: keys.map((key) => key.value),
      sums: new Float64Array(keys.length * WIDTH),
    });
  }
  for (const { blocks, sums } of batches) {
    blocks.forEach((key, b) => {
      const family = families.get(key.family) as Family;
      add(family.sums, place(key) * WIDTH, sums, b * WIDTH);
    });
  }
  return { families };
}

function add(into: Float64Array, at: number, from: Float64Array, start: number) {
  for (let k = 0; k < WIDTH; k += 1)
    into[at + k] = (into[at + k] as number) + (from[start + k] as number);
}

const backgroundFilters = (filters: Filters) =>
  (Object.entries(filters) as [GroupKey, string[] | undefined][]).filter(
    ([key, values]) => !isUnitKey(key) && values && values.length > 0,
  ) as [BackgroundKey, string[]][];

/** The blocks a set's filters select, in the family that answers them; null when none does. */
function selected(stats: CellStats, filters: Filters, family?: BackgroundKey) {
  const background = backgroundFilters(filters);
  if (background.length > 1) return null;
  if (family && background.some(([key]) => key !== family)) return null;
  const name = family ?? background[0]?.[0] ?? 'units';
  const blocks = stats.families.get(name);
  if (!blocks) return { blocks: undefined, take: [] as number[] };
  const unitFilters = (Object.entries(filters) as [GroupKey, string[] | undefined][])
    .filter(([key, values]) => isUnitKey(key) && values && values.length > 0)
    .map(([, values = []]) => new Set(values));
  const answers = background[0] ? new Set(background[0][1]) : null;
  const take: number[] = [];
  blocks.units.forEach((units, b) => {
    if (!unitFilters.every((ids) => units.some((id) => ids.has(id)))) return;
    const value = blocks.values[b] ?? null;
    if (answers && (value === null || !answers.has(value))) return;
    take.push(b);
  });
  return { blocks, take };
}

/** The sums of a set's people; null when the blocks cannot answer the set. */
export function setSums(stats: CellStats, filters: Filters): Float64Array | null {
  const found = selected(stats, filters);
  if (!found) return null;
  const total = new Float64Array(WIDTH);
  for (const b of found.take) add(total, 0, (found.blocks as Family).sums, b * WIDTH);
  return total;
}

/**
 * The sums per group of a breakdown of a set: by unit of a level (`levelUnits`, every unit of the
 * level; a person counts in each of their units there, those with none in the null group) or by
 * answer. Groups without anyone are absent. Null when the blocks cannot answer.
 */
export function groupSums(
  stats: CellStats,
  filters: Filters,
  key: GroupKey,
  levelUnits: readonly string[],
): Map<string | null, Float64Array> | null {
  const found = selected(stats, filters, isUnitKey(key) ? undefined : key);
  if (!found) return null;
  const groups = new Map<string | null, Float64Array>();
  const into = (group: string | null, b: number) => {
    let total = groups.get(group);
    if (!total) groups.set(group, (total = new Float64Array(WIDTH)));
    add(total, 0, (found.blocks as Family).sums, b * WIDTH);
  };
  const onLevel = new Set(levelUnits);
  for (const b of found.take) {
    if (!isUnitKey(key)) {
      into(found.blocks?.values[b] ?? null, b);
      continue;
    }
    const own = new Set(found.blocks?.units[b]?.filter((id) => onLevel.has(id)));
    if (own.size === 0) into(null, b);
    for (const id of own) into(id, b);
  }
  return groups;
}
