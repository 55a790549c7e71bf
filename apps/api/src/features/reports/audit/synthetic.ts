// Small random surveys for the anonymity auditor: a few units on two or three levels, two or three
// background questions, groups of 0 to 12 people, some without a unit or an answer, and open
// comments of a few kinds, some hidden. Seeded, so a failing seed can be replayed.
import type { Db } from '../../../lib/db.js';
import { BACKGROUND, type BackgroundKey } from '../../../lib/questionnaire.js';
import type { Person, Unit } from './auditor.js';

/** mulberry32: a small, well-mixed 32-bit generator. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const QUESTION_POOL: BackgroundKey[] = ['gender', 'age', 'contractType', 'position'];

/** The kinds of comment the synthetic people write: a type and a criterion. */
export interface CommentKind {
  type: 'positive' | 'negative' | 'neutral';
  criterion: number;
}

export const COMMENT_KINDS: readonly CommentKind[] = [
  { type: 'positive', criterion: 2 },
  { type: 'negative', criterion: 2 },
  { type: 'negative', criterion: 5 },
];

export interface SyntheticSurvey {
  companyId: string;
  surveyId: string;
  units: Unit[];
  parents: Map<string, string>;
  people: Person[];
  questions: Map<BackgroundKey, readonly string[]>;
  /** The kinds of comment written (every person's visible ones are in `people`). */
  commentKinds: readonly CommentKind[];
}

/** Creates a company, its units and an ended survey with the finished responses of `seed`. */
export async function syntheticSurvey(db: Db, seed: number): Promise<SyntheticSurvey> {
  const rand = random(seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

  const asked = [...QUESTION_POOL].sort(() => rand() - 0.5).slice(0, int(2, 3));
  const questions = new Map(asked.map((key) => [key, BACKGROUND[key].values]));
  const [company] = await db.query<{ id: string }>(
    `INSERT INTO companies (name, industry_id, size_id, settings) VALUES ($1, 'ict', '1-49', '{}')
     RETURNING id`,
    [`Synthetic ${seed}`],
  );
  const companyId = company?.id ?? '';
  const [survey] = await db.query<{ id: string }>(
    `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at, settings)
     VALUES ($1, $2, 'S', now() - interval '1 day', now() - interval '30 days', '{}') RETURNING id`,
    [companyId, `Survey ${seed}`],
  );
  const surveyId = survey?.id ?? '';

  // A unit tree: 2-3 units on level 1, each with 1-3 children, and with three levels 1-2 more.
  const levels = int(2, 3);
  const units: Unit[] = [];
  const parents = new Map<string, string>();
  const paths: string[][] = [];
  const addUnit = async (level: number, name: string) => {
    const [row] = await db.query<{ id: string }>(
      'INSERT INTO units (company_id, index, name) VALUES ($1, $2, $3) RETURNING id',
      [companyId, level, name],
    );
    const id = row?.id ?? '';
    units.push({ id, level });
    return id;
  };
  const grow = async (level: number, path: string[]): Promise<void> => {
    const count = level === 1 ? int(2, 3) : level === 2 ? int(1, 3) : int(1, 2);
    for (let i = 0; i < count; i += 1) {
      const id = await addUnit(level, `U${level}-${units.length}`);
      const parent = path.at(-1);
      if (parent) parents.set(id, parent);
      const next = [...path, id];
      // A group may stop above the lowest level: its people have no unit there.
      if (level < levels && rand() < 0.85) await grow(level + 1, next);
      else paths.push(next);
    }
  };
  await grow(1, []);
  // A few people with no unit at all.
  paths.push([]);

  const people: Person[] = [];
  for (const path of paths) {
    const size = path.length === 0 ? int(0, 3) : int(0, 12);
    for (let i = 0; i < size; i += 1) {
      const background: Partial<Record<BackgroundKey, string | null>> = {};
      for (const key of asked) {
        const values = BACKGROUND[key].values;
        // Skewed answers (the first values common, the last rare) and some who do not say.
        background[key] =
          rand() < 0.1
            ? null
            : (values[Math.min(int(0, values.length - 1), int(0, values.length - 1))] ?? null);
      }
      people.push({ units: path, background });
    }
  }
  await insertResponses(db, companyId, surveyId, people);
  const indexed = people.map((person, index) => ({ ...person, lIndex: syntheticLIndex(index) }));
  const commenters = await insertComments(db, surveyId, indexed, seed);
  return {
    companyId,
    surveyId,
    units,
    parents,
    people: commenters,
    questions,
    commentKinds: COMMENT_KINDS,
  };
}

/**
 * Comments of insertResponses' people: none, one or two each, of the COMMENT_KINDS, one in ten
 * hidden. Drawn from a generator of their own, so the people of a seed stay as they were.
 * Returns the people with their visible comments counted.
 */
async function insertComments(
  db: Db,
  surveyId: string,
  people: readonly Person[],
  seed: number,
): Promise<Person[]> {
  const rand = random(seed ^ 0x5eed);
  const rows: { i: number; kind: CommentKind; hidden: boolean }[] = [];
  const counted = people.map((person, index) => {
    let comments = 0;
    for (let k = 0; k < 2 && rand() < 0.5; k += 1) {
      const kind = COMMENT_KINDS[Math.floor(rand() * COMMENT_KINDS.length)] as CommentKind;
      const hidden = rand() < 0.1;
      // insertResponses numbers its people from 1 (WITH ORDINALITY).
      rows.push({ i: index + 1, kind, hidden });
      if (!hidden) comments += 1;
    }
    return { ...person, comments };
  });
  if (rows.length === 0) return counted;
  await db.query(
    `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code,
       hidden)
     SELECT $1, p.id, c.criterion, c.type, 'Comment ' || c.n, 'en', c.hidden
     FROM unnest($2::int[], $3::int[], $4::text[], $5::boolean[]) WITH ORDINALITY
       AS c(i, criterion, type, hidden, n)
     JOIN participants p ON p.survey_id = $1 AND p.email LIKE 'p' || c.i || '-%'`,
    [
      surveyId,
      rows.map((row) => row.i),
      rows.map((row) => row.kind.criterion),
      rows.map((row) => row.kind.type),
      rows.map((row) => row.hidden),
    ],
  );
  return counted;
}

/**
 * The L-index insertResponses gives the person at `index` (from 0): 40 + i % 50 for its ordinal i
 * from 1, so 41 to 89 and 40, in all three ranges of the comment reads.
 */
export const syntheticLIndex = (index: number) => 40 + ((index + 1) % 50);

/** Finished participations with the people's units and answers (other answers: fixed values). */
export async function insertResponses(
  db: Db,
  companyId: string,
  surveyId: string,
  people: readonly Person[],
): Promise<void> {
  if (people.length === 0) return;
  const column = (key: BackgroundKey) => people.map((p) => p.background[key] ?? null);
  await db.query(
    `WITH people AS (
       SELECT * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::text[]) WITH ORDINALITY
         AS t(units, age, gender, employment_duration, education, position, contract_type,
           working_hours, i)
     ), inserted AS (
       INSERT INTO participants (survey_id, email, unit_ids, finished_at)
       SELECT $2, 'p' || i || '-' || gen_random_uuid() || '@synthetic.test', units::uuid[], now()
       FROM people ORDER BY i
       RETURNING id, email, unit_ids
     )
     INSERT INTO responses (participant_id, survey_id, company_id, finished_at, unit_ids, age,
       gender, employment_duration, education, position, contract_type, working_hours, important,
       realizations, satisfaction, enps, change_job, lindex)
     SELECT inserted.id, $2, $1, now(), inserted.unit_ids, p.age, p.gender, p.employment_duration,
       p.education, p.position, p.contract_type, p.working_hours, '{2,3,4,5,6,7,8,9,10,11}',
       array_fill((40 + p.i % 50)::smallint, ARRAY[30]), 40 + p.i % 50, p.i % 11, p.i % 3 = 0,
       40 + p.i % 50 -- the L-index: syntheticLIndex
     FROM inserted JOIN people p ON inserted.email LIKE 'p' || p.i || '-%'`,
    [
      companyId,
      surveyId,
      people.map((p) => `{${p.units.join(',')}}`),
      column('age'),
      column('gender'),
      column('employmentDuration'),
      column('education'),
      column('position'),
      column('contractType'),
      column('workingHours'),
    ],
  );
}
