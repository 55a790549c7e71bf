import type { Db } from '../../lib/db.js';
import { BACKGROUND, BACKGROUND_KEYS, PIN_MAX_WRONG_TRIES } from '../../lib/questionnaire.js';
import {
  ANSWER_COLUMNS,
  ANSWER_UPDATE,
  OPEN,
  answerParams,
  answerPlaceholders,
  commentArrays,
  trendArrays,
} from './finish.js';
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

/** The participation of a token. */
export async function findByToken(db: Db, token: string): Promise<ParticipationRow | undefined> {
  const rows = await db.query<ParticipationRow>(
    `SELECT ${PARTICIPATION} ${FROM} WHERE p.access_token = $1`,
    [token],
    { prepared: true },
  );
  return rows[0];
}

/**
 * The token of a survey's participant, by email and PIN (the short code typed on another device),
 * counting the try against that invitation in the same statement: a right PIN sets the count back
 * to 0, a wrong one adds one. Once the count reached PIN_MAX_WRONG_TRIES even the right PIN finds
 * nothing, until the PIN changes (participants/queries.ts sets the count back to 0 then).
 */
export async function tokenByPin(
  db: Db,
  surveyId: string,
  email: string,
  pin: string,
): Promise<string | undefined> {
  const rows = await db.query<{ token: string | null }>(
    `UPDATE participants
        SET pin_wrong_tries = CASE WHEN pin_code = $3 AND pin_wrong_tries < $4 THEN 0
                                   ELSE LEAST(pin_wrong_tries + 1, $4) END
      WHERE survey_id = $1 AND lower(email) = lower($2)
  RETURNING CASE WHEN pin_wrong_tries = 0 AND pin_code = $3 THEN access_token END AS token`,
    [surveyId, email, pin, PIN_MAX_WRONG_TRIES],
  );
  return rows[0]?.token ?? undefined;
}

/** A participation with its draft, in one round trip: what opening the questionnaire reads. */
export async function findWithDraft(
  db: Db,
  token: string,
): Promise<(ParticipationRow & { draft: DraftRow | undefined; hasResponse: boolean }) | undefined> {
  const rows = await db.query<
    ParticipationRow & {
      draftAnswers: (Answers & { languageCode?: string }) | null;
      draftUpdatedAt: Date | null;
      hasResponse: boolean;
    }
  >(
    `SELECT ${PARTICIPATION}, d.answers AS "draftAnswers", d.updated_at AS "draftUpdatedAt",
       EXISTS (SELECT 1 FROM responses r WHERE r.participant_id = p.id) AS "hasResponse"
     ${FROM} LEFT JOIN questionnaire_drafts d ON d.participant_id = p.id
     WHERE p.access_token = $1`,
    [token],
    { prepared: true },
  );
  const found = rows[0];
  if (!found) return undefined;
  const { draftAnswers, draftUpdatedAt, ...row } = found;
  if (!draftAnswers || !draftUpdatedAt) return { ...row, draft: undefined };
  const { languageCode, ...answers } = draftAnswers;
  return {
    ...row,
    draft: { answers, updatedAt: draftUpdatedAt, languageCode: languageCode ?? null },
  };
}

export interface DraftRow {
  answers: Answers;
  updatedAt: Date;
  languageCode: string | null;
}

/**
 * Saves a draft while the participation is open; undefined when it is not (finished, or the survey
 * ended, meanwhile).
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
     SELECT p.id, $2 FROM participants p JOIN surveys s ON s.id = p.survey_id
     WHERE p.id = $1 AND ${OPEN}
     ON CONFLICT (participant_id) DO UPDATE
       SET answers = excluded.answers, updated_at = now(), submitted_at = NULL, unit_ids = NULL
     RETURNING updated_at AS "updatedAt"`,
    [participantId, { ...answers, ...(languageCode ? { languageCode } : {}) }],
    { prepared: true },
  );
  return rows[0]?.updatedAt;
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
  await tx.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, ${ANSWER_COLUMNS})
     SELECT p.id, p.survey_id, s.company_id, coalesce($2, now()), coalesce($3::uuid[], p.unit_ids),
       ${answerPlaceholders(4)}
     FROM participants p JOIN surveys s ON s.id = p.survey_id WHERE p.id = $1
     ON CONFLICT (participant_id) DO UPDATE SET ${ANSWER_UPDATE}`,
    [participantId, options.finishedAt, options.unitIds, ...answerParams(answers, options.lindex)],
  );
  await tx.query('DELETE FROM comments WHERE participant_id = $1', [participantId]);
  await tx.query(
    `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code)
     SELECT p.survey_id, p.id, c.criterion_id, c.type, c.text, $5
     FROM participants p,
       unnest($2::smallint[], $3::text[], $4::text[]) AS c(criterion_id, type, text)
     WHERE p.id = $1`,
    [participantId, ...commentArrays(answers), options.languageCode],
  );
  await tx.query('DELETE FROM trend_answers WHERE participant_id = $1', [participantId]);
  await tx.query(
    `INSERT INTO trend_answers (participant_id, criterion_id, change)
     SELECT $1, t.criterion_id, t.change FROM unnest($2::smallint[], $3::text[]) AS t(criterion_id, change)`,
    [participantId, ...trendArrays(answers)],
  );
}

export async function deleteDraft(tx: Db, participantId: string): Promise<void> {
  await tx.query('DELETE FROM questionnaire_drafts WHERE participant_id = $1', [participantId]);
}
