import type { Resolvers } from '../../__generated__/resolvers.js';
import { orNull } from '../../lib/results.js';
import * as rest from './rest.js';
import type { SearchDto } from './rest.js';

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
    count: c.count,
    cited: c.cited,
  })),
  followUpQuestions: a.followUpQuestions,
  searchType: a.usedSearch,
  vectorLeg: a.vectorLeg,
  sentiments: a.sentimentFilterList,
  agenticSteps: a.agenticSteps,
  suppressedBecause: a.suppressedBecause,
  producedBy: a.produced,
});

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
    aiCapabilities: (survey, _args, { api }) => rest.capabilities(api, survey.id),
    // No index is an answer here, not an error.
    searchIndex: (survey, _args, { api }) => orNull(rest.searchIndexStatus(api, survey.id)),
  },

  Query: {
    aiAudit: (_parent, { surveyId, take }, { api }) => rest.audit(api, surveyId, take),
  },

  Mutation: {
    summarizeComments: (_parent, args, { api }) => rest.summarizeComments(api, args),
    summarizeObservationFactor: (_parent, args, { api }) =>
      rest.summarizeObservationFactor(api, args),
    summarizeCommentType: (_parent, args, { api }) => rest.summarizeCommentType(api, args),
    translateComments: (_parent, args, { api }) => rest.translateComments(api, args),
    askSurvey: async (_parent, { input }, { api }) => toAskAnswer(await rest.search(api, input)),
    createSearchIndex: (_parent, { surveyId }, { api }) => rest.createIndex(api, surveyId),
    async deleteSearchIndex(_parent, { surveyId }, { api }) {
      await rest.deleteIndex(api, surveyId);
      return true;
    },
  },
};
