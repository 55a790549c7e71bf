// Exact elimination of sparse whole-number rows (reduced-span.ts): the anonymity check's matrices
// are cells by classes, each class in one cell of each partition, so rows stay sparse when the
// column with the fewest rows is eliminated first (Markowitz). Fraction-free: a row is only ever
// replaced by a whole combination of itself and a pivot row that keeps it non-zero where it was,
// so the rows span what they spanned; nothing is rounded.

import { ColumnHolders } from './column-holders.js';
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
  // Only the eliminated columns' holders are kept (the others are never asked); each row's entry
  // in such a column is tagged with its node there.
  const holders = new ColumnHolders(columns);
  rows.forEach((row, r) => {
    const { columns: held, used } = row;
    const tags = row.tag();
    for (let p = 0; p < used; p += 1) {
      const c = held[p] as number;
      if (c >= 0 && eliminate[c]) tags[p] = holders.add(c, r);
    }
  });
  const alive = new Uint8Array(rows.length).fill(1);
  const queue = new MinQueue();
  for (let c = 0; c < columns; c += 1) if (eliminate[c]) queue.push(holders.count(c), c);
  const done = new Uint8Array(columns);
  const pivots: Echelon['pivots'] = [];
  let holding = new Int32Array(16);
  for (let item = queue.pop(); item; item = queue.pop()) {
    const [count, c] = item;
    // A stale entry (the count changed since) is skipped: the fresh one is in the queue too.
    if (done[c] || count !== holders.count(c)) continue;
    done[c] = 1;
    if (count === 0) continue;
    if (holding.length < count) holding = new Int32Array(2 * count);
    holders.rowsOf(c, holding);
    let pivot = -1;
    let best = Infinity;
    for (let h = 0; h < count; h += 1) {
      const r = holding[h] as number;
      const row = rows[r] as SparseRow;
      const cost = row.size + (Math.abs(row.get(c) as number) === 1 ? 0 : columns);
      if (cost < best) [pivot, best] = [r, cost];
    }
    const pivotRow = rows[pivot] as SparseRow;
    for (let h = 0; h < count; h += 1) {
      const r = holding[h] as number;
      if (r === pivot) continue;
      const row = rows[r] as SparseRow;
      if (!combine(row, r, pivotRow, c, work, { holders, eliminate })) return undefined;
    }
    // Only the pivot row's columns changed holders.
    const pivotTags = pivotRow.tag();
    for (let p = 0; p < pivotRow.used; p += 1) {
      const k = pivotRow.columns[p] as number;
      if (k < 0 || !eliminate[k]) continue;
      holders.remove(k, pivotTags[p] as number);
      if (!done[k]) queue.push(holders.count(k), k);
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
  { holders, eliminate }: { holders: ColumnHolders; eliminate: Uint8Array },
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
      if (eliminate[k]) holders.remove(k, row.tag()[at] as number);
      row.delete(k);
    } else if (at < 0) {
      const position = row.append(k, next);
      if (eliminate[k]) row.tag()[position] = holders.add(k, r);
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

/**
 * A binary min-heap of (priority, value) pairs, kept in two parallel typed arrays that grow as
 * needed (no pair objects; an elimination pushes millions).
 */
export class MinQueue {
  private priorities = new Float64Array(64);
  private values = new Float64Array(64);
  private length = 0;
  private readonly popped: [number, number] = [0, 0];

  push(priority: number, value: number) {
    if (this.length === this.priorities.length) this.grow();
    const { priorities, values } = this;
    let i = this.length;
    this.length = i + 1;
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
    if (this.length === 0) return undefined;
    popped[0] = priorities[0] as number;
    popped[1] = values[0] as number;
    const n = this.length - 1;
    this.length = n;
    const priority = priorities[n] as number;
    const value = values[n] as number;
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

  private grow() {
    const priorities = new Float64Array(2 * this.priorities.length);
    const values = new Float64Array(2 * this.values.length);
    priorities.set(this.priorities);
    values.set(this.values);
    this.priorities = priorities;
    this.values = values;
  }
}
