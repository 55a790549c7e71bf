// The kernel of sparse rows from their echelon form (sparse-echelon.ts), kept sparse, and the
// search for a small union of classes orthogonal to it (reduced-span.ts).
import { gcd, MinQueue, type SparseRow, type Work } from './sparse-echelon.js';

/** A kernel vector: column -> non-zero whole number, in the order its entries were solved. */
export type KernelVector = Map<number, number>;

/** Kernel entries beyond this give up (entry times row value stays well inside 2^53). */
const KERNEL_LIMIT = 2 ** 24;
/** A partial sum beyond this gives up before a double could round it. */
const SUM_LIMIT = 2 ** 52;

/**
 * A basis of the whole-number vectors z orthogonal to every pivot row: one per column that is no
 * pivot (z there 1, at the other such columns 0), each pivot column solved from its row, last
 * pivot first (a pivot row holds only later columns). As many vectors as columns less rank, and
 * independent: the exact kernel. Only the pivot rows holding a column already non-zero are
 * solved, so a vector costs what it holds. Undefined when an entry would pass the limits or the
 * work runs out.
 */
export function sparseKernel(
  pivots: readonly { column: number; row: SparseRow }[],
  columns: number,
  work: Work,
): KernelVector[] | undefined {
  const isPivot = new Uint8Array(columns);
  for (const { column } of pivots) isPivot[column] = 1;
  const users = usersOf(pivots, columns);
  const kernel: KernelVector[] = [];
  // One queue for every vector (each empties it), and the vector that last queued each row.
  const queue = new MinQueue();
  const queuedFor = new Int32Array(pivots.length).fill(-1);
  // Rows holding a column that is non-zero so far, last first: a row's later columns are solved
  // before it is (the rows holding a column were eliminated before that column's pivot).
  const reach = (column: number, free: number) => {
    for (let u = users.start[column] as number; u < (users.start[column + 1] as number); u += 1) {
      const k = users.rows[u] as number;
      if (queuedFor[k] === free) continue;
      queuedFor[k] = free;
      queue.push(-k, k);
    }
  };
  for (let free = 0; free < columns; free += 1) {
    if (isPivot[free]) continue;
    const z: KernelVector = new Map([[free, 1]]);
    reach(free, free);
    for (let item = queue.pop(); item; item = queue.pop()) {
      const { column, row } = pivots[item[1]] as { column: number; row: SparseRow };
      // Over the shorter of z and the row (a row holding many classes meets a few of z's).
      if (!work.spend(Math.min(z.size, row.size) + 1)) return undefined;
      const sum = z.size < row.size ? sumOver(z, row, column) : sumOver(row, z, column);
      if (sum === undefined) return undefined;
      if (sum === 0) continue;
      const a = row.get(column) as number;
      // Scale z so that the pivot's entry, -sum / a, is whole.
      const scale = Math.abs(a) / gcd(a, sum);
      if (scale !== 1)
        for (const [j, value] of z) {
          if (Math.abs(value * scale) > KERNEL_LIMIT) return undefined;
          z.set(j, value * scale);
        }
      const scaled = sum * scale;
      // Unscaled, the other entries were within the limit already.
      if (Math.abs(scaled / a) > KERNEL_LIMIT) return undefined;
      z.set(column, -scaled / a);
      reach(column, free);
    }
    kernel.push(z);
  }
  return kernel;
}

/**
 * The sum over `along`'s entries but `column` of each times `other`'s entry there, read along the
 * shorter of the two (a row holding many classes meets a few of a vector's); undefined once a
 * partial sum passes SUM_LIMIT. `along`'s order, as before (the limit is checked on the way).
 */
function sumOver(
  along: KernelVector | SparseRow,
  other: KernelVector | SparseRow,
  column: number,
): number | undefined {
  let sum = 0;
  for (const [j, value] of along) {
    if (j === column) continue;
    sum += value * (other.get(j) ?? 0);
    if (Math.abs(sum) > SUM_LIMIT) return undefined;
  }
  return sum;
}

/**
 * The pivot rows holding each column beside their own pivot (ascending), flat: rows
 * `rows[start[j]..start[j + 1]]` hold column j.
 */
function usersOf(pivots: readonly { column: number; row: SparseRow }[], columns: number) {
  const start = new Int32Array(columns + 1);
  for (const { column, row } of pivots)
    for (const j of row.keys()) if (j !== column) start[j + 1] = (start[j + 1] as number) + 1;
  for (let j = 0; j < columns; j += 1)
    start[j + 1] = (start[j + 1] as number) + (start[j] as number);
  const fill = start.slice(0, columns);
  const rows = new Int32Array(start[columns] as number);
  pivots.forEach(({ column, row }, k) => {
    for (const j of row.keys()) {
      if (j === column) continue;
      const at = fill[j] as number;
      fill[j] = at + 1;
      rows[at] = k;
    }
  });
  return { start, rows };
}

export interface Search {
  /** A union (classes, ascending) under the threshold orthogonal to the kernel, if one was found. */
  found?: number[];
  /** False when the work ran out before the search could finish (nothing proven). */
  complete: boolean;
}

/**
 * A union of classes with fewer than `threshold` people whose entries sum to zero in every kernel
 * vector, i.e. that lies in the span. Such a union holds a pivot class (a vector of the basis is 1
 * at its own free class and 0 at the others, so free classes alone never sum to zero); each union
 * is grown from its first pivot class, by branch and bound: while the union so far is not
 * orthogonal to some kernel vector, the rest of the union must hold another class where that
 * vector is non-zero, so only those are tried (from the vector with the fewest).
 */
export function smallUnionInSpan(
  kernel: readonly KernelVector[],
  isPivot: Uint8Array,
  sizes: readonly number[],
  threshold: number,
  work: Work,
): Search {
  // Each class's entries in the kernel vectors, flat: vectors `vector[start[c]..start[c + 1]]`
  // (ascending) with their values (typed arrays: the search reads them at every step).
  const { start, vector, value } = profilesOf(kernel, sizes.length);
  const vectorSize = Int32Array.from(kernel, (z) => z.size);
  // The union's sums per kernel vector, changed in place and undone on the way back.
  const residual = new Float64Array(kernel.length);
  let unmet = 0;
  const add = (c: number, sign: 1 | -1) => {
    for (let e = start[c] as number; e < (start[c + 1] as number); e += 1) {
      const i = vector[e] as number;
      const before = residual[i] as number;
      const after = before + sign * (value[e] as number);
      residual[i] = after;
      unmet += (after !== 0 ? 1 : 0) - (before !== 0 ? 1 : 0);
    }
  };
  const profileLength = (c: number) => (start[c + 1] as number) - (start[c] as number);
  const union: number[] = [];
  let complete = true;
  const grow = (weight: number): boolean => {
    if (unmet === 0) return true;
    if (weight + 1 >= threshold) return false;
    // The unmet vector with the fewest classes: the union's next class is one of them.
    let fewest = -1;
    for (const c of union)
      for (let e = start[c] as number; e < (start[c + 1] as number); e += 1) {
        const i = vector[e] as number;
        if (
          residual[i] !== 0 &&
          (fewest < 0 || (vectorSize[i] as number) < (vectorSize[fewest] as number))
        )
          fewest = i;
      }
    const first = union[0] as number;
    for (const c of kernel[fewest]?.keys() ?? []) {
      const size = sizes[c] as number;
      // Pivot classes before the first were the first of unions tried already.
      if ((isPivot[c] && c < first) || union.includes(c) || weight + size >= threshold) continue;
      if (!work.spend(1 + profileLength(c))) {
        complete = false;
        return false;
      }
      union.push(c);
      add(c, 1);
      const found = grow(weight + size);
      if (found) return true;
      add(c, -1);
      union.pop();
      if (!complete) return false;
    }
    return false;
  };
  for (let c = 0; c < sizes.length; c += 1) {
    const size = sizes[c] as number;
    if (!isPivot[c] || size <= 0 || size >= threshold) continue;
    union.push(c);
    add(c, 1);
    if (grow(size)) return { found: [...union].sort((x, y) => x - y), complete };
    add(c, -1);
    union.pop();
    if (!complete) return { complete };
  }
  return { complete };
}

/** Per class, the kernel vectors non-zero there and their values there, in the kernel's order. */
function profilesOf(kernel: readonly KernelVector[], classes: number) {
  const start = new Int32Array(classes + 1);
  for (const z of kernel)
    for (const c of z.keys()) if (c < classes) start[c + 1] = (start[c + 1] as number) + 1;
  for (let c = 0; c < classes; c += 1)
    start[c + 1] = (start[c + 1] as number) + (start[c] as number);
  const fill = start.slice(0, classes);
  const vector = new Int32Array(start[classes] as number);
  const value = new Float64Array(start[classes] as number);
  kernel.forEach((z, i) => {
    for (const [c, entry] of z) {
      if (c >= classes) continue;
      const e = fill[c] as number;
      fill[c] = e + 1;
      vector[e] = i;
      value[e] = entry;
    }
  });
  return { start, vector, value };
}
