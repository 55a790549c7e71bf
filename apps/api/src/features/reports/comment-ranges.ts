// The open comments' L-index ranges (reporting.md: the "flame" filter, 0-69, 70-84, 85-100, offered
// when every range has at least 5 comments). One rule for the settings the page reads, the paged
// comments' `range` argument and the counts: a writer's index belongs to a range from its `from` up
// to the next range's `from` (the last: up to 100 included), so a fraction between two ranges
// (69.5) belongs to the lower one, as the web's filter has always placed it.
import type { Condition } from './filters.js';

export const COMMENT_INDEX_RANGES = [
  { from: 0, to: 69 },
  { from: 70, to: 84 },
  { from: 85, to: 100 },
] as const;

/** The fewest comments every range needs before the page offers the filter. */
export const MIN_COMMENTS_PER_RANGE = 5;

/** A range as the REST query names it: `0-69`, `70-84` or `85-100`. */
export const RANGE_NAMES = COMMENT_INDEX_RANGES.map((range) => `${range.from}-${range.to}`) as [
  string,
  ...string[],
];

/** The range's bounds as [lower included, upper excluded). */
export function rangeBounds(name: string): [number, number] {
  const at = RANGE_NAMES.indexOf(name);
  const range = COMMENT_INDEX_RANGES[at];
  if (!range) throw new Error(`not an index range: ${name}`);
  const next = COMMENT_INDEX_RANGES[at + 1];
  return [range.from, next ? next.from : range.to + 1];
}

/**
 * The range (its place in COMMENT_INDEX_RANGES) of an L-index, by the same bounds as inIndexRange;
 * -1 outside every range. The cell statistics count each comment under its writer's range.
 */
export function rangeOf(lindex: number): number {
  return RANGE_NAMES.findIndex((name) => {
    const [lower, upper] = rangeBounds(name);
    return lindex >= lower && lindex < upper;
  });
}

/** Responses (`r`) whose writer's L-index lies in the named range. */
export const inIndexRange =
  (name: string): Condition =>
  (p) => {
    const [lower, upper] = rangeBounds(name);
    return `r.lindex >= ${p.add(lower, '::int')} AND r.lindex < ${p.add(upper, '::int')}`;
  };
