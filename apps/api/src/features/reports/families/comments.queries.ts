import type { Db } from '../../../lib/db.js';
import type { Condition } from '../filters.js';
import { many } from '../queries.js';
import { asciiJsonString } from '../../../lib/raw-json.js';

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

/**
 * Visible comments (never hidden ones) of the selected participants of a survey, per type, each
 * type's comments as the JSON text of the response's list (`comment`, `id`, `languageCode`,
 * `commentId`, `description`, `lindex`), by criterion, then oldest first, then by id. The
 * database writes the JSON and the API passes it through (RawJson): a big survey has tens of
 * thousands of comments, and reading them as rows (PGlite spends about 40 microseconds a row) or
 * parsing and writing the JSON again in the API cost more than the query itself. Each comment's
 * fixed fields come ready as `json_head` (migration 010; in ASCII since 019); the query appends
 * the description and the L-index as text. `descriptions[id]` names criterion `id`; `withIndex`
 * false leaves the L-index out (null) for a small group.
 */
export async function commentLists(
  db: Db,
  surveyId: string,
  where: Condition,
  descriptions: readonly string[],
  withIndex: boolean,
): Promise<Map<CommentType, string[]>> {
  // JSON strings in ASCII, as json_head is (migration 019), so the database only concatenates.
  // The L-index as stored (a real: 77.3, not its double 77.30000305175781).
  const names = descriptions.map(asciiJsonString);
  // A row per type and criterion, not one per type: node-postgres takes about 3 times as long
  // to read one 3 MB row as 100 rows of 30 KB (docs/report-performance.md, change 15).
  const rows = await withSortMemory(db, (tx) =>
    many<{ type: CommentType; list: string }>(
      tx,
      (p) => `SELECT c.type, string_agg(c.json_head
        || ',"commentId":"' || c.id::text || '"'
        || ',"description":' || (${p.add(names, '::text[]')})[c.criterion_id + 1]
        || ',"lindex":' || CASE WHEN ${p.add(withIndex, '::boolean')}
          THEN r.lindex::text ELSE 'null' END || '}',
        ',' ORDER BY c.created_at, c.id) AS list
      FROM comments c JOIN responses r ON r.participant_id = c.participant_id
      WHERE NOT c.hidden AND c.survey_id = ${p.add(surveyId, '::uuid')} AND ${where(p)}
      GROUP BY c.type, c.criterion_id
      ORDER BY c.type, c.criterion_id`,
    ),
  );
  const parts = new Map<CommentType, string[]>();
  for (const row of rows) {
    const list = parts.get(row.type);
    if (list) list.push(row.list);
    else parts.set(row.type, [row.list]);
  }
  // `[`, the criteria's lists with commas between them, `]`: pieces for RawJson, never joined here.
  return new Map(
    [...parts].map(([type, lists]) => [
      type,
      ['[', ...lists.flatMap((list, i) => (i ? [',', list] : [list])), ']'],
    ]),
  );
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
