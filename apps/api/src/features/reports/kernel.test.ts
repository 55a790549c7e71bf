import { exactKernel } from './kernel.js';
import { random } from './audit/synthetic.js';
import { Span } from './span.js';

/** Sets of columns as several partitions would make them: each column in one set per partition. */
function partitionSets(seed: number, columns: number, partitions: number, cells: number) {
  const next = random(seed);
  return Array.from({ length: partitions }, () => {
    const byCell = new Map<number, number[]>();
    for (let c = 0; c < columns; c += 1) {
      const cell = Math.floor(next() * cells);
      byCell.set(cell, [...(byCell.get(cell) ?? []), c]);
    }
    return [...byCell.values()];
  }).flat();
}

const rankOf = (sets: number[][], columns: number) => {
  const span = new Span(columns);
  for (const set of sets) {
    const row = new Array<number>(columns).fill(0);
    for (const c of set) row[c] = 1;
    span.add(row);
  }
  return span.rank;
};

describe('exact kernel of shown sets', () => {
  it('agrees with exact rational elimination on random partitions', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const columns = 10 + (seed % 30);
      const sets = partitionSets(seed, columns, 2 + (seed % 3), 2 + (seed % 7));
      const kernel = exactKernel(sets, columns) ?? [];
      // As many vectors as the rational kernel has dimensions, each orthogonal to every set.
      expect(kernel).toHaveLength(columns - rankOf(sets, columns));
      for (const z of kernel)
        for (const set of sets) expect(set.reduce((sum, c) => sum + (z[c] as number), 0)).toBe(0);
    }
  });

  it('finds that a difference of two sets is in the span and a lone column is not', () => {
    // Columns: 0 = team A, 1 = team B's women, 2 = team B's men. Shown: A, B, women.
    const sets = [[0], [1, 2], [0, 1]];
    const kernel = exactKernel(sets, 3);
    // Everything is derivable: the kernel is empty.
    expect(kernel).toEqual([]);
    // Without "women" column 1 alone is not derivable: (0, -1, 1) is in the kernel.
    const [z] = exactKernel([[0], [1, 2]], 3) ?? [];
    expect(z).toEqual([0, -1, 1]);
  });

  it('keeps fractions exact where elimination divides', () => {
    // Rows (1,1,0), (0,1,1), (1,0,1) have rank 3 over the rationals but 2 modulo 2: any prime is
    // fine here, and the kernel is empty.
    expect(
      exactKernel(
        [
          [0, 1],
          [1, 2],
          [0, 2],
        ],
        3,
      ),
    ).toEqual([]);
    // A fourth column in every set: the kernel vector (-1, -1, -1, 2) needs no fraction of it lost.
    const [z] =
      exactKernel(
        [
          [0, 1, 3],
          [1, 2, 3],
          [0, 2, 3],
        ],
        4,
      ) ?? [];
    expect(z).toEqual([-1, -1, -1, 2]);
  });
});
