// The search index of a survey (and of a trend survey's base): stemmed terms and a vector per
// comment, built in batches by a pg-boss job (jobs.ts) with its progress in ai_search_indexes.
// Searching ranks only the comments the anonymity gate gave the searcher.
import type { Db } from '../../../lib/db.js';
import type { AiEngine } from '../engines/engine.js';
import type { Masker } from '../policy/masking.js';
import type { CollapsedHit } from './collapse.js';
import { rankWithCriteria } from './criteria-ranking.js';
import { criteriaProfiles, type Routing } from './criteria-routing.js';
import type { MemoryIndex } from './memory-index.js';
import { stage } from './stages.js';
import { ngramVector } from './retrieval.js';
import { baseLanguage, detectLanguage, queryTerms, terms, words } from './text.js';

export const NGRAM_MODEL = 'hashed-char-ngrams';
const BATCH = 200;

export type IndexState = 'queued' | 'building' | 'ready' | 'failed';

export interface IndexStatus {
  surveyId: string;
  baseSurveyId: string | null;
  status: IndexState;
  total: number;
  done: number;
  progress: number;
  vectorModel: string;
  error: string | null;
  updatedAt: string;
  createdBy: string | null;
}

const STATUS_COLUMNS = `survey_id AS "surveyId", base_survey_id AS "baseSurveyId", status, total,
  done, CASE WHEN total = 0 THEN CASE WHEN status = 'ready' THEN 1 ELSE 0 END
    ELSE done::real / total END AS progress, vector_model AS "vectorModel", error,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
  created_by AS "createdBy"`;

export async function indexStatus(db: Db, surveyId: string): Promise<IndexStatus | undefined> {
  const [row] = await db.query<IndexStatus>(
    `SELECT ${STATUS_COLUMNS} FROM ai_search_indexes WHERE survey_id = $1`,
    [surveyId],
  );
  return row;
}

/** Queues a (re)build: the old entries go, progress starts at 0, in one transaction. */
export async function queueIndex(
  db: Db,
  input: { surveyId: string; baseSurveyId: string | null; vectorModel: string; userId: string },
): Promise<IndexStatus> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM ai_search_indexes WHERE survey_id = $1', [input.surveyId]);
    const [row] = await tx.query<IndexStatus>(
      `INSERT INTO ai_search_indexes (survey_id, base_survey_id, status, total, vector_model, created_by)
       SELECT $1::uuid, $2::uuid, 'queued', count(*), $3::text, $4::uuid FROM comments
        WHERE survey_id IN ($1::uuid, COALESCE($2::uuid, $1::uuid)) AND NOT hidden
       RETURNING ${STATUS_COLUMNS}`,
      [input.surveyId, input.baseSurveyId, input.vectorModel, input.userId],
    );
    return row as IndexStatus;
  });
}

export async function setJobId(db: Db, surveyId: string, jobId: string): Promise<void> {
  await db.query('UPDATE ai_search_indexes SET job_id = $2 WHERE survey_id = $1', [
    surveyId,
    jobId,
  ]);
}

export async function deleteIndex(db: Db, surveyId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM ai_search_indexes WHERE survey_id = $1 RETURNING 1', [
    surveyId,
  ]);
  return rows.length > 0;
}

interface CommentRow {
  id: string;
  text: string;
  language_code: string;
}

/**
 * Builds (or resumes) an index: comments not yet indexed, in batches, each batch one transaction
 * with the progress. `embed` makes the vectors (hashed n-grams, or the provider's model on masked
 * text). A deleted index stops the build quietly.
 */
export async function buildIndex(
  db: Db,
  surveyId: string,
  embed: (texts: string[], commentIds: string[]) => Promise<number[][]>,
): Promise<void> {
  const status = await indexStatus(db, surveyId);
  if (!status || status.status === 'ready') return;
  await db.query(
    `UPDATE ai_search_indexes SET status = 'building', error = NULL, updated_at = now()
      WHERE survey_id = $1`,
    [surveyId],
  );
  try {
    for (;;) {
      const rows = await db.query<CommentRow>(
        `SELECT c.id, c.text, c.language_code FROM comments c
          WHERE c.survey_id IN ($1::uuid, COALESCE($2::uuid, $1::uuid)) AND NOT c.hidden
            AND NOT EXISTS (SELECT 1 FROM ai_index_entries e
                             WHERE e.index_survey_id = $1::uuid AND e.comment_id = c.id)
          ORDER BY c.id LIMIT ${BATCH}`,
        [surveyId, status.baseSurveyId],
      );
      if (rows.length === 0) break;
      const vectors = await embed(
        rows.map((row) => row.text),
        rows.map((row) => row.id),
      );
      const still = await db.transaction(async (tx) => {
        const [present] = await tx.query(
          'SELECT 1 FROM ai_search_indexes WHERE survey_id = $1 FOR UPDATE',
          [surveyId],
        );
        if (!present) return false;
        await tx.query(
          `INSERT INTO ai_index_entries (index_survey_id, comment_id, terms, vector)
           SELECT $1, e.id, e.terms, decode(e.vector, 'base64')
             FROM jsonb_to_recordset($2::jsonb) AS e(id uuid, terms text, vector text)
           ON CONFLICT DO NOTHING`,
          [
            surveyId,
            // As JSON text: pg would send a JS array as a PostgreSQL array.
            JSON.stringify(
              rows.map((row, i) => ({
                id: row.id,
                terms: terms(row.text, baseLanguage(row.language_code)).join(' '),
                vector: Buffer.from(new Float32Array(vectors[i] ?? []).buffer).toString('base64'),
              })),
            ),
          ],
        );
        await tx.query(
          `UPDATE ai_search_indexes SET done = (SELECT count(*) FROM ai_index_entries
             WHERE index_survey_id = $1), updated_at = now() WHERE survey_id = $1`,
          [surveyId],
        );
        return true;
      });
      if (!still) return;
    }
    await db.query(
      `UPDATE ai_search_indexes SET status = 'ready', done = total, updated_at = now()
        WHERE survey_id = $1`,
      [surveyId],
    );
  } catch (error) {
    await db.query(
      `UPDATE ai_search_indexes SET status = 'failed', error = $2, updated_at = now()
        WHERE survey_id = $1`,
      [surveyId, error instanceof Error ? error.message.slice(0, 500) : 'failed'],
    );
    throw error;
  }
}

export interface SearchOptions {
  query: string;
  languageCode: string;
  hybrid: boolean;
  amount: number;
  threshold: number;
  vectorModel: string;
  engine: AiEngine;
  mask: Masker;
}

export interface Ranking {
  /** The ranked comment ids, best first, at most `amount`, identical texts collapsed (`count`). */
  ranked: CollapsedHit[];
  /** The criteria the question was routed to, with their weights. */
  routing: Routing;
  vectorLeg: string;
  /** The query vector came from the provider (its tokens go to the audit). */
  embeddedUsage?: { inputTokens: number; outputTokens: number } | undefined;
}

/** Languages whose stemmer a query goes through: its detected language, the report's, fi/sv/en. */
export async function queryLanguages(query: string, languageCode: string): Promise<string[]> {
  const detected = await detectLanguage(query);
  return [...new Set([detected.language, baseLanguage(languageCode), 'fi', 'sv', 'en'])];
}

/** The query in the index's vector space: hashed n-grams, or the provider's embedding of it. */
async function queryVectorOf(options: SearchOptions): Promise<{
  queryVector: number[] | undefined;
  embeddedUsage: Ranking['embeddedUsage'];
}> {
  if (options.vectorModel === NGRAM_MODEL)
    return { queryVector: ngramVector(words(options.query)), embeddedUsage: undefined };
  if (options.engine.embeddingModel !== options.vectorModel)
    return { queryVector: undefined, embeddedUsage: undefined };
  const result = await options.engine.embed([options.mask(options.query)]);
  return { queryVector: result.vectors[0], embeddedUsage: result.usage };
}

/**
 * Ranks the allowed comments of an index (the gate's, as a mask over its positions) with the
 * survey's criteria in mind (criteria-ranking.ts): BM25 over the expanded query and the vector leg
 * fused by reciprocal rank (or the vector leg alone), the routed criteria's bonus, and identical
 * texts collapsed into one hit with their count.
 */
export async function rank(
  index: MemoryIndex,
  allowed: Uint8Array,
  options: SearchOptions,
): Promise<Ranking> {
  const languages = await stage('query languages', () =>
    queryLanguages(options.query, options.languageCode),
  );
  const { queryVector, embeddedUsage } = await stage('query vector', () => queryVectorOf(options));
  const { hits, routing } = rankWithCriteria(index, allowed, criteriaProfiles(), {
    query: options.query,
    stems: queryTerms(options.query, languages),
    languages,
    vector: queryVector,
    hybrid: options.hybrid,
    threshold: options.threshold,
    amount: options.amount,
  });
  return {
    ranked: hits,
    routing,
    vectorLeg: queryVector ? options.vectorModel : 'none',
    embeddedUsage,
  };
}
