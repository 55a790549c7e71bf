// The open comments a page at a time (docs/rest-api.md "Open comments a page at a time"): how many
// of each type and criterion (summed from the cells when the set's are known), and a cursor-paged
// list of one type and criterion. The pages of a type, criterion after criterion, together are
// that type's list in the open comments answer.
import type { AuthUser } from '../../../lib/auth.js';
import { COMMENT_CRITERIA } from '../../../lib/questionnaire.js';
import { suppressed } from '../anonymity.js';
import { AT, COMMENT_TYPES, commentSlot, rangeCommentSlot } from '../cell-stats/layout.js';
import type { ReportQuery } from '../schemas.js';
import { validation, type ReportContext } from '../sets.js';
import { header } from '../shown.js';
import { reportTexts, type T } from '../texts.js';
import { inIndexRange, MIN_COMMENTS_PER_RANGE, RANGE_NAMES } from '../comment-ranges.js';
import { and, type Condition } from '../filters.js';
import {
  commentCounts,
  commentPage,
  everyRangeHolds,
  hiddenCounts,
} from './comment-pages.queries.js';
import { commentScope } from './comment-scope.js';
import { commentSections, criterionNames } from './comments.js';
import type { CommentType } from './comments.queries.js';

export interface CommentPageQuery {
  type: CommentType;
  criterion: number;
  after?: string;
  limit: number;
  /** Only comments of writers in this L-index range (`0-69`, `70-84`, `85-100`). */
  indexRange?: string;
}

async function scope(ctx: ReportContext, user: AuthUser, query: ReportQuery, t: T, report: string) {
  const found = await commentScope(ctx, user, query, t);
  if (query.trend !== undefined && query.trend !== found.trend)
    throw validation(
      'trend',
      found.trend ? 'reports.query.trendSurvey' : 'reports.query.notTrendSurvey',
    );
  const head = {
    ...header(report, found.sets, t),
    trend: found.trend,
    sections: commentSections(t, found.trend),
  };
  return { ...found, head };
}

type Scope = Awaited<ReturnType<typeof scope>>;

/**
 * The comments to read: the gated set's, narrowed to an L-index range when one is asked. A set
 * whose comments are listed without the index (a small group the company lets comments through
 * for) cannot be filtered by it: that would tell the index the list withholds.
 */
function narrowed(found: Scope & { condition: Condition }, indexRange?: string): Condition {
  if (!indexRange) return found.condition;
  if (found.reason) throw validation('indexRange', 'reports.query.indexWithheld');
  return and(found.condition, inIndexRange(indexRange));
}

/** Whether the page offers the range filter: the index is shown and every range has enough. */
function rangeFilter(ctx: ReportContext, found: Scope & { condition: Condition }) {
  if (found.reason) return Promise.resolve(false);
  const ranges = RANGE_NAMES.map(inIndexRange);
  return everyRangeHolds(ctx.db, found.survey.id, found.condition, ranges, MIN_COMMENTS_PER_RANGE);
}

type Counted = { type: CommentType; criterion: number; n: number }[];

/**
 * The counts and the range filter from the set's summed cells, which count hidden comments too,
 * less the hidden ones (one small read for both): the same figures as the rows give.
 */
async function fromCells(
  ctx: ReportContext,
  found: Scope & { condition: Condition },
  sums: Float64Array,
  indexRange?: string,
): Promise<[Counted, boolean]> {
  const ranges = RANGE_NAMES.map(inIndexRange);
  const hidden = new Map<string, number>();
  const hide = (key: string, n: number) => hidden.set(key, (hidden.get(key) ?? 0) + n);
  for (const h of await hiddenCounts(ctx.db, found.survey.id, found.condition, ranges)) {
    hide(`all:${h.type}:${h.criterion}`, h.n);
    if (h.range !== null) hide(`${h.range}:${h.type}:${h.criterion}`, h.n);
  }
  /** Visible comments of a type and criterion, of everyone (range null) or of a range's writers. */
  const visible = (range: number | null, type: number, criterion: number) =>
    (sums[
      range === null
        ? AT.comments + commentSlot(type, criterion)
        : AT.rangeComments + rangeCommentSlot(range, type, criterion)
    ] as number) - (hidden.get(`${range ?? 'all'}:${COMMENT_TYPES[type]}:${criterion}`) ?? 0);
  const total = (range: number) =>
    COMMENT_TYPES.reduce(
      (sum, _, type) => COMMENT_CRITERIA.reduce((s, c) => s + visible(range, type, c), sum),
      0,
    );
  const asked = indexRange === undefined ? null : RANGE_NAMES.indexOf(indexRange);
  const counted = COMMENT_TYPES.flatMap((type, i) =>
    COMMENT_CRITERIA.map((criterion) => ({ type, criterion, n: visible(asked, i, criterion) })),
  );
  const offered =
    !found.reason && ranges.every((_, range) => total(range) >= MIN_COMMENTS_PER_RANGE);
  return [counted, offered];
}

/**
 * Visible comments per type and criterion (within `indexRange` if asked), and whether the page
 * offers the range filter: from the cells when the set is the gated set they answer (not one
 * narrowed to the user's units), else from the rows.
 */
function countsAndFilter(
  ctx: ReportContext,
  found: Scope & { condition: Condition },
  indexRange?: string,
): Promise<[Counted, boolean]> {
  const { main, survey, condition } = found;
  // Refuses a range the list withholds the index of, whichever engine counts.
  const where = narrowed(found, indexRange);
  const sums = condition === main.condition ? main.sums : null;
  if (sums) return fromCells(ctx, found, sums, indexRange);
  return Promise.all([commentCounts(ctx.db, survey.id, where), rangeFilter(ctx, found)]);
}

/**
 * How many visible comments the set has per type and criterion (those with any), in list order;
 * with `indexRange` only those of writers in that L-index range. `rangeFilter`: whether the page
 * offers the range filter (always of the whole set, whatever the range asked).
 */
export async function openCommentCounts(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  indexRange?: string,
) {
  const t = reportTexts(query);
  const found = await scope(ctx, user, query, t, 'openComments');
  const { condition } = found;
  if (!condition)
    return { ...found.head, data: suppressed(found.main.name, found.reason ?? 'belowThreshold') };
  const names = criterionNames(t);
  const rank = (type: string) => COMMENT_TYPES.indexOf(type as CommentType);
  const [all, offered] = await countsAndFilter(ctx, { ...found, condition }, indexRange);
  const data = all
    .filter((c) => c.n > 0)
    .sort((a, b) => rank(a.type) - rank(b.type) || a.criterion - b.criterion)
    .map((c) => ({
      type: c.type,
      id: c.criterion,
      description: names[c.criterion] ?? '',
      count: c.n,
    }));
  return {
    ...found.head,
    data: {
      name: found.main.name,
      rangeFilter: offered,
      indexRange: indexRange ?? null,
      counts: data,
    },
  };
}

/** One page of a type and criterion's visible comments, and the cursor of the next (or null). */
export async function openCommentPage(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  page: CommentPageQuery,
) {
  const t = reportTexts(query);
  const found = await scope(ctx, user, query, t, 'openComments');
  const { condition } = found;
  if (!condition)
    return { ...found.head, data: suppressed(found.main.name, found.reason ?? 'belowThreshold') };
  const { comments, next } = await commentPage(ctx.db, {
    surveyId: found.survey.id,
    where: narrowed({ ...found, condition }, page.indexRange),
    type: page.type,
    criterion: page.criterion,
    description: criterionNames(t)[page.criterion] ?? '',
    withIndex: !found.reason,
    ...(page.after ? { after: page.after } : {}),
    limit: page.limit,
  });
  return {
    ...found.head,
    data: {
      name: found.main.name,
      type: page.type,
      id: page.criterion,
      indexRange: page.indexRange ?? null,
      comments,
      next,
    },
  };
}
