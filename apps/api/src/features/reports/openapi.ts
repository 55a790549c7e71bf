// The report calls in the OpenAPI description (reporting.md section 7, docs/rest-api.md "Reports").
import type { z } from 'zod';
import type { Operation } from '../../lib/openapi.js';
import { reportResponses as answers } from './responses.js';
import * as schemas from './schemas.js';

const report = (path: string, summary: string, schema: z.ZodType): Operation => ({
  method: 'get',
  path: `/report/${path}`,
  summary,
  access: 'signedIn',
  query: schemas.reportQuery,
  jsonQuery: ['sets'],
  success: { status: 200, description: '{ reportMainHeader, reportSubHeader, data }', schema },
});

export const reportsOperations: Operation[] = [
  report(
    'currentsatisfaction',
    'S-index histogram and mean per set or group',
    answers.distribution,
  ),
  report(
    'mostimportanttop30',
    'All 30 criteria by importance (percent who picked them)',
    answers.importance,
  ),
  report('mostimportanttop10', 'The 10 most important criteria', answers.importance),
  report(
    'realizationtop10',
    'Realization and spread of the 10 most important criteria',
    answers.realizationTop10,
  ),
  report(
    'realizationbyvariables',
    'Realization of all 30 criteria for the first two groups, with the trend answers of a trend survey',
    answers.realizationByVariables,
  ),
  report('lindexcompare', 'L-index histogram and mean per set or group', answers.distribution),
  report(
    'lindexgrouped',
    'L-index and spread per group of a breakdown (groupBy)',
    answers.lIndexGrouped,
  ),
  report('enps', 'eNPS answers 0-10 and score per set or group', answers.enps),
  report(
    'correlationmatrix',
    'Pearson correlation of the 30 criteria realizations',
    answers.correlation,
  ),
  {
    ...report(
      'opencomments',
      'Open comments by type (reportType 11), a page at a time (at most limit, 1000 by default), with the cursor of the next',
      answers.openComments,
    ),
    query: schemas.commentListQuery,
  },
  {
    ...report(
      'opencommentcounts',
      'Visible open comments per type and criterion (what the comment map shows), optionally of one L-index range',
      answers.openCommentCounts,
    ),
    query: schemas.commentCountsQuery,
  },
  {
    ...report(
      'opencommentpage',
      'One page of the open comments of a type and criterion (optionally of one L-index range), with the cursor of the next',
      answers.openCommentPage,
    ),
    query: schemas.commentPageQuery,
  },
  report(
    'filterchoices',
    "Units and asked background questions of the first set's survey",
    answers.filterChoices,
  ),
  {
    method: 'get',
    path: '/report/lmap',
    summary: 'Index map: realizations and L-index per group of the chosen breakdowns',
    access: 'signedIn',
    query: schemas.lmapQuery,
    jsonQuery: ['sets'],
    success: {
      status: 200,
      description: '{ reportMainHeader, reportSubHeader, data }',
      schema: answers.lmap,
    },
  },
  {
    method: 'get',
    path: '/report/changejobwillingness/{id}',
    summary: 'How many of the survey would change job within 12 months',
    access: 'signedIn',
    params: schemas.idParam,
    query: schemas.languageQuery,
    success: {
      status: 200,
      description: '{ reportMainHeader, reportSubHeader, data }',
      schema: answers.changeJob,
    },
  },
  {
    method: 'get',
    path: '/report/groupchoices',
    summary: 'The breakdowns a report can group by (unit levels and background variables)',
    access: 'signedIn',
    query: schemas.languageQuery,
    success: {
      status: 200,
      description: 'A list of { key, name }',
      schema: answers.groupChoices,
    },
  },
  {
    method: 'get',
    path: '/reportsettings/enps',
    summary: 'The eNPS answer groups',
    access: 'signedIn',
    success: {
      status: 200,
      description: 'Detractor, passive and promoter ranges',
      schema: answers.enpsSettings,
    },
  },
  {
    method: 'get',
    path: '/reportsettings/opencomments',
    summary: 'Index ranges of the open comments page and the anonymity threshold',
    access: 'signedIn',
    success: { status: 200, description: 'The settings', schema: answers.openCommentSettings },
  },
  {
    method: 'get',
    path: '/rollup/top20rollupdata',
    summary: 'Top 20 ended surveys by eNPS, S-index and L-index, this year and all time',
    access: ['Admin'],
    success: { status: 200, description: 'Six ranked lists', schema: answers.top20 },
  },
  {
    method: 'get',
    path: '/rollup/trend/{id}',
    summary: "The company's L-index per ended survey, oldest first",
    access: 'signedIn',
    params: schemas.idParam,
    success: { status: 200, description: 'A list of trend points', schema: answers.trend },
  },
  {
    method: 'get',
    path: '/surveys/surveyresponders',
    summary: 'Finished participants per survey',
    access: 'signedIn',
    query: schemas.respondersQuery,
    success: {
      status: 200,
      description: 'A list of { surveyId, responders }',
      schema: answers.responders,
    },
  },
];
