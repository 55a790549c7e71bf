import type { Db } from '../../lib/db.js';
import { BACKGROUND, BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import { realizationArray } from './answers.js';
import type { Answers } from './schemas.js';

/** A participation found by its token, with what the questionnaire needs of its survey and company. */
export interface ParticipationRow {
  id: string;
  surveyId: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  languageCode: string;
  companyDisplayName: string;
  companyName: string;
  surveyName: string;
  endMessage: string;
  baseSurveyId: string | null;
  baseSurveyName: string | null;
  surveySettings: Record<string, unknown> | null;
  companySettings: unknown;
  invited: boolean;
  finished: boolean;
  started: boolean;
  ended: boolean;
}

const PARTICIPATION = `p.id, p.survey_id AS "surveyId", s.company_id AS "companyId", p.email,
  p.first_name AS "firstName", p.last_name AS "lastName", p.language_code AS "languageCode",
  p.company_display_name AS "companyDisplayName", c.name AS "companyName",
  s.name AS "surveyName", s.end_message AS "endMessage", s.base_survey_id AS "baseSurveyId",
  b.name AS "baseSurveyName", s.settings AS "surveySettings", c.settings AS "companySettings",
  p.invited_at IS NOT NULL AS invited, p.finished_at IS NOT NULL AS finished,
  s.invites_sent_at IS NOT NULL AS started, coalesce(s.end_date <= now(), false) AS ended`;
const FROM = `FROM participants p JOIN surveys s ON s.id = p.survey_id
  JOIN companies c ON c.id = s.company_id LEFT JOIN surveys b ON b.id = s.base_survey_id`;

/** The participation of a token; `lock` holds its row until the transaction ends (finishing). */
export async function findByToken(
  db: Db,
  token: string,
  lock = false,
): Promise<ParticipationRow | undefined> {
  const rows = await db.query<ParticipationRow>(
    `SELECT ${PARTICIPATION} ${FROM} WHERE p.access_token = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [token],
  );
  return rows[0];
}

/** The token of a survey's participant, by email and PIN (the short code typed on another device). */
export async function tokenByPin(
  db: Db,
  surveyId: string,
  email: string,
  pin: string,
): Promise<string | undefined> {
  const rows = await db.query<{ token: string }>(
    `SELECT access_token AS token FROM participants
     WHERE survey_id = $1 AND lower(email) = lower($2) AND pin_code = $3`,
    [surveyId, email, pin],
  );
  return rows[0]?.token;
}

export interface DraftRow {
  answers: Answers;
  updatedAt: Date;
  languageCode: string | null;
}

export async function findDraft(db: Db, participantId: string): Promise<DraftRow | undefined> {
  const rows = await db.query<{ answers: Answers & { languageCode?: string }; updatedAt: Date }>(
    `SELECT answers, updated_at AS "updatedAt" FROM questionnaire_drafts WHERE participant_id = $1`,
    [participantId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { languageCode, ...answers } = row.answers;
  return { answers, updatedAt: row.updatedAt, languageCode: languageCode ?? null };
}

/**
 * Saves a draft while the participation is open; undefined when it was finished meanwhile.
 * Saving takes back a pending submission (the participation was reopened again).
 */
export async function saveDraft(
  db: Db,
  participantId: string,
  answers: Answers,
  languageCode: string | undefined,
): Promise<Date | undefined> {
  const rows = await db.query<{ updatedAt: Date }>(
    `INSERT INTO questionnaire_drafts (participant_id, answers)
     SELECT id, $2 FROM participants WHERE id = $1 AND finished_at IS NULL
     ON CONFLICT (participant_id) DO UPDATE
       SET answers = excluded.answers, updated_at = now(), submitted_at = NULL, unit_ids = NULL
     RETURNING updated_at AS "updatedAt"`,
    [participantId, { ...answers, ...(languageCode ? { languageCode } : {}) }],
  );
  return rows[0]?.updatedAt;
}

/** Keeps finished answers as a pending submission (see 013_questionnaire.sql). */
export async function submitDraft(
  tx: Db,
  participantId: string,
  answers: Answers,
  languageCode: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO questionnaire_drafts (participant_id, answers, submitted_at, unit_ids)
     SELECT id, $2, now(), unit_ids FROM participants WHERE id = $1
     ON CONFLICT (participant_id) DO UPDATE
       SET answers = excluded.answers, updated_at = now(), submitted_at = now(),
           unit_ids = excluded.unit_ids`,
    [participantId, { ...answers, languageCode }],
  );
}

/** Whether the participation's response is in a released batch of the reports (release.ts). */
export async function hasReleasedResponse(tx: Db, participantId: string): Promise<boolean> {
  const rows = await tx.query(
    'SELECT 1 FROM responses WHERE participant_id = $1 AND release IS NOT NULL',
    [participantId],
  );
  return rows.length > 0;
}

/** The stored response as answers: what a reopened participation continues from. */
export async function responseAnswers(db: Db, participantId: string): Promise<Answers | undefined> {
  const columns = BACKGROUND_KEYS.map((key) => `${BACKGROUND[key].column} AS "${key}"`).join(', ');
  const [row] = await db.query<
    Record<string, string | null> & {
      important: number[];
      realizations: number[];
      satisfaction: number;
      enps: number;
      changeJob: boolean;
    }
  >(
    `SELECT ${columns}, important::int[] AS important, realizations::int[] AS realizations,
       satisfaction, enps, change_job AS "changeJob"
     FROM responses WHERE participant_id = $1`,
    [participantId],
  );
  if (!row) return undefined;
  const comments = await db.query<Answers['comments'][number]>(
    `SELECT criterion_id AS "criterionId", type, text FROM comments
     WHERE participant_id = $1 ORDER BY criterion_id, type, created_at`,
    [participantId],
  );
  const trend = await db.query<Answers['trend'][number]>(
    `SELECT criterion_id AS "criterionId", change FROM trend_answers
     WHERE participant_id = $1 ORDER BY criterion_id`,
    [participantId],
  );
  const background: Record<string, string> = {};
  for (const key of BACKGROUND_KEYS) {
    const value = row[key];
    if (typeof value === 'string') background[key] = value;
  }
  return {
    background,
    important: row.important,
    realizations: row.realizations.map((value, i) => ({ criterionId: i + 2, value })),
    satisfaction: row.satisfaction,
    enps: row.enps,
    changeJob: row.changeJob,
    comments,
    trend,
  };
}

/**
 * Writes a participation's answers into `responses`, `comments` and `trend_answers`, replacing
 * what was there (the caller holds the transaction). `unitIds` null takes the participant's units now.
 */
export async function writeResponse(
  tx: Db,
  participantId: string,
  answers: Answers,
  options: {
    languageCode: string;
    lindex: number;
    finishedAt: Date | null;
    unitIds: string[] | null;
  },
): Promise<void> {
  const columns = BACKGROUND_KEYS.map((key) => BACKGROUND[key].column);
  const values = BACKGROUND_KEYS.map((key) => answers.background[key] ?? null);
  const backgroundParams = columns.map((_, i) => `$${i + 10}`).join(', ');
  await tx.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, unit_ids,
       important, realizations, satisfaction, enps, change_job, lindex, ${columns.join(', ')})
     SELECT p.id, p.survey_id, s.company_id, coalesce($2, now()), coalesce($3::uuid[], p.unit_ids),
       $4::smallint[], $5::smallint[], $6, $7, $8, $9, ${backgroundParams}
     FROM participants p JOIN surveys s ON s.id = p.survey_id WHERE p.id = $1
     ON CONFLICT (participant_id) DO UPDATE SET
       finished_at = excluded.finished_at, unit_ids = excluded.unit_ids,
       important = excluded.important, realizations = excluded.realizations,
       satisfaction = excluded.satisfaction, enps = excluded.enps,
       change_job = excluded.change_job, lindex = excluded.lindex,
       ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    [
      participantId,
      options.finishedAt,
      options.unitIds,
      answers.important,
      realizationArray(answers),
      answers.satisfaction,
      answers.enps,
      answers.changeJob,
      options.lindex,
      ...values,
    ],
  );
  await tx.query('DELETE FROM comments WHERE participant_id = $1', [participantId]);
  const comments = answers.comments.filter((c) => c.text.trim() !== '');
  if (comments.length > 0) {
    await tx.query(
      `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code)
       SELECT p.survey_id, p.id, c.criterion_id, c.type, c.text, $5
       FROM participants p,
         unnest($2::smallint[], $3::text[], $4::text[]) AS c(criterion_id, type, text)
       WHERE p.id = $1`,
      [
        participantId,
        comments.map((c) => String(c.criterionId)),
        comments.map((c) => c.type),
        comments.map((c) => c.text.trim()),
        options.languageCode,
      ],
    );
  }
  await tx.query('DELETE FROM trend_answers WHERE participant_id = $1', [participantId]);
  if (answers.trend.length > 0) {
    await tx.query(
      `INSERT INTO trend_answers (participant_id, criterion_id, change)
       SELECT $1, t.criterion_id, t.change FROM unnest($2::smallint[], $3::text[]) AS t(criterion_id, change)`,
      [
        participantId,
        answers.trend.map((t) => String(t.criterionId)),
        answers.trend.map((t) => t.change),
      ],
    );
  }
}

export async function markFinished(tx: Db, participantId: string): Promise<void> {
  await tx.query('UPDATE participants SET finished_at = now() WHERE id = $1', [participantId]);
}

export async function deleteDraft(tx: Db, participantId: string): Promise<void> {
  await tx.query('DELETE FROM questionnaire_drafts WHERE participant_id = $1', [participantId]);
}
