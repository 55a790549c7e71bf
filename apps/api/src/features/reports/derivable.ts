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
  classSize: readonly number[],
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
export const smallClasses = (classSize: readonly number[], threshold: number) =>
  classSize.flatMap((size, c) => (size > 0 && size < threshold ? [c] : []));

/** Whether the pairs of `small` classes alone would pass the search's limit. */
export const tooManyToSearch = (small: number) => (small * (small - 1)) / 2 >= HALF_UNIONS;

/**
 * The unions of the `small` classes under the threshold that are orthogonal to every vector of
 * `kernel` (a basis of the span's kernel, whole numbers): those that lie in the span.
 */
export function unionsInSpan(
  kernel: readonly (readonly number[])[],
  classSize: readonly number[],
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
  const members = new Int32Array(HALF_UNIONS * largest).fill(-1);
  const weights = new Int32Array(HALF_UNIONS);
  const sumA = new Int32Array(HALF_UNIONS);
  const sumB = new Int32Array(HALF_UNIONS);
  let halves = 0;
  let complete = true;
  const chosen = new Int32Array(largest);
  const grow = (start: number, depth: number, weight: number, a: number, b: number) => {
    members.set(chosen.subarray(0, depth), halves * largest);
    weights[halves] = weight;
    sumA[halves] = a;
    sumB[halves] = b;
    halves += 1;
    if (halves >= HALF_UNIONS) complete = false;
    if (!complete || depth === largest) return;
    for (let i = start; i < small.length && complete; i += 1) {
      const size = classSize[small[i] as number] as number;
      if (weight + size >= threshold) continue;
      chosen[depth] = i;
      grow(
        i + 1,
        depth + 1,
        weight + size,
        (a + (first[i] as number)) % P,
        (b + (second[i] as number)) % P,
      );
    }
  };
  grow(0, 0, 0, 0, 0);
  if (!complete) return { groups: [], complete };

  // Halves by their two sums in an open hash table: a chain per slot through `next`, ascending.
  const mask = slotsFor(halves) - 1;
  const slot = (a: number, b: number) =>
    (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & mask;
  const head = new Int32Array(mask + 1).fill(-1);
  const next = new Int32Array(halves).fill(-1);
  for (let h = halves - 1; h >= 0; h -= 1) {
    const s = slot(sumA[h] as number, sumB[h] as number);
    next[h] = head[s] as number;
    head[s] = h;
  }
  const classesOfHalf = (h: number) =>
    Array.from(members.subarray(h * largest, (h + 1) * largest)).filter((i) => i >= 0);
  const groups: number[][] = [];
  const tried = new Set<string>();
  // Half 0 is the empty union: every other half is paired with each of opposite sum.
  for (let h = 1; h < halves; h += 1) {
    const a = (P - (sumA[h] as number)) % P;
    const b = (P - (sumB[h] as number)) % P;
    for (let other = head[slot(a, b)] as number; other >= 0; other = next[other] as number) {
      if (sumA[other] !== a || sumB[other] !== b) continue;
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

/** A power of two at least twice `count`: the hash table's slots. */
const slotsFor = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(2, count * 2)));

/** 2^26 - 5: a residue times a weight stays exact in a double, and two residues pack into one. */
const P = 67_108_859;

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
  const hashes = new Float64Array(small.length);
  small.forEach((c, i) => {
    let value = 0;
    kernel.forEach((z, k) => {
      const entry = z[c] as number;
      if (entry !== 0) value = (value + (weights[k] as number) * (((entry % P) + P) % P)) % P;
    });
    hashes[i] = value;
  });
  return hashes;
}

/**
 * Classes of items (people or atoms): items alike in every signature share a class.
 * `signatures[s][i]` is item i's value in signature s (a set's 0/1 membership, a partition's cell).
 */
export function classesOf(
  signatures: readonly ArrayLike<number>[],
  items: number,
): { classOf: number[]; classes: number } {
  const index = new Map<string, number>();
  const classOf = Array.from({ length: items }, (_, i) => {
    const signature = signatures.map((values) => values[i]).join(',');
    let c = index.get(signature);
    if (c === undefined) index.set(signature, (c = index.size));
    return c;
  });
  return { classOf, classes: index.size };
}
