// Builds the anonymity gates of ended surveys in the background once the API listens (runtime.ts
// does not wait for it). A gate's first build (its partitions and their exact check,
// shown-partitions.ts) runs in a worker thread (partition-thread.ts), so other requests are
// answered meanwhile; a read of a survey whose gate is not built yet waits for that one gate (the
// gate keeps one promise per release, gate.ts), not for the others. Surveys larger than WARM_LIMIT build on
// first read, so a start is not held up by them. A gate whose choice is kept in the database
// (gate-choices.ts) skips the checks: a restart rebuilds only the cells.
import type { Db } from '../../lib/db.js';
import type { Logger } from '../../lib/logger.js';
import { anonymityGate } from './gate.js';

const WARM_LIMIT = 5_000;
/** The gate keeps 64 partitions; warming fewer leaves room for the surveys read first. */
const WARM_SURVEYS = 32;

export async function warmGates(
  db: Db,
  threshold: number,
  logger: Logger,
  signal?: AbortSignal,
): Promise<number> {
  const surveys = await db.query<{ id: string; companyId: string }>(
    `SELECT s.id, s.company_id AS "companyId" FROM surveys s
     WHERE s.end_date < now()
       AND (SELECT count(*) FROM responses r
            WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL) BETWEEN 1 AND $1
     ORDER BY s.end_date DESC LIMIT $2`,
    [WARM_LIMIT, WARM_SURVEYS],
  );
  const gates = anonymityGate(db, threshold);
  let warmed = 0;
  for (const survey of surveys) {
    if (signal?.aborted) break;
    warmed += 1;
    try {
      await gates.survey(survey.id, survey.companyId);
    } catch (error) {
      if (!signal?.aborted)
        logger.warn({ err: error, surveyId: survey.id }, 'anonymity gate not prebuilt');
    }
  }
  return warmed;
}
