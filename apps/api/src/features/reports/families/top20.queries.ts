import type { Db } from '../../../lib/db.js';
import { FIGURES, keepSurveySums } from '../survey-sums.js';

export interface SurveyIndices {
  surveyId: string;
  surveyName: string;
  companyName: string;
  endDate: Date;
  n: number;
  enps: number;
  sindex: number;
  lindex: number;
}

/** eNPS, S-index and L-index of every ended survey (the admin dashboard rankings), from the rows. */
export function surveyIndicesFromRows(db: Db, threshold: number): Promise<SurveyIndices[]> {
  return db.query<SurveyIndices>(
    `SELECT s.id AS "surveyId", s.name AS "surveyName", c.name AS "companyName",
       s.end_date AS "endDate", count(*)::int AS n,
       (100.0 * count(*) FILTER (WHERE r.enps >= 9) / count(*)
         - 100.0 * count(*) FILTER (WHERE r.enps <= 6) / count(*))::float8 AS enps,
       avg(r.satisfaction)::float8 AS sindex, avg(r.lindex)::float8 AS lindex
     FROM responses r JOIN surveys s ON s.id = r.survey_id JOIN companies c ON c.id = s.company_id
     WHERE r.finished_at IS NOT NULL AND r.release IS NOT NULL AND s.end_date <= now()
     GROUP BY s.id, s.name, c.name, s.end_date
     HAVING count(*) >= $1`,
    [threshold],
  );
}

/**
 * The same from each survey's kept sums (survey-sums.ts): the ended surveys are chosen once, their
 * sums brought up to their newest release, and the figures read for exactly those surveys.
 */
export async function surveyIndices(db: Db, threshold: number): Promise<SurveyIndices[]> {
  const ended = await db.query<{ id: string }>('SELECT id FROM surveys WHERE end_date <= now()');
  const ids = ended.map((row) => row.id);
  await keepSurveySums(db, ids);
  return db.query<SurveyIndices>(
    `SELECT s.id AS "surveyId", s.name AS "surveyName", c.name AS "companyName",
       s.end_date AS "endDate", ${FIGURES}
     FROM report_survey_sums k JOIN surveys s ON s.id = k.survey_id
       JOIN companies c ON c.id = s.company_id
     WHERE k.survey_id = ANY($1::uuid[]) AND k.n > 0 AND k.n >= $2`,
    [ids, threshold],
  );
}
