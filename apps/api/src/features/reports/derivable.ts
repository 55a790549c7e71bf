// Which groups of fewer than T people are sums or differences of shown sets: the exact test behind
// the gate's choice of partitions (gate.ts) and the auditor's verdict (audit/auditor.ts).
import { exactKernel } from './kernel.js';

/** Half-unions the search may hold before it gives up and says it is incomplete. */
const HALF_UNIONS = 200_000;

export interface Derivable {
  /** Unions of classes (class indices, ascending) under the threshold that are in the span. */
  groups: number[][];
  /** False when there were too many small unions to try them all (then nothing is proven). */
  complete: boolean;
}

/**
 * `sets` are the shown sets as lists of classes, where a class is a group of people every shown
 * set takes or leaves together (so every vector of the span is constant on it and a derivable
 * group is a union of classes). A union lies in the span exactly when it is orthogonal to the
 * span's kernel: with each class's kernel profile (its entries in a kernel basis), when its
 * profiles sum to zero (kernel.ts). Unions of small classes under the threshold are searched by meeting in the
 * middle: unions of at most half as many classes, keyed by profile sum, each paired with a
 * disjoint one of the opposite sum. Stops after `most` groups found.
 */
export function derivableGroups(
  sets: readonly (readonly number[])[],
  classSize: ArrayLike<number>,
  threshold: number,
  most = 5,
): Derivable {
  const small = smallClasses(classSize, threshold);
  if (small.length === 0) return { groups: [], complete: true };
  // Pairs alone would pass the limit: say so before any work.
  if (tooManyToSearch(small.length)) return { groups: [], complete: false };
  const kernel = exactKernel(sets, classSize.length);
  if (!kernel) return { groups: [], complete: false };
  return unionsInSpan(kernel, classSize, small, threshold, most);
}

/** The classes with someone but fewer than the threshold: the only ones a small group can hold. */
export function smallClasses(classSize: ArrayLike<number>, threshold: number): number[] {
  const small: number[] = [];
  for (let c = 0; c < classSize.length; c += 1) {
    const size = classSize[c] as number;
    if (size > 0 && size < threshold) small.push(c);
  }
  return small;
}

/** Whether the pairs of `small` classes alone would pass the search's limit. */
export const tooManyToSearch = (small: number) => (small * (small - 1)) / 2 >= HALF_UNIONS;

/**
 * The unions of the `small` classes under the threshold that are orthogonal to every vector of
 * `kernel` (a basis of the span's kernel, whole numbers): those that lie in the span.
 */
export function unionsInSpan(
  kernel: readonly (readonly number[])[],
  classSize: ArrayLike<number>,
  small: readonly number[],
  threshold: number,
  most: number,
): Derivable {
  // Profiles are long (one entry per kernel vector); halves are keyed by two random combinations
  // of them modulo a prime instead. A union in the span sums to zero in
  // every combination, so none is missed; a union that only hashes to zero is checked against the
  // whole kernel and dropped.
  const [first, second] = [1, 2].map((seed) => hashOf(kernel, small, seed)) as [
    Float64Array,
    Float64Array,
  ];
  const inSpan = (union: readonly number[]) =>
    kernel.every((z) => union.reduce((sum, c) => sum + (z[c] as number), 0) === 0);

  // A union under T has at most T - 1 classes; each half at most ceil((T - 1) / 2). Halves are
  // kept flat in typed arrays (the demo's gates build millions): their classes (as indices into
  // `small`, -1 for none), weight and two hash sums.
  const largest = Math.ceil((threshold - 1) / 2);
  const { members, weights, sumA, sumB } = halfBuffers(largest);
  let halves = 0;
  let complete = true;
  const chosen = new Int32Array(largest);
  const sizes = Int32Array.from(small, (c) => classSize[c] as number);
  const record = (depth: number, weight: number, a: number, b: number) => {
    const at = halves * largest;
    for (let d = 0; d < largest; d += 1) members[at + d] = d < depth ? (chosen[d] as number) : -1;
    weights[halves] = weight;
    sumA[halves] = a;
    sumB[halves] = b;
    halves += 1;
    if (halves >= HALF_UNIONS) complete = false;
  };
  const grow = (start: number, depth: number, weight: number, a: number, b: number) => {
    record(depth, weight, a, b);
    if (!complete || depth === largest) return;
    // The last level's halves are recorded here, without a call each (the most of them).
    const leaf = depth + 1 === largest;
    for (let i = start; i < small.length && complete; i += 1) {
      const size = sizes[i] as number;
      if (weight + size >= threshold) continue;
      chosen[depth] = i;
      const nextA = addP(a, first[i] as number);
      const nextB = addP(b, second[i] as number);
      if (leaf) record(depth + 1, weight + size, nextA, nextB);
      else grow(i + 1, depth + 1, weight + size, nextA, nextB);
    }
  };
  grow(0, 0, 0, 0, 0);
  if (!complete) return { groups: [], complete };

  // Halves by their two sums in an open hash table (halves-table below).
  const table = new HalfTable(halves, sumA, sumB);
  const classesOfHalf = (h: number) =>
    Array.from(members.subarray(h * largest, (h + 1) * largest)).filter((i) => i >= 0);
  const groups: number[][] = [];
  const tried = new Set<string>();
  // Half 0 is the empty union: every other half is paired with each of opposite sum.
  for (let h = 1; h < halves; h += 1) {
    const a = sumA[h] === 0 ? 0 : P - (sumA[h] as number);
    const b = sumB[h] === 0 ? 0 : P - (sumB[h] as number);
    for (let at = table.first(a, b); at >= 0; at = table.next(at, a, b)) {
      const other = table.half(at);
      if (groups.length >= most) return { groups, complete };
      if ((weights[h] as number) + (weights[other] as number) >= threshold) continue;
      const mine = classesOfHalf(h);
      const theirs = classesOfHalf(other);
      if (theirs.some((i) => mine.includes(i))) continue;
      const union = [...mine, ...theirs].map((i) => small[i] as number).sort((x, y) => x - y);
      if (tried.has(union.join())) continue;
      tried.add(union.join());
      if (inSpan(union)) groups.push(union);
    }
  }
  return { groups, complete };
}

interface HalfBuffers {
  largest: number;
  members: Int32Array;
  weights: Int32Array;
  sumA: Int32Array;
  sumB: Int32Array;
}

let buffers: HalfBuffers | undefined;

/**
 * The arrays of the halves, HALF_UNIONS long, kept between searches (a gate's build makes a
 * hundred or more, and fresh arrays of megabytes each kept its collector busy). A search writes
 * every entry it reads; a worker runs one search at a time.
 */
function halfBuffers(largest: number): HalfBuffers {
  if (buffers?.largest !== largest)
    buffers = {
      largest,
      members: new Int32Array(HALF_UNIONS * largest),
      weights: new Int32Array(HALF_UNIONS),
      sumA: new Int32Array(HALF_UNIONS),
      sumB: new Int32Array(HALF_UNIONS),
    };
  return buffers;
}

let slots = new Int32Array(0);

/**
 * The halves 0..count-1 by their two sums, with linear probing: each slot holds a half (plus one; 0
 * for an empty slot) and its first sum, so a probe reads one place in memory where a chain through
 * per-half arrays read three (the search's largest cost). Halves are put in ascending order, so a
 * probe meets those of one pair of sums in ascending order. The slots are kept between searches.
 */
class HalfTable {
  private readonly mask: number;

  constructor(
    count: number,
    private readonly sumA: Int32Array,
    private readonly sumB: Int32Array,
  ) {
    const size = slotsFor(count);
    this.mask = size - 1;
    if (slots.length < 2 * size) slots = new Int32Array(2 * size);
    slots.fill(0, 0, 2 * size);
    for (let h = 0; h < count; h += 1) {
      const a = sumA[h] as number;
      let at = this.slot(a, sumB[h] as number);
      while (slots[2 * at] !== 0) at = (at + 1) & this.mask;
      slots[2 * at] = h + 1;
      slots[2 * at + 1] = a;
    }
  }

  /** The slot of the first half of sums a and b at or after `from`, -1 for none. */
  private find(from: number, a: number, b: number): number {
    for (let at = from; slots[2 * at] !== 0; at = (at + 1) & this.mask)
      if (slots[2 * at + 1] === a && this.sumB[this.half(at)] === b) return at;
    return -1;
  }

  first(a: number, b: number): number {
    return this.find(this.slot(a, b), a, b);
  }

  next(at: number, a: number, b: number): number {
    return this.find((at + 1) & this.mask, a, b);
  }

  half(at: number): number {
    return (slots[2 * at] as number) - 1;
  }

  private slot(a: number, b: number): number {
    return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & this.mask;
  }
}

/** A power of two at least twice `count`: the hash table's slots. */
const slotsFor = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(2, count * 2)));

/** 2^26 - 5: a residue times a weight stays exact in a double, and two residues pack into one. */
const P = 67_108_859;

/** The sum of two residues modulo P. */
const addP = (a: number, b: number) => (a + b >= P ? a + b - P : a + b);

/** `value` modulo P for a whole number 0 <= value < 2^52, without a floating-point remainder. */
const modP = (value: number) => {
  const rest = value - Math.floor(value / P) * P;
  return rest >= P ? rest - P : rest < 0 ? rest + P : rest;
};

/**
 * Each small class's entry in one fixed pseudo-random combination of the kernel vectors, mod P.
 * Kernel entries are whole numbers within Number.MAX_SAFE_INTEGER (kernel.ts).
 */
function hashOf(kernel: readonly (readonly number[])[], small: readonly number[], seed: number) {
  let state = seed * 0x9e3779b1;
  // mulberry32: the weights only need to be fixed and spread out, not secret.
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) % P;
  };
  const weights = kernel.map(() => next());
  // Vector by vector (each read along its length): the sums modulo P are exact in any order.
  const hashes = new Float64Array(small.length);
  kernel.forEach((z, k) => {
    const weight = weights[k] as number;
    small.forEach((c, i) => {
      const entry = z[c] as number;
      if (entry === 0) return;
      const residue = entry > 0 && entry < P ? entry : ((entry % P) + P) % P;
      hashes[i] = modP((hashes[i] as number) + weight * residue);
    });
  });
  return hashes;
}
