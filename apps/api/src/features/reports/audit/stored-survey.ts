// The auditor on a survey already in the database (the demo, the 50,000 scale profile): its
// released participants as the auditor knows them, asked through the survey's gate.
import type { Db } from '../../../lib/db.js';
import { BACKGROUND, BACKGROUND_KEYS, type BackgroundKey } from '../../../lib/questionnaire.js';
import { anonymityGate, setTest } from '../gate.js';
import { audit, type AuditResult, type Person } from './auditor.js';

/** `every`: ask only every n-th request (a large survey; see AuditInput.every). */
export async function auditStoredSurvey(
  db: Db,
  surveyId: string,
  threshold: number,
  every = 1,
): Promise<AuditResult & { people: number }> {
  const [survey] = await db.query<{ companyId: string }>(
    'SELECT company_id AS "companyId" FROM surveys WHERE id = $1',
    [surveyId],
  );
  if (!survey) throw new Error(`no survey ${surveyId}`);
  const gate = await anonymityGate(db, threshold).survey(surveyId, survey.companyId);
  const rows = await db.query<Record<BackgroundKey, string | null> & { units: string[] }>(
    `SELECT unit_ids::text[] AS units, ${BACKGROUND_KEYS.map(
      (key) => `${BACKGROUND[key].column} AS "${key}"`,
    ).join(', ')}
     FROM responses WHERE survey_id = $1 AND finished_at IS NOT NULL AND release <= $2`,
    [surveyId, gate.release],
  );
  const people: Person[] = rows.map(({ units, ...background }) => ({ units, background }));
  const units = await db.query<{ id: string; level: number }>(
    'SELECT id, index AS level FROM units WHERE company_id = $1',
    [survey.companyId],
  );
  // The questions somebody answered: the others hold one value (none) and split nothing.
  const questions = new Map(
    BACKGROUND_KEYS.filter((key) => people.some((p) => p.background[key] !== null)).map((key) => [
      key,
      BACKGROUND[key].values,
    ]),
  );
  const result = await audit({
    people,
    units,
    questions,
    threshold,
    every,
    ask: async (filters, groupBy) => {
      const test = setTest(filters);
      return { set: gate.verdict(test), groups: groupBy ? gate.breakdown(test, groupBy) : null };
    },
  });
  return { ...result, people: people.length };
}
