// The formulas of survey-model.md "Formulas" that are not plain SQL aggregates. Values out of 100
// are never rounded here: rounding is for display only.

import { CRITERIA } from '../../lib/questionnaire.js';
import { columnsOf, crossProducts } from './cross-products.js';

export { CRITERIA };

/** Lower bounds of the L-index and S-index histogram bins: 0-30, 30-40, ..., 90-100. */
export const INDEX_BINS = [0, 30, 40, 50, 60, 70, 80, 90] as const;
/** The bins as answers carry them: numbers a client formats, never labels it would parse back. */
export const INDEX_BIN_BOUNDS = INDEX_BINS.map((from, i) => ({
  from,
  to: INDEX_BINS[i + 1] ?? 100,
}));

/** Realization spread bands, best first: 90-100, 80-89, 70-79, 60-69, under 60. */
export const BANDS = [90, 80, 70, 60, 0] as const;
/** The bands as answers carry them, best first: numbers (the top band includes 100). */
export const BAND_BOUNDS = BANDS.map((from, i) => ({ from, to: BANDS[i - 1] ?? 100 }));

/** eNPS groups: detractors 0-6, passives 7-8, promoters 9-10. */
export interface Enps {
  percentage0to6: number;
  percentage7to8: number;
  percentage9to10: number;
  /** Percent promoters minus percent detractors, -100..100. */
  score: number;
}

/** `counts[s]` = how many answered score s (0..10). */
export function enps(counts: readonly number[]): Enps {
  const n = counts.reduce((sum, c) => sum + c, 0);
  const share = (from: number, to: number) =>
    n === 0 ? 0 : (counts.slice(from, to + 1).reduce((sum, c) => sum + c, 0) / n) * 100;
  const detractors = share(0, 6);
  const promoters = share(9, 10);
  return {
    percentage0to6: detractors,
    percentage7to8: share(7, 8),
    percentage9to10: promoters,
    score: promoters - detractors,
  };
}

export interface Importance {
  id: number;
  count: number;
  /** Percent of the group's participants who picked the criterion. */
  percentage: number;
}

/** All 30 criteria by importance, most picked first, ties by criterion id. */
export function importanceRanking(picks: ReadonlyMap<number, number>, n: number): Importance[] {
  return CRITERIA.map((id) => {
    const count = picks.get(id) ?? 0;
    return { id, count, percentage: n === 0 ? 0 : (count / n) * 100 };
  }).sort((a, b) => b.count - a.count || a.id - b.id);
}

/** Percentages of a list of counts (0 everywhere when the total is 0). */
export function percentages(counts: readonly number[]): number[] {
  const n = counts.reduce((sum, c) => sum + c, 0);
  return counts.map((c) => (n === 0 ? 0 : (c / n) * 100));
}

/** A range of a 0..100 value: from <= value < to; no `to` = no upper bound. */
interface Range {
  from: number;
  to: number | undefined;
}

/** The histogram bins (100 falls in the last bin) and the spread bands, best band first. */
const BIN_RANGES: Range[] = INDEX_BINS.map((from, i) => ({ from, to: INDEX_BINS[i + 1] }));
const BAND_RANGES: Range[] = BANDS.map((from, i) => ({ from, to: BANDS[i - 1] }));

const rangeCondition = (column: string, { from, to }: Range) =>
  to === undefined ? `${column} >= ${from}` : `${column} >= ${from} AND ${column} < ${to}`;

/** SQL conditions of the histogram bins over a 0..100 column (100 falls in the last bin). */
export const binConditions = (column: string): string[] =>
  BIN_RANGES.map((range) => rangeCondition(column, range));

/** SQL conditions of the spread bands over a 0..100 column, best band first. */
export const bandConditions = (column: string): string[] =>
  BAND_RANGES.map((range) => rangeCondition(column, range));

const inRange = (value: number, { from, to }: Range) =>
  value >= from && (to === undefined || value < to);

/** Participants per bin and per band from participants per value: binConditions in JavaScript. */
export function rangeCounts(counts: readonly { value: number; n: number }[]): {
  bins: number[];
  bands: number[];
} {
  const count = (range: Range) =>
    counts.reduce((sum, { value, n }) => (inRange(value, range) ? sum + n : sum), 0);
  return { bins: BIN_RANGES.map(count), bands: BAND_RANGES.map(count) };
}

/**
 * Pearson correlation of every pair of columns of a row-major matrix (`width` columns):
 * r = Sxy / sqrt(Sxx * Syy) with S the centred sums of products; null where a column has no
 * variance (the coefficient is undefined). Integer answers keep the sums exact in float64.
 */
export function pearsonMatrix(values: ArrayLike<number>, width: number): (number | null)[][] {
  const n = Math.floor(values.length / width);
  const columns = columnsOf(values, width);
  const sums = columns.map((column) => {
    let sum = 0;
    for (let row = 0; row < n; row += 1) sum += column[row] as number;
    return sum;
  });
  const products = crossProducts(values, columns, width);
  return pearsonFromSums(n, sums, (i, j) => products[i * width + j] ?? 0);
}

/**
 * The Pearson matrix from the count, each column's sum and the sums of products (`product(i, j)`,
 * i <= j): what pearsonMatrix computes from the rows, and the cell statistics from their sums.
 */
export function pearsonFromSums(
  n: number,
  sums: readonly number[],
  product: (i: number, j: number) => number,
): (number | null)[][] {
  const width = sums.length;
  const centred = (i: number, j: number) =>
    product(Math.min(i, j), Math.max(i, j)) - ((sums[i] ?? 0) * (sums[j] ?? 0)) / n;
  return Array.from({ length: width }, (_, i) =>
    Array.from({ length: width }, (__, j) => {
      if (n < 2) return null;
      const sxx = centred(i, i);
      const syy = centred(j, j);
      if (sxx <= 0 || syy <= 0) return null;
      return i === j ? 1 : centred(i, j) / Math.sqrt(sxx * syy);
    }),
  );
}

export interface CriterionStats {
  id: number;
  /** Mean realization. */
  mean: number;
  /** Ratings per spread band, best first (BANDS). */
  bands: number[];
}

/** Band index of a 0..100 rating: 0 for 90-100 ... 4 for under 60. */
const bandOf = (value: number) => {
  for (let index = 0; index < BANDS.length; index += 1) {
    if (value >= (BANDS[index] ?? 0)) return index;
  }
  return BANDS.length - 1;
};

/** bandOf of each whole rating 0..100, looked up instead of computed 1.5 million times a report. */
const BAND_OF_RATING = Array.from({ length: 101 }, (_, value) => bandOf(value));

/** Mean and spread of each criterion from the row-major realization matrix (30 per row). */
export function criterionStats(values: ArrayLike<number>): CriterionStats[] {
  const width = CRITERIA.length;
  const n = Math.floor(values.length / width);
  const sums = new Float64Array(width);
  // Ratings per criterion and band, flat: criterion i's bands at i * BANDS.length.
  const counts = new Float64Array(width * BANDS.length);
  for (let row = 0, offset = 0; row < n; row += 1) {
    for (let i = 0; i < width; i += 1, offset += 1) {
      const value = values[offset] ?? 0;
      sums[i] = (sums[i] ?? 0) + value;
      const at = i * BANDS.length + (BAND_OF_RATING[value] ?? bandOf(value));
      counts[at] = (counts[at] ?? 0) + 1;
    }
  }
  return CRITERIA.map((id, i) => ({
    id,
    mean: n === 0 ? 0 : (sums[i] ?? 0) / n,
    bands: Array.from(counts.subarray(i * BANDS.length, (i + 1) * BANDS.length)),
  }));
}
