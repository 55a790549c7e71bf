// The opaque cursors of the open comments' pages: the id of the last comment a page showed, and
// nothing else. Where that comment stands (type, criterion, creation time) is looked up in the
// survey's comments: a cursor that carried the creation time would tell a reader when its writer
// answered, which a manager could match to a person.
import type { Db } from '../../../lib/db.js';
import { HttpError } from '../../../lib/errors.js';
import { many } from '../queries.js';
import type { CommentType } from './comments.queries.js';

/** The comment a cursor names, and its place in the lists' order. */
export interface CursorComment {
  id: string;
  type: CommentType;
  criterion: number;
  /** As the database writes it (microseconds kept), for comparing in the database only. */
  createdAt: string;
}

export const encodeCursor = (commentId: string): string =>
  Buffer.from(JSON.stringify([commentId])).toString('base64url');

function cursorId(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string')
      return /^[0-9a-f-]{36}$/.test(value[0]) ? value[0] : undefined;
  } catch {
    // Falls through: not a cursor.
  }
  return undefined;
}

/**
 * The comment of the survey the cursor `text` names; anything a page did not give (or a comment
 * of another survey) is `400 after: validation.invalid`.
 */
export async function cursorComment(
  db: Db,
  surveyId: string,
  text: string,
): Promise<CursorComment> {
  const id = cursorId(text);
  const [found] = id
    ? await many<CursorComment>(
        db,
        (p) => `SELECT id, type, criterion_id::int AS criterion, created_at::text AS "createdAt"
          FROM comments WHERE id = ${p.add(id, '::uuid')} AND survey_id = ${p.add(surveyId, '::uuid')}`,
      )
    : [];
  if (!found)
    throw new HttpError('validation-failed', [{ field: 'after', message: 'validation.invalid' }]);
  return found;
}
