// The kernel of a 0/1 matrix (rows are shown sets, columns classes of people), exactly but fast:
// eliminated modulo a prime in doubles, lifted back to whole numbers and verified against every
// row over the integers. Exact elimination in BigInts (span.ts) is the fallback when a lift fails;
// it was 20 to 50 times slower on the demo's partitions (docs/anonymity.md, "Several partitions").
import { Span } from './span.js';

/** 2^26 - 5, a prime: the product of two residues stays under 2^53, so doubles multiply exactly. */
const P = 67_108_859;
/** Rational reconstruction finds r/s with |r|, s at most this (sqrt(P/2)). */
const BOUND = Math.floor(Math.sqrt(P / 2));

const INVERSE_P = 1 / P;

/**
 * `value` modulo P, in [0, P), for a whole number |value| < 2^52: by a multiplication and a floor
 * instead of the floating-point remainder (a call out of the optimised code in V8, the most of the
 * gate's build time). The quotient may be off by one either way; the product q * P stays exact
 * (under 2^53), and one correction lands in range.
 */
const mod = (value: number) => {
  const rest = value - Math.floor(value * INVERSE_P) * P;
  return rest < 0 ? rest + P : rest >= P ? rest - P : rest;
};

function inverse(a: number): number {
  let [r0, r1, t0, t1] = [P, a, 0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return mod(t0);
}

/** The fraction r/s (s > 0, both at most BOUND) congruent to x modulo P, if there is one. */
function reconstruct(x: number): [number, number] | undefined {
  let [r0, r1, s0, s1] = [P, x, 0, 1];
  while (r1 > BOUND) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (s1 === 0 || Math.abs(s1) > BOUND) return undefined;
  return s1 < 0 ? [-r1, -s1] : [r1, s1];
}

const gcd = (a: number, b: number): number => {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
};

/** A row of whole numbers, sparse: its non-zero entries as [column, value] pairs. */
export type IntegerRow = readonly (readonly [column: number, value: number])[];

/**
 * A basis of the whole-number vectors z with sum(z[c] for c in set) = 0 for every set: a vector
 * lies in the span of the sets exactly when it is orthogonal to each of them. Undefined when an
 * entry would pass Number.MAX_SAFE_INTEGER (then nothing can be concluded in doubles).
 */
export function exactKernel(
  sets: readonly (readonly number[])[],
  columns: number,
): number[][] | undefined {
  return integerKernel(
    sets.map((set) => set.map((c): [number, number] => [c, 1])),
    columns,
  );
}

/** The same for rows of whole numbers (each |value| well under 2^26, as reduced-span.ts keeps). */
export function integerKernel(
  rows: readonly IntegerRow[],
  columns: number,
): number[][] | undefined {
  const lifted = modularKernel(rows, columns);
  if (lifted) return lifted;
  const span = new Span(columns);
  for (const entries of rows) {
    const row = new Array<number>(columns).fill(0);
    for (const [c, value] of entries) row[c] = value;
    span.add(row);
  }
  const kernel = span.kernel();
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (kernel.some((z) => z.some((value) => value > limit || value < -limit))) return undefined;
  return kernel.map((z) => z.map(Number));
}

interface ModularEchelon {
  /** The reduced echelon form modulo P: each row zero before its pivot and at every other pivot. */
  rows: Float64Array[];
  pivots: number[];
  /** The largest |value| of the rows given. */
  largest: number;
}

/**
 * The reduced echelon form modulo P of `sets`, row by row: each new row is reduced by the rows
 * before it, scaled to a leading 1, and taken out of the earlier rows. The form is unique for the
 * span modulo P; loops start at a row's pivot (it is zero before it) and back-substitution visits
 * only the new row's non-zero columns.
 */
function reducedEchelon(sets: readonly IntegerRow[], columns: number): ModularEchelon {
  const rows: Float64Array[] = [];
  const pivots: number[] = [];
  // The integer check below sums z[c] * value: its bound grows with the largest value.
  let largest = 1;
  const nonZero = new Int32Array(columns);
  for (const set of sets) {
    const v = new Float64Array(columns);
    for (const [c, value] of set) {
      v[c] = mod(value);
      largest = Math.max(largest, Math.abs(value));
    }
    for (let k = 0; k < rows.length; k += 1) {
      const from = pivots[k] as number;
      const a = v[from] as number;
      if (a === 0) continue;
      const row = rows[k] as Float64Array;
      for (let i = from; i < columns; i += 1) {
        const r = row[i] as number;
        if (r !== 0) v[i] = mod((v[i] as number) - a * r);
      }
    }
    const pivot = v.findIndex((value) => value !== 0);
    if (pivot < 0) continue;
    const scale = inverse(v[pivot] as number);
    let count = 0;
    for (let i = pivot; i < columns; i += 1) {
      if (v[i] === 0) continue;
      v[i] = mod((v[i] as number) * scale);
      nonZero[count] = i;
      count += 1;
    }
    // Keep the earlier rows free of the new pivot (reduced echelon form).
    for (const row of rows) {
      const a = row[pivot] as number;
      if (a === 0) continue;
      for (let j = 0; j < count; j += 1) {
        const i = nonZero[j] as number;
        row[i] = mod((row[i] as number) - a * (v[i] as number));
      }
    }
    rows.push(v);
    pivots.push(pivot);
  }
  return { rows, pivots, largest };
}

/**
 * The kernel from reduced echelon form modulo P, each vector lifted to whole numbers. Rank modulo P
 * is at most the rational rank, so the kernel modulo P has at least as many vectors as the rational
 * one; every lifted vector is checked against every set over the integers, so when all pass they
 * are that many independent rational kernel vectors: the rational kernel, exactly. Undefined when a
 * lift fails or a check does not hold (then the caller eliminates exactly). Exported for its test.
 */
export function modularKernel(
  sets: readonly IntegerRow[],
  columns: number,
): number[][] | undefined {
  const { rows, pivots, largest } = reducedEchelon(sets, columns);
  const isPivot = new Set(pivots);
  const holders = columnHolders(sets, columns);
  const sums = new Float64Array(sets.length);
  const basis: number[][] = [];
  for (let free = 0; free < columns; free += 1) {
    if (isPivot.has(free)) continue;
    // z[free] = 1 and each pivot column from its row: z[pivot] = -row[free].
    const at = [free];
    const fractions: [number, number][] = [[1, 1]];
    for (let k = 0; k < rows.length; k += 1) {
      const x = (rows[k] as Float64Array)[free] as number;
      if (x === 0) continue;
      const fraction = reconstruct(mod(-x));
      if (!fraction) return undefined;
      at.push(pivots[k] as number);
      fractions.push(fraction);
    }
    let lcm = 1;
    for (const [, s] of fractions) lcm = (lcm / gcd(lcm, s)) * s;
    if (lcm * BOUND * columns * largest > Number.MAX_SAFE_INTEGER) return undefined;
    const z = new Array<number>(columns).fill(0);
    fractions.forEach(([r, s], j) => (z[at[j] as number] = (r * lcm) / s));
    // Each set's sum over z, from the columns where z is not zero (whole numbers, exact).
    if (!orthogonal(z, at, holders, sums)) return undefined;
    basis.push(z);
  }
  return basis;
}

/** Per column, the sets holding it and their values there (flat, by column). */
interface Holders {
  start: Int32Array;
  set: Int32Array;
  value: Float64Array;
}

function columnHolders(sets: readonly IntegerRow[], columns: number): Holders {
  const start = new Int32Array(columns + 1);
  for (const entries of sets)
    for (const [c] of entries) start[c + 1] = (start[c + 1] as number) + 1;
  for (let c = 0; c < columns; c += 1)
    start[c + 1] = (start[c + 1] as number) + (start[c] as number);
  const fill = start.slice(0, columns);
  const set = new Int32Array(start[columns] as number);
  const value = new Float64Array(start[columns] as number);
  sets.forEach((entries, s) => {
    for (const [c, v] of entries) {
      const i = fill[c] as number;
      fill[c] = i + 1;
      set[i] = s;
      value[i] = v;
    }
  });
  return { start, set, value };
}

/** Whether every set sums to zero over `z`, non-zero only at the columns `at` (`sums`: scratch). */
function orthogonal(
  z: readonly number[],
  at: readonly number[],
  { start, set, value }: Holders,
  sums: Float64Array,
): boolean {
  for (const c of at)
    for (let i = start[c] as number; i < (start[c + 1] as number); i += 1)
      sums[set[i] as number] = 0;
  for (const c of at) {
    const zc = z[c] as number;
    for (let i = start[c] as number; i < (start[c + 1] as number); i += 1)
      sums[set[i] as number] = (sums[set[i] as number] as number) + zc * (value[i] as number);
  }
  for (const c of at)
    for (let i = start[c] as number; i < (start[c + 1] as number); i += 1)
      if (sums[set[i] as number] !== 0) return false;
  return true;
}
