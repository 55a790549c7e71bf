// The anonymity partition of a survey (docs/anonymity.md). Every finished participant of a released
// survey falls in one cell of at least T people; a report shows a figure only for a set that is a
// union of whole cells. Any sum or difference of shown figures is then constant on each cell, so no
// group smaller than T can be isolated, however many reads are combined.
import { BACKGROUND_KEYS, type BackgroundKey } from '../../lib/questionnaire.js';

/** Participants who are alike in everything a report can filter or break down by. */
export interface Atom {
  /** The participant's units when they finished, at most one per level. */
  units: readonly string[];
  background: Readonly<Record<BackgroundKey, string | null>>;
  /** The release the atom's people came in with (open surveys release in batches, release.ts). */
  release?: number;
  n: number;
}

/** A dimension the partition splits on: a unit level (1..10) or a background question. */
export type Dimension = { release: true } | { level: number } | { key: BackgroundKey };

/** What an atom answers on a dimension: its unit on the level or its answer; null for none. */
export type ValueOf = (atom: Atom, dimension: Dimension) => string | null;

/** A unit dimension's value through a unit id -> level map; a background one read directly. */
export const valueReader =
  (unitLevels: ReadonlyMap<string, number>): ValueOf =>
  (atom, dimension) => {
    if ('release' in dimension) return String(atom.release ?? 0);
    if ('key' in dimension) return atom.background[dimension.key];
    return atom.units.find((id) => unitLevels.get(id) === dimension.level) ?? null;
  };

/**
 * The dimensions in the order the partition splits them: the release batch first (a batch's cells
 * then never change once shown: every figure of every release is a union of the same cells), then
 * the unit levels top-down (managers read their units, and a unit's parts are the most asked
 * breakdown), then the background questions.
 */
export function dimensionsOf(unitLevels: ReadonlyMap<string, number>): Dimension[] {
  const levels = [...new Set(unitLevels.values())].sort((a, b) => a - b);
  return [
    { release: true },
    ...levels.map((level) => ({ level })),
    ...BACKGROUND_KEYS.map((key) => ({ key })),
  ];
}

/**
 * The cell of each atom (an index into the atoms' order), in the manner of Mondrian's k-anonymous
 * partitioning: a node of at least T people splits on the next dimension into one part per value;
 * values with fewer than T people are merged into one part when together they reach T, else into
 * the smallest large part. A node whose people all fall into one part does not split there. Parts
 * split on the following dimensions in turn; the leaves are the cells. The whole survey is one
 * cell when it has fewer than T people (then nothing is shown at all).
 */
export function partition(
  atoms: readonly Atom[],
  dimensions: readonly Dimension[],
  valueOf: ValueOf,
  threshold: number,
): number[] {
  const cellOf = new Array<number>(atoms.length).fill(0);
  let cells = 0;
  const size = (members: number[]) => members.reduce((sum, i) => sum + (atoms[i]?.n ?? 0), 0);

  const split = (members: number[], depth: number): void => {
    const dimension = dimensions[depth];
    if (!dimension) {
      for (const i of members) cellOf[i] = cells;
      cells += 1;
      return;
    }
    const byValue = new Map<string | null, number[]>();
    for (const i of members) {
      const value = valueOf(atoms[i] as Atom, dimension);
      const list = byValue.get(value);
      if (list) list.push(i);
      else byValue.set(value, [i]);
    }
    // In value order, so equal data give the same partition whatever order the atoms came in (two
    // partitions of one release could otherwise be combined).
    const parts = [...byValue]
      .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
      .map(([, list]) => ({ list, n: size(list) }));
    const large = parts.filter((part) => part.n >= threshold);
    const small = parts.filter((part) => part.n < threshold);
    const rest = {
      list: small.flatMap((part) => part.list),
      n: small.reduce((s, p) => s + p.n, 0),
    };
    if (rest.n >= threshold) large.push(rest);
    else if (rest.n > 0) {
      // Too few to stand alone: they join the smallest large part (the first of equals).
      const smallest = large.reduce<(typeof large)[number] | undefined>(
        (min, part) => (!min || part.n < min.n ? part : min),
        undefined,
      );
      if (smallest) smallest.list.push(...rest.list);
      else large.push(rest);
    }
    for (const part of large) split(part.list, depth + 1);
  };

  const everyone = Array.from(atoms.keys());
  // Fewer than T in all: one cell, which no report shows.
  split(everyone, size(everyone) < threshold ? dimensions.length : 0);
  return cellOf;
}

/** How a set of participants stands against the partition. */
export interface Coverage {
  /** Participants in the set. */
  n: number;
  /** True when every cell lies wholly inside or wholly outside the set. */
  wholeCells: boolean;
}

/** The disjoint groups of a set (a breakdown, or the set alone as one group). */
export interface Grouping<K> {
  /** Each atom's group (an index into `keys`), -1 for an atom outside the set. */
  groupOfAtom: Int32Array;
  keys: K[];
  /** Participants per group. */
  people: number[];
}

/** Groups the atoms: `groupOf` names an atom's group, undefined for none. */
export function groupAtoms<K>(
  atoms: readonly Atom[],
  groupOf: (atom: Atom, i: number) => K | undefined,
): Grouping<K> {
  const index = new Map<K, number>();
  const grouping: Grouping<K> = {
    groupOfAtom: new Int32Array(atoms.length).fill(-1),
    keys: [],
    people: [],
  };
  atoms.forEach((atom, i) => {
    const key = groupOf(atom, i);
    if (key === undefined) return;
    let g = index.get(key);
    if (g === undefined) {
      index.set(key, (g = grouping.keys.length));
      grouping.keys.push(key);
      grouping.people.push(0);
    }
    grouping.groupOfAtom[i] = g;
    grouping.people[g] = (grouping.people[g] as number) + atom.n;
  });
  return grouping;
}

/**
 * Groups the atoms by a precomputed code (0..codes - 1) of those `inSet` takes: the keys are the
 * codes in the order first met. No map look-up per atom (this runs on every report read).
 */
export function groupByCode(
  atoms: readonly Atom[],
  inSet: (atom: Atom) => boolean,
  codeOf: Int32Array,
  codes: number,
): Grouping<number> {
  const groupOfCode = new Int32Array(codes).fill(-1);
  const grouping: Grouping<number> = {
    groupOfAtom: new Int32Array(atoms.length).fill(-1),
    keys: [],
    people: [],
  };
  atoms.forEach((atom, i) => {
    if (!inSet(atom)) return;
    const code = codeOf[i] as number;
    let g = groupOfCode[code] as number;
    if (g < 0) {
      groupOfCode[code] = g = grouping.keys.length;
      grouping.keys.push(code);
      grouping.people.push(0);
    }
    grouping.groupOfAtom[i] = g;
    grouping.people[g] = (grouping.people[g] as number) + atom.n;
  });
  return grouping;
}

const UNSEEN = -2;
const MIXED = -3;

/**
 * Per group, whether every cell it touches lies wholly inside it: a cell whose atoms fall in two
 * groups, or partly outside the set, is mixed, and a group touching a mixed cell is not whole.
 * One pass over the atoms in typed arrays (this runs on every report read).
 */
export function wholeGroups(
  grouping: Grouping<unknown>,
  cellOf: ArrayLike<number>,
  cells: number,
): boolean[] {
  const owner = new Int32Array(cells).fill(UNSEEN);
  const { groupOfAtom } = grouping;
  for (let i = 0; i < groupOfAtom.length; i += 1) {
    const c = cellOf[i] as number;
    const o = owner[c] as number;
    if (o === UNSEEN) owner[c] = groupOfAtom[i] as number;
    else if (o !== groupOfAtom[i]) owner[c] = MIXED;
  }
  const whole = grouping.keys.map(() => true);
  for (let i = 0; i < groupOfAtom.length; i += 1) {
    const g = groupOfAtom[i] as number;
    if (g >= 0 && owner[cellOf[i] as number] === MIXED) whole[g] = false;
  }
  return whole;
}

/** The coverage of several disjoint sets at once (the groups of a breakdown) by one partition. */
export function coverageByGroup<K>(
  atoms: readonly Atom[],
  cellOf: readonly number[],
  groupOf: (atom: Atom) => K | undefined,
): Map<K, Coverage> {
  const grouping = groupAtoms(atoms, groupOf);
  const whole = wholeGroups(grouping, cellOf, cellCount(cellOf));
  return new Map(
    grouping.keys.map((key, g) => [
      key,
      { n: grouping.people[g] as number, wholeCells: whole[g] as boolean },
    ]),
  );
}

/** How many cells a partition has (cells are numbered from 0). */
export function cellCount(cellOf: ArrayLike<number>): number {
  let most = -1;
  for (let i = 0; i < cellOf.length; i += 1) most = Math.max(most, cellOf[i] as number);
  return most + 1;
}
