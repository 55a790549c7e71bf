// The comment moderation calls of the REST API (docs/rest-api.md, Comment moderation): their paths,
// bodies and answers.
import type { BoundRestClient } from '../../lib/rest-client.js';
import { withQuery } from '../../lib/rest-params.js';

/** One comment of `GET /adminsurveydata/allcomments/`. */
export interface CommentDto {
  id: string;
  surveyId: string;
  criterionId: number;
  type: 'positive' | 'negative' | 'neutral';
  text: string;
  languageCode: string;
  hidden: boolean;
  /** ISO 8601 instant. */
  created: string;
}

/** `GET /adminsurveydata/allcomments/?surveyId=`. */
export interface CommentPageDto {
  records: CommentDto[];
  totalRecords: number;
}

/** Every comment of the survey, hidden ones included. */
export const surveyComments = (api: BoundRestClient, surveyId: string) =>
  api.get<CommentPageDto>(withQuery('/adminsurveydata/allcomments/', { surveyId }));

/** Hides a shown comment, shows a hidden one. */
export const toggleVisibility = (api: BoundRestClient, surveyId: string, commentId: string) =>
  api.patch<CommentDto>('/adminsurveydata/toggleVisibility/', { surveyId, commentId });
