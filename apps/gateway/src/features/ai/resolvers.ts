import { GraphQLError } from 'graphql';
import type { Resolvers } from '../../__generated__/resolvers.js';
import type {
  AuditEntryDto,
  CapabilitiesDto,
  FullSummaryDto,
  SearchDto,
  SearchIndexDto,
  SummaryDto,
  TranslateDto,
} from './mappers.js';

const id = encodeURIComponent;

/** The Ask answer in the console's words (the REST names are the spec's). */
const toAskAnswer = (a: SearchDto) => ({
  answer: a.response,
  entities: a.entities,
  comments: a.commentsUsed.map((c) => ({
    id: c.id,
    surveyId: c.surveyId,
    text: c.comment,
    type: c.type,
    criterionId: c.criterionId,
    criterion: c.description,
    rank: c.rank,
    score: c.score,
    cited: c.cited,
  })),
  followUpQuestions: a.followUpQuestions,
  searchType: a.usedSearch,
  vectorLeg: a.vectorLeg,
  sentiments: a.sentimentFilterList,
  agenticSteps: a.agenticSteps,
  producedBy: a.produced,
});
const TYPE_NUMBER = { positive: 1, negative: 2, neutral: 3 } as const;

export const aiResolvers: Resolvers = {
  // GraphQL enum value -> the REST value.
  AiEngine: { EMBEDDED: 'embedded', PROVIDER: 'provider' },
  AiSearchType: { HYBRID: 'hybrid', VECTOR: 'vector' },
  SearchIndexStatus: { QUEUED: 'queued', BUILDING: 'building', READY: 'ready', FAILED: 'failed' },

  AiSummary: {
    text: (s) => s.response,
    commentCount: (s) => s.openCommentAmount,
    producedBy: (s) => s.produced,
  },
  AiCombinedSummary: {
    text: (s) => s.response,
    commentCount: (s) => s.openCommentAmount,
    producedBy: (s) => s.produced,
  },
  AiTranslation: {
    items: (t) =>
      t.response.map((item) => ({
        commentId: item.commentId,
        translatedText: item.translatedText,
        originalText: item.originalText,
        originalLanguage: item.originalTextLanguage,
        originalLanguageConfidence: item.originalTextConfidence,
      })),
    producedBy: (t) => t.produced,
  },
  Survey: {
    aiCapabilities(survey, _args, { api }) {
      return api.get<CapabilitiesDto>(`/ai/capabilities?surveyId=${id(survey.id)}`);
    },
    async searchIndex(survey, _args, { api }) {
      try {
        return await api.get<SearchIndexDto>(`/searchindex/status?surveyId=${id(survey.id)}`);
      } catch (error) {
        // No index is an answer here, not an error.
        if (error instanceof GraphQLError && error.extensions.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  },

  Query: {
    aiAudit(_parent, { surveyId, take }, { api }) {
      const query = new URLSearchParams({ take: String(take ?? 100) });
      if (surveyId) query.set('surveyId', surveyId);
      return api.get<AuditEntryDto[]>(`/ai/audit?${query.toString()}`);
    },
  },

  Mutation: {
    summarizeComments(_parent, { surveyId, commentIds, language, topic }, { api }) {
      return api.post<SummaryDto>(
        '/summary/summarization/comments',
        {
          surveyId,
          commentIds,
          languageCode: language,
          ...(topic ? { observationTopic: topic } : {}),
        },
        { slow: true },
      );
    },
    summarizeObservationFactor(
      _parent,
      { surveyId, observationFactorId, type, language },
      { api },
    ) {
      return api.post<SummaryDto>(
        '/summary/openai',
        {
          surveyId,
          observationFactorId,
          openAnswerType: TYPE_NUMBER[type],
          languageCode: language,
        },
        { slow: true },
      );
    },
    summarizeCommentType(_parent, { surveyId, type, language }, { api }) {
      return api.post<FullSummaryDto>(
        '/summary/openai/full-summary',
        {
          surveyId,
          openAnswerType: TYPE_NUMBER[type],
          languageCode: language,
        },
        { slow: true },
      );
    },
    translateComments(_parent, { surveyId, commentIds, language }, { api }) {
      return api.post<TranslateDto>(
        '/translate/comments',
        {
          surveyId,
          commentIds,
          languageCode: language,
        },
        { slow: true },
      );
    },
    async askSurvey(_parent, { input }, { api }) {
      const found = await api.post<SearchDto>(
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
        },
        { slow: true },
      );
      return toAskAnswer(found);
    },
    async createSearchIndex(_parent, { surveyId }, { api }) {
      const created = await api.post<{ index: SearchIndexDto }>('/searchindex/create-index', {
        baseSurveyId: surveyId,
      });
      return created.index;
    },
    async deleteSearchIndex(_parent, { surveyId }, { api }) {
      await api.delete(`/searchindex/delete-index?surveyId=${id(surveyId)}`);
      return true;
    },
  },
};
