// Answers of a reopened participation that was finished again after its response was released wait
// in questionnaire_drafts (submitted_at set); the released response stays as it was. The reports'
// release step does not call applyPendingAnswers: replacing one released answer would show that
// person's change as the difference of two releases (docs/anonymity.md). It stays for an
// administrator's correction outside the reports' batches, and is tested on its own.
import type { Db } from '../../lib/db.js';
import { lindexOf } from './answers.js';
import * as q from './queries.js';
import type { Answers } from './schemas.js';

interface PendingRow {
  participantId: string;
  answers: Answers & { languageCode?: string };
  submittedAt: Date;
  unitIds: string[] | null;
}

/**
 * Moves the pending answers of a survey's finished participations into `responses` (answers,
 * comments, trend answers, the units they had when they finished, finished_at = when they
 * finished again) and deletes those drafts. Pass the caller's transaction to make it part of a
 * release. Returns the participations replaced.
 */
export async function applyPendingAnswers(db: Db, surveyId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const pending = await tx.query<PendingRow>(
      `SELECT d.participant_id AS "participantId", d.answers, d.submitted_at AS "submittedAt",
         d.unit_ids::text[] AS "unitIds"
       FROM questionnaire_drafts d JOIN participants p ON p.id = d.participant_id
       WHERE p.survey_id = $1 AND d.submitted_at IS NOT NULL AND p.finished_at IS NOT NULL
       ORDER BY d.participant_id
       FOR UPDATE OF d`,
      [surveyId],
    );
    for (const row of pending) {
      const { languageCode, ...answers } = row.answers;
      await q.writeResponse(tx, row.participantId, answers, {
        languageCode: languageCode ?? 'fi-FI',
        lindex: lindexOf(answers),
        finishedAt: row.submittedAt,
        unitIds: row.unitIds,
      });
      await q.deleteDraft(tx, row.participantId);
    }
    return pending.map((row) => row.participantId);
  });
}
