// Classes of items (people or atoms) alike in every signature (derivable.ts, choose-partitions.ts):
// refined one signature at a time, each class numbered in order of first appearance. The gate's
// checks of one release batch share the partitions kept so far, so their classes are refined once
// and each candidate only refines them by its own cells (docs/anonymity.md, "What it costs").

export interface Classes {
  /** Each item's class, numbered in order of first appearance. */
  classOf: Int32Array;
  classes: number;
  /** Each class's first item (ascending, as classes are numbered by first appearance). */
  firstItem: Int32Array;
}

/** One class holding every item (none for no items): the start of a refinement. */
export const oneClass = (items: number): Classes => ({
  classOf: new Int32Array(items),
  classes: items > 0 ? 1 : 0,
  firstItem: new Int32Array(items > 0 ? 1 : 0),
});

// The probing table of (class, value) pairs, kept between refinements (a build makes thousands).
let pairClass = new Int32Array(0);
let pairValue = new Float64Array(0);
let pairId = new Int32Array(0);

/**
 * The classes after `values` (one per item): items share a class when they shared one and have
 * equal values. Numbered in order of first appearance of each (class, value) pair, as a refinement
 * by whole signatures would be. Values are any numbers (compared exactly).
 */
export function refineClasses({ classOf }: Classes, values: ArrayLike<number>): Classes {
  const items = classOf.length;
  const size = 2 ** Math.ceil(Math.log2(Math.max(2, items * 2)));
  const mask = size - 1;
  if (pairId.length < size) {
    pairClass = new Int32Array(size);
    pairValue = new Float64Array(size);
    pairId = new Int32Array(size);
  }
  pairId.fill(-1, 0, size);
  const next = new Int32Array(items);
  const firstItem = new Int32Array(items);
  let classes = 0;
  for (let i = 0; i < items; i += 1) {
    const c = classOf[i] as number;
    const value = values[i] as number;
    let at = (Math.imul(c, 0x9e3779b1) ^ Math.imul(value | 0, 0x85ebca6b)) & mask;
    for (;;) {
      const id = pairId[at] as number;
      if (id < 0) {
        pairClass[at] = c;
        pairValue[at] = value;
        pairId[at] = classes;
        next[i] = classes;
        firstItem[classes] = i;
        classes += 1;
        break;
      }
      if (pairClass[at] === c && pairValue[at] === value) {
        next[i] = id;
        break;
      }
      at = (at + 1) & mask;
    }
  }
  return { classOf: next, classes, firstItem: firstItem.subarray(0, classes) };
}

/**
 * Classes of items alike in every signature. `signatures[s][i]` is item i's value in signature s
 * (a set's 0/1 membership, a partition's cell).
 */
export function classesOf(signatures: readonly ArrayLike<number>[], items: number): Classes {
  return signatures.reduce(refineClasses, oneClass(items));
}
