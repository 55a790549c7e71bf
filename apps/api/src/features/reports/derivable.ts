// Which groups of fewer than T people are sums or differences of shown sets: the exact test behind
// the gate's choice of partitions (gate.ts) and the auditor's verdict (audit/auditor.ts).
import { Span } from './span.js';

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
 * profiles sum to zero. Unions of small classes under the threshold are searched by meeting in the
 * middle: unions of at most half as many classes, keyed by profile sum, each paired with a
 * disjoint one of the opposite sum. Stops after `most` groups found.
 */
export function derivableGroups(
  sets: readonly (readonly number[])[],
  classSize: readonly number[],
  threshold: number,
  most = 5,
): Derivable {
  const small = classSize.flatMap((size, c) => (size > 0 && size < threshold ? [c] : []));
  if (small.length === 0) return { groups: [], complete: true };
  // Pairs alone would pass the limit: say so before any work.
  if ((small.length * (small.length - 1)) / 2 >= HALF_UNIONS)
    return { groups: [], complete: false };

  const span = new Span(classSize.length);
  for (const set of sets) {
    const row = new Array<number>(classSize.length).fill(0);
    for (const c of set) row[c] = 1;
    span.add(row);
  }
  const kernel = span.kernel();
  // Profiles are long (one entry per kernel vector); halves are keyed by two random combinations
  // of them modulo a prime instead. A union in the span sums to zero in every combination, so none
  // is missed; a union that only hashes to zero is checked against the whole kernel and dropped.
  const hashes = [1, 2].map((seed) => hashOf(kernel, classSize.length, seed));
  const inSpan = (union: readonly number[]) =>
    kernel.every((z) => union.reduce((sum, c) => sum + (z[c] as bigint), 0n) === 0n);

  interface Half {
    classes: number[];
    weight: number;
    sum: [number, number];
  }
  // A union under T has at most T - 1 classes; each half at most ceil((T - 1) / 2).
  const largest = Math.ceil((threshold - 1) / 2);
  const halves: Half[] = [];
  let complete = true;
  const grow = (start: number, half: Half) => {
    halves.push(half);
    if (halves.length >= HALF_UNIONS) complete = false;
    if (!complete || half.classes.length === largest) return;
    for (let i = start; i < small.length && complete; i += 1) {
      const c = small[i] as number;
      const weight = half.weight + (classSize[c] as number);
      if (weight >= threshold) continue;
      grow(i + 1, {
        classes: [...half.classes, c],
        weight,
        sum: [
          (half.sum[0] + (hashes[0]?.[c] as number)) % PRIME,
          (half.sum[1] + (hashes[1]?.[c] as number)) % PRIME,
        ],
      });
    }
  };
  grow(0, { classes: [], weight: 0, sum: [0, 0] });
  if (!complete) return { groups: [], complete };

  const bySum = new Map<string, Half[]>();
  for (const half of halves) {
    const key = half.sum.join();
    const list = bySum.get(key);
    if (list) list.push(half);
    else bySum.set(key, [half]);
  }
  const groups: number[][] = [];
  const tried = new Set<string>();
  for (const half of halves) {
    if (half.classes.length === 0) continue;
    const opposite = half.sum.map((value) => (PRIME - value) % PRIME).join();
    for (const other of bySum.get(opposite) ?? []) {
      if (groups.length >= most) return { groups, complete };
      if (half.weight + other.weight >= threshold) continue;
      if (other.classes.some((c) => half.classes.includes(c))) continue;
      const union = [...half.classes, ...other.classes].sort((a, b) => a - b);
      if (tried.has(union.join())) continue;
      tried.add(union.join());
      if (inSpan(union)) groups.push(union);
    }
  }
  return { groups, complete };
}

/** 2^31 - 1: sums of two residues stay exact in a double. */
const PRIME = 2_147_483_647;

/** Each class's entry in one fixed pseudo-random combination of the kernel vectors, mod PRIME. */
function hashOf(kernel: readonly bigint[][], classes: number, seed: number): number[] {
  let state = seed * 0x9e3779b1;
  // mulberry32: the weights only need to be fixed and spread out, not secret.
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return BigInt((t ^ (t >>> 14)) >>> 0);
  };
  const weights = kernel.map(() => next());
  const p = BigInt(PRIME);
  return Array.from({ length: classes }, (_, c) => {
    const value = kernel.reduce((sum, z, k) => sum + (weights[k] as bigint) * (z[c] as bigint), 0n);
    return Number(((value % p) + p) % p);
  });
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
