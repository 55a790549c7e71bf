// The rows holding each eliminated column during a sparse elimination (sparse-echelon.ts), in the
// order a Set would iterate them (the order rows came to hold the column): the elimination picks
// a column's pivot by that order, so it must be a Set's. Kept as linked lists in one pool of typed
// arrays instead of a Set per column (thousands per check, most of the elimination's time went to
// their adds and deletes): a row remembers the node of each column it holds (SparseRow.tags), so a
// removal is an unlink.

export class ColumnHolders {
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly sizes: Int32Array;
  private rowOfNode = new Int32Array(1024);
  private prev = new Int32Array(1024);
  private next = new Int32Array(1024);
  private used = 0;
  /** Freed nodes, linked through `next` (-1: none). */
  private free = -1;

  constructor(columns: number) {
    this.head = new Int32Array(columns).fill(-1);
    this.tail = new Int32Array(columns).fill(-1);
    this.sizes = new Int32Array(columns);
  }

  /** Rows holding column c. */
  count(c: number): number {
    return this.sizes[c] as number;
  }

  /** Row r, which must not hold c yet, now holds it (last in c's order); its node. */
  add(c: number, r: number): number {
    const node = this.node();
    const last = this.tail[c] as number;
    this.rowOfNode[node] = r;
    this.prev[node] = last;
    this.next[node] = -1;
    if (last < 0) this.head[c] = node;
    else this.next[last] = node;
    this.tail[c] = node;
    this.sizes[c] = (this.sizes[c] as number) + 1;
    return node;
  }

  /** The row of `node` (from add) no longer holds column c. */
  remove(c: number, node: number) {
    const before = this.prev[node] as number;
    const after = this.next[node] as number;
    if (before < 0) this.head[c] = after;
    else this.next[before] = after;
    if (after < 0) this.tail[c] = before;
    else this.prev[after] = before;
    this.sizes[c] = (this.sizes[c] as number) - 1;
    this.next[node] = this.free;
    this.free = node;
  }

  /** Column c's rows in order, written to the front of `into` (long enough: count(c)). */
  rowsOf(c: number, into: Int32Array): Int32Array {
    let n = 0;
    for (let node = this.head[c] as number; node >= 0; node = this.next[node] as number)
      into[n++] = this.rowOfNode[node] as number;
    return into;
  }

  private node(): number {
    if (this.free >= 0) {
      const node = this.free;
      this.free = this.next[node] as number;
      return node;
    }
    if (this.used === this.rowOfNode.length) {
      const grown = (from: Int32Array) => {
        const to = new Int32Array(2 * from.length);
        to.set(from);
        return to;
      };
      this.rowOfNode = grown(this.rowOfNode);
      this.prev = grown(this.prev);
      this.next = grown(this.next);
    }
    return this.used++;
  }
}
