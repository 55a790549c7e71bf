import type { Db } from '../../lib/db.js';

export interface ParticipantRow {
  id: string;
  responderId: number;
  surveyId: string;
  companyId: string;
  companyName: string;
  companyDisplayName: string;
  firstName: string;
  lastName: string;
  email: string;
  pinCode: string | null;
  pinWrongTries: number;
  languageCode: string;
  reportLanguageCode: string | null;
  surveyContinueLink: string;
  unitIds: string[];
  invitedAt: Date | null;
  remindedAt: Date | null;
  finishedAt: Date | null;
  created: Date;
}

const PARTICIPANT = `p.id, p.responder_id AS "responderId", p.survey_id AS "surveyId",
  s.company_id AS "companyId", c.name AS "companyName",
  p.company_display_name AS "companyDisplayName", p.first_name AS "firstName",
  p.last_name AS "lastName", p.email, p.pin_code AS "pinCode",
  p.pin_wrong_tries AS "pinWrongTries", p.language_code AS "languageCode",
  p.report_language_code AS "reportLanguageCode", p.survey_continue_link AS "surveyContinueLink",
  p.unit_ids::text[] AS "unitIds", p.invited_at AS "invitedAt", p.reminded_at AS "remindedAt",
  p.finished_at AS "finishedAt", p.created_at AS created`;
const FROM = `FROM participants p JOIN surveys s ON s.id = p.survey_id
  JOIN companies c ON c.id = s.company_id`;

export async function findParticipant(db: Db, id: string): Promise<ParticipantRow | undefined> {
  const rows = await db.query<ParticipantRow>(`SELECT ${PARTICIPANT} ${FROM} WHERE p.id = $1`, [
    id,
  ]);
  return rows[0];
}

export async function findByResponder(
  db: Db,
  surveyId: string,
  responderId: number,
): Promise<ParticipantRow | undefined> {
  const rows = await db.query<ParticipantRow>(
    `SELECT ${PARTICIPANT} ${FROM} WHERE p.survey_id = $1 AND p.responder_id = $2`,
    [surveyId, responderId],
  );
  return rows[0];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listParticipants(
  db: Db,
  surveyId: string,
  options: { skip: number; take: number; query?: string },
): Promise<{ records: ParticipantRow[]; totalRecords: number }> {
  const search = options.query ? `%${escapeLike(options.query.toLowerCase())}%` : null;
  const where = `p.survey_id = $1 AND ($2::text IS NULL OR lower(p.email) LIKE $2
    OR lower(p.first_name || ' ' || p.last_name) LIKE $2)`;
  // The total rides along on each row (one pass instead of a second query); only a page past the
  // end, which has no rows to carry it, asks for it separately.
  const rows = await db.query<ParticipantRow & { total: number }>(
    `SELECT ${PARTICIPANT}, count(*) OVER ()::int AS total ${FROM} WHERE ${where}
     ORDER BY lower(p.last_name), lower(p.first_name), p.created_at, p.id
     OFFSET $3 LIMIT $4`,
    [surveyId, search, options.skip, options.take],
  );
  const records = rows.map(({ total: _total, ...row }) => row);
  if (rows[0]) return { records, totalRecords: rows[0].total };
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM participants p WHERE ${where}`,
    [surveyId, search],
  );
  return { records, totalRecords: count?.total ?? 0 };
}

export async function emailInSurvey(
  db: Db,
  surveyId: string,
  email: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM participants WHERE survey_id = $1 AND lower(email) = lower($2)
       AND ($3::uuid IS NULL OR id <> $3)`,
    [surveyId, email, exceptId ?? null],
  );
  return rows.length > 0;
}

/** How many of the ids are units of the company. */
/** How many of the ids are units of the company, and on how many distinct levels they sit. */
export async function countCompanyUnits(
  db: Db,
  companyId: string,
  unitIds: readonly string[],
): Promise<{ units: number; levels: number }> {
  const [row] = await db.query<{ units: number; levels: number }>(
    `SELECT count(*)::int AS units, count(DISTINCT index)::int AS levels
     FROM units WHERE company_id = $1 AND id = ANY($2::uuid[])`,
    [companyId, unitIds],
  );
  return row ?? { units: 0, levels: 0 };
}

export interface NewParticipant {
  surveyId: string;
  email: string;
  firstName: string;
  lastName: string;
  languageCode: string;
  pinCode: string;
  companyDisplayName: string;
  surveyContinueLink: string;
  unitIds: string[];
}

/** Inserts unless the email is already in the survey; undefined then. */
export async function insertParticipant(db: Db, p: NewParticipant): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO participants (survey_id, email, first_name, last_name, language_code, pin_code,
       company_display_name, survey_continue_link, unit_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::uuid[])
     ON CONFLICT (survey_id, lower(email)) DO NOTHING RETURNING id`,
    [
      p.surveyId,
      p.email,
      p.firstName,
      p.lastName,
      p.languageCode,
      p.pinCode,
      p.companyDisplayName,
      p.surveyContinueLink,
      p.unitIds,
    ],
  );
  return rows[0]?.id;
}

export async function updateParticipant(
  db: Db,
  id: string,
  p: Omit<NewParticipant, 'surveyId'>,
): Promise<void> {
  await db.query(
    // A new PIN starts with no wrong tries (a blocked invitation works again).
    `UPDATE participants SET email = $2, first_name = $3, last_name = $4, language_code = $5,
       pin_wrong_tries = CASE WHEN pin_code IS DISTINCT FROM $6 THEN 0 ELSE pin_wrong_tries END,
       pin_code = $6, company_display_name = $7, survey_continue_link = $8, unit_ids = $9::uuid[]
     WHERE id = $1`,
    [
      id,
      p.email,
      p.firstName,
      p.lastName,
      p.languageCode,
      p.pinCode,
      p.companyDisplayName,
      p.surveyContinueLink,
      p.unitIds,
    ],
  );
}

/**
 * Deletes a participant and their response unless it was released: a released response stays in
 * the reports as it was (docs/anonymity.md), no longer linked to anyone.
 */
export async function deleteParticipant(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM responses WHERE participant_id = $1 AND release IS NULL', [id]);
    await tx.query('DELETE FROM participants WHERE id = $1', [id]);
  });
}

/**
 * Returns a finished participation to open; false when it was not finished. Its answers stay for the
 * participant to continue from. A released response stays in the reports as it was (taking one
 * person out of released figures would show that person's answers as the difference,
 * docs/anonymity.md); one not yet released leaves them until the participant finishes again.
 */
export async function reopen(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      'UPDATE participants SET finished_at = NULL WHERE id = $1 AND finished_at IS NOT NULL RETURNING 1',
      [id],
    );
    await tx.query(
      'UPDATE responses SET finished_at = NULL WHERE participant_id = $1 AND release IS NULL',
      [id],
    );
    return rows.length > 0;
  });
}

export interface Claimed {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  languageCode: string;
  pinCode: string | null;
  pinWrongTries: number;
  surveyContinueLink: string;
  accessToken: string;
  claimedAt: Date;
}

const CLAIMED = `id, email, first_name AS "firstName", last_name AS "lastName",
  language_code AS "languageCode", pin_code AS "pinCode", pin_wrong_tries AS "pinWrongTries",
  survey_continue_link AS "surveyContinueLink", access_token AS "accessToken"`;

export type ClaimKind = 'invite' | 'remind' | 'single';

/**
 * Marks the participants a send goes to and returns them, in one statement: a concurrent call
 * waits on the row locks and then finds them claimed, so nobody is emailed twice.
 * invite: never invited; remind: invited, unfinished, not reminded in the last hour;
 * single: one participant not invited in the last minute (a double click sends once).
 */
export async function claim(
  tx: Db,
  kind: ClaimKind,
  id: string,
): Promise<{ rows: Claimed[]; at: Date }> {
  const [now] = await tx.query<{ at: Date }>('SELECT now() AS at');
  const at = now?.at ?? new Date();
  const sql = {
    invite: `UPDATE participants SET invited_at = $2
      WHERE survey_id = $1 AND invited_at IS NULL`,
    remind: `UPDATE participants SET reminded_at = $2
      WHERE survey_id = $1 AND invited_at IS NOT NULL AND finished_at IS NULL
        AND (reminded_at IS NULL OR reminded_at < $2::timestamptz - interval '1 hour')`,
    single: `UPDATE participants SET invited_at = $2
      WHERE id = $1 AND (invited_at IS NULL OR invited_at < $2::timestamptz - interval '1 minute')`,
  }[kind];
  const rows = await tx.query<Omit<Claimed, 'claimedAt'>>(`${sql} RETURNING ${CLAIMED}`, [id, at]);
  if (kind !== 'remind') {
    await tx.query(
      `UPDATE surveys SET invites_sent_at = $2
       WHERE id = (SELECT survey_id FROM participants WHERE id = ANY($1::uuid[]) LIMIT 1)
         AND invites_sent_at IS NULL`,
      [rows.map((row) => row.id), at],
    );
  }
  return { rows: rows.map((row) => ({ ...row, claimedAt: at })), at };
}

/** Gives back a claim whose mail failed, so a later call may try again. */
export async function release(db: Db, kind: ClaimKind, id: string, at: Date): Promise<void> {
  const column = kind === 'remind' ? 'reminded_at' : 'invited_at';
  await db.query(`UPDATE participants SET ${column} = NULL WHERE id = $1 AND ${column} = $2`, [
    id,
    at,
  ]);
}

/** Gives a participant a new PIN with no wrong tries (older rows had none; a blocked one). */
export async function renewPin(db: Db, id: string, pin: string): Promise<void> {
  await db.query('UPDATE participants SET pin_code = $2, pin_wrong_tries = 0 WHERE id = $1', [
    id,
    pin,
  ]);
}

export interface FinishedResponse {
  lindex: number;
  satisfaction: number;
  enps: number;
  important: number[];
  realizations: number[];
}

/** The answers of a finished participation; undefined when open, reopened or never answered. */
export async function finishedResponse(
  db: Db,
  participantId: string,
): Promise<FinishedResponse | undefined> {
  const rows = await db.query<FinishedResponse>(
    `SELECT r.lindex, r.satisfaction, r.enps, r.important::int[] AS important,
       r.realizations::int[] AS realizations
     FROM responses r JOIN participants p ON p.id = r.participant_id
     WHERE r.participant_id = $1 AND r.finished_at IS NOT NULL AND p.finished_at IS NOT NULL`,
    [participantId],
  );
  return rows[0];
}
