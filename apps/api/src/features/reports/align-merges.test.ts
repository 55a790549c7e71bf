import { alignMerges } from './align-merges.js';

const T = 5;

/** Per reference cell, the people in candidate cells that mix it with another reference cell. */
function mixedTotals(cells: number[], reference: number[], n: number[]): Map<number, number> {
  const touches = new Map<number, Set<number>>();
  cells.forEach((cell, i) =>
    touches.set(cell, (touches.get(cell) ?? new Set()).add(reference[i] as number)),
  );
  const totals = new Map<number, number>();
  cells.forEach((cell, i) => {
    if ((touches.get(cell)?.size ?? 0) > 1)
      totals.set(
        reference[i] as number,
        (totals.get(reference[i] as number) ?? 0) + (n[i] as number),
      );
  });
  return totals;
}

describe('merges that agree with a larger partition', () => {
  // Atoms: unit A (part 0) answers x 13, y 4; unit B (part 1) answers x 10, y 8. The whole
  // survey's cells (the reference) are x and y.
  const partOf = [0, 0, 1, 1];
  const reference = [0, 1, 0, 1];
  const n = [13, 4, 10, 8];

  it('merges in another unit when a difference would show fewer than T', () => {
    // A merged its 4 y with x; B shows x and y alone: y over the whole survey minus B's y is
    // A's 4, so B merges too.
    const before = [0, 0, 1, 2];
    expect([...mixedTotals(before, reference, n).values()]).toContain(4);
    const after = alignMerges(before, partOf, [reference], n, T);
    expect(after).toEqual([0, 0, 1, 1]);
    for (const total of mixedTotals(after, reference, n).values())
      expect(total === 0 || total >= T).toBe(true);
  });

  it('leaves cells that already agree as they are', () => {
    // A's and B's y are both merged: 7 y people mixed in all, at least T.
    const cells = [0, 0, 1, 1, 2, 3];
    const more = {
      partOf: [...partOf, 2, 2],
      reference: [...reference, 0, 1],
      n: [13, 4, 10, 3, 9, 9],
    };
    expect(alignMerges(cells, more.partOf, [more.reference], more.n, T)).toEqual(cells);
  });

  it('changes nothing when every unit shows its answers alone', () => {
    const cells = [0, 1, 2, 3];
    expect(alignMerges(cells, partOf, [reference], [13, 6, 10, 8], T)).toEqual(cells);
  });
});
