// The open comments a page at a time (docs/rest-api.md "Open comments a page at a time"): how many
// of each type and criterion (summed from the cells when the set's are known), and a cursor-paged
// list of one type and criterion. The pages of a type, criterion after criterion, together are
// that type's list in the open comments answer.
import type { AuthUser } from '../../../lib/auth.js';
import { COMMENT_CRITERIA } from '../../../lib/questionnaire.js';
import { suppressed } from '../anonymity.js';
import { AT, COMMENT_TYPES, commentSlot } from '../cell-stats/layout.js';
import type { ReportQuery } from '../schemas.js';
import { validation, type ReportContext } from '../sets.js';
import { header } from '../shown.js';
import { reportTexts, type T } from '../texts.js';
import { inIndexRange, MIN_COMMENTS_PER_RANGE, RANGE_NAMES } from '../comment-ranges.js';
import { and, type Condition } from '../filters.js';
import { commentCounts, commentPage, everyRangeHolds } from './comment-pages.queries.js';
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

/** Visible comments per type and criterion: from the cells less the hidden ones, or the rows. */
async function counts(
  ctx: ReportContext,
  found: Scope & { condition: Condition },
  indexRange?: string,
) {
  const { main, survey, condition } = found;
  // The cells hold no index ranges: a range is counted from the rows.
  const sums = condition === main.condition && !indexRange ? main.sums : null;
  if (!sums) return commentCounts(ctx.db, survey.id, narrowed(found, indexRange));
  const hidden = await commentCounts(ctx.db, survey.id, condition, true);
  const less = new Map(hidden.map((h) => [`${h.type}:${h.criterion}`, h.n]));
  return COMMENT_TYPES.flatMap((type, i) =>
    COMMENT_CRITERIA.map((criterion) => ({
      type,
      criterion,
      n:
        (sums[AT.comments + commentSlot(i, criterion)] as number) -
        (less.get(`${type}:${criterion}`) ?? 0),
    })),
  );
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
  const [all, offered] = await Promise.all([
    counts(ctx, { ...found, condition }, indexRange),
    rangeFilter(ctx, { ...found, condition }),
  ]);
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
