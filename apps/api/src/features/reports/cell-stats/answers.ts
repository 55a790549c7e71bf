// Report figures from summed statistics (sums.ts), computed as the row-reading path computes them
// from the rows (queries.ts, breakdown-queries.ts, formulas.ts): the same numbers, bit for bit.
import { BANDS, CRITERIA, INDEX_BINS, pearsonFromSums, type CriterionStats } from '../formulas.js';
import type { Histogram } from '../queries.js';
import { AT, pairIndex } from './layout.js';

const slice = (sums: Float64Array, at: number, length: number) =>
  Array.from(sums.subarray(at, at + length));

export const participantsOf = (sums: Float64Array) => sums[AT.n] as number;

/** As queries.histogram: the mean is the exact sum divided by the count. */
export function histogramOf(sums: Float64Array, column: 'satisfaction' | 'lindex'): Histogram {
  const n = participantsOf(sums);
  const total = sums[column === 'satisfaction' ? AT.satisfactionSum : AT.lindexSum] as number;
  return {
    n,
    mean: n === 0 ? 0 : total / n,
    bins: slice(
      sums,
      column === 'satisfaction' ? AT.satisfactionBins : AT.lindexBins,
      INDEX_BINS.length,
    ),
    bands: slice(
      sums,
      column === 'satisfaction' ? AT.satisfactionBands : AT.lindexBands,
      BANDS.length,
    ),
  };
}

/**
 * A background breakdown group's S-index mean as PostgreSQL's avg(smallint)::float8 answers it:
 * numeric division rounded to select_div_scale's decimal places (at least 16 significant digits,
 * counted in base-10000 digits), then read as a float8. The plain quotient differs in the last bit
 * now and then.
 */
export function numericAverage(sum: number, n: number): number {
  if (n === 0) return Number.NaN;
  if (sum === 0) return 0;
  const weight = (x: number) => Math.floor(Math.log10(x) / 4 + 1e-12);
  const lead = (x: number, w: number) => Math.floor(x / 10_000 ** w);
  let w1 = weight(sum);
  while (10_000 ** w1 > sum) w1 -= 1;
  while (10_000 ** (w1 + 1) <= sum) w1 += 1;
  let w2 = weight(n);
  while (10_000 ** w2 > n) w2 -= 1;
  while (10_000 ** (w2 + 1) <= n) w2 += 1;
  let qweight = w1 - w2;
  if (lead(sum, w1) <= lead(n, w2)) qweight -= 1;
  const scale = Math.min(1000, Math.max(0, 16 - qweight * 4));
  const scaled = BigInt(sum) * 10n ** BigInt(scale);
  const divisor = BigInt(n);
  let quotient = scaled / divisor;
  // Half away from zero (the values are not negative).
  if ((scaled % divisor) * 2n >= divisor) quotient += 1n;
  const digits = quotient.toString().padStart(scale + 1, '0');
  const point = digits.length - scale;
  return Number(`${digits.slice(0, point)}.${digits.slice(point)}`);
}

/** As breakdown-queries.groupedStats reads a group's histogram (avg() in SQL for a question). */
export function groupHistogramOf(
  sums: Float64Array,
  column: 'satisfaction' | 'lindex',
  byQuestion: boolean,
): Histogram {
  const h = histogramOf(sums, column);
  if (byQuestion && column === 'satisfaction') {
    return { ...h, mean: numericAverage(sums[AT.satisfactionSum] as number, h.n) };
  }
  return h;
}

export const enpsOf = (sums: Float64Array) => slice(sums, AT.enps, 11);

export function picksOf(sums: Float64Array): Map<number, number> {
  const picks = new Map<number, number>();
  CRITERIA.forEach((id, i) => {
    const n = sums[AT.picks + i] as number;
    if (n > 0) picks.set(id, n);
  });
  return picks;
}

export const changeJobOf = (sums: Float64Array) => ({
  count: participantsOf(sums),
  willingToChangeJobCount: sums[AT.changeJob] as number,
});

/** As formulas.criterionStats. */
export function criterionStatsOf(sums: Float64Array): CriterionStats[] {
  const n = participantsOf(sums);
  return CRITERIA.map((id, i) => ({
    id,
    mean: n === 0 ? 0 : (sums[AT.realizationSums + i] as number) / n,
    bands: slice(sums, AT.realizationBands + i * BANDS.length, BANDS.length),
  }));
}

/** As formulas.pearsonMatrix. */
export function pearsonOf(sums: Float64Array): (number | null)[][] {
  return pearsonFromSums(
    participantsOf(sums),
    slice(sums, AT.realizationSums, CRITERIA.length),
    (i, j) => sums[AT.crossProducts + pairIndex(i, j)] as number,
  );
}
