// The open comments page's rules (spec section 2): sections and their headings, comments grouped by
// criterion, the distribution map's tiles and opacity, and the L-index range ("flame") filter.

export const SECTIONS = ['positive', 'negative', 'neutral'] as const;
export type Section = (typeof SECTIONS)[number];

export type SectionHeadingKey = Section | 'better' | 'worse' | 'important';

const TREND_HEADINGS: Record<Section, SectionHeadingKey> = {
  positive: 'better',
  negative: 'worse',
  neutral: 'important',
};

/** The heading key of a section: a trend survey's read better, worse and important. */
export function sectionHeadingKey(section: Section, trend: boolean): SectionHeadingKey {
  return trend ? TREND_HEADINGS[section] : section;
}

/** The trend query parameter overrides the survey's own flag when it is given. */
export function trendOf(parameter: string | null, surveyTrend: boolean): boolean {
  if (parameter === null || parameter === '') return surveyTrend;
  return parameter === '1' || parameter.toLowerCase() === 'true';
}

export interface CriterionRef {
  id: number;
  name: string;
}

export interface PageComment {
  text: string;
  criterion: CriterionRef;
  lIndex?: number | null;
}

/** The criterion "something else", listed last on the map. */
export const OTHER_CRITERION = 99;

export interface CriterionGroup<C extends PageComment> {
  criterion: CriterionRef;
  comments: C[];
}

function byName(locale: string) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (a: CriterionRef, b: CriterionRef) => collator.compare(a.name, b.name) || a.id - b.id;
}

/** Comments grouped by criterion, groups by the criterion's name in the report language. */
export function groupByCriterion<C extends PageComment>(
  comments: readonly C[],
  locale: string,
): CriterionGroup<C>[] {
  const groups = new Map<number, CriterionGroup<C>>();
  for (const comment of comments) {
    const group = groups.get(comment.criterion.id);
    if (group) group.comments.push(comment);
    else groups.set(comment.criterion.id, { criterion: comment.criterion, comments: [comment] });
  }
  const compare = byName(locale);
  return [...groups.values()].sort((a, b) => compare(a.criterion, b.criterion));
}

export interface MapTile {
  criterion: CriterionRef;
  count: number;
  opacity: number;
}

/** Opacity of a tile by its share of the largest count: under 25 % 0.4, 50 % 0.6, 75 % 0.8, else 1. */
export function tileOpacity(count: number, max: number): number {
  const share = max > 0 ? count / max : 0;
  if (share < 0.25) return 0.4;
  if (share < 0.5) return 0.6;
  if (share < 0.75) return 0.8;
  return 1;
}

/** How many comments a criterion has in a section (the counts the page reads, not the comments). */
export interface CriterionCount {
  criterion: CriterionRef;
  count: number;
}

/** The section's criteria with comments, by the criterion's name in the report language. */
export function criteriaByName<C extends CriterionCount>(
  counts: readonly C[],
  locale: string,
): C[] {
  const compare = byName(locale);
  return counts.filter((c) => c.count > 0).sort((a, b) => compare(a.criterion, b.criterion));
}

/** One tile per criterion with comments, by name, "something else" (99) last. */
export function mapTiles(counts: readonly CriterionCount[], locale: string): MapTile[] {
  const groups = criteriaByName(counts, locale);
  const max = Math.max(0, ...groups.map((group) => group.count));
  const tiles = groups.map((group) => ({
    criterion: group.criterion,
    count: group.count,
    opacity: tileOpacity(group.count, max),
  }));
  return [
    ...tiles.filter((tile) => tile.criterion.id !== OTHER_CRITERION),
    ...tiles.filter((tile) => tile.criterion.id === OTHER_CRITERION),
  ];
}

/** The section a GraphQL comment type (`POSITIVE`) stands for. */
export function sectionOf(type: string): Section | undefined {
  const section = type.toLowerCase();
  return (SECTIONS as readonly string[]).includes(section) ? (section as Section) : undefined;
}

export interface IndexRange {
  from: number;
  to: number;
}

/** Whether a comment's writer's L-index lies in the range (both ends included, fractions between
 * two ranges such as 69.5 belong to the lower one). */
export function inRange(
  lIndex: number | null | undefined,
  range: IndexRange,
  ranges: readonly IndexRange[],
): boolean {
  if (lIndex === null || lIndex === undefined) return false;
  const index = ranges.indexOf(range);
  const next = ranges[index + 1];
  const upper = next ? next.from : range.to + 1;
  return lIndex >= range.from && lIndex < upper;
}

/** Clicking the active flame clears the filter; another one picks its range. */
export function toggledRange(active: number | null, clicked: number): number | null {
  return active === clicked ? null : clicked;
}

/** The comments in the chosen range (all of them without a choice). */
export function filterByRange<C extends PageComment>(
  comments: readonly C[],
  ranges: readonly IndexRange[],
  chosen: number | null,
): C[] {
  const range = chosen === null ? undefined : ranges[chosen];
  if (!range) return [...comments];
  return comments.filter((comment) => inRange(comment.lIndex, range, ranges));
}
