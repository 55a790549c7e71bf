// A sparse row of whole numbers (sparse-echelon.ts) in typed arrays: entries in the order a Map
// would iterate them (insertion order; a column deleted and set again comes last), found through
// an open-addressing table. The exact check's elimination makes millions of entries per gate
// build; as Maps they kept the collector busy (a fifth of the build, docs/anonymity.md). The order
// is a Map's so that every step of the check (pivots, queues, components) is the same as before.

/** Marks a deleted entry's column (and its slot in the table). */
const DELETED = -1;
const EMPTY = 0;

export class SparseRow implements Iterable<[number, number]> {
  /** Entries' columns in insertion order, DELETED where removed since (`used` of them). */
  columns: Int32Array;
  /**
   * Entries' values, by the same positions: whole numbers within 32 bits (the elimination gives up
   * past ENTRY_LIMIT, 2^20, before it would store one; half the memory of doubles).
   */
  numbers: Int32Array;
  /** A number kept beside each entry once `tag()` was called (the elimination's holder nodes). */
  tags: Int32Array | undefined;
  /** Positions taken in `columns` (live and deleted). */
  used = 0;
  /** Live entries. */
  size = 0;
  /**
   * Per slot: the position of its entry plus one, EMPTY, or DELETED; twice the capacity. Made on
   * the first look-up (many rows of a check are only ever read in order).
   */
  private slots: Int32Array | undefined;
  private shift = 0;

  constructor(capacity = 4) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(4, capacity)));
    this.columns = new Int32Array(size);
    this.numbers = new Int32Array(size);
  }

  /** A row of 1 in each of `columns` (distinct), in their order. */
  static ones(columns: readonly number[]): SparseRow {
    const row = new SparseRow(columns.length);
    for (const c of columns) row.set(c, 1);
    return row;
  }

  /** Gives each entry a tag (-1 until set), kept with it as the row grows. */
  tag(): Int32Array {
    this.tags ??= new Int32Array(this.columns.length).fill(-1);
    return this.tags;
  }

  /** The table slot of column c's entry, -1 when the row has none. */
  private slotOf(c: number): number {
    const slots = this.slots ?? this.index();
    const { columns } = this;
    const mask = slots.length - 1;
    for (let at = Math.imul(c, 0x9e3779b1) >>> this.shift; ; at = (at + 1) & mask) {
      const slot = slots[at] as number;
      if (slot === EMPTY) return -1;
      if (slot !== DELETED && columns[slot - 1] === c) return at;
    }
  }

  /** The position of column c's entry, -1 when the row has none. */
  position(c: number): number {
    const at = this.slotOf(c);
    return at < 0 ? -1 : ((this.slots as Int32Array)[at] as number) - 1;
  }

  get(c: number): number | undefined {
    const at = this.position(c);
    return at < 0 ? undefined : this.numbers[at];
  }

  has(c: number): boolean {
    return this.position(c) >= 0;
  }

  set(c: number, value: number): this {
    const at = this.position(c);
    if (at >= 0) this.numbers[at] = value;
    else this.append(c, value);
    return this;
  }

  /** A new entry for column c (which the row must not hold), last in the order; its position. */
  append(c: number, value: number): number {
    if (this.used === this.columns.length) this.rebuild(Math.max(4, 2 * this.size));
    const position = this.used;
    if (this.slots) this.enter(c, position);
    this.columns[position] = c;
    this.numbers[position] = value;
    if (this.tags) this.tags[position] = -1;
    this.used = position + 1;
    this.size += 1;
    return position;
  }

  delete(c: number): boolean {
    const at = this.slotOf(c);
    if (at < 0) return false;
    const slots = this.slots as Int32Array;
    this.columns[(slots[at] as number) - 1] = DELETED;
    slots[at] = DELETED;
    this.size -= 1;
    return true;
  }

  /** The first live column (undefined for an empty row). */
  first(): number | undefined {
    for (let p = 0; p < this.used; p += 1)
      if (this.columns[p] !== DELETED) return this.columns[p] as number;
    return undefined;
  }

  *keys(): IterableIterator<number> {
    for (let p = 0; p < this.used; p += 1)
      if (this.columns[p] !== DELETED) yield this.columns[p] as number;
  }

  *values(): IterableIterator<number> {
    for (let p = 0; p < this.used; p += 1)
      if (this.columns[p] !== DELETED) yield this.numbers[p] as number;
  }

  *[Symbol.iterator](): IterableIterator<[number, number]> {
    for (let p = 0; p < this.used; p += 1)
      if (this.columns[p] !== DELETED) yield [this.columns[p] as number, this.numbers[p] as number];
  }

  /** Live entries moved to the front, in order, with room for `capacity`; no table until asked. */
  private rebuild(capacity: number) {
    const { columns, numbers, used, tags } = this;
    const size = 2 ** Math.ceil(Math.log2(Math.max(4, capacity)));
    this.columns = new Int32Array(size);
    this.numbers = new Int32Array(size);
    this.tags = tags && new Int32Array(size);
    this.slots = undefined;
    let to = 0;
    for (let p = 0; p < used; p += 1) {
      const c = columns[p] as number;
      if (c === DELETED) continue;
      this.columns[to] = c;
      this.numbers[to] = numbers[p] as number;
      if (tags && this.tags) this.tags[to] = tags[p] as number;
      to += 1;
    }
    this.used = to;
  }

  /** The table over the entries so far. */
  private index(): Int32Array {
    const size = 2 * this.columns.length;
    this.slots = new Int32Array(size);
    this.shift = 32 - Math.log2(size);
    for (let p = 0; p < this.used; p += 1) {
      const c = this.columns[p] as number;
      if (c !== DELETED) this.enter(c, p);
    }
    return this.slots;
  }

  /** Column c's slot in the table, pointing at `position`. */
  private enter(c: number, position: number) {
    const slots = this.slots as Int32Array;
    const mask = slots.length - 1;
    let at = Math.imul(c, 0x9e3779b1) >>> this.shift;
    while (slots[at] !== EMPTY && slots[at] !== DELETED) at = (at + 1) & mask;
    slots[at] = position + 1;
  }
}
