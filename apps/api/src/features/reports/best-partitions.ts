// Issue 29: the gate builds three choices of partitions (shown-partitions.ts), the former
// `batches`, the newer `parts` (whole survey first) and `levelsFirst` (the units' candidates
// first), and keeps the one with the larger sum of two shares: background groups of at least T
// people shown over the whole survey, and within units (the two targets; a plain count
// would trade the few whole-survey groups, which readers open most, for a few more unit groups).
// A tie keeps the earlier of `parts`, `levelsFirst`, `batches`. Each choice is exact on its own
// (no group under T in the span of its cells), so the kept one is too. None always wins: the demo
// shows the most with `parts`, the 1,000 scale profile with `levelsFirst`.
import { BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import { partition, type Atom, type Dimension, type ValueOf } from './cells.js';
import {
  shownPartitions,
  type ChoiceMethod,
  type PartitionChoice,
  type ShownPartitions,
} from './shown-partitions.js';

/** How a gate chooses: one method, or `best` of both. */
export type GateMethod = ChoiceMethod | 'best';

/** A choice with the method that made it (kept in the database: gate-choices.ts). */
export interface KeptChoice {
  method: ChoiceMethod;
  choice: PartitionChoice;
}

export interface KeptPartitions {
  partitions: number[][];
  kept: KeptChoice;
}

/** Background groups of at least T: how many there are, and how many a choice shows. */
export interface GroupTally {
  large: number;
  shown: number;
}

/** A background group of at least T people: its atoms, and whether it spans the whole survey. */
export interface LargeGroup {
  members: number[];
  overSurvey: boolean;
}

/**
 * The background groups of at least `threshold` people over the whole survey and within units (one
 * unit by one question's answer). They depend on the atoms alone, so one build's choices share them.
 */
export function largeGroups(atoms: readonly Atom[], threshold: number): LargeGroup[] {
  // Per question, per unit ('' for the whole survey), per answer: the group's atoms.
  const groups = new Map<string, Map<string, number[]>>();
  const membersOf = (unit: string, key: string, answer: string) => {
    const name = `${key}\u0000${unit}`;
    let byAnswer = groups.get(name);
    if (!byAnswer) groups.set(name, (byAnswer = new Map()));
    let members = byAnswer.get(answer);
    if (!members) byAnswer.set(answer, (members = []));
    return members;
  };
  atoms.forEach((atom, i) => {
    for (const key of BACKGROUND_KEYS) {
      const answer = atom.background[key];
      if (answer === null) continue;
      membersOf('', key, answer).push(i);
      for (const unit of atom.units) membersOf(unit, key, answer).push(i);
    }
  });
  const large: LargeGroup[] = [];
  for (const [name, byAnswer] of groups)
    for (const members of byAnswer.values()) {
      const people = members.reduce((sum, i) => sum + (atoms[i] as Atom).n, 0);
      if (people >= threshold) large.push({ members, overSurvey: name.endsWith('\u0000') });
    }
  return large;
}

/**
 * Background groups of at least `threshold` over the whole survey and within units (one unit by
 * one question's answer), and how many are unions of whole cells of one partition: a group is when,
 * in some partition, each of its cells holds as many of the group's atoms as it holds in all.
 */
export function shownGroups(
  atoms: readonly Atom[],
  partitions: readonly (readonly number[])[],
  threshold: number,
  groups: readonly LargeGroup[] = largeGroups(atoms, threshold),
): { survey: GroupTally; units: GroupTally } {
  const cellSizes = partitions.map((cells) => {
    let largest = 0;
    for (const cell of cells) largest = Math.max(largest, cell);
    const size = new Int32Array(largest + 1);
    for (const cell of cells) size[cell] = (size[cell] as number) + 1;
    return size;
  });
  // Cells already met by the group, marked and cleared again for each group and partition.
  const met = new Uint8Array(cellSizes.reduce((most, size) => Math.max(most, size.length), 1));
  // A group is a union of whole cells when the cells it meets hold no more atoms than it does.
  const wholeIn = (members: readonly number[], cells: readonly number[], size: Int32Array) => {
    let held = 0;
    let end = 0;
    for (; end < members.length && held <= members.length; end += 1) {
      const cell = cells[members[end] as number] as number;
      if (met[cell]) continue;
      met[cell] = 1;
      held += size[cell] as number;
    }
    for (let k = 0; k < end; k += 1) met[cells[members[k] as number] as number] = 0;
    return held === members.length;
  };
  const whole = (members: readonly number[]) =>
    partitions.some((cells, p) => wholeIn(members, cells, cellSizes[p] as Int32Array));
  const survey = { large: 0, shown: 0 };
  const units = { large: 0, shown: 0 };
  for (const { members, overSurvey } of groups) {
    const tally = overSurvey ? survey : units;
    tally.large += 1;
    if (whole(members)) tally.shown += 1;
  }
  return { survey, units };
}

/** The sum of both shares (whole survey, within units) a choice shows; 1 for a kind with none. */
export function shownScore(
  atoms: readonly Atom[],
  partitions: readonly (readonly number[])[],
  threshold: number,
  groups: readonly LargeGroup[] = largeGroups(atoms, threshold),
): number {
  const { survey, units } = shownGroups(atoms, partitions, threshold, groups);
  const share = ({ large, shown }: GroupTally) => (large === 0 ? 1 : shown / large);
  return share(survey) + share(units);
}

/** The partitions of `method` (or of the better method for `best`), or of a kept choice. */
export function keptPartitions(
  atoms: readonly Atom[],
  dimensions: readonly Dimension[],
  valueOf: ValueOf,
  threshold: number,
  known: KeptChoice | undefined,
  method: GateMethod,
): KeptPartitions {
  // The three choices split the atoms by the same shapes: each split is made once.
  const splits = new Map<string, readonly number[]>();
  const split = (by: readonly Dimension[]) => {
    const key = JSON.stringify(by);
    let cells = splits.get(key);
    if (!cells) splits.set(key, (cells = partition(atoms, by, valueOf, threshold)));
    return cells;
  };
  const build = (by: ChoiceMethod, choice?: PartitionChoice): KeptPartitions => {
    const shown: ShownPartitions = shownPartitions(
      atoms,
      dimensions,
      valueOf,
      threshold,
      choice,
      by,
      split,
    );
    return { partitions: shown.partitions, kept: { method: by, choice: shown.choice } };
  };
  if (known) return build(known.method, known.choice);
  if (method !== 'best') return build(method);
  const groups = largeGroups(atoms, threshold);
  const scored = (by: ChoiceMethod) => {
    const built = build(by);
    return { built, score: shownScore(atoms, built.partitions, threshold, groups) };
  };
  // The first of the highest (a strict comparison: a tie keeps the earlier). A choice that shows
  // every group scores the most any can, so the later ones are not built.
  let best = scored('parts');
  // levelsFirst tries the same candidates with the same cells in another order: when `parts` took
  // every one in every batch, no subset can show more (a tie keeps `parts`).
  const partsTookAll = tookEverything(
    best.built.kept.choice,
    new Set(atoms.map((a) => a.release ?? 0)),
  );
  for (const by of ['levelsFirst', 'batches'] as const) {
    if (best.score >= EVERY_GROUP) break;
    if (by === 'levelsFirst' && partsTookAll) continue;
    const next = scored(by);
    if (next.score > best.score) best = next;
  }
  return best.built;
}

/** Whether a choice took every candidate in every one of `batches`, whole. */
function tookEverything(choice: PartitionChoice, batches: ReadonlySet<unknown>): boolean {
  return choice.every(
    (entries) => entries.length === batches.size && entries.every((entry) => entry.length === 1),
  );
}

/** shownScore of a choice that shows every group of both kinds. */
const EVERY_GROUP = 2;
