// The open comments a page at a time: one type and criterion of the set's visible comments in
// the open comments' order (oldest first, then by id), from a cursor. Read through the index
// comments_page_idx (migration 024): a page costs the same at 100 comments as at 100,000.
import type { Db } from '../../../lib/db.js';
import type { Condition } from '../filters.js';
import { cursorComment, encodeCursor } from './comment-cursors.js';
import { many } from '../queries.js';
import type { CommentType } from './comments.queries.js';

/** A comment as the open comments list carries it (same fields, same order). */
export interface PagedComment {
  comment: string;
  id: number;
  languageCode: string;
  commentId: string;
  description: string;
  lindex: number | null;
}

interface PageRow {
  id: string;
  text: string;
  languageCode: string;
  lindex: string | null;
}

export async function commentPage(
  db: Db,
  page: {
    surveyId: string;
    where: Condition;
    type: CommentType;
    criterion: number;
    description: string;
    withIndex: boolean;
    after?: string;
    limit: number;
  },
): Promise<{ comments: PagedComment[]; next: string | null }> {
  const after = page.after ? await cursorComment(db, page.surveyId, page.after) : null;
  const rows = await many<PageRow>(
    db,
    (p) => `SELECT c.id, c.text, c.language_code AS "languageCode",
        CASE WHEN ${p.add(page.withIndex, '::boolean')} THEN r.lindex::text END AS lindex
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(page.surveyId, '::uuid')}
        AND c.type = ${p.add(page.type)} AND c.criterion_id = ${p.add(page.criterion, '::int')}
        ${after ? `AND (c.created_at, c.id) > (${p.add(after.createdAt, '::timestamptz')}, ${p.add(after.id, '::uuid')})` : ''}
        AND ${page.where(p)}
      ORDER BY c.created_at, c.id LIMIT ${p.add(page.limit + 1, '::int')}`,
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    comments: shown.map((row) => ({
      comment: row.text,
      id: page.criterion,
      languageCode: row.languageCode,
      commentId: row.id,
      description: page.description,
      lindex: row.lindex === null ? null : Number(row.lindex),
    })),
    next: rows.length > page.limit && last ? encodeCursor(last.id) : null,
  };
}

/** Visible comments per type and criterion, counted from the rows (`hidden`: hidden ones). */
export async function commentCounts(
  db: Db,
  surveyId: string,
  where: Condition,
  hidden = false,
): Promise<{ type: CommentType; criterion: number; n: number }[]> {
  return many(
    db,
    (p) => `SELECT c.type, c.criterion_id::int AS criterion, count(*)::int AS n
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE ${hidden ? '' : 'NOT'} c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')}
        AND ${where(p)}
      GROUP BY c.type, c.criterion_id`,
  );
}

/**
 * Hidden comments per type, criterion and the writer's L-index range (its place in `ranges`, null
 * in none), of the selected participants: what the cells' counts, which include hidden comments,
 * less. Read from hidden_comments (migration 028), which keeps each hidden comment with its
 * writer's response: the set's condition runs on that copy (named `r` as the responses it copies),
 * one indexed aggregate without a look-up per comment. The few whose response was not yet released
 * when hidden (`release` null there) are read through responses.
 */
export async function hiddenCounts(
  db: Db,
  surveyId: string,
  where: Condition,
  ranges: readonly Condition[],
): Promise<{ type: CommentType; criterion: number; range: number | null; n: number }[]> {
  return many(db, (p) => {
    const range = () => ranges.map((inRange, i) => `WHEN ${inRange(p)} THEN ${i}`).join(' ');
    const survey = p.add(surveyId, '::uuid');
    return `SELECT r.type, r.criterion_id::int AS criterion, CASE ${range()} END AS range,
        count(*)::int AS n
      FROM hidden_comments r
      WHERE r.survey_id = ${survey} AND r.release IS NOT NULL AND ${where(p)}
      GROUP BY 1, 2, 3
      UNION ALL
      SELECT h.type, h.criterion_id::int, CASE ${range()} END, count(*)::int
      FROM hidden_comments h JOIN responses r ON r.participant_id = h.participant_id
      WHERE h.survey_id = ${survey} AND h.release IS NULL AND ${where(p)}
      GROUP BY 1, 2, 3`;
  });
}

/**
 * Whether every L-index range holds at least `minimum` visible comments of the selected
 * participants (the page then offers the range filter). Each range stops counting at `minimum`,
 * so a big survey is not read through.
 */
export async function everyRangeHolds(
  db: Db,
  surveyId: string,
  where: Condition,
  ranges: readonly Condition[],
  minimum: number,
): Promise<boolean> {
  const [row] = await many<{ held: number[] }>(
    db,
    (p) =>
      `SELECT ARRAY[${ranges
        .map(
          (range) => `(SELECT count(*)::int FROM (SELECT 1
        FROM comments c JOIN responses r ON r.participant_id = c.participant_id
        WHERE NOT c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')}
          AND ${where(p)} AND ${range(p)}
        LIMIT ${p.add(minimum, '::int')}) x)`,
        )
        .join(', ')}] AS held`,
  );
  return (row?.held ?? []).every((n) => n >= minimum);
}
