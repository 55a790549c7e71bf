import { exactKernel, modularKernel, type IntegerRow } from './kernel.js';
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

/**
 * The kernel as the gate computed it before its elimination was made fast (issue 29): dense rows
 * modulo P reduced with the floating-point remainder over every column, lifted the same way. The
 * fast one must give exactly these vectors, or the gate's choices would change.
 */
function plainKernel(sets: readonly IntegerRow[], columns: number): number[][] | undefined {
  const P = 67_108_859;
  const BOUND = Math.floor(Math.sqrt(P / 2));
  const mod = (value: number) => ((value % P) + P) % P;
  const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
  const inverse = (a: number) => {
    let [r0, r1, t0, t1] = [P, a, 0, 1];
    while (r1 !== 0) {
      const q = Math.floor(r0 / r1);
      [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
    }
    return mod(t0);
  };
  const reconstruct = (x: number): [number, number] | undefined => {
    let [r0, r1, s0, s1] = [P, x, 0, 1];
    while (r1 > BOUND) {
      const q = Math.floor(r0 / r1);
      [r0, r1, s0, s1] = [r1, r0 - q * r1, s1, s0 - q * s1];
    }
    if (s1 === 0 || Math.abs(s1) > BOUND) return undefined;
    return s1 < 0 ? [-r1, -s1] : [r1, s1];
  };
  const rows: number[][] = [];
  const pivots: number[] = [];
  let largest = 1;
  for (const set of sets) {
    const v = new Array<number>(columns).fill(0);
    for (const [c, value] of set)
      [v[c], largest] = [mod(value), Math.max(largest, Math.abs(value))];
    rows.forEach((row, k) => {
      const a = v[pivots[k] as number] as number;
      for (let i = 0; i < columns; i += 1) v[i] = mod((v[i] as number) - a * (row[i] as number));
    });
    const pivot = v.findIndex((value) => value !== 0);
    if (pivot < 0) continue;
    const scale = inverse(v[pivot] as number);
    for (let i = 0; i < columns; i += 1) v[i] = ((v[i] as number) * scale) % P;
    for (const row of rows) {
      const a = row[pivot] as number;
      for (let i = 0; i < columns; i += 1) row[i] = mod((row[i] as number) - a * (v[i] as number));
    }
    rows.push(v);
    pivots.push(pivot);
  }
  const basis: number[][] = [];
  for (let free = 0; free < columns; free += 1) {
    if (pivots.includes(free)) continue;
    const fractions = new Map<number, [number, number]>([[free, [1, 1]]]);
    for (let k = 0; k < rows.length; k += 1) {
      const x = (rows[k] as number[])[free] as number;
      if (x === 0) continue;
      const fraction = reconstruct(mod(-x));
      if (!fraction) return undefined;
      fractions.set(pivots[k] as number, fraction);
    }
    let lcm = 1;
    for (const [, [, s]] of fractions) lcm = (lcm / gcd(lcm, s)) * s;
    if (lcm * BOUND * columns * largest > Number.MAX_SAFE_INTEGER) return undefined;
    const z = new Array<number>(columns).fill(0);
    for (const [c, [r, s]] of fractions) z[c] = (r * lcm) / s;
    for (const set of sets)
      if (set.reduce((sum, [c, value]) => sum + (z[c] as number) * value, 0) !== 0)
        return undefined;
    basis.push(z);
  }
  return basis;
}

describe('fast modular kernel', () => {
  it('gives the very vectors of the plain elimination, on partitions and on whole-number rows', () => {
    let failed = 0;
    for (let seed = 1; seed <= 60; seed += 1) {
      const columns = 20 + ((seed * 7) % 90);
      const sets = partitionSets(seed, columns, 2 + (seed % 4), 2 + (seed % 11));
      const rows = sets.map((set): IntegerRow => set.map((c) => [c, 1]));
      expect(modularKernel(rows, columns)).toEqual(plainKernel(rows, columns));
      // Rows as the sparse elimination leaves them (reduced-span.ts): small whole numbers of
      // either sign, a few large: some lifts fail, and then both fail.
      const next = random(1000 + seed);
      const mixed = rows.map((row) =>
        row.map(([c]): [number, number] => {
          const draw = next();
          const value = draw < 0.05 ? Math.floor(next() * 2 ** 20) : Math.floor(draw * 9) - 4;
          return [c, value === 0 ? 1 : value];
        }),
      );
      const plain = plainKernel(mixed, columns);
      if (!plain) failed += 1;
      expect(modularKernel(mixed, columns)).toEqual(plain);
    }
    // Both outcomes were compared.
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(60);
  });
});
