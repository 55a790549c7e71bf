// The sufficient statistics of a block of participants, as one row of a Float64Array: every report
// figure of a set is a function of the sums of these over the set's people (docs/report-performance.md,
// "Cell statistics"). Every entry is a sum of whole numbers, or of float4 L-indexes (whole multiples
// of 2^-27), below 2^53: sums of blocks are exact in any order, so figures summed from blocks are
// the figures summed from rows, bit for bit.
import { COMMENT_CRITERIA } from '../../../lib/questionnaire.js';
import { COMMENT_INDEX_RANGES } from '../comment-ranges.js';
import { BANDS, CRITERIA, INDEX_BINS } from '../formulas.js';

const C = CRITERIA.length;
const BINS = INDEX_BINS.length;
const BAND_COUNT = BANDS.length;

/** The comment types in the order of the statistics. */
export const COMMENT_TYPES = ['positive', 'negative', 'neutral'] as const;

/** Where a comment of a type and criterion is counted (AT.comments + this). */
export const commentSlot = (type: number, criterionId: number) =>
  type * COMMENT_CRITERIA.length + COMMENT_CRITERIA.indexOf(criterionId);

/** Where a comment of a writer in an L-index range is counted (AT.rangeComments + this). */
export const rangeCommentSlot = (range: number, type: number, criterionId: number) =>
  range * COMMENT_TYPES.length * COMMENT_CRITERIA.length + commentSlot(type, criterionId);

/** Offsets of each statistic in a block's row. */
export const AT = (() => {
  let at = 0;
  const take = (length: number) => {
    const start = at;
    at += length;
    return start;
  };
  const layout = {
    n: take(1),
    satisfactionSum: take(1),
    satisfactionBins: take(BINS),
    satisfactionBands: take(BAND_COUNT),
    lindexSum: take(1),
    lindexBins: take(BINS),
    lindexBands: take(BAND_COUNT),
    enps: take(11),
    changeJob: take(1),
    picks: take(C),
    realizationSums: take(C),
    /** Criterion i's ratings per band at realizationBands + i * BANDS.length. */
    realizationBands: take(C * BAND_COUNT),
    /** Sum of x_i * x_j for i <= j, packed row by row (i = 0: j = 0..29, i = 1: j = 1..29, ...). */
    crossProducts: take((C * (C + 1)) / 2),
    /**
     * Comments, hidden ones included (hiding changes after the release; reads subtract them), per
     * type (COMMENT_TYPES) and criterion (COMMENT_CRITERIA) at comments + type * 31 + criterion.
     */
    comments: take(COMMENT_TYPES.length * COMMENT_CRITERIA.length),
    /**
     * The same comments by their writer's L-index range (comment-ranges.ts, the flame filter) at
     * rangeComments + rangeCommentSlot(range, type, criterion): the range counts and whether the
     * page offers the filter are sums too.
     */
    rangeComments: take(
      COMMENT_INDEX_RANGES.length * COMMENT_TYPES.length * COMMENT_CRITERIA.length,
    ),
  };
  return { ...layout, width: at };
})();

/** Entries per block. */
export const WIDTH = AT.width;

/** Index of the pair (i, j), i <= j, in the packed cross-products. */
export const pairIndex = (i: number, j: number) => i * C - (i * (i - 1)) / 2 + (j - i);

/** The histogram bin of a 0..100 value (100 falls in the last bin), as formulas.binConditions. */
export function binOf(value: number): number {
  for (let bin = BINS - 1; bin >= 0; bin -= 1) if (value >= (INDEX_BINS[bin] as number)) return bin;
  return -1;
}

/** The spread band of a 0..100 value, best first, as formulas.bandConditions. */
export function bandOf(value: number): number {
  for (let band = 0; band < BAND_COUNT; band += 1)
    if (value >= (BANDS[band] as number)) return band;
  return -1;
}
