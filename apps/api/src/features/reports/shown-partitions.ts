// The partitions whose unions of cells the gate shows (docs/anonymity.md, "Several partitions"):
// the unit cells first (cells.ts: units top-down, then answers inside units), then one partition
// per background question over the whole survey, then one per question inside the units of each
// level, each kept only when, together with those kept before, no group of fewer than T people is a
// sum or difference of their cells (derivable.ts).
import { BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import { partition, type Atom, type Dimension, type ValueOf } from './cells.js';
import { classesOf } from './derivable.js';
import { noSmallGroupInSpan } from './reduced-span.js';

/**
 * Which release batches took each candidate answer partition (batch numbers, ascending), in the
 * candidates' order: all a gate needs to rebuild its partitions without the exact checks.
 */
export type PartitionChoice = number[][];

export interface ShownPartitions {
  /** Cell of each atom, one array per partition; the first is the unit partition. */
  partitions: number[][];
  choice: PartitionChoice;
}

/**
 * The partitions a gate shows unions of. Each release batch chooses on its own atoms (all cells lie
 * within a batch, so the span is a sum over batches): a batch's choice then never changes with later
 * releases, and reads of several releases combine only what was checked together. Where a batch
 * does not take a question's partition, its atoms share one cell of that partition, the batch
 * itself (a union of its unit cells: nothing new). `known`: the choice an earlier build made on the
 * same atoms (gate-choices.ts), taken instead of checking again; ignored when it does not fit.
 */
export function shownPartitions(
  atoms: readonly Atom[],
  unitDimensions: readonly Dimension[],
  valueOf: ValueOf,
  threshold: number,
  known?: PartitionChoice,
): ShownPartitions {
  const unitCells = partition(atoms, unitDimensions, valueOf, threshold);
  const batchOf = partition(atoms, [{ release: true }], valueOf, threshold);
  const batches = new Map<number, number[]>();
  batchOf.forEach((batch, i) => {
    const members = batches.get(batch) ?? batches.set(batch, []).get(batch);
    members?.push(i);
  });
  // Each question over the whole survey first, then inside the units of each level, top-down.
  const levels = unitDimensions.filter((dimension) => 'level' in dimension);
  const candidates: Dimension[][] = [
    ...BACKGROUND_KEYS.map((key) => [{ release: true as const }, { key }]),
    ...levels.flatMap((level) =>
      BACKGROUND_KEYS.map((key) => [{ release: true as const }, level, { key }]),
    ),
  ];
  const answerPartitions: number[][] = [];
  const seen = new Set([unitCells.join()]);
  for (const dimensions of candidates) {
    const candidate = partition(atoms, dimensions, valueOf, threshold);
    // One cell per release batch: nothing a union of unit cells does not show already.
    if (distinct(candidate) <= batches.size || seen.has(candidate.join())) continue;
    seen.add(candidate.join());
    answerPartitions.push(candidate);
  }
  const taken =
    known && fits(known, answerPartitions.length, batches)
      ? known.map((list) => new Set(list))
      : choose(answerPartitions, unitCells, batches, atoms, threshold);
  const fresh = atoms.length * 2;
  const partitions = answerPartitions.flatMap((cells, p) =>
    taken[p]?.size
      ? [
          cells.map((cell, i) =>
            taken[p]?.has(batchOf[i] as number) ? cell : fresh + (batchOf[i] as number),
          ),
        ]
      : [],
  );
  return {
    partitions: [unitCells, ...partitions],
    choice: taken.map((batchSet) => [...batchSet].sort((a, b) => a - b)),
  };
}

/** A known choice names one list per candidate, of batches the atoms have. */
const fits = (known: PartitionChoice, candidates: number, batches: ReadonlyMap<number, unknown>) =>
  known.length === candidates && known.every((list) => list.every((batch) => batches.has(batch)));

/** Per candidate, the batches where it is safe together with the unit cells and those taken before. */
function choose(
  answerPartitions: readonly (readonly number[])[],
  unitCells: readonly number[],
  batches: ReadonlyMap<number, readonly number[]>,
  atoms: readonly Atom[],
  threshold: number,
): Set<number>[] {
  const taken = answerPartitions.map(() => new Set<number>());
  for (const [batch, members] of batches) {
    const chosen = [members.map((i) => unitCells[i] as number)];
    answerPartitions.forEach((cells, p) => {
      const candidate = members.map((i) => cells[i] as number);
      if (
        !safeTogether(
          [...chosen, candidate],
          members.map((i) => atoms[i] as Atom),
          threshold,
        )
      )
        return;
      chosen.push(candidate);
      taken[p]?.add(batch);
    });
  }
  return taken;
}

const distinct = (cellOf: readonly number[]) => new Set(cellOf).size;

/**
 * The size of a component's matrix (small classes times rows, after the large classes are
 * eliminated: reduced-span.ts) up to which it is checked densely (derivable.ts, as the demo's all
 * are); a larger one is checked sparsely, within that check's work limit.
 */
const MAX_ENTRIES = 200_000;

/** Whether no group under the threshold lies in the span of all the partitions' cells. */
function safeTogether(
  partitions: readonly (readonly number[])[],
  atoms: readonly Atom[],
  threshold: number,
): boolean {
  const { classOf, classes } = classesOf(partitions, atoms.length);
  const classSize = new Array<number>(classes).fill(0);
  atoms.forEach((atom, i) => {
    const c = classOf[i] as number;
    classSize[c] = (classSize[c] ?? 0) + atom.n;
  });
  const sets = partitions.flatMap((cellOf) => {
    const byCell = new Map<number, Set<number>>();
    cellOf.forEach((cell, i) => {
      const members = byCell.get(cell) ?? byCell.set(cell, new Set()).get(cell);
      members?.add(classOf[i] as number);
    });
    return [...byCell.values()].map((members) => [...members]);
  });
  return noSmallGroupInSpan(sets, classSize, threshold, MAX_ENTRIES);
}
