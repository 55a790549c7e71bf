// The partitions whose unions of cells the gate shows (docs/anonymity.md, "Several partitions"):
// the unit cells first (cells.ts: the release batch, then the units top-down, and no further), then
// one partition per background question over the whole survey, then one per question inside the
// units of each level. Each is kept, in a batch and in those of its units where it can be, only
// when, together with those kept before, no group of fewer than T people is a sum or difference of
// their cells (choose-partitions.ts).
import { BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import { partition, type Atom, type Dimension, type ValueOf } from './cells.js';
import { alignMerges } from './align-merges.js';
import { chooseParts, type Candidate } from './choose-partitions.js';

/**
 * Per candidate answer partition (in the candidates' order), where it was taken: one entry per
 * release batch that took it, `[batch]` when the whole batch did, `[batch, ...parts]` when only
 * those of its parts did (indices of the candidate's unit nodes in the batch, ascending). All a
 * gate needs to rebuild its partitions without the exact checks.
 */
export type PartitionChoice = number[][][];

/**
 * How the choice is made. `parts` (the default): the unit partition stops at the units, and a
 * candidate that is not safe in a whole batch is tried unit by unit (halving the units tried);
 * the questions over the whole survey are tried first, then inside the units, levels top-down.
 * `levelsFirst`: the same candidates and cells, the questions inside the units tried first (levels
 * top-down), then over the whole survey: where the whole survey's partitions conflict with most
 * units' own (the 1,000 scale profile's 52 small units), the units keep their breakdowns and the
 * whole survey's groups are mostly shown through them. `batches`: the former choice (issue 29's
 * "before"): the unit partition splits by answers inside the units too, and a candidate is taken
 * by whole batches, first come, first served.
 */
export type ChoiceMethod = 'parts' | 'levelsFirst' | 'batches';

/**
 * Each atom's cell when split by `dimensions` (cells.ts's partition of the gate's atoms); the
 * choices of one build share one that remembers its answers (they split by the same shapes).
 */
export type Splitter = (dimensions: readonly Dimension[]) => readonly number[];

export interface ShownPartitions {
  /** Cell of each atom, one array per partition; the first is the unit partition. */
  partitions: number[][];
  choice: PartitionChoice;
}

/**
 * The partitions a gate shows unions of. Each release batch chooses on its own atoms (all cells lie
 * within a batch, so the span is a sum over batches): a batch's choice then never changes with later
 * releases, and reads of several releases combine only what was checked together. Where a batch
 * (or a unit of it) does not take a question's partition, its atoms follow the unit cells in that
 * partition: nothing new. `known`: the choice an earlier build made on the same atoms
 * (gate-choices.ts), taken instead of checking again; ignored when it does not fit.
 */
export function shownPartitions(
  atoms: readonly Atom[],
  dimensions: readonly Dimension[],
  valueOf: ValueOf,
  threshold: number,
  known?: PartitionChoice,
  method: ChoiceMethod = 'parts',
  split: Splitter = (by) => partition(atoms, by, valueOf, threshold),
): ShownPartitions {
  const byUnits = method !== 'batches';
  const unitDimensions = byUnits
    ? dimensions.filter((dimension) => !('key' in dimension))
    : dimensions;
  const unitCells = split(unitDimensions);
  const batchOf = split([{ release: true }]);
  const batches = distinct(batchOf);
  // Each question over the whole survey first, then inside the units of each level, top-down.
  const levels = dimensions.filter((dimension) => 'level' in dimension);
  const questions = BACKGROUND_KEYS.map((key): Dimension => ({ key }));
  const shapes: Dimension[][] = [
    ...questions.map((question) => [{ release: true as const }, question]),
    ...levels.flatMap((level) =>
      questions.map((question) => [{ release: true as const }, level, question]),
    ),
  ];
  const candidates: Candidate[] = [];
  // Whether each candidate splits the whole survey (else inside the units of a level).
  const overSurvey: boolean[] = [];
  const seen = new Set([unitCells.join()]);
  // Per question, its cells over the whole survey and in larger units: the merges inside smaller
  // units are made to agree with them (align-merges.ts).
  const references = new Map<Dimension, (readonly number[])[]>();
  const people = atoms.map((atom) => atom.n);
  for (const shape of shapes) {
    const question = shape[shape.length - 1] as Dimension;
    // The candidate's parts: its nodes above the question (the batch, or the batch's units).
    const partOf = split(shape.slice(0, -1));
    const answers = split(shape);
    const earlier = references.get(question) ?? references.set(question, []).get(question) ?? [];
    const cells =
      byUnits && earlier.length > 0
        ? alignMerges(answers, partOf, earlier, people, threshold)
        : answers;
    earlier.push(cells);
    // One cell per release batch: nothing a union of unit cells does not show already.
    if (distinct(cells) <= batches || seen.has(cells.join())) continue;
    seen.add(cells.join());
    candidates.push({ cells, partOf });
    overSurvey.push(shape.length === 2);
  }
  const choice =
    known && fits(known, candidates.length)
      ? known
      : chooseParts(
          candidates,
          unitCells,
          batchOf,
          atoms,
          threshold,
          byUnits,
          orderOf(overSurvey, method),
        );
  const partitions = candidates.flatMap((candidate, p) => {
    const taken = takenAtoms(candidate, batchOf, choice[p] ?? []);
    if (!taken.some(Boolean)) return [];
    // Outside what was taken, the unit cells (numbered after every candidate cell).
    const offset = atoms.length;
    return [
      candidate.cells.map((cell, i) => (taken[i] ? cell : offset + (unitCells[i] as number))),
    ];
  });
  return { partitions: [[...unitCells], ...partitions], choice };
}

/** The order candidates are tried in: as built, or `levelsFirst` those inside units first. */
function orderOf(overSurvey: readonly boolean[], method: ChoiceMethod): number[] {
  const built = overSurvey.map((_, p) => p);
  if (method !== 'levelsFirst') return built;
  return [...built.filter((p) => !overSurvey[p]), ...built.filter((p) => overSurvey[p])];
}

/** Which atoms a candidate's entries take (whole batches, or some parts of a batch). */
export function takenAtoms(
  { partOf }: Pick<Candidate, 'partOf'>,
  batchOf: readonly number[],
  entries: readonly (readonly number[])[],
): boolean[] {
  const whole = new Set<number>();
  const parts = new Set<number>();
  for (const [batch, ...some] of entries) {
    if (some.length === 0) whole.add(batch as number);
    for (const part of some) parts.add(part);
  }
  return batchOf.map((batch, i) => whole.has(batch) || parts.has(partOf[i] as number));
}

/** A known choice names one list of entries per candidate, each a batch and parts. */
const fits = (known: PartitionChoice, candidates: number) =>
  Array.isArray(known) &&
  known.length === candidates &&
  known.every(
    (entries) =>
      Array.isArray(entries) &&
      entries.every(
        (entry) =>
          Array.isArray(entry) && entry.length > 0 && entry.every((n) => Number.isInteger(n)),
      ),
  );

const distinct = (cellOf: readonly number[]) => new Set(cellOf).size;
