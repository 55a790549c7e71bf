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
  // Each group: the survey (''), or one unit, by one question's answer.
  const groups = new Map<string, number[]>();
  atoms.forEach((atom, i) => {
    for (const key of BACKGROUND_KEYS) {
      const answer = atom.background[key];
      if (answer === null) continue;
      for (const unit of ['', ...atom.units]) {
        const name = JSON.stringify([unit, key, answer]);
        const members = groups.get(name);
        if (members) members.push(i);
        else groups.set(name, [i]);
      }
    }
  });
  const large: LargeGroup[] = [];
  for (const [name, members] of groups) {
    const people = members.reduce((sum, i) => sum + (atoms[i] as Atom).n, 0);
    if (people >= threshold) large.push({ members, overSurvey: name.startsWith('["",') });
  }
  return large;
}

/**
 * Background groups of at least `threshold` over the whole survey and within units (one unit by
 * one question's answer), and how many are unions of whole cells of one partition.
 */
export function shownGroups(
  atoms: readonly Atom[],
  partitions: readonly (readonly number[])[],
  threshold: number,
  groups: readonly LargeGroup[] = largeGroups(atoms, threshold),
): { survey: GroupTally; units: GroupTally } {
  const cellSizes = partitions.map((cells) => {
    const size = new Map<number, number>();
    for (const cell of cells) size.set(cell, (size.get(cell) ?? 0) + 1);
    return size;
  });
  const whole = (members: readonly number[]) =>
    partitions.some((cells, p) => {
      const inGroup = new Map<number, number>();
      for (const i of members) {
        const cell = cells[i] as number;
        inGroup.set(cell, (inGroup.get(cell) ?? 0) + 1);
      }
      const size = cellSizes[p] as Map<number, number>;
      return [...inGroup].every(([cell, count]) => size.get(cell) === count);
    });
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
  const scored = (['parts', 'levelsFirst', 'batches'] as const).map((by) => {
    const built = build(by);
    return { built, score: shownScore(atoms, built.partitions, threshold, groups) };
  });
  // The first of the highest (a strict comparison: a tie keeps the earlier).
  const best = scored.reduce((kept, next) => (next.score > kept.score ? next : kept));
  return best.built;
}
