import { noSmallGroupInSpan, smallGroupInSpan } from './reduced-span.js';
import { random } from './audit/synthetic.js';
import { Span } from './span.js';

const T = 5;

/**
 * Sets of classes as the gate makes them, in blocks (units: their partitions split only their own
 * classes) and, on some seeds, a partition across all blocks (a whole-survey question) joining them.
 */
function blockSurvey(seed: number, widest = 8, largest = 8) {
  const next = random(seed);
  const blocks = 1 + Math.floor(next() * 4);
  const sets: number[][] = [];
  const sizes: number[] = [];
  for (let b = 0; b < blocks; b += 1) {
    const first = sizes.length;
    const columns = 2 + Math.floor(next() * (widest - 1));
    for (let c = 0; c < columns; c += 1) sizes.push(1 + Math.floor(next() * largest));
    const partitions = 1 + Math.floor(next() * 3);
    for (let p = 0; p < partitions; p += 1) {
      const cells = 1 + Math.floor(next() * 3);
      const byCell = new Map<number, number[]>();
      for (let c = first; c < sizes.length; c += 1) {
        const cell = Math.floor(next() * cells);
        byCell.set(cell, [...(byCell.get(cell) ?? []), c]);
      }
      sets.push(...byCell.values());
    }
  }
  if (seed % 2 === 0) {
    const byCell = new Map<number, number[]>();
    sizes.forEach((_, c) => {
      const cell = Math.floor(next() * 3);
      byCell.set(cell, [...(byCell.get(cell) ?? []), c]);
    });
    sets.push(...byCell.values());
  }
  return { sets, sizes };
}

/** Exact elimination over the whole matrix: does any union of small classes under T lie in the span? */
function someSmallUnionInSpan(sets: number[][], sizes: number[]) {
  const span = new Span(sizes.length);
  for (const set of sets) {
    const row = new Array<number>(sizes.length).fill(0);
    for (const c of set) row[c] = 1;
    span.add(row);
  }
  const small = sizes.flatMap((size, c) => (size < T ? [c] : []));
  const grow = (start: number, union: number[], weight: number): boolean => {
    if (union.length > 0) {
      const vector = sizes.map((_, c) => (union.includes(c) ? 1 : 0));
      if (span.contains(vector)) return true;
    }
    for (let i = start; i < small.length; i += 1) {
      const c = small[i] as number;
      if (weight + (sizes[c] as number) >= T) continue;
      if (grow(i + 1, [...union, c], weight + (sizes[c] as number))) return true;
    }
    return false;
  };
  return grow(0, [], 0);
}

describe('no small group in the span, checked per component', () => {
  it('agrees with exact elimination of the whole matrix, dense and sparse', () => {
    let unsafe = 0;
    for (let seed = 1; seed <= 150; seed += 1) {
      const { sets, sizes } = blockSurvey(seed);
      const expected = !someSmallUnionInSpan(sets, sizes);
      if (!expected) unsafe += 1;
      // A limit of 0 entries sends every component to the sparse check.
      for (const maxEntries of [200_000, 0])
        expect({ seed, maxEntries, safe: noSmallGroupInSpan(sets, sizes, T, maxEntries) }).toEqual({
          seed,
          maxEntries,
          safe: expected,
        });
    }
    // Both answers occur, so the agreement says something.
    expect(unsafe).toBeGreaterThan(10);
    expect(unsafe).toBeLessThan(140);
  });

  it('agrees on wider blocks of mostly small classes, where the sparse search branches', () => {
    let unsafe = 0;
    for (let seed = 1; seed <= 60; seed += 1) {
      const { sets, sizes } = blockSurvey(seed, 16, 5);
      const expected = !someSmallUnionInSpan(sets, sizes);
      if (!expected) unsafe += 1;
      expect({ seed, safe: noSmallGroupInSpan(sets, sizes, T, 0) }).toEqual({
        seed,
        safe: expected,
      });
    }
    expect(unsafe).toBeGreaterThan(5);
    expect(unsafe).toBeLessThan(55);
  });

  it('finds a difference that only a row across the components reveals', () => {
    // Unit A: classes 0 (6 women) and 1 (3 men); unit B: class 2 (7 men). Men (1 and 2) shown:
    // men minus unit B is class 1, 3 people.
    expect(noSmallGroupInSpan([[0, 1], [2], [1, 2]], [6, 3, 7], T, 0)).toBe(false);
    expect(noSmallGroupInSpan([[0, 1], [2], [1, 2]], [6, 3, 7], T, 200_000)).toBe(false);
  });

  it('names the group it finds (the auditor reports it)', () => {
    // Unit A: classes 0 (6 people), 1 (3) and 2 (1); unit B: 3 (7) and 4 (8). Unit B with those
    // of A who gave one answer (1 and 2) shown: minus unit B, they are 4 people.
    const sets = [
      [0, 1, 2],
      [3, 4],
      [1, 2, 3, 4],
    ];
    const sizes = [6, 3, 1, 7, 8];
    for (const maxEntries of [200_000, 0])
      expect(smallGroupInSpan(sets, sizes, T, maxEntries, Infinity)).toEqual({
        found: [1, 2],
        complete: true,
      });
  });
});
