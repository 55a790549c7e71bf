// The open comments of the first set (reporting.md section 6), as the page shows them and as rows
// for the AI features, both from the same scope.
import type { AuthUser } from '../../../lib/auth.js';
import { COMMENT_CRITERIA, OTHER_CRITERION } from '../../../lib/questionnaire.js';
import { RawJson } from '../../../lib/raw-json.js';
import { suppressed } from '../anonymity.js';
import type { ReportQuery } from '../schemas.js';
import { validation, type ReportContext } from '../sets.js';
import { header } from '../shown.js';
import { reportTexts, type T } from '../texts.js';
import { commentScope } from './comment-scope.js';
import {
  commentIds,
  commentLists,
  commentRows,
  type CommentType,
  type GatedComment,
} from './comments.queries.js';

/** The headings of the three comment sections: a trend survey's read better, worse, important. */
const commentSections = (t: T, trend: boolean) =>
  trend
    ? {
        positive: t('commentSections.better'),
        negative: t('commentSections.worse'),
        neutral: t('commentSections.important'),
      }
    : {
        positive: t('commentSections.positive'),
        negative: t('commentSections.negative'),
        neutral: t('commentSections.neutral'),
      };

/** One translation per criterion, not one per comment; `names[id]` names criterion id. */
const criterionNames = (t: T) =>
  Array.from({ length: OTHER_CRITERION + 1 }, (_, id) =>
    COMMENT_CRITERIA.includes(id) ? t(`criteria.${id}`) : '',
  );

/**
 * Comments of the first set. Hidden comments never; a set below the threshold only when the
 * company allows small-group comments (then without the index, which would be a small-group
 * value); with restrictOpenCommentsByUnit a SuperUser or User with unit limits reads only
 * comments of those units; a User only once the survey shows open comments.
 */
export async function openComments(ctx: ReportContext, user: AuthUser, query: ReportQuery) {
  const t = reportTexts(query);
  const { sets, main, survey, condition, reason, trend } = await commentScope(ctx, user, query, t);
  // The page's `trend` parameter picks the headings; it must agree with the survey.
  if (query.trend !== undefined && query.trend !== trend)
    throw validation('trend', trend ? 'reports.query.trendSurvey' : 'reports.query.notTrendSurvey');
  const head = { ...header('openComments', sets, t), sections: commentSections(t, trend) };
  if (!condition)
    return { ...head, trend, data: suppressed(main.name, reason ?? 'belowThreshold') };
  const lists = await commentLists(ctx.db, survey.id, condition, criterionNames(t), !reason);
  const section = (type: CommentType) => new RawJson(lists.get(type) ?? '[]');
  return {
    ...head,
    trend,
    data: {
      name: main.name,
      positive: section('positive'),
      negative: section('negative'),
      neutral: section('neutral'),
    },
  };
}

/**
 * The comments the AI features may read for this query: exactly those openComments would show,
 * with their ids, as rows (the AI matches search hits and citations by id). Null when the gate
 * withholds the set. `only`: just those of these ids (the rest is not read).
 */
export async function gatedComments(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  only?: readonly string[],
): Promise<GatedComment[] | null> {
  const t = reportTexts(query);
  const { survey, condition } = await commentScope(ctx, user, query, t);
  return condition ? commentRows(ctx.db, survey.id, condition, criterionNames(t), only) : null;
}

/** The ids of gatedComments' comments only (the AI search ranks these). */
export async function gatedCommentIds(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
): Promise<string[] | null> {
  const { survey, condition } = await commentScope(ctx, user, query, reportTexts(query));
  return condition ? commentIds(ctx.db, survey.id, condition) : null;
}

/** The open comments page's index ranges and the smallest group a report shows. */
export const openCommentSettings = (threshold: number) => ({
  indexRanges: [
    { from: 0, to: 69 },
    { from: 70, to: 84 },
    { from: 85, to: 100 },
  ],
  minCommentsPerRange: 5,
  anonymityThreshold: threshold,
});
