// Exact elimination of sparse whole-number rows (reduced-span.ts): the anonymity check's matrices
// are cells by classes, each class in one cell of each partition, so rows stay sparse when the
// column with the fewest rows is eliminated first (Markowitz). Fraction-free: a row is only ever
// replaced by a whole combination of itself and a pivot row that keeps it non-zero where it was,
// so the rows span what they spanned; nothing is rounded.

import { SparseRow } from './sparse-row.js';

export { SparseRow };

export interface Echelon {
  /** The pivot rows in order of elimination, each holding only its own and later columns. */
  pivots: { column: number; row: SparseRow }[];
  /** The rows left, non-zero only in columns not eliminated. */
  rest: SparseRow[];
}

/** Entries beyond this give up (so products of two entries stay exact in doubles). */
export const ENTRY_LIMIT = 2 ** 20;
/** A row with an entry beyond this is divided by the gcd of its entries. */
const SMALL_ENTRY = 64;

/**
 * A count of elementary steps the check may still take (entries touched, unions tried): a check
 * that runs out proves nothing. Counted, not timed, so the same data always get the same answer.
 */
export class Work {
  constructor(private left: number) {}

  /** Takes `steps`; false once the count is spent. */
  spend(steps: number): boolean {
    this.left -= steps;
    return this.left >= 0;
  }
}

export const gcd = (a: number, b: number): number => {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const next = x % y;
    x = y;
    y = next;
  }
  return x;
};

/**
 * Eliminates each column with `eliminate[c]` set, fewest rows first: one row holding it becomes its
 * pivot (the shortest, preferring an entry of +-1), the others are made zero there and the pivot
 * leaves them. The pivots then span, with the rest, what the rows spanned, and the rest spans
 * exactly those vectors of the span that are zero in every eliminated column. Undefined when an
 * entry would pass ENTRY_LIMIT or the work runs out. The rows given are changed.
 */
export function echelon(
  rows: SparseRow[],
  eliminate: Uint8Array,
  columns: number,
  work: Work,
): Echelon | undefined {
  // Only the eliminated columns' holders are kept (the others are never asked).
  const holders: Set<number>[] = new Array<Set<number>>(columns);
  for (let c = 0; c < columns; c += 1) if (eliminate[c]) holders[c] = new Set<number>();
  rows.forEach((row, r) => {
    const { columns: held, used } = row;
    for (let p = 0; p < used; p += 1) {
      const c = held[p] as number;
      if (c >= 0 && eliminate[c]) holders[c]?.add(r);
    }
  });
  const alive = new Uint8Array(rows.length).fill(1);
  const queue = new MinQueue();
  for (let c = 0; c < columns; c += 1) if (eliminate[c]) queue.push(holders[c]?.size ?? 0, c);
  const done = new Uint8Array(columns);
  const pivots: Echelon['pivots'] = [];
  for (let item = queue.pop(); item; item = queue.pop()) {
    const [count, c] = item;
    const holding = holders[c] as Set<number>;
    // A stale entry (the count changed since) is skipped: the fresh one is in the queue too.
    if (done[c] || count !== holding.size) continue;
    done[c] = 1;
    if (holding.size === 0) continue;
    let pivot = -1;
    let best = Infinity;
    for (const r of holding) {
      const row = rows[r] as SparseRow;
      const cost = row.size + (Math.abs(row.get(c) as number) === 1 ? 0 : columns);
      if (cost < best) [pivot, best] = [r, cost];
    }
    const pivotRow = rows[pivot] as SparseRow;
    for (const r of [...holding]) {
      if (r === pivot) continue;
      if (!combine(rows[r] as SparseRow, r, pivotRow, c, work, holders)) return undefined;
    }
    // Only the pivot row's columns changed holders.
    for (let p = 0; p < pivotRow.used; p += 1) {
      const k = pivotRow.columns[p] as number;
      if (k < 0 || !eliminate[k]) continue;
      holders[k]?.delete(pivot);
      if (!done[k]) queue.push(holders[k]?.size ?? 0, k);
    }
    alive[pivot] = 0;
    pivots.push({ column: c, row: pivotRow });
  }
  return { pivots, rest: rows.filter((row, r) => alive[r] && row.size > 0) };
}

/**
 * row := (a/g) row - (b/g) pivot, with a and b their entries in column c (zero there after).
 * `holders` of the eliminated columns hear of each column row `r` starts or stops holding. False
 * when an entry would pass ENTRY_LIMIT or the work runs out.
 */
function combine(
  row: SparseRow,
  r: number,
  pivot: SparseRow,
  c: number,
  work: Work,
  holders: readonly (Set<number> | undefined)[],
): boolean {
  const a = pivot.get(c) as number;
  const b = row.get(c) as number;
  const g = gcd(a, b);
  const [own, theirs] = [a / g, b / g];
  if (!work.spend(pivot.size + (own === 1 ? 0 : row.size))) return false;
  if (own !== 1)
    for (let p = 0; p < row.used; p += 1) {
      if ((row.columns[p] as number) < 0) continue;
      const value = (row.numbers[p] as number) * own;
      if (Math.abs(value) > ENTRY_LIMIT) return false;
      row.numbers[p] = value;
    }
  let grown = false;
  const { columns: pivotColumns, numbers: pivotNumbers, used } = pivot;
  for (let p = 0; p < used; p += 1) {
    const k = pivotColumns[p] as number;
    if (k < 0) continue;
    const at = row.position(k);
    const next = (at < 0 ? 0 : (row.numbers[at] as number)) - theirs * (pivotNumbers[p] as number);
    if (Math.abs(next) > ENTRY_LIMIT) return false;
    if (Math.abs(next) > SMALL_ENTRY) grown = true;
    if (next === 0) {
      row.delete(k);
      holders[k]?.delete(r);
    } else if (at < 0) {
      holders[k]?.add(r);
      row.append(k, next);
    } else row.numbers[at] = next;
  }
  // Divided by the gcd of its entries only once they grow: a long row of ones is left as it is.
  if (grown) {
    if (!work.spend(row.size)) return false;
    let common = 0;
    for (let p = 0; p < row.used; p += 1)
      if ((row.columns[p] as number) >= 0) common = gcd(common, row.numbers[p] as number);
    if (common > 1)
      for (let p = 0; p < row.used; p += 1)
        if ((row.columns[p] as number) >= 0) row.numbers[p] = (row.numbers[p] as number) / common;
  }
  return true;
}

/** A binary min-heap of (priority, value) pairs, kept in two parallel arrays (no pair objects). */
export class MinQueue {
  private readonly priorities: number[] = [];
  private readonly values: number[] = [];
  private readonly popped: [number, number] = [0, 0];

  push(priority: number, value: number) {
    const { priorities, values } = this;
    let i = priorities.length;
    priorities.push(priority);
    values.push(value);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if ((priorities[up] as number) <= priority) break;
      priorities[i] = priorities[up] as number;
      values[i] = values[up] as number;
      i = up;
    }
    priorities[i] = priority;
    values[i] = value;
  }

  /** The least pair, as a tuple reused by the next pop (read it before popping again). */
  pop(): readonly [number, number] | undefined {
    const { priorities, values, popped } = this;
    if (priorities.length === 0) return undefined;
    popped[0] = priorities[0] as number;
    popped[1] = values[0] as number;
    const priority = priorities.pop() as number;
    const value = values.pop() as number;
    const n = priorities.length;
    if (n === 0) return popped;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const least =
        right < n && (priorities[right] as number) < (priorities[left] as number) ? right : left;
      if ((priorities[least] as number) >= priority) break;
      priorities[i] = priorities[least] as number;
      values[i] = values[least] as number;
      i = least;
    }
    priorities[i] = priority;
    values[i] = value;
    return popped;
  }
}
