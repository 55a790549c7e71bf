// The AI calls of the REST API (docs/rest-api.md, AI): their paths, bodies and answers. Calls that
// wait on a language model are marked slow (the REST client's longer headers timeout).
import type { AiAnswers } from '@survey/api';
import type {
  AskInput,
  CommentType,
  MutationSummarizeCommentsArgs,
  MutationSummarizeCommentTypeArgs,
  MutationSummarizeObservationFactorArgs,
  MutationTranslateCommentsArgs,
} from '../../__generated__/resolvers.js';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { withQuery } from '../../lib/rest-params.js';

// The answers as the API declares them (zod, responses.ts): one source for each shape.
export type ProducedDto = AiAnswers['summary']['produced'];
/** `POST /summary/openai`, `POST /summary/summarization/comments`. */
export type SummaryDto = AiAnswers['summary'];
/** `POST /summary/openai/full-summary`. */
export type FullSummaryDto = AiAnswers['fullSummary'];
export type TranslationItemDto = AiAnswers['translate']['response'][number];
/** `POST /translate/comments`. */
export type TranslateDto = AiAnswers['translate'];
export type UsedCommentDto = AiAnswers['search']['commentsUsed'][number];
/** `POST /searchindex/search`. */
export type SearchDto = AiAnswers['search'];
/** `GET /searchindex/status`, and `index` of `POST /searchindex/create-index`. */
export type SearchIndexDto = AiAnswers['indexStatus'];
/** `GET /ai/capabilities`. */
export type CapabilitiesDto = AiAnswers['capabilities'];
/** One entry of `GET /ai/audit`. */
export type AuditEntryDto = AiAnswers['audit'][number];

const slow = { slow: true };

/** The REST number of a comment type (`openAnswerType`). */
const TYPE_NUMBER: Record<CommentType, 1 | 2 | 3> = { positive: 1, negative: 2, neutral: 3 };

export const capabilities = (api: BoundRestClient, surveyId: string) =>
  api.get<CapabilitiesDto>(withQuery('/ai/capabilities', { surveyId }));

/** The survey's search index; NOT_FOUND when it has none. */
export const searchIndexStatus = (api: BoundRestClient, surveyId: string) =>
  api.get<SearchIndexDto>(withQuery('/searchindex/status', { surveyId }));

/** The newest AI calls, `take` of them (100 unless given), of one survey or of all. */
export const audit = (
  api: BoundRestClient,
  surveyId: string | null | undefined,
  take?: number | null,
) => api.get<AuditEntryDto[]>(withQuery('/ai/audit', { take: take ?? 100, surveyId }));

export const summarizeComments = (
  api: BoundRestClient,
  { surveyId, commentIds, language, topic }: MutationSummarizeCommentsArgs,
) =>
  api.post<SummaryDto>(
    '/summary/summarization/comments',
    { surveyId, commentIds, languageCode: language, ...(topic ? { observationTopic: topic } : {}) },
    slow,
  );

export const summarizeObservationFactor = (
  api: BoundRestClient,
  { surveyId, observationFactorId, type, language }: MutationSummarizeObservationFactorArgs,
) =>
  api.post<SummaryDto>(
    '/summary/openai',
    { surveyId, observationFactorId, openAnswerType: TYPE_NUMBER[type], languageCode: language },
    slow,
  );

export const summarizeCommentType = (
  api: BoundRestClient,
  { surveyId, type, language }: MutationSummarizeCommentTypeArgs,
) =>
  api.post<FullSummaryDto>(
    '/summary/openai/full-summary',
    { surveyId, openAnswerType: TYPE_NUMBER[type], languageCode: language },
    slow,
  );

export const translateComments = (
  api: BoundRestClient,
  { surveyId, commentIds, language }: MutationTranslateCommentsArgs,
) =>
  api.post<TranslateDto>(
    '/translate/comments',
    { surveyId, commentIds, languageCode: language },
    slow,
  );

/** Asks the survey's comments a question; options not given are left to the API's defaults. */
export const search = (api: BoundRestClient, input: AskInput) =>
  api.post<SearchDto>(
    '/searchindex/search',
    {
      surveyId: input.surveyId,
      searchQuery: input.question,
      ...(input.amount != null ? { amountToFetch: input.amount } : {}),
      selectedUnits: input.unitIds ?? [],
      ...(input.searchType ? { isHybridSearchType: input.searchType === 'hybrid' } : {}),
      ...(input.similarityThreshold != null
        ? { similarityThreshold: input.similarityThreshold }
        : {}),
      isAgenticMode: input.agentic ?? false,
      selectedDatasources: input.datasources ?? [],
      ...(input.language ? { languageCode: input.language } : {}),
      ...(input.previousQuestions?.length ? { previousQuestions: input.previousQuestions } : {}),
    },
    slow,
  );

/** Starts building the survey's search index. */
export async function createIndex(api: BoundRestClient, surveyId: string) {
  const created = await api.post<AiAnswers['createIndex']>('/searchindex/create-index', {
    baseSurveyId: surveyId,
  });
  return created.index;
}

export const deleteIndex = (api: BoundRestClient, surveyId: string) =>
  api.delete(withQuery('/searchindex/delete-index', { surveyId }));
