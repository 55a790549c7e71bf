// Merges inside units chosen so that a question's partitions agree (docs/anonymity.md, "Merges that
// agree"). A question's cells over the whole survey (or inside a larger unit) are a reference: for a
// reference cell G, the units whose cells mix G's people with others hold, together, the people of G
// that no unit's own cells show. That total is a difference of shown sets (G minus the units that
// show G alone), so it must be 0 or at least T. When it is 1 to T - 1, the smallest unit that shows
// G alone merges G into its own mixed cell (one group of that unit hidden) until the total reaches T.
// The exact check (choose-partitions.ts) still decides; this only makes it pass more often.

/** Rounds of merging at most (each merges one unit's G): a count, so the same data give the same. */
const ROUNDS = 200;

/**
 * The candidate's cells with merges added so that, against every reference, each reference cell's
 * mixed people total 0 or at least `threshold`. `partOf`: each atom's unit (the candidate's node
 * above the question); `n`: each atom's people. Cells keep their numbers (merged ones take
 * another's).
 */
export function alignMerges(
  cells: readonly number[],
  partOf: readonly number[],
  references: readonly (readonly number[])[],
  n: readonly number[],
  threshold: number,
): number[] {
  const aligned = [...cells];
  for (let round = 0; round < ROUNDS; round += 1) {
    const merge = references
      .map((reference) => mergeNeeded(aligned, partOf, reference, n, threshold))
      .find((found) => found !== undefined);
    if (!merge) break;
    for (let i = 0; i < aligned.length; i += 1)
      if (merge.from.has(aligned[i] as number)) aligned[i] = merge.into;
  }
  return aligned;
}

interface Merge {
  /** Cells to merge (one unit's cells of people of G). */
  from: Set<number>;
  /** The unit's cell they join. */
  into: number;
}

/** The first merge a reference needs, or undefined when it needs none (or none can help). */
function mergeNeeded(
  cells: readonly number[],
  partOf: readonly number[],
  reference: readonly number[],
  n: readonly number[],
  threshold: number,
): Merge | undefined {
  // Which reference cells each candidate cell touches, and each cell's people and unit.
  const touches = new Map<number, Set<number>>();
  const people = new Map<number, number>();
  const unitOf = new Map<number, number>();
  cells.forEach((cell, i) => {
    const set = touches.get(cell) ?? touches.set(cell, new Set()).get(cell);
    set?.add(reference[i] as number);
    people.set(cell, (people.get(cell) ?? 0) + (n[i] as number));
    unitOf.set(cell, partOf[i] as number);
  });
  // Per reference cell: its mixed people, and per unit showing it alone, those people and cells.
  const mixed = new Map<number, number>();
  const alone = new Map<number, Map<number, { people: number; cells: Set<number> }>>();
  cells.forEach((cell, i) => {
    const g = reference[i] as number;
    if ((touches.get(cell)?.size ?? 0) > 1) {
      mixed.set(g, (mixed.get(g) ?? 0) + (n[i] as number));
      return;
    }
    const byUnit = alone.get(g) ?? alone.set(g, new Map()).get(g);
    const unit = partOf[i] as number;
    const entry = byUnit?.get(unit) ?? { people: 0, cells: new Set<number>() };
    entry.people += n[i] as number;
    entry.cells.add(cell);
    byUnit?.set(unit, entry);
  });
  const short = [...mixed]
    .filter(([, count]) => count > 0 && count < threshold)
    .sort(([a], [b]) => a - b);
  for (const [g] of short) {
    const units = [...(alone.get(g) ?? [])].sort(
      ([ua, a], [ub, b]) => a.people - b.people || ua - ub,
    );
    for (const [unit, { cells: from }] of units) {
      const into = targetCell(unit, from, touches, people, unitOf);
      if (into !== undefined) return { from, into };
    }
  }
  return undefined;
}

/** The unit's cell to merge into: its mixed cell (the largest), else its smallest other cell. */
function targetCell(
  unit: number,
  from: ReadonlySet<number>,
  touches: ReadonlyMap<number, ReadonlySet<number>>,
  people: ReadonlyMap<number, number>,
  unitOf: ReadonlyMap<number, number>,
): number | undefined {
  const others = [...unitOf]
    .filter(([cell, u]) => u === unit && !from.has(cell))
    .map(([cell]) => cell)
    .sort((a, b) => a - b);
  const size = (cell: number) => people.get(cell) ?? 0;
  const mixedCells = others.filter((cell) => (touches.get(cell)?.size ?? 0) > 1);
  if (mixedCells.length > 0)
    return mixedCells.reduce((best, cell) => (size(cell) > size(best) ? cell : best));
  if (others.length === 0) return undefined;
  return others.reduce((best, cell) => (size(cell) < size(best) ? cell : best));
}
