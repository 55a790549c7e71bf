// Whether a group under the threshold lies in the span of shown sets, for sets too many to check
// as one matrix (docs/anonymity.md, "Several partitions"). A small group is a union of small
// classes, so only the span's vectors that are zero on every large class matter: eliminating the
// large classes exactly leaves rows over the small classes alone. Those rows fall apart into
// connected components (small classes joined by a row), and a union lies in the span exactly when
// its part in each component does, a part that is itself under the threshold: each component is
// checked on its own, with its own kernel and search (derivable.ts while small, else sparse).
import { tooManyToSearch, unionsInSpan } from './derivable.js';
import { integerKernel } from './kernel.js';
import { echelon, SparseRow, Work } from './sparse-echelon.js';
import { smallUnionInSpan, sparseKernel, type Search } from './sparse-kernel.js';

/**
 * Elementary steps one check may take in its sparse parts (sparse-echelon.ts, Work): beyond them
 * the candidate is not kept. It bounds a large survey's gate build (in its worker) by a count, not a
 * clock, so the same data give the same partitions. Every check of the scale profiles (10,000 to
 * 200,000 people) finishes within 10,200,000 steps (docs/anonymity.md); the former 1,000,000,
 * chosen when the build ran on the event loop, hid half of their within-unit groups only because
 * their checks ran out.
 */
const WORK = 16_000_000;

/**
 * True only when no union of classes under the threshold lies in the span of `sets` (lists of
 * classes); false when one does, or when a component's exact check cannot finish (nothing proven,
 * so not safe). A component of at most `maxEntries` matrix entries and few enough small classes is
 * checked as before (dense kernel and meeting in the middle, derivable.ts); a larger one stays
 * sparse (sparse-kernel.ts).
 */
export function noSmallGroupInSpan(
  sets: readonly (readonly number[])[],
  classSize: ArrayLike<number>,
  threshold: number,
  maxEntries: number,
  steps = WORK,
): boolean {
  const { found, complete } = smallGroupInSpan(sets, classSize, threshold, maxEntries, steps);
  return complete && !found;
}

/**
 * A union of classes under the threshold in the span of `sets` (classes ascending), the first
 * found, component by component; `complete: false` when a check ran out of `work` steps or past
 * its entry limits before one was found (nothing proven). The gate asks it within WORK steps; the
 * auditor (audit/auditor.ts) without a limit.
 */
export function smallGroupInSpan(
  sets: readonly (readonly number[])[],
  classSize: ArrayLike<number>,
  threshold: number,
  maxEntries: number,
  steps: number,
): Search {
  const rows = sets.map((set) => SparseRow.ones(set));
  return smallGroupInRows(rows, classSize, threshold, maxEntries, steps);
}

/**
 * smallGroupInSpan over the shown sets as rows (each a row of 1 at each of its classes, in the
 * set's order), which it changes.
 */
export function smallGroupInRows(
  rows: SparseRow[],
  classSize: ArrayLike<number>,
  threshold: number,
  maxEntries: number,
  steps = WORK,
): Search {
  // The classes to eliminate: all but the small ones (smallClasses, without the list).
  const large = new Uint8Array(classSize.length);
  for (let c = 0; c < classSize.length; c += 1) {
    const size = classSize[c] as number;
    large[c] = size > 0 && size < threshold ? 0 : 1;
  }
  const work = new Work(steps);
  const reduced = echelon(rows, large, classSize.length, work);
  if (!reduced) return { complete: false };
  for (const { columns, rows: local } of componentsOf(reduced.rest, classSize.length)) {
    // A row of one class shows that class alone.
    const single = local.find((row) => row.size === 1);
    if (single)
      return { found: [...single.keys()].map((c) => columns[c] as number), complete: true };
    const sizes = columns.map((c) => classSize[c] as number);
    const dense = local.length * columns.length <= maxEntries && !tooManyToSearch(columns.length);
    const { found, complete } = dense
      ? denseSearch(local, sizes, threshold)
      : sparseSearch(local, sizes, threshold, work);
    if (found) {
      const union = found.map((c) => columns[c] as number).sort((a, b) => a - b);
      return { found: union, complete };
    }
    if (!complete) return { complete };
  }
  return { complete: true };
}

function denseSearch(
  rows: readonly SparseRow[],
  sizes: readonly number[],
  threshold: number,
): Search {
  const kernel = integerKernel(
    rows.map((row) => [...row]),
    sizes.length,
  );
  if (!kernel) return { complete: false };
  const all = sizes.map((_, c) => c);
  const { groups, complete } = unionsInSpan(kernel, sizes, all, threshold, 1);
  return { found: groups[0], complete };
}

function sparseSearch(
  rows: SparseRow[],
  sizes: readonly number[],
  threshold: number,
  work: Work,
): Search {
  const form = echelon(rows, new Uint8Array(sizes.length).fill(1), sizes.length, work);
  const kernel = form && sparseKernel(form.pivots, sizes.length, work);
  if (!form || !kernel) return { complete: false };
  const isPivot = new Uint8Array(sizes.length);
  for (const { column } of form.pivots) isPivot[column] = 1;
  return smallUnionInSpan(kernel, isPivot, sizes, threshold, work);
}

interface Component {
  /** The component's classes, by their index in the whole. */
  columns: number[];
  /** Its rows, over local column indices (into `columns`). */
  rows: SparseRow[];
}

/** The rows grouped by connected component of the classes they hold (union-find). */
function componentsOf(rows: readonly SparseRow[], columns: number): Component[] {
  const parent = new Int32Array(columns);
  for (let c = 0; c < columns; c += 1) parent[c] = c;
  const root = (c: number): number => {
    while (parent[c] !== c) {
      parent[c] = parent[parent[c] as number] as number;
      c = parent[c] as number;
    }
    return c;
  };
  for (const row of rows) {
    let first = -1;
    for (let p = 0; p < row.used; p += 1) {
      const c = row.columns[p] as number;
      if (c < 0) continue;
      if (first < 0) first = c;
      else parent[root(c)] = root(first);
    }
  }
  // Each column's index in its component (a column lies in one), -1 until met.
  const localOf = new Int32Array(columns).fill(-1);
  const byRoot = new Map<number, Component>();
  for (const row of rows) {
    const key = root(row.first() as number);
    let component = byRoot.get(key);
    if (!component) byRoot.set(key, (component = { columns: [], rows: [] }));
    const ids = component.columns;
    const localRow = new SparseRow(row.size);
    for (let p = 0; p < row.used; p += 1) {
      const c = row.columns[p] as number;
      if (c < 0) continue;
      let i = localOf[c] as number;
      if (i < 0) {
        localOf[c] = i = ids.length;
        ids.push(c);
      }
      localRow.append(i, row.numbers[p] as number);
    }
    component.rows.push(localRow);
  }
  return [...byRoot.values()];
}
