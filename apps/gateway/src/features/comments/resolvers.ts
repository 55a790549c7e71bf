import type { Resolvers } from '../../__generated__/resolvers.js';
import * as rest from './rest.js';

export const commentsResolvers: Resolvers = {
  // GraphQL enum value -> the REST value.
  CommentType: { POSITIVE: 'positive', NEGATIVE: 'negative', NEUTRAL: 'neutral' },

  Survey: {
    async comments(survey, _args, { api }) {
      const page = await rest.surveyComments(api, survey.id);
      return page.records;
    },
  },

  Mutation: {
    toggleCommentVisibility(_parent, { surveyId, commentId }, { api }) {
      return rest.toggleVisibility(api, surveyId, commentId);
    },
  },
};
