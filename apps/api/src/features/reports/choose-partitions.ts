// Which answer partitions the gate keeps, and where (docs/anonymity.md, "Several partitions"). A
// candidate is kept in a release batch when, with the unit cells and the candidates kept before,
// no group under T lies in the span of their cells (reduced-span.ts). When it is not safe in the
// whole batch, its parts (the units it splits by the question) are tried in halves: the failure is
// most often one unit's rare answer, and the other units then still show their answers.
import { type Atom } from './cells.js';
import { oneClass, refineClasses, type Classes } from './classes.js';
import { smallGroupInRows } from './reduced-span.js';
import { SparseRow } from './sparse-row.js';
import type { PartitionChoice } from './shown-partitions.js';

export interface Candidate {
  /** Each atom's cell (numbered below the atoms' count). */
  cells: readonly number[];
  /** Each atom's part: the node above the question (its batch, or its unit in the batch). */
  partOf: readonly number[];
}

/**
 * Exact checks one build may make while trying parts (after the first check of each candidate in
 * each batch): a count, not a clock, so the same data always give the same choice.
 */
const PART_CHECKS = 192;

/**
 * Elementary steps a check of some parts may take (reduced-span.ts; a whole-batch check takes
 * 1,000,000): a part check that cannot finish within them is not safe, so a large survey's build
 * does not spend the whole limit on each of up to PART_CHECKS checks.
 */
const PART_WORK = 100_000;

export function chooseParts(
  candidates: readonly Candidate[],
  unitCells: readonly number[],
  batchOf: readonly number[],
  atoms: readonly Atom[],
  threshold: number,
  byParts: boolean,
  order: readonly number[] = candidates.map((_, p) => p),
): PartitionChoice {
  const choice: PartitionChoice = candidates.map(() => []);
  const budget = { checks: 0 };
  for (const [batch, members] of membersByValue(batchOf)) {
    const local = members.map((i) => atoms[i] as Atom);
    const chosen = new Chosen(members.map((i) => unitCells[i] as number));
    for (const p of order) {
      const candidate = candidates[p];
      if (!candidate) continue;
      const taken = takeCandidate(
        candidate,
        members,
        { unitCells, atoms: local, threshold },
        chosen,
        {
          byParts,
          budget,
          offset: atoms.length,
        },
      );
      if (taken === undefined) continue;
      chosen.add(taken.cells);
      choice[p]?.push(taken.parts ? [batch, ...taken.parts] : [batch]);
    }
  }
  return choice;
}

/**
 * The partitions a batch has kept so far (the unit cells first) and their classes: every check of
 * the batch starts from them, so they are refined once, not once per check.
 */
class Chosen {
  readonly cells: number[][] = [];
  classes: Classes;

  constructor(unitCells: number[]) {
    this.classes = oneClass(unitCells.length);
    this.add(unitCells);
  }

  add(cells: number[]) {
    this.cells.push(cells);
    this.classes = refineClasses(this.classes, cells);
  }
}

interface Batch {
  unitCells: readonly number[];
  /** The batch's atoms (its members' atoms, in the members' order). */
  atoms: readonly Atom[];
  threshold: number;
}

interface Trying {
  byParts: boolean;
  /** Part checks made so far in the build (at most PART_CHECKS). */
  budget: { checks: number };
  /** Where the unit cells' numbers start in a candidate's cells (above every candidate cell). */
  offset: number;
}

/**
 * What a batch takes of a candidate, with the partitions chosen before: the whole batch (`parts`
 * undefined), some parts (ascending), or nothing (undefined). `cells`: the batch's members' cells
 * in the candidate where taken, the unit cells elsewhere.
 */
function takeCandidate(
  { cells, partOf }: Candidate,
  members: readonly number[],
  { unitCells, atoms, threshold }: Batch,
  chosen: Chosen,
  { byParts, budget, offset }: Trying,
): { cells: number[]; parts?: number[] } | undefined {
  const restricted = (take: ReadonlySet<number>) =>
    members.map((i) =>
      take.has(partOf[i] as number) ? (cells[i] as number) : offset + (unitCells[i] as number),
    );
  const check = (take: ReadonlySet<number>, steps?: number) =>
    checkSpan(chosen, restricted(take), atoms, threshold, steps);
  const safe = (take: ReadonlySet<number>, steps?: number) => check(take, steps) === 'safe';
  const every = new Set(members.map((i) => partOf[i] as number));
  const whole = check(every);
  if (whole === 'safe') return { cells: restricted(every) };
  // Parts are tried only where the whole batch's check finished and found a small group (most
  // often one unit's rare answer). A whole check that ran out of its work says the span is too
  // large to decide here, and its parts, with a tenth of that work, ran out on every profile
  // measured (all 192 part checks of each choice at 50,000): trying them only cost time.
  if (whole === 'unfinished') return undefined;
  const parts = splitParts(members, cells, partOf);
  if (!byParts || parts.length < 2) return undefined;
  const taken = new Set<number>();
  const tryParts = (list: readonly number[]) => {
    if (budget.checks >= PART_CHECKS) return;
    budget.checks += 1;
    if (safe(new Set([...taken, ...list]), PART_WORK)) {
      for (const part of list) taken.add(part);
      return;
    }
    if (list.length === 1) return;
    const half = Math.ceil(list.length / 2);
    tryParts(list.slice(0, half));
    tryParts(list.slice(half));
  };
  const half = Math.ceil(parts.length / 2);
  tryParts(parts.slice(0, half));
  tryParts(parts.slice(half));
  if (taken.size === 0) return undefined;
  return { cells: restricted(taken), parts: [...taken].sort((a, b) => a - b) };
}

/** Indices by value, in ascending value order. */
function membersByValue(values: readonly number[]): [number, number[]][] {
  const byValue = new Map<number, number[]>();
  values.forEach((value, i) => {
    const list = byValue.get(value);
    if (list) list.push(i);
    else byValue.set(value, [i]);
  });
  return [...byValue].sort(([a], [b]) => a - b);
}

/** The parts (ascending) that the candidate splits into two cells or more: the others add nothing. */
function splitParts(
  members: readonly number[],
  cells: readonly number[],
  partOf: readonly number[],
): number[] {
  const firstCell = new Map<number, number>();
  const split = new Set<number>();
  for (const i of members) {
    const part = partOf[i] as number;
    const cell = cells[i] as number;
    const first = firstCell.get(part);
    if (first === undefined) firstCell.set(part, cell);
    else if (first !== cell) split.add(part);
  }
  return [...split].sort((a, b) => a - b);
}

/**
 * The size of a component's matrix (small classes times rows, after the large classes are
 * eliminated: reduced-span.ts) up to which it is checked densely (derivable.ts, as the demo's all
 * are); a larger one is checked sparsely, within that check's work limit.
 */
const MAX_ENTRIES = 200_000;

/**
 * A check's outcome: no group under the threshold lies in the span (`safe`), one does (`found`), or
 * the check ran out of its work before it could tell (`unfinished`: not safe).
 */
type CheckOutcome = 'safe' | 'found' | 'unfinished';

/**
 * Whether a group under the threshold lies in the span of the cells of the partitions chosen and
 * of the candidate's `cells`.
 */
function checkSpan(
  chosen: Chosen,
  cells: readonly number[],
  atoms: readonly Atom[],
  threshold: number,
  steps?: number,
): CheckOutcome {
  const { classOf, classes, firstItem } = refineClasses(chosen.classes, cells);
  const classSize = new Float64Array(classes);
  atoms.forEach((atom, i) => {
    const c = classOf[i] as number;
    classSize[c] = (classSize[c] as number) + atom.n;
  });
  const rows = [...chosen.cells, cells].flatMap((cellOf) => rowsOf(cellOf, firstItem));
  const { found, complete } = smallGroupInRows(rows, classSize, threshold, MAX_ENTRIES, steps);
  return found ? 'found' : complete ? 'safe' : 'unfinished';
}

// Per cell number, its row's index plus one (0: none yet), kept between checks.
let rowOfCell: Int32Array = new Int32Array(0);

/**
 * A partition's cells (in order of first appearance) as rows over classes, each its classes in
 * order of first appearance. Classes are numbered by first appearance and each lies in one cell,
 * so that is ascending class order, and a cell first appears with its least class: both come from
 * one pass over the classes (their first items), not over every item. Two passes: the first
 * counts each row's classes, so each row is made at its size.
 */
function rowsOf(cellOf: readonly number[], firstItem: Int32Array): SparseRow[] {
  const classes = firstItem.length;
  const counts: number[] = [];
  for (let c = 0; c < classes; c += 1) {
    const cell = cellOf[firstItem[c] as number] as number;
    if (cell >= rowOfCell.length) rowOfCell = grown(rowOfCell, cell);
    const r = rowOfCell[cell] as number;
    if (r === 0) {
      counts.push(1);
      rowOfCell[cell] = counts.length;
    } else counts[r - 1] = (counts[r - 1] as number) + 1;
  }
  const rows = counts.map((count) => new SparseRow(count));
  for (let c = 0; c < classes; c += 1) {
    const cell = cellOf[firstItem[c] as number] as number;
    (rows[(rowOfCell[cell] as number) - 1] as SparseRow).append(c, 1);
  }
  for (let c = 0; c < classes; c += 1) rowOfCell[cellOf[firstItem[c] as number] as number] = 0;
  return rows;
}

/** A copy of `from` long enough for index `at`. */
function grown(from: Int32Array, at: number): Int32Array {
  const to = new Int32Array(2 * (at + 1));
  to.set(from);
  return to;
}
