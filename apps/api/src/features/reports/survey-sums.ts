// The released responses of whole surveys summed once (report_survey_sums, migration 027) for the
// company trend and the top-20 rollup, which otherwise read every released row of every survey
// they show. A released batch never changes, so a survey's row covers its batches 1..release and a
// newer release only adds its own batches. The figures are then computed by the same SQL
// expressions as from the rows, over the same integer types: byte for byte the same answers.
import type { Db } from '../../lib/db.js';

/** The figures of a survey that has released responses (none: no row). */
export interface SurveyFigures {
  surveyId: string;
  n: number;
  enps: number;
  sindex: number;
  lindex: number;
}

interface Freshness {
  surveyId: string;
  /** The survey's newest release (0: none). */
  release: number;
  /** The release the kept row covers (null: no row). */
  kept: number | null;
}

// The newest release per survey: one backward look-up of responses_survey_release_idx each.
const FRESHNESS = `SELECT s.id AS "surveyId",
    coalesce((SELECT max(r.release) FROM responses r
      WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL), 0)::int AS release,
    k.release AS kept
  FROM unnest($1::uuid[]) AS s(id) LEFT JOIN report_survey_sums k ON k.survey_id = s.id`;

/** Adds the batches after the kept row's release up to `release`, from the rows, to the row. */
async function catchUp(db: Db, { surveyId, release, kept }: Freshness): Promise<void> {
  const from = kept ?? 0;
  // ON CONFLICT … WHERE: a concurrent read that already added these batches wins; nothing twice.
  await db.query(
    `WITH added AS (
       SELECT count(*) AS n, count(*) FILTER (WHERE r.enps >= 9) AS promoters,
         count(*) FILTER (WHERE r.enps <= 6) AS detractors,
         coalesce(sum(r.satisfaction), 0)::bigint AS satisfaction_sum,
         coalesce(sum(r.lindex::float8), 0) AS lindex_sum
       FROM responses r
       WHERE r.survey_id = $1 AND r.finished_at IS NOT NULL AND r.release > $2 AND r.release <= $3)
     INSERT INTO report_survey_sums AS k
       (survey_id, release, n, promoters, detractors, satisfaction_sum, lindex_sum)
     SELECT $1, $3, n, promoters, detractors, satisfaction_sum, lindex_sum FROM added
     ON CONFLICT (survey_id) DO UPDATE SET release = excluded.release, n = k.n + excluded.n,
       promoters = k.promoters + excluded.promoters, detractors = k.detractors + excluded.detractors,
       satisfaction_sum = k.satisfaction_sum + excluded.satisfaction_sum,
       lindex_sum = k.lindex_sum + excluded.lindex_sum
     WHERE k.release = $2`,
    [surveyId, from, release],
  );
}

/**
 * Brings the kept sums of these surveys up to their newest release. Sequential: a first read of
 * many surveys scans each one's rows once, and the pool stays free for other requests.
 */
export async function keepSurveySums(db: Db, surveyIds: readonly string[]): Promise<void> {
  if (surveyIds.length === 0) return;
  const rows = await db.query<Freshness>(FRESHNESS, [surveyIds]);
  for (const row of rows) {
    if (row.release > 0 && row.kept !== row.release) await catchUp(db, row);
  }
}

/**
 * The figures of the surveys' released responses, as the rows' `count(*)`, eNPS expression,
 * `avg(satisfaction)::float8` and `avg(lindex)::float8` give them: `avg` of a smallint is the
 * numeric quotient of the int8 sum and count, `avg` of a real the float8 sum over the count.
 */
export const FIGURES = `k.n::int AS n,
  (100.0 * k.promoters / k.n - 100.0 * k.detractors / k.n)::float8 AS enps,
  (k.satisfaction_sum::numeric / k.n::numeric)::float8 AS sindex,
  (k.lindex_sum / k.n)::float8 AS lindex`;

/** The figures of these surveys from the kept sums (kept up to date first). */
export async function surveyFigures(
  db: Db,
  surveyIds: readonly string[],
): Promise<SurveyFigures[]> {
  await keepSurveySums(db, surveyIds);
  return db.query<SurveyFigures>(
    `SELECT k.survey_id AS "surveyId", ${FIGURES}
     FROM report_survey_sums k WHERE k.survey_id = ANY($1::uuid[]) AND k.n > 0`,
    [surveyIds],
  );
}
