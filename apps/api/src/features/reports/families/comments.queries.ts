import type { Db } from '../../../lib/db.js';
import type { Condition } from '../filters.js';
import { many } from '../queries.js';
import { asciiJsonString } from '../../../lib/raw-json.js';
import { cursorComment, encodeCursor, type CursorComment } from './comment-cursors.js';

export type CommentType = 'positive' | 'negative' | 'neutral';

/**
 * Runs `read` with room to sort a survey's comments in memory: their sort carries each comment's
 * text, 4.8 MB for the 23,000 comments of 50,000 participants, and PostgreSQL's default 4 MB of
 * work memory made it spill to disk (docs/report-performance.md, change 17). Only for this
 * transaction; other queries keep the server's setting.
 */
function withSortMemory<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec("SET LOCAL work_mem = '32MB'");
    return read(tx);
  });
}

/** The section order of the open comments: every positive comment, then negative, then neutral. */
export const COMMENT_TYPE_ORDER: readonly CommentType[] = ['positive', 'negative', 'neutral'];

interface ListRow {
  id: string;
  json: string;
}

/** Up to `limit` comments of one type, in list order, after `after` (of that type) if given. */
function typePage(
  db: Db,
  page: ListPageQuery,
  type: CommentType,
  names: readonly string[],
  after: CursorComment | null,
  limit: number,
): Promise<ListRow[]> {
  return many<ListRow>(
    db,
    (p) => `SELECT c.id, c.json_head
        || ',"commentId":"' || c.id::text || '"'
        || ',"description":' || (${p.add(names, '::text[]')})[c.criterion_id + 1]
        || ',"lindex":' || CASE WHEN ${p.add(page.withIndex, '::boolean')}
          THEN r.lindex::text ELSE 'null' END || '}' AS json
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(page.surveyId, '::uuid')}
        AND c.type = ${p.add(type)}
        ${
          after
            ? `AND (c.criterion_id, c.created_at, c.id) > (${p.add(after.criterion, '::int')},
              ${p.add(after.createdAt, '::timestamptz')}, ${p.add(after.id, '::uuid')})`
            : ''
        }
        AND ${page.where(p)}
      ORDER BY c.criterion_id, c.created_at, c.id LIMIT ${p.add(limit, '::int')}`,
  );
}

export interface ListPageQuery {
  surveyId: string;
  where: Condition;
  /** `descriptions[id]` names criterion `id`. */
  descriptions: readonly string[];
  /** False leaves the L-index out (null) for a small group. */
  withIndex: boolean;
  after?: string;
  limit: number;
}

/**
 * One page of the visible comments (never hidden ones) of the selected participants of a survey:
 * positive, then negative, then neutral; within a type by criterion, then oldest first, then by id.
 * Each type's comments as the JSON text of the response's list (`comment`, `id`, `languageCode`,
 * `commentId`, `description`, `lindex`): the database writes each comment's JSON and the API
 * passes it through (RawJson). Each comment's fixed fields come ready as `json_head` (migration
 * 010; in ASCII since 019). Read through comments_page_idx, a type at a time, so a page costs the
 * same whatever the survey's size (the whole list took 1.4 s at 200,000 participants).
 */
export async function commentListPage(
  db: Db,
  page: ListPageQuery,
): Promise<{ lists: Map<CommentType, string[]>; next: string | null }> {
  // JSON strings in ASCII, as json_head is (migration 019), so the database only concatenates.
  const names = page.descriptions.map(asciiJsonString);
  const after = page.after ? await cursorComment(db, page.surveyId, page.after) : null;
  const lists = new Map<CommentType, string[]>();
  let left = page.limit + 1; // one more than asked tells whether another page follows
  let last: string | null = null;
  let more = false;
  for (const type of COMMENT_TYPE_ORDER.slice(after ? COMMENT_TYPE_ORDER.indexOf(after.type) : 0)) {
    const rows = await typePage(db, page, type, names, after?.type === type ? after : null, left);
    const shown = rows.slice(0, Math.min(rows.length, left - 1));
    more = rows.length > shown.length;
    left -= rows.length;
    const end = shown.at(-1);
    if (end) last = end.id;
    // `[`, the comments with commas between them, `]`: pieces for RawJson, never joined here.
    lists.set(type, ['[', ...shown.flatMap((row, i) => (i ? [',', row.json] : [row.json])), ']']);
    if (left <= 0) break;
  }
  return { lists, next: more && last ? encodeCursor(last) : null };
}

/** A visible comment as a row (the AI features read comments this way). */
export interface GatedComment {
  id: string;
  type: CommentType;
  criterionId: number;
  /** The criterion's name in the report language. */
  description: string;
  text: string;
  languageCode: string;
}

/**
 * The visible comments of the selected participants, in commentLists' order, with their ids;
 * `only` narrows to those ids (the rest of the gated set is not read).
 */
export async function commentRows(
  db: Db,
  surveyId: string,
  where: Condition,
  descriptions: readonly string[],
  only?: readonly string[],
): Promise<GatedComment[]> {
  const rows = await withSortMemory(db, (tx) =>
    many<Omit<GatedComment, 'description'>>(
      tx,
      (p) => `SELECT c.id, c.type, c.criterion_id::int AS "criterionId", c.text,
        c.language_code AS "languageCode"
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')} AND ${where(p)}
        ${only ? `AND c.id = ANY(${p.add(only, '::uuid[]')})` : ''}
      ORDER BY c.type, c.criterion_id, c.created_at, c.id`,
    ),
  );
  return rows.map((row) => ({ ...row, description: descriptions[row.criterionId] ?? '' }));
}

/**
 * The ids of the visible comments of the selected participants, as commentRows selects them but
 * without their texts: one comma-separated string from the database (tens of thousands of rows
 * cost far more to read one by one; the AI search ranks only these).
 */
export async function commentIds(db: Db, surveyId: string, where: Condition): Promise<string[]> {
  const [row] = await many<{ ids: string | null }>(
    db,
    (p) => `SELECT string_agg(c.id::text, ',') AS ids
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')} AND ${where(p)}`,
  );
  return row?.ids ? row.ids.split(',') : [];
}
