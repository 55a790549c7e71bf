// Exact span membership over the rationals, for the anonymity auditor. Rows are kept as integer
// vectors in echelon form (fraction-free elimination: a rational row scaled to whole numbers spans
// the same line), so nothing is rounded however many rows are combined.

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** Divides a row by the gcd of its entries and makes its first non-zero entry positive. */
function normalise(row: bigint[]): bigint[] {
  let g = 0n;
  for (const value of row) if (value !== 0n) g = gcd(g, value);
  if (g === 0n) return row;
  const lead = row.find((value) => value !== 0n) ?? 1n;
  const sign = lead < 0n ? -1n : 1n;
  return row.map((value) => (value / g) * sign);
}

/** A growing set of vectors of one length and the rational subspace they span. */
export class Span {
  /** Echelon rows and the column of each row's pivot. */
  private readonly rows: { row: bigint[]; pivot: number }[] = [];

  constructor(readonly length: number) {}

  get rank(): number {
    return this.rows.length;
  }

  /** The vector less its components along the rows so far: all zero iff it lies in the span. */
  private reduce(vector: readonly (number | bigint)[]): bigint[] {
    let v = vector.map((value) => BigInt(value));
    for (const { row, pivot } of this.rows) {
      const a = v[pivot] as bigint;
      if (a === 0n) continue;
      const p = row[pivot] as bigint;
      // v := p*v - a*row zeroes column `pivot` and keeps v whole.
      v = normalise(v.map((value, i) => p * value - a * (row[i] as bigint)));
    }
    return v;
  }

  /** Adds a vector; answers true when it enlarged the span. */
  add(vector: readonly (number | bigint)[]): boolean {
    const v = this.reduce(vector);
    const pivot = v.findIndex((value) => value !== 0n);
    if (pivot < 0) return false;
    const row = normalise(v);
    // Keep earlier rows free of the new pivot too (reduced echelon form), so reduce() stays exact
    // in one pass whatever the order of the pivots.
    for (const entry of this.rows) {
      const a = entry.row[pivot] as bigint;
      if (a === 0n) continue;
      const p = row[pivot] as bigint;
      entry.row = normalise(entry.row.map((value, i) => p * value - a * (row[i] as bigint)));
    }
    this.rows.push({ row, pivot });
    return true;
  }

  contains(vector: readonly (number | bigint)[]): boolean {
    return this.reduce(vector).every((value) => value === 0n);
  }

  /**
   * A basis of the vectors orthogonal to every row, as whole numbers. A vector lies in the span
   * exactly when its dot product with each of them is zero (the span is the kernel's complement).
   */
  kernel(): bigint[][] {
    const pivots = new Set(this.rows.map(({ pivot }) => pivot));
    // One common multiple of the pivots keeps every kernel entry whole.
    let lcm = 1n;
    for (const { row, pivot } of this.rows) {
      const p = row[pivot] as bigint;
      lcm = (lcm / gcd(lcm, p)) * (p < 0n ? -p : p);
    }
    const basis: bigint[][] = [];
    for (let free = 0; free < this.length; free += 1) {
      if (pivots.has(free)) continue;
      // Free column `free` set to lcm; each pivot column then follows from its row (rows are in
      // reduced echelon form, so a row holds one pivot and free columns only).
      const z = new Array<bigint>(this.length).fill(0n);
      z[free] = lcm;
      for (const { row, pivot } of this.rows)
        z[pivot] = (-(row[free] as bigint) * lcm) / (row[pivot] as bigint);
      basis.push(z);
    }
    return basis;
  }
}
