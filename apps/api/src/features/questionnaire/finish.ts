// Finishing a participation in one SQL statement (one round trip to the database, atomic without an
// explicit transaction). Under load the questionnaire's cost is mostly the number of round trips
// (docs/questionnaire.md "Measured"); this was eleven: BEGIN, a locking read, a check, five writes,
// the draft, the mark, COMMIT.
import type { Db } from '../../lib/db.js';
import { BACKGROUND, BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import { realizationArray } from './answers.js';
import type { Answers } from './schemas.js';

const BACKGROUND_COLUMNS = BACKGROUND_KEYS.map((key) => BACKGROUND[key].column);

/** The columns of `responses` a participation's answers fill, after participant, survey, company. */
export const ANSWER_COLUMNS = [
  'finished_at',
  'unit_ids',
  'important',
  'realizations',
  'satisfaction',
  'enps',
  'change_job',
  'lindex',
  ...BACKGROUND_COLUMNS,
].join(', ');

/** The SET list of an upsert of `responses`: every answer column from `excluded`. */
export const ANSWER_UPDATE = ANSWER_COLUMNS.split(', ')
  .map((column) => `${column} = excluded.${column}`)
  .join(', ');

/** The answer parameters, in ANSWER_COLUMNS order after finished_at and unit_ids. */
export function answerParams(answers: Answers, lindex: number) {
  return [
    answers.important,
    realizationArray(answers),
    answers.satisfaction,
    answers.enps,
    answers.changeJob,
    lindex,
    ...BACKGROUND_KEYS.map((key) => answers.background[key] ?? null),
  ];
}

/** `$first::smallint[], $first+1::smallint[], …`: the placeholders of answerParams. */
export const answerPlaceholders = (first: number) =>
  [
    `$${first}::smallint[]`,
    `$${first + 1}::smallint[]`,
    ...Array.from({ length: 4 + BACKGROUND_COLUMNS.length }, (_, i) => `$${first + 2 + i}`),
  ].join(', ');

/** Comments worth keeping (a finished comment says something), as unnest() arrays. */
export function commentArrays(answers: Answers) {
  const comments = answers.comments.filter((c) => c.text.trim() !== '');
  return [
    comments.map((c) => String(c.criterionId)),
    comments.map((c) => c.type),
    comments.map((c) => c.text.trim()),
  ];
}

export const trendArrays = (answers: Answers) => [
  answers.trend.map((t) => String(t.criterionId)),
  answers.trend.map((t) => t.change),
];

/** Participation `p` of survey `s` can be answered: invited, started, not ended, not finished. */
export const OPEN = `p.finished_at IS NULL AND p.invited_at IS NOT NULL
  AND s.invites_sent_at IS NOT NULL AND NOT coalesce(s.end_date <= now(), false)`;

// $1 participant, $2 the answers as a pending draft (json), $3 language, $4..$6 the comments,
// $7..$8 the trend answers, $9.. the answer columns (answerParams).
const FINISH = `WITH
  p AS (
    SELECT p.id, p.survey_id, s.company_id, p.unit_ids
    FROM participants p JOIN surveys s ON s.id = p.survey_id
    WHERE p.id = $1 AND ${OPEN}
    FOR UPDATE OF p
  ),
  response AS (
    INSERT INTO responses (participant_id, survey_id, company_id, ${ANSWER_COLUMNS})
    SELECT id, survey_id, company_id, now(), unit_ids, ${answerPlaceholders(9)}
    FROM p
    ON CONFLICT (participant_id) DO UPDATE SET ${ANSWER_UPDATE}
      -- A released response is final in the reports (docs/anonymity.md): the answers wait below.
      WHERE responses.release IS NULL
    RETURNING participant_id, survey_id
  ),
  old_comments AS (
    DELETE FROM comments WHERE participant_id IN (SELECT participant_id FROM response)
  ),
  new_comments AS (
    INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code)
    SELECT r.survey_id, r.participant_id, c.criterion_id, c.type, c.text, $3
    FROM response r, unnest($4::smallint[], $5::text[], $6::text[]) AS c(criterion_id, type, text)
  ),
  old_trend AS (
    DELETE FROM trend_answers WHERE participant_id IN (SELECT participant_id FROM response)
  ),
  new_trend AS (
    INSERT INTO trend_answers (participant_id, criterion_id, change)
    SELECT r.participant_id, t.criterion_id, t.change
    FROM response r, unnest($7::smallint[], $8::text[]) AS t(criterion_id, change)
  ),
  draft_done AS (
    DELETE FROM questionnaire_drafts WHERE participant_id IN (SELECT participant_id FROM response)
  ),
  pending AS (
    INSERT INTO questionnaire_drafts (participant_id, answers, submitted_at, unit_ids)
    SELECT id, $2, now(), unit_ids FROM p WHERE NOT EXISTS (SELECT 1 FROM response)
    ON CONFLICT (participant_id) DO UPDATE
      SET answers = excluded.answers, updated_at = now(), submitted_at = now(),
          unit_ids = excluded.unit_ids
  ),
  finished AS (UPDATE participants SET finished_at = now() WHERE id IN (SELECT id FROM p))
SELECT (SELECT count(*) FROM p)::int AS open, (SELECT count(*) FROM response)::int AS written`;

/**
 * Finishes an open participation: its response with the participant's units now, comments, trend
 * answers and L-index, the draft deleted, finished. A participation whose earlier response is
 * already released (reopened) keeps it; the answers wait as a submitted draft (pending.ts).
 * Undefined when the participation was no longer open (finished, or the survey ended, meanwhile).
 */
export async function finishParticipation(
  db: Db,
  participantId: string,
  answers: Answers,
  languageCode: string,
  lindex: number,
): Promise<'written' | 'pending' | undefined> {
  const [row] = await db.query<{ open: number; written: number }>(
    FINISH,
    [
      participantId,
      { ...answers, languageCode },
      languageCode,
      ...commentArrays(answers),
      ...trendArrays(answers),
      ...answerParams(answers, lindex),
    ],
    { prepared: true },
  );
  if (!row || row.open === 0) return undefined;
  return row.written > 0 ? 'written' : 'pending';
}
