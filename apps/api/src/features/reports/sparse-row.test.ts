import { SparseRow } from './sparse-row.js';

/** A fixed pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

describe('a sparse row in typed arrays', () => {
  it('iterates in the order a Map does, through sets, deletions and re-insertions', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      const row = new SparseRow(next(3));
      const map = new Map<number, number>();
      const columns = 1 + next(300);
      for (let step = 0; step < 2_000; step += 1) {
        const c = next(columns);
        const kind = next(10);
        if (kind < 3) expect(row.delete(c)).toBe(map.delete(c));
        else if (kind < 4 && !map.has(c)) {
          row.append(c, step + 1);
          map.set(c, step + 1);
        } else {
          row.set(c, -step - 1);
          map.set(c, -step - 1);
        }
        const probe = next(columns);
        expect(row.get(probe)).toBe(map.get(probe));
        expect(row.size).toBe(map.size);
      }
      expect({ seed, entries: [...row] }).toEqual({ seed, entries: [...map] });
      expect([...row.keys()]).toEqual([...map.keys()]);
      expect([...row.values()]).toEqual([...map.values()]);
      expect(row.size).toBe(map.size);
      expect(row.first()).toBe(map.keys().next().value);
      for (let c = 0; c < columns; c += 1) {
        expect(row.has(c)).toBe(map.has(c));
        expect(row.get(c)).toBe(map.get(c));
      }
    }
  });

  it('keeps the first place of a column set twice, as a Map does', () => {
    const row = SparseRow.ones([5, 2, 5, 9]);
    expect([...row]).toEqual([
      [5, 1],
      [2, 1],
      [9, 1],
    ]);
    row.delete(2);
    row.set(2, 3);
    expect([...row.keys()]).toEqual([5, 9, 2]);
    expect(new SparseRow().first()).toBeUndefined();
  });

  it('keeps the tag of each entry with it as the row grows and compacts', () => {
    const row = SparseRow.ones([3, 1, 4]);
    const tags = row.tag();
    row.columns.forEach((c, p) => (tags[p] = c * 10));
    row.delete(1);
    for (let c = 5; c < 40; c += 1) {
      const at = row.append(c, c);
      row.tag()[at] = c * 10;
      if (c % 3 === 0) row.delete(c - 1);
    }
    for (let p = 0; p < row.used; p += 1) {
      const c = row.columns[p] as number;
      if (c >= 0) expect(row.tag()[p]).toBe(c * 10);
    }
    expect(row.get(4)).toBe(1);
    expect(row.has(1)).toBe(false);
  });
});
