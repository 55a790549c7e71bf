import { classesOf, oneClass, refineClasses } from './classes.js';
import { seededNumbers } from '../../test/seeded.js';

/** Classes by whole signatures: items with equal values everywhere, in order of first appearance. */
function byWholeSignatures(signatures: readonly number[][], items: number): number[] {
  const ids = new Map<string, number>();
  return Array.from({ length: items }, (_, i) => {
    const key = signatures.map((values) => values[i]).join();
    if (!ids.has(key)) ids.set(key, ids.size);
    return ids.get(key) as number;
  });
}

describe('classes of items alike in every signature', () => {
  it('numbers them as whole signatures would, refined one at a time or all at once', () => {
    const next = seededNumbers(7);
    for (let trial = 0; trial < 30; trial += 1) {
      const items = next(400);
      const signatures = Array.from({ length: 1 + next(6) }, () => {
        const values = 1 + next(50);
        // Large and fractional values too: they are compared exactly, not as indices.
        return Array.from({ length: items }, () => next(values) * 1_000_003 + (next(2) ? 0.5 : 0));
      });
      const expected = byWholeSignatures(signatures, items);
      const all = classesOf(signatures, items);
      expect([...all.classOf]).toEqual(expected);
      expect(all.classes).toBe(new Set(expected).size);
      expect([...all.firstItem]).toEqual([...new Set(expected)].map((c) => expected.indexOf(c)));
      // A batch's kept partitions refined first, a candidate's cells after them.
      const kept = classesOf(signatures.slice(0, -1), items);
      const refined = refineClasses(kept, signatures[signatures.length - 1] as number[]);
      expect([...refined.classOf]).toEqual(expected);
    }
  });

  it('has one class for items without signatures, none for no items', () => {
    expect(oneClass(3)).toEqual({
      classOf: new Int32Array(3),
      classes: 1,
      firstItem: new Int32Array(1),
    });
    expect(classesOf([[]], 0).classes).toBe(0);
  });
});
