import { ColumnHolders } from './column-holders.js';
import { seededNumbers } from '../../test/seeded.js';

describe('the rows holding each column, as linked lists', () => {
  it('lists each column in the order a Set would, through adds and removals', () => {
    const next = seededNumbers(11);
    const columns = 37;
    const holders = new ColumnHolders(columns);
    const sets = Array.from({ length: columns }, () => new Set<number>());
    // Each (column, row) held and its node, as the elimination keeps them in the rows' tags.
    const nodes = new Map<string, number>();
    for (let step = 0; step < 20_000; step += 1) {
      const c = next(columns);
      const r = next(60);
      const key = `${c}:${r}`;
      const node = nodes.get(key);
      if (node === undefined) {
        nodes.set(key, holders.add(c, r));
        sets[c]?.add(r);
      } else {
        holders.remove(c, node);
        nodes.delete(key);
        sets[c]?.delete(r);
      }
      const probe = next(columns);
      const set = sets[probe] as Set<number>;
      expect(holders.count(probe)).toBe(set.size);
      const listed = holders.rowsOf(probe, new Int32Array(set.size + 1));
      expect([...listed.subarray(0, set.size)]).toEqual([...set]);
    }
  });
});
