import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { dateMatches, likePattern, partialDatePattern } from '../../lib/search.js';
import type { OrderColumn, SurveySettings } from './schemas.js';

export interface SurveyRow {
  id: string;
  name: string;
  shortName: string;
  companyId: string;
  baseSurveyId: string | null;
  created: Date;
  invitesSent: Date | null;
  finished: Date | null;
  hasStarted: boolean;
  hasEnded: boolean;
  showOpenComments: Date | null;
  surveyEndMessage: string;
  settings: Partial<SurveySettings> | null;
  participantCount: number;
  finishedCount: number;
}

/** A survey row without the participant counts. */
export type SurveyHeadRow = Omit<SurveyRow, 'participantCount' | 'finishedCount'>;

/** A survey without its participant counts (SurveyHead). */
const SURVEY_HEAD = `s.id, s.name, s.short_name AS "shortName", s.company_id AS "companyId",
  s.base_survey_id AS "baseSurveyId", s.created_at AS "created", s.invites_sent_at AS "invitesSent",
  s.end_date AS "finished", s.invites_sent_at IS NOT NULL AS "hasStarted",
  coalesce(s.end_date <= now(), false) AS "hasEnded",
  s.show_open_comments_from AS "showOpenComments", s.end_message AS "surveyEndMessage", s.settings`;

const SURVEY = `${SURVEY_HEAD},
  (SELECT count(*) FROM participants p WHERE p.survey_id = s.id)::int AS "participantCount",
  (SELECT count(*) FROM participants p WHERE p.survey_id = s.id AND p.finished_at IS NOT NULL)::int
    AS "finishedCount"`;

/**
 * How long after its end a survey's participant counts may be kept: the trigger that marks them
 * stale (migration 027) sees a survey as ended by its writer's transaction start, so a write begun
 * before the end and committed after a count would otherwise go unnoticed.
 */
export const COUNTS_SETTLE = "interval '5 minutes'";

/** The kept count `key` of an ended survey, null when there is none (counted from the rows then). */
const kept = (key: 'participants' | 'finished') => `(SELECT (pc.counts->>'${key}')::int
  FROM survey_participant_counts pc
  WHERE pc.survey_id = s.id AND s.end_date <= now() - ${COUNTS_SETTLE})`;

/**
 * SURVEY with an ended survey's counts from survey_participant_counts when kept (coalesce runs the
 * counting subquery only when the kept value is null).
 */
const SURVEY_KEPT = `${SURVEY_HEAD},
  coalesce(${kept('participants')},
    (SELECT count(*) FROM participants p WHERE p.survey_id = s.id)::int) AS "participantCount",
  coalesce(${kept('finished')},
    (SELECT count(*) FROM participants p WHERE p.survey_id = s.id AND p.finished_at IS NOT NULL)::int)
    AS "finishedCount"`;

/** The survey columns, with kept counts (`stored`) or counted from the participants. */
const surveyColumns = (stored: boolean) => (stored ? SURVEY_KEPT : SURVEY);

/**
 * The company boundary as SQL over `s.company_id`, `$n` being the user id: Admin all companies,
 * PartnerAdmin the assigned ones, SuperUser and User their own.
 */
const inScope = (n: number) => `EXISTS (SELECT 1 FROM users u WHERE u.id = $${n} AND (
  u.role = 'Admin'
  OR (u.role = 'PartnerAdmin' AND EXISTS (SELECT 1 FROM user_companies uc
        WHERE uc.user_id = u.id AND uc.company_id = s.company_id))
  OR (u.role IN ('SuperUser', 'User') AND u.company_id = s.company_id)))`;

export async function canAccessCompany(
  db: Db,
  user: AuthUser,
  companyId: string,
): Promise<boolean> {
  if (user.role === 'Admin') return true;
  if (user.role === 'PartnerAdmin') {
    const rows = await db.query(
      'SELECT 1 FROM user_companies WHERE user_id = $1 AND company_id = $2',
      [user.id, companyId],
    );
    return rows.length > 0;
  }
  return user.companyId === companyId;
}

export async function findSurvey(
  db: Db,
  id: string,
  stored = false,
): Promise<SurveyRow | undefined> {
  const rows = await db.query<SurveyRow>(
    `SELECT ${surveyColumns(stored)} FROM surveys s WHERE s.id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * A survey without the participant counts, which cost two scans of its participants (25 to 40 ms
 * on 50,000): for reads that only need what the survey is (reports).
 */
export async function findSurveyHead(db: Db, id: string): Promise<SurveyHeadRow | undefined> {
  const rows = await db.query<SurveyHeadRow>(
    `SELECT ${SURVEY_HEAD} FROM surveys s WHERE s.id = $1`,
    [id],
  );
  return rows[0];
}

const ORDER_SQL: Record<OrderColumn, string> = {
  name: 'lower(s.name)',
  shortName: 'lower(s.short_name)',
  created: 's.created_at',
  invitesSent: 's.invites_sent_at',
  finished: 's.end_date',
};

export async function listSurveys(
  db: Db,
  user: AuthUser,
  options: {
    skip: number;
    take: number;
    query?: string;
    /** The searcher's time zone: a date typed in the search is a day there (default UTC). */
    timeZone?: string;
    order: OrderColumn;
    direction: 'ASC' | 'DESC';
  },
  stored = false,
): Promise<{ records: SurveyRow[]; totalRecords: number }> {
  const search = options.query ? likePattern(options.query) : null;
  // A search like `5.3.20` also finds the surveys created, invited or ended on such a day.
  const date = options.query ? partialDatePattern(options.query) : null;
  const dates = ['s.created_at', 's.invites_sent_at', 's.end_date']
    .map((column) => dateMatches(column, '$4', '$3'))
    .join(' OR ');
  const where = `${inScope(1)} AND ($2::text IS NULL OR s.name ILIKE $2 OR s.short_name ILIKE $2
    OR EXISTS (SELECT 1 FROM companies c WHERE c.id = s.company_id AND c.name ILIKE $2)
    OR ($3::text IS NOT NULL AND (${dates})))`;
  const params = [user.id, search, date, options.timeZone ?? 'UTC'];
  // Empty dates sort last in either direction; the id keeps pages stable.
  const [records, [count]] = await Promise.all([
    db.query<SurveyRow>(
      `SELECT ${surveyColumns(stored)} FROM surveys s WHERE ${where}
       ORDER BY ${ORDER_SQL[options.order]} ${options.direction} NULLS LAST, s.id
       OFFSET $5 LIMIT $6`,
      [...params, options.skip, options.take],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM surveys s WHERE ${where}`,
      params,
    ),
  ]);
  return { records, totalRecords: count?.total ?? 0 };
}

/** Surveys with an end date still ahead, soonest first. */
export async function endingSurveys(db: Db, user: AuthUser): Promise<SurveyRow[]> {
  return db.query<SurveyRow>(
    `SELECT ${SURVEY} FROM surveys s WHERE ${inScope(1)} AND s.end_date > now()
     ORDER BY s.end_date, s.id`,
    [user.id],
  );
}

/** The ended surveys of a company, latest end first. */
export async function endedSurveys(
  db: Db,
  companyId: string,
  stored = false,
): Promise<SurveyRow[]> {
  return db.query<SurveyRow>(
    `SELECT ${surveyColumns(stored)} FROM surveys s WHERE s.company_id = $1 AND s.end_date <= now()
     ORDER BY s.end_date DESC, s.created_at DESC, s.id`,
    [companyId],
  );
}

/** endedSurveys without the participant counts. */
export async function endedSurveyHeads(db: Db, companyId: string): Promise<SurveyHeadRow[]> {
  return db.query<SurveyHeadRow>(
    `SELECT ${SURVEY_HEAD} FROM surveys s WHERE s.company_id = $1 AND s.end_date <= now()
     ORDER BY s.end_date DESC, s.created_at DESC, s.id`,
    [companyId],
  );
}

/** A survey of the company that has not ended (no end date, or one still ahead). */
export async function openSurvey(db: Db, companyId: string): Promise<SurveyRow | undefined> {
  const rows = await db.query<SurveyRow>(
    `SELECT ${SURVEY} FROM surveys s
     WHERE s.company_id = $1 AND (s.end_date IS NULL OR s.end_date > now())
     ORDER BY s.created_at DESC LIMIT 1`,
    [companyId],
  );
  return rows[0];
}

export async function findCompany(
  db: Db,
  id: string,
  lock = false,
): Promise<{ id: string; name: string } | undefined> {
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM companies WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

export async function insertSurvey(
  db: Db,
  survey: {
    companyId: string;
    baseSurveyId: string | null;
    name: string;
    shortName: string;
    settings: SurveySettings;
  },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO surveys (company_id, base_survey_id, name, short_name, settings)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [survey.companyId, survey.baseSurveyId, survey.name, survey.shortName, survey.settings],
  );
  if (!row) throw new Error('survey not created');
  return row.id;
}

export async function updateSurvey(
  db: Db,
  id: string,
  changes: { surveyEndMessage: string; settings: SurveySettings | null },
): Promise<void> {
  await db.query('UPDATE surveys SET end_message = $2, settings = $3 WHERE id = $1', [
    id,
    changes.surveyEndMessage,
    changes.settings,
  ]);
}

export async function setEndDate(db: Db, id: string, endDate: Date | null): Promise<void> {
  await db.query('UPDATE surveys SET end_date = $2 WHERE id = $1', [id, endDate]);
}

export async function setShowOpenComments(db: Db, id: string, from: Date | null): Promise<void> {
  await db.query('UPDATE surveys SET show_open_comments_from = $2 WHERE id = $1', [id, from]);
}

export async function deleteSurvey(db: Db, id: string): Promise<void> {
  await db.query('UPDATE surveys SET base_survey_id = NULL WHERE base_survey_id = $1', [id]);
  await db.query('DELETE FROM participants WHERE survey_id = $1', [id]);
  await db.query('DELETE FROM surveys WHERE id = $1', [id]);
}

export interface ActivityRow {
  participants: number;
  invited: number;
  finished: number;
}

export async function responseActivity(db: Db, surveyId: string): Promise<ActivityRow> {
  const [row] = await db.query<ActivityRow>(
    `SELECT count(*)::int AS participants,
       count(*) FILTER (WHERE invited_at IS NOT NULL)::int AS invited,
       count(*) FILTER (WHERE finished_at IS NOT NULL)::int AS finished
     FROM participants WHERE survey_id = $1`,
    [surveyId],
  );
  return row ?? { participants: 0, invited: 0, finished: 0 };
}

/** A survey's participant counts, whole and per unit id: what survey_participant_counts keeps. */
export interface ParticipantCounts extends ActivityRow {
  units: { unitId: string; participants: number; invited: number; finished: number }[];
}

export interface KeptCounts {
  /** The row's stamp (null: no row); counts are kept only if it has not changed since. */
  stamp: number | null;
  counts: ParticipantCounts | null;
  /** Ended at least COUNTS_SETTLE ago: counts may be kept. */
  settled: boolean;
}

export async function keptCounts(db: Db, surveyId: string): Promise<KeptCounts> {
  const [row] = await db.query<KeptCounts>(
    `SELECT pc.stamp::float8 AS stamp, pc.counts,
       coalesce(s.end_date <= now() - ${COUNTS_SETTLE}, false) AS settled
     FROM surveys s LEFT JOIN survey_participant_counts pc ON pc.survey_id = s.id
     WHERE s.id = $1`,
    [surveyId],
  );
  return row ?? { stamp: null, counts: null, settled: false };
}

/** The counts from the participants, per unit id (every unit id a participant holds). */
export async function countParticipants(db: Db, surveyId: string): Promise<ParticipantCounts> {
  const [whole, units] = await Promise.all([
    responseActivity(db, surveyId),
    db.query<ParticipantCounts['units'][number]>(
      `SELECT unnest(unit_ids) AS "unitId", count(*)::int AS participants,
         count(invited_at)::int AS invited, count(finished_at)::int AS finished
       FROM participants WHERE survey_id = $1 GROUP BY 1`,
      [surveyId],
    ),
  ]);
  return { ...whole, units };
}

/**
 * Keeps the counts unless the participants changed since `stamp` was read (the trigger raised it,
 * or made the row): the counts were read after the stamp, so they are at least as new.
 */
export async function keepCounts(
  db: Db,
  surveyId: string,
  stamp: number | null,
  counts: ParticipantCounts,
): Promise<void> {
  if (stamp === null) {
    await db.query(
      `INSERT INTO survey_participant_counts (survey_id, counts) VALUES ($1, $2)
       ON CONFLICT (survey_id) DO NOTHING`,
      [surveyId, JSON.stringify(counts)],
    );
    return;
  }
  await db.query(
    'UPDATE survey_participant_counts SET counts = $3 WHERE survey_id = $1 AND stamp = $2',
    [surveyId, stamp, JSON.stringify(counts)],
  );
}

/** Kept or counted per-unit counts with each unit of the company (name and level read now). */
export function unitsOfCounts(
  db: Db,
  units: ParticipantCounts['units'],
  companyId: string,
): Promise<UnitActivityRow[]> {
  return db.query<UnitActivityRow>(
    `SELECT u.id AS "unitId", u.index, u.name, a.participants, a.invited, a.finished
     FROM jsonb_to_recordset($1::jsonb) AS a("unitId" uuid, participants int, invited int,
       finished int)
     JOIN units u ON u.id = a."unitId" AND u.company_id = $2`,
    [JSON.stringify(units), companyId],
  );
}

export interface UnitActivityRow extends ActivityRow {
  unitId: string;
  index: number;
  name: string;
}

/** The same counts per unit of the company that has participants in the survey (one scan). */
export function unitActivity(
  db: Db,
  surveyId: string,
  companyId: string,
): Promise<UnitActivityRow[]> {
  return db.query<UnitActivityRow>(
    `SELECT u.id AS "unitId", u.index, u.name, a.participants, a.invited, a.finished
     FROM (SELECT unnest(unit_ids) AS unit_id, count(*)::int AS participants,
             count(invited_at)::int AS invited, count(finished_at)::int AS finished
           FROM participants WHERE survey_id = $1 GROUP BY 1) a
     JOIN units u ON u.id = a.unit_id AND u.company_id = $2`,
    [surveyId, companyId],
  );
}
