// The REST shapes (docs/rest-api.md, Comment moderation) the comment GraphQL types resolve from.

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
