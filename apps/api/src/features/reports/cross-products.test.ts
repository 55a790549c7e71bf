import { columnsOf, crossProducts } from './cross-products.js';

/** Sum over the rows of x_i * x_j, row by row: what crossProducts must answer exactly. */
function plainProducts(values: ArrayLike<number>, width: number): number[] {
  const n = Math.floor(values.length / width);
  const products = Array.from({ length: width * width }, () => 0);
  for (let row = 0; row < n; row += 1) {
    for (let i = 0; i < width; i += 1) {
      for (let j = i; j < width; j += 1) {
        const at = i * width + j;
        products[at] =
          (products[at] ?? 0) + (values[row * width + i] ?? 0) * (values[row * width + j] ?? 0);
      }
    }
  }
  return products;
}

/** Deterministic ratings 0..100, extremes included. */
function ratings(rows: number, width: number): Uint8Array {
  const values = new Uint8Array(rows * width);
  let seed = 7;
  for (let i = 0; i < values.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    values[i] = i % 97 === 0 ? 100 : seed % 101;
  }
  return values;
}

const upperTriangle = (products: ArrayLike<number>, width: number) =>
  Array.from({ length: width }, (_, i) =>
    Array.from({ length: width - i }, (__, k) => products[i * width + i + k]),
  );

describe('cross products of the Pearson matrix', () => {
  it('adds up ratings exactly across several packed chunks and an odd number of columns', () => {
    const width = 7;
    const values = ratings(13_001, width);
    const products = crossProducts(values, columnsOf(values, width), width);
    expect(upperTriangle(products, width)).toEqual(
      upperTriangle(plainProducts(values, width), width),
    );
  });

  it('keeps the highest ratings apart from the packed neighbour column', () => {
    const width = 2;
    const values = new Uint8Array(2 * 20_000).fill(100);
    const products = crossProducts(values, columnsOf(values, width), width);
    expect(upperTriangle(products, width)).toEqual([[200_000_000, 200_000_000], [200_000_000]]);
  });

  it('takes any other numbers one pair at a time', () => {
    const values = [1.5, -2, 3, 0.25, 4, 1];
    const products = crossProducts(values, columnsOf(values, 2), 2);
    expect(upperTriangle(products, 2)).toEqual([
      [1.5 * 1.5 + 3 * 3 + 4 * 4, 1.5 * -2 + 3 * 0.25 + 4 * 1],
      [4 + 0.0625 + 1],
    ]);
  });
});
