// The report reads of the REST API (docs/rest-api.md, Reports): their paths, the report query in REST
// encoding and their answers. The answer types are the API's own (the zod schemas its OpenAPI
// description and tests check every answer against), so a changed report answer breaks this build.
// Reads go through the request's report loader: equal reads of one request are made once.
import type { ReportAnswers } from '@survey/api';
import { path } from '../../lib/rest-params.js';
import type { ReportsLoaders } from './loaders.js';
import { restPath, type RestFilterSet } from './sets.js';

export type IndexDistributionDto = ReportAnswers['distribution'];
export type EnpsDto = ReportAnswers['enps'];
export type MostImportantDto = ReportAnswers['importance'];
export type RealizationTop10Dto = ReportAnswers['realizationTop10'];
/** `importances` only with `reportPackage=true`. */
export type RealizationByVariablesDto = ReportAnswers['realizationByVariables'];
export type LIndexGroupedDto = ReportAnswers['lIndexGrouped'];
/** 30 criteria and `{ id: "lindex" }`; row values likewise (the L-index last). */
export type LmapDto = ReportAnswers['lmap'];
export type CorrelationDto = ReportAnswers['correlation'];
export type OpenCommentsDto = ReportAnswers['openComments'];
export type OpenCommentCountsDto = ReportAnswers['openCommentCounts'];
export type OpenCommentPageDto = ReportAnswers['openCommentPage'];
/** `wholeData` only with `groupChoices` naming it. */
export type FilterChoicesDto = ReportAnswers['filterChoices'];
export type ChangeJobDto = ReportAnswers['changeJob'];
export type GroupChoicesDto = ReportAnswers['groupChoices'];
export type Top20Dto = ReportAnswers['top20'];
export type TrendDto = ReportAnswers['trend'];
export type EnpsSettingsDto = ReportAnswers['enpsSettings'];
export type CommentSettingsDto = ReportAnswers['openCommentSettings'];
export type RespondersDto = ReportAnswers['responders'];

/** The report query of a read in REST encoding: the sets, the report language, the read's own parameters. */
export type ReportQuery = {
  sets: RestFilterSet[];
  reportLanguage?: string;
  groupBy?: string;
  removeBackground?: 'true';
  reportPackage?: 'true';
};

type Reads = Pick<ReportsLoaders, 'read'>;

const report =
  <T>(restRoute: string) =>
  (reads: Reads, query: ReportQuery) =>
    reads.read<T>(restPath(restRoute, query));

export const satisfaction = report<IndexDistributionDto>('/report/currentsatisfaction');
export const lIndexDistribution = report<IndexDistributionDto>('/report/lindexcompare');
export const enps = report<EnpsDto>('/report/enps');
/** The first ten criteria by importance. */
export const mostImportantTop10 = report<MostImportantDto>('/report/mostimportanttop10');
/** All 30 criteria by importance. */
export const mostImportant = report<MostImportantDto>('/report/mostimportanttop30');
export const realizationTop10 = report<RealizationTop10Dto>('/report/realizationtop10');
/** Realizations of all criteria per group, with the trend answers of a trend survey. */
export const realizationByVariables = report<RealizationByVariablesDto>(
  '/report/realizationbyvariables',
);
export const lIndexGrouped = report<LIndexGroupedDto>('/report/lindexgrouped');
/** The index map; `groupBy` names several breakdowns, comma-separated. */
export const lmap = report<LmapDto>('/report/lmap');
export const correlationMatrix = report<CorrelationDto>('/report/correlationmatrix');

const commentListPage = (reads: Reads, query: ReportQuery, limit?: number, after?: string) =>
  reads.read<OpenCommentsDto>(
    restPath('/report/opencomments', {
      ...query,
      reportType: 11,
      ...(limit ? { limit: String(limit) } : {}),
      ...(after ? { after } : {}),
    }),
  );

/**
 * Every open comment of the set by type (REST report type 11): the API answers a page at a time
 * (`limit`, its default 1,000 when not given), read here one after another; only the comments
 * page's PDF asks for the whole list.
 */
export async function openComments(
  reads: Reads,
  query: ReportQuery,
  limit?: number,
): Promise<OpenCommentsDto> {
  const first = await commentListPage(reads, query, limit);
  if ('suppressed' in first.data) return first;
  const { positive, negative, neutral } = first.data;
  const whole = {
    ...first.data,
    positive: [...positive],
    negative: [...negative],
    neutral: [...neutral],
  };
  for (let next = whole.next; next;) {
    const page = (await commentListPage(reads, query, limit, next)).data;
    if ('suppressed' in page) throw new Error('The open comments were withheld between two pages');
    whole.positive.push(...page.positive);
    whole.negative.push(...page.negative);
    whole.neutral.push(...page.neutral);
    next = page.next;
  }
  return { ...first, data: { ...whole, next: null } };
}

/** Visible open comments per type and criterion (the comment map; no comments), of one range. */
export const openCommentCounts = (reads: Reads, query: ReportQuery, indexRange: string | null) =>
  reads.read<OpenCommentCountsDto>(
    restPath('/report/opencommentcounts', { ...query, ...(indexRange ? { indexRange } : {}) }),
  );

/** One page of a type and criterion's open comments, after the previous page's cursor. */
export const openCommentPage = (
  reads: Reads,
  query: ReportQuery,
  page: {
    type: string;
    criterion: number;
    after?: string | null;
    limit: number;
    indexRange: string | null;
  },
) =>
  reads.read<OpenCommentPageDto>(
    restPath('/report/opencommentpage', {
      ...query,
      type: page.type,
      criterion: String(page.criterion),
      limit: String(page.limit),
      ...(page.after ? { after: page.after } : {}),
      ...(page.indexRange ? { indexRange: page.indexRange } : {}),
    }),
  );

export const changeJobWillingness = (reads: Reads, surveyId: string, reportLanguage?: string) =>
  reads.read<ChangeJobDto>(
    restPath(path`/report/changejobwillingness/${surveyId}`, { reportLanguage }),
  );

/**
 * The units and background questions of one survey (also the report access check); `groupChoices`
 * names the kinds to answer, comma-separated (default units and background).
 */
export const filterChoices = (
  reads: Reads,
  surveyId: string,
  reportLanguage?: string,
  groupChoices?: string,
) =>
  reads.read<FilterChoicesDto>(
    restPath('/report/filterchoices', {
      sets: [{ surveyId, filters: {} } satisfies RestFilterSet],
      reportLanguage,
      groupChoices,
    }),
  );

/** The breakdowns a report can group by, named in the interface language. */
export const groupChoices = (reads: Reads, uiLanguage?: string) =>
  reads.read<GroupChoicesDto>(restPath('/report/groupchoices', { uiLanguage }));

export const surveyResponders = (reads: Reads, surveyIds: string[]) =>
  reads.read<RespondersDto>(
    restPath('/surveys/surveyresponders', { surveyIds: surveyIds.join(',') }),
  );

export const top20 = (reads: Reads) => reads.read<Top20Dto>(restPath('/rollup/top20rollupdata'));

/** The company's L-index per ended survey, oldest first. */
export const lIndexTrend = (reads: Reads, companyId: string) =>
  reads.read<TrendDto>(restPath(path`/rollup/trend/${companyId}`));

export const enpsSettings = (reads: Reads) =>
  reads.read<EnpsSettingsDto>(restPath('/reportsettings/enps'));

export const commentSettings = (reads: Reads) =>
  reads.read<CommentSettingsDto>(restPath('/reportsettings/opencomments'));
