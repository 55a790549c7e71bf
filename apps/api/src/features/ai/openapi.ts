// The AI calls in the OpenAPI description (reporting.md section 7, docs/rest-api.md "AI").
import type { Operation } from '../../lib/openapi.js';
import { aiResponses as answers } from './responses.js';
import * as schemas from './schemas.js';

export const aiOperations: Operation[] = [
  {
    method: 'post',
    path: '/summary/openai',
    summary: "Playground: summary of one observation factor's comments of one type (gated)",
    access: ['Admin'],
    body: schemas.factorSummaryBody,
    success: {
      status: 200,
      description: 'The summary and how it was made',
      schema: answers.summary,
    },
  },
  {
    method: 'post',
    path: '/summary/summarization/comments',
    summary:
      'Summary of chosen comments, read by id on the server (summarisation setting per role)',
    access: 'signedIn',
    body: schemas.commentsSummaryBody,
    success: {
      status: 200,
      description: 'The summary and how it was made',
      schema: answers.summary,
    },
  },
  {
    method: 'post',
    path: '/summary/openai/full-summary',
    summary: 'Playground: one summary over the per-factor summaries of one comment type',
    access: ['Admin'],
    body: schemas.fullSummaryBody,
    success: { status: 200, description: 'The combined summary', schema: answers.fullSummary },
  },
  {
    method: 'post',
    path: '/translate/comments',
    summary: 'Translation of chosen comments, read by id on the server; refused for sme',
    access: 'signedIn',
    body: schemas.translateBody,
    success: { status: 200, description: 'One item per comment', schema: answers.translate },
  },
  {
    method: 'post',
    path: '/searchindex/search',
    summary: "Ask: hybrid search over the survey's index and an answer citing gated comments",
    access: 'signedIn',
    body: schemas.searchBody,
    success: {
      status: 200,
      description: 'The answer and the comments used',
      schema: answers.search,
    },
  },
  {
    method: 'post',
    path: '/searchindex/create-index',
    summary: 'Queues a search index build (a trend survey with its base) as a background job',
    access: ['Admin'],
    body: schemas.createIndexBody,
    success: {
      status: 202,
      description: 'The queued job and index status',
      schema: answers.createIndex,
    },
  },
  {
    method: 'get',
    path: '/searchindex/status',
    summary: "A survey's search index and its build progress",
    access: ['Admin'],
    query: schemas.surveyIdQuery,
    success: { status: 200, description: 'The index status', schema: answers.indexStatus },
  },
  {
    method: 'delete',
    path: '/searchindex/delete-index',
    summary: "Deletes a survey's search index",
    access: ['Admin'],
    query: schemas.surveyIdQuery,
    success: { status: 200, description: 'Deleted', schema: answers.message },
  },
  {
    method: 'get',
    path: '/ai/audit',
    summary: 'Provider calls: who, when, survey, comment ids, model and tokens (newest first)',
    access: ['Admin'],
    query: schemas.auditQuery,
    success: { status: 200, description: 'Audit entries', schema: answers.audit },
  },
  {
    method: 'get',
    path: '/ai/capabilities',
    summary: 'Which AI features the caller may use on a survey, and which engine answers',
    access: 'signedIn',
    query: schemas.surveyIdQuery,
    success: { status: 200, description: 'Flags and the engine', schema: answers.capabilities },
  },
];
