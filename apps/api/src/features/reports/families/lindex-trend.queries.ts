import type { Db } from '../../../lib/db.js';

/** Finished participants and mean L-index per survey. */
export function lindexBySurvey(
  db: Db,
  surveyIds: readonly string[],
): Promise<{ surveyId: string; n: number; lindex: number }[]> {
  return db.query(
    `SELECT r.survey_id AS "surveyId", count(*)::int AS n, avg(r.lindex)::float8 AS lindex
     FROM responses r
     WHERE r.finished_at IS NOT NULL AND r.release IS NOT NULL AND r.survey_id = ANY($1::uuid[])
     GROUP BY r.survey_id`,
    [surveyIds],
  );
}
