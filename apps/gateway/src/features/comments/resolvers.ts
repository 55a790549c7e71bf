import type { Resolvers } from '../../__generated__/resolvers.js';
import type { CommentDto, CommentPageDto } from './mappers.js';

const id = encodeURIComponent;

export const commentsResolvers: Resolvers = {
  // GraphQL enum value -> the REST value.
  CommentType: { POSITIVE: 'positive', NEGATIVE: 'negative', NEUTRAL: 'neutral' },

  Survey: {
    async comments(survey, _args, { api }) {
      const page = await api.get<CommentPageDto>(
        `/adminsurveydata/allcomments/?surveyId=${id(survey.id)}`,
      );
      return page.records;
    },
  },

  Mutation: {
    toggleCommentVisibility(_parent, { surveyId, commentId }, { api }) {
      return api.patch<CommentDto>('/adminsurveydata/toggleVisibility/', { surveyId, commentId });
    },
  },
};
