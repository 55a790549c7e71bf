// The report reads: each family in families/, every set resolved through access and the gate in
// sets.ts and groups.ts. This object is what routes.ts and the other features call.
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { changeJobWillingness } from './families/change-job.js';
import {
  gatedCommentIds,
  gatedComments,
  openComments,
  openCommentSettings,
  type CommentListPage,
} from './families/comments.js';
import {
  openCommentCounts,
  openCommentPage,
  type CommentPageQuery,
} from './families/comment-pages.js';
import { correlationMatrix } from './families/correlation-matrix.js';
import { enpsReport, enpsSettings } from './families/enps.js';
import { filterChoices, groupChoices } from './families/filter-choices.js';
import { indexDistribution } from './families/index-distribution.js';
import { lindexGrouped } from './families/lindex-grouped.js';
import { lindexTrend } from './families/lindex-trend.js';
import { lmap } from './families/lmap.js';
import { mostImportant } from './families/most-important.js';
import { realizationByVariables, realizationTop10 } from './families/realization.js';
import { surveyResponders } from './families/survey-responders.js';
import { top20 } from './families/top20.js';
import { unitIndexes } from './families/unit-indexes.js';
import type { GroupKey, ReportQuery } from './schemas.js';
import { reportContext } from './sets.js';

type Lmap = Omit<ReportQuery, 'groupBy'> & { groupBy: GroupKey[] };

/**
 * `cellStats: false` reads every figure from the rows (the former engine, for comparison);
 * `commentScopeIds: false` joins the comments to the responses on every comment read for the AI
 * (the former reads, for comparison: bench/ai/search-latency.ts); `gateWaitMs`: how long a read
 * waits for a survey's gate still being built before `503 gate-preparing` (unset: until built).
 */
export function reportsService(
  db: Db,
  threshold: number,
  options: { cellStats?: boolean; commentScopeIds?: boolean; gateWaitMs?: number } = {},
) {
  const ctx = reportContext(
    db,
    threshold,
    options.cellStats ?? true,
    options.commentScopeIds ?? true,
    options.gateWaitMs,
  );
  return {
    currentSatisfaction: (user: AuthUser, query: ReportQuery) =>
      indexDistribution(ctx, user, query, 'satisfaction', 'currentSatisfaction'),
    lindexCompare: (user: AuthUser, query: ReportQuery) =>
      indexDistribution(ctx, user, query, 'lindex', 'lindexCompare'),
    enps: (user: AuthUser, query: ReportQuery) => enpsReport(ctx, user, query),
    mostImportantTop10: (user: AuthUser, query: ReportQuery) => mostImportant(ctx, user, query, 10),
    mostImportantTop30: (user: AuthUser, query: ReportQuery) => mostImportant(ctx, user, query, 30),
    realizationTop10: (user: AuthUser, query: ReportQuery) => realizationTop10(ctx, user, query),
    realizationByVariables: (user: AuthUser, query: ReportQuery) =>
      realizationByVariables(ctx, user, query),
    lindexGrouped: (user: AuthUser, query: ReportQuery) => lindexGrouped(ctx, user, query),
    lmap: (user: AuthUser, query: Lmap) => lmap(ctx, user, query),
    correlationMatrix: (user: AuthUser, query: ReportQuery) => correlationMatrix(ctx, user, query),
    changeJobWillingness: (user: AuthUser, surveyId: string, query: { reportLanguage?: string }) =>
      changeJobWillingness(ctx, user, surveyId, query),
    openComments: (user: AuthUser, query: ReportQuery, page: CommentListPage) =>
      openComments(ctx, user, query, page),
    openCommentCounts: (user: AuthUser, query: ReportQuery, indexRange?: string) =>
      openCommentCounts(ctx, user, query, indexRange),
    openCommentPage: (user: AuthUser, query: ReportQuery, page: CommentPageQuery) =>
      openCommentPage(ctx, user, query, page),
    gatedComments: (user: AuthUser, query: ReportQuery, only?: readonly string[]) =>
      gatedComments(ctx, user, query, only),
    gatedCommentIds: (user: AuthUser, query: ReportQuery) => gatedCommentIds(ctx, user, query),
    filterChoices: (user: AuthUser, query: ReportQuery) => filterChoices(ctx, user, query),
    groupChoices,
    enpsSettings,
    openCommentSettings: () => openCommentSettings(threshold),
    top20: () => top20(ctx),
    trend: (user: AuthUser, companyId: string) => lindexTrend(ctx, user, companyId),
    unitIndexes: (user: AuthUser, surveyId: string, levels: readonly number[]) =>
      unitIndexes(ctx, user, surveyId, levels),
    surveyResponders: (user: AuthUser, surveyIds: string[]) =>
      surveyResponders(ctx, user, surveyIds),
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
