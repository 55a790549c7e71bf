// Released snapshots of a survey's responses (docs/anonymity.md, "Open surveys"). A finished
// response counts in reports only once released; responses are released in batches of at least
// T, so no reading before and after one more person finishes isolates that person.
import type { Db } from '../../lib/db.js';

export interface ReleaseState {
  /** The newest release of the survey; 0 while nothing is released. */
  release: number;
}

interface Counts extends ReleaseState {
  pending: number;
}

// Two index look-ups (responses_survey_release_idx), not a count of every released response: this
// runs on every report read.
const COUNTS = `SELECT
    (SELECT coalesce(max(release), 0) FROM responses
      WHERE survey_id = $1 AND finished_at IS NOT NULL)::int AS release,
    (SELECT count(*) FROM responses
      WHERE survey_id = $1 AND finished_at IS NOT NULL AND release IS NULL)::int AS pending`;

/**
 * The survey's release, after releasing the finished responses that wait when there are at least
 * `threshold` of them. Concurrent readers release one batch: the survey row is locked while counting.
 */
export async function currentRelease(
  db: Db,
  surveyId: string,
  threshold: number,
): Promise<ReleaseState> {
  const [counts] = await db.query<Counts>(COUNTS, [surveyId]);
  if (!counts) throw new Error('release counts without a row');
  if (counts.pending < threshold) return { release: counts.release };
  const released = await releaseBatch(db, surveyId, threshold);
  // Marking a large batch leaves as many dead row versions as it released, and PGlite has no
  // autovacuum: every later report scanned twice the rows (the 50,000 profile's reports took up
  // to 2.3 times as long). Tidy up once, after the transaction.
  if (released.count >= VACUUM_AFTER) await db.exec('VACUUM ANALYZE responses');
  return { release: released.release };
}

/** Releases of at least this many responses vacuum and analyse the table afterwards. */
const VACUUM_AFTER = 1_000;

async function releaseBatch(
  db: Db,
  surveyId: string,
  threshold: number,
): Promise<ReleaseState & { count: number }> {
  return db.transaction(async (tx) => {
    // NO KEY UPDATE: readers still release one batch, but participants finishing meanwhile (their
    // responses' foreign key share-locks the survey row) are not held up by it.
    await tx.query('SELECT 1 FROM surveys WHERE id = $1 FOR NO KEY UPDATE', [surveyId]);
    const [now] = await tx.query<Counts>(COUNTS, [surveyId]);
    if (!now || now.pending < threshold) return { release: now?.release ?? 0, count: 0 };
    await tx.query(
      `UPDATE responses SET release = $2
       WHERE survey_id = $1 AND finished_at IS NOT NULL AND release IS NULL`,
      [surveyId, now.release + 1],
    );
    // Hidden comments of the batch kept while it waited (migration 028) take its release, so the
    // counts read them from their kept copy alone. Few rows: the survey's hidden comments whose
    // response was not released when they were hidden.
    await tx.query(
      `UPDATE hidden_comments h SET company_id = r.company_id, finished_at = r.finished_at,
         release = r.release, unit_ids = r.unit_ids, age = r.age, gender = r.gender,
         employment_duration = r.employment_duration, education = r.education,
         position = r.position, contract_type = r.contract_type,
         working_hours = r.working_hours, lindex = r.lindex
       FROM responses r
       WHERE h.survey_id = $1 AND h.release IS NULL AND r.participant_id = h.participant_id
         AND r.release IS NOT NULL`,
      [surveyId],
    );
    return { release: now.release + 1, count: now.pending };
  });
}

/** Releases the waiting batches of every survey (all-data sets read every survey's releases). */
export async function releaseAll(db: Db, threshold: number): Promise<void> {
  const due = await db.query<{ surveyId: string }>(
    `SELECT survey_id AS "surveyId" FROM responses
     WHERE finished_at IS NOT NULL AND release IS NULL
     GROUP BY survey_id HAVING count(*) >= $1`,
    [threshold],
  );
  for (const { surveyId } of due) await currentRelease(db, surveyId, threshold);
}
