// The open comments of the first set (reporting.md section 6), as the page shows them and as rows
// for the AI features, both from the same scope.
import type { AuthUser } from '../../../lib/auth.js';
import { COMMENT_CRITERIA, OTHER_CRITERION } from '../../../lib/questionnaire.js';
import { RawJson } from '../../../lib/raw-json.js';
import { suppressed } from '../anonymity.js';
import type { SuppressionReason } from '../gate.js';
import type { ReportQuery } from '../schemas.js';
import { validation, type ReportContext } from '../sets.js';
import { header } from '../shown.js';
import { reportTexts, type T } from '../texts.js';
import { COMMENT_INDEX_RANGES, MIN_COMMENTS_PER_RANGE } from '../comment-ranges.js';
import { commentScope } from './comment-scope.js';
import {
  commentIds,
  commentListPage,
  commentRows,
  type CommentType,
  type GatedComment,
} from './comments.queries.js';

/** The headings of the three comment sections: a trend survey's read better, worse, important. */
export const commentSections = (t: T, trend: boolean) =>
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
export const criterionNames = (t: T) =>
  Array.from({ length: OTHER_CRITERION + 1 }, (_, id) =>
    COMMENT_CRITERIA.includes(id) ? t(`criteria.${id}`) : '',
  );

/** Which page of the open comments: after the previous page's `next`, at most `limit`. */
export interface CommentListPage {
  after?: string;
  limit: number;
}

/**
 * A page of the comments of the first set (the pages, one after the other, are the whole list).
 * Hidden comments never; a set below the threshold only when the company allows small-group
 * comments (then without the index, which would be a small-group value); with
 * restrictOpenCommentsByUnit a SuperUser or User with unit limits reads only comments of those
 * units; a User only once the survey shows open comments.
 */
export async function openComments(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  page: CommentListPage,
) {
  const t = reportTexts(query);
  const { sets, main, survey, condition, reason, trend } = await commentScope(ctx, user, query, t);
  // The page's `trend` parameter picks the headings; it must agree with the survey.
  if (query.trend !== undefined && query.trend !== trend)
    throw validation('trend', trend ? 'reports.query.trendSurvey' : 'reports.query.notTrendSurvey');
  const head = { ...header('openComments', sets, t), sections: commentSections(t, trend) };
  if (!condition)
    return { ...head, trend, data: suppressed(main.name, reason ?? 'belowThreshold') };
  const { lists, next } = await commentListPage(ctx.db, {
    surveyId: survey.id,
    where: condition,
    descriptions: criterionNames(t),
    withIndex: !reason,
    ...(page.after ? { after: page.after } : {}),
    limit: page.limit,
  });
  const section = (type: CommentType) => new RawJson(lists.get(type) ?? '[]');
  return {
    ...head,
    trend,
    data: {
      name: main.name,
      positive: section('positive'),
      negative: section('negative'),
      neutral: section('neutral'),
      next,
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
  const { survey, main, condition } = await commentScope(ctx, user, query, t);
  if (!condition) return null;
  // Chosen comments (a search's hits) from the scope's kept ids, their rows read by id.
  if (only && ctx.commentScopes && main.gate) {
    const scope = { surveyId: survey.id, release: main.gate.release, condition };
    return ctx.commentScopes.rows(scope, criterionNames(t), only);
  }
  return commentRows(ctx.db, survey.id, condition, criterionNames(t), only);
}

/** gatedCommentIds' answer: the scope's visible comment ids, or why the gate withholds them. */
export type GatedIds =
  | {
      ids: readonly string[];
      suppressedBecause: null;
      /**
       * The comments of `only` among these, as gatedComments with `only` reads them, from the
       * scope this read decided on (a search's hits, read moments later in the same request: no
       * second resolution). Only with the kept scopes (comment-scope-ids.ts).
       */
      rows?: (only: readonly string[]) => Promise<GatedComment[]>;
    }
  | { ids: null; suppressedBecause: SuppressionReason };

/**
 * The ids of gatedComments' comments only (the AI search ranks these); `ids` null when the gate
 * withholds the set, then `suppressedBecause` says why (the AI answer says the group is hidden).
 * The same array while the scope and the survey's hidden comments stay the same
 * (comment-scope-ids.ts); never to be changed by the caller.
 */
export async function gatedCommentIds(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
): Promise<GatedIds> {
  const t = reportTexts(query);
  const scopes = ctx.commentScopes;
  // The asked survey's hidden comments are read beside the scope's resolution (one round trip
  // less); looked at only once commentScope has let this user read that survey's comments.
  const asked = query.sets[0]?.surveyId;
  const hidden = scopes && asked ? scopes.hidden(asked) : undefined;
  hidden?.catch(() => undefined);
  const { survey, main, condition, reason } = await commentScope(ctx, user, query, t);
  if (!condition) return { ids: null, suppressedBecause: reason ?? 'belowThreshold' };
  if (scopes && main.gate) {
    const request = { surveyId: survey.id, release: main.gate.release, condition };
    const names = criterionNames(t);
    return {
      ids: await scopes.visibleIds(request, survey.id === asked ? hidden : undefined),
      suppressedBecause: null,
      rows: (only) => scopes.rows(request, names, only),
    };
  }
  return { ids: await commentIds(ctx.db, survey.id, condition), suppressedBecause: null };
}

/** The open comments page's index ranges and the smallest group a report shows. */
export const openCommentSettings = (threshold: number) => ({
  indexRanges: COMMENT_INDEX_RANGES.map((range) => ({ ...range })),
  minCommentsPerRange: MIN_COMMENTS_PER_RANGE,
  anonymityThreshold: threshold,
});
