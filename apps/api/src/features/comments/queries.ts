import type { Db } from '../../lib/db.js';

export interface CommentRow {
  id: string;
  surveyId: string;
  criterionId: number;
  type: 'positive' | 'negative' | 'neutral';
  text: string;
  languageCode: string;
  hidden: boolean;
  created: Date;
}

const COMMENT = `c.id, c.survey_id AS "surveyId", c.criterion_id AS "criterionId", c.type, c.text,
  c.language_code AS "languageCode", c.hidden, c.created_at AS created`;

/** Every open comment of a survey, hidden ones included, by criterion and then as written. */
export function listComments(db: Db, surveyId: string): Promise<CommentRow[]> {
  return db.query<CommentRow>(
    `SELECT ${COMMENT} FROM comments c WHERE c.survey_id = $1
     ORDER BY c.criterion_id, c.type, c.created_at, c.id`,
    [surveyId],
  );
}

/** Flips a comment's hidden flag in one statement; undefined when the survey has no such comment. */
export async function toggleHidden(
  db: Db,
  surveyId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  const rows = await db.query<CommentRow>(
    `UPDATE comments c SET hidden = NOT c.hidden WHERE c.id = $1 AND c.survey_id = $2
     RETURNING ${COMMENT}`,
    [commentId, surveyId],
  );
  return rows[0];
}
