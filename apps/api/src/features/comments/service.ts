import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { surveysService } from '../surveys/index.js';
import * as q from './queries.js';

/** An open comment as the REST API answers it (docs/rest-api.md, Comment moderation). */
export interface Comment {
  id: string;
  surveyId: string;
  criterionId: number;
  type: q.CommentRow['type'];
  text: string;
  languageCode: string;
  hidden: boolean;
  created: string;
}

const toComment = (row: q.CommentRow): Comment => ({ ...row, created: row.created.toISOString() });

export function commentsService(db: Db) {
  const surveys = surveysService(db);
  return {
    /** The survey must exist (404) and lie within the user's company boundary (403). */
    async list(user: AuthUser, surveyId: string) {
      const survey = await surveys.get(user, surveyId);
      const records = (await q.listComments(db, survey.id)).map(toComment);
      return { records, totalRecords: records.length };
    },

    async toggleVisibility(user: AuthUser, surveyId: string, commentId: string): Promise<Comment> {
      const survey = await surveys.get(user, surveyId);
      const row = await q.toggleHidden(db, survey.id, commentId);
      if (!row) throw new HttpError('not-found');
      return toComment(row);
    },
  };
}
