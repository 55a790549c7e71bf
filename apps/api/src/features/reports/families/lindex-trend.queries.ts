import type { Db } from '../../../lib/db.js';
import { surveyFigures } from '../survey-sums.js';

interface SurveyLindex {
  surveyId: string;
  n: number;
  lindex: number;
}

/** Finished participants and mean L-index per survey, from the rows. */
export function lindexBySurveyFromRows(
  db: Db,
  surveyIds: readonly string[],
): Promise<SurveyLindex[]> {
  return db.query(
    `SELECT r.survey_id AS "surveyId", count(*)::int AS n, avg(r.lindex)::float8 AS lindex
     FROM responses r
     WHERE r.finished_at IS NOT NULL AND r.release IS NOT NULL AND r.survey_id = ANY($1::uuid[])
     GROUP BY r.survey_id`,
    [surveyIds],
  );
}

/** The same from the surveys' kept sums (survey-sums.ts). */
export async function lindexBySurvey(
  db: Db,
  surveyIds: readonly string[],
): Promise<SurveyLindex[]> {
  const figures = await surveyFigures(db, surveyIds);
  return figures.map(({ surveyId, n, lindex }) => ({ surveyId, n, lindex }));
}
