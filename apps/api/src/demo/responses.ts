// The demo's answers (survey-model.md "Demo data"): a deterministic, seeded generator of finished
// participations. Each person has a latent engagement that drives their realizations, overall
// satisfaction and eNPS, so the charts show structure; units differ on some criteria; the 10
// picks follow a popularity with noise; about 30% leave 1-3 comments in their own language.
// The same seed always gives the same rows (ids included): no Math.random, no clock.
import { createHash } from 'node:crypto';
import type { Db } from '../lib/db.js';
import { BACKGROUND_KEYS, BACKGROUND_SETTING, type BackgroundKey } from '../lib/questionnaire.js';
import {
  COMMENT_BANK,
  type CommentLanguage,
  type CommentSentences,
  type CommentType,
} from './comment-bank.js';

// ---------------------------------------------------------------------------------------------
// Randomness

/** sfc32: a small, fast PRNG with a 128-bit state; `seed` may be any string. */
export function createRandom(seed: string) {
  const hash = createHash('sha256').update(seed).digest();
  let a = hash.readUInt32LE(0);
  let b = hash.readUInt32LE(4);
  let c = hash.readUInt32LE(8);
  let d = hash.readUInt32LE(12);
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  let spare: number | null = null;
  const random = {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    /** Standard normal (Box-Muller). */
    normal(): number {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return value;
      }
      const u = Math.max(next(), 1e-12);
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    pick<T>(items: readonly T[]): T {
      return at(items, Math.floor(next() * items.length));
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return at(entries, entries.length - 1)[0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [at(out, j), at(out, i)];
      }
      return out;
    },
  };
  return random;
}
export type Random = ReturnType<typeof createRandom>;

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

/** A stable uuid (version 4 layout) for a key, so a seed gives the same ids on every machine. */
export function demoUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

// ---------------------------------------------------------------------------------------------
// The model

/** Criterion ids 2..31 (survey-model.md); realizations[i] is criterion i + 2. */
export const CRITERIA = Array.from({ length: 30 }, (_, i) => i + 2);
export const SOMETHING_ELSE = 99;

// Mean realization of each criterion for an average participant, and how strongly engagement
// moves it (1 = average). Indexed by criterion id - 2.
// prettier-ignore
const BASE = [
  74, 58, 70, 76, 68, 64, 55, 72, 61, 66, 57, 73, 56, 70, 59, 65, 60, 56, 75, 79,
  67, 69, 74, 58, 54, 71, 83, 71, 57, 72,
];
// prettier-ignore
const LOADING = [
  1.2, 0.6, 1.1, 1.0, 0.8, 1.0, 1.0, 0.5, 1.2, 1.0, 0.9, 0.9, 0.9, 0.6, 1.3, 1.1, 1.0, 1.1, 0.5, 0.4,
  1.1, 1.1, 0.7, 0.8, 1.0, 0.8, 0.3, 1.2, 1.2, 0.8,
];
// How often a criterion is picked among the 10 most important (relative weights).
// prettier-ignore
const POPULARITY = [
  9, 10, 8, 8, 10, 6, 5, 6, 6, 4, 4, 5, 7, 3, 4, 5, 3, 3, 5, 4,
  7, 4, 2, 2, 2, 1, 2, 5, 2, 2,
];

/** Realization offsets a unit or a survey gives some criteria (criterion id -> points). */
export type CriterionShift = Partial<Record<number, number>>;

export const AGES = ['<25', '25-34', '35-44', '45-54', '55+'] as const;
const BACKGROUND = {
  age: [
    ['<25', 8],
    ['25-34', 30],
    ['35-44', 29],
    ['45-54', 20],
    ['55+', 13],
  ],
  gender: [
    ['female', 44],
    ['male', 50],
    ['other', 2],
    ['undisclosed', 4],
  ],
  employmentDuration: [
    ['<1', 14],
    ['1-3', 27],
    ['3-5', 21],
    ['5-10', 20],
    ['10+', 18],
  ],
  education: [
    ['basic', 4],
    ['vocational', 18],
    ['bachelor', 42],
    ['master', 33],
    ['doctorate', 3],
  ],
  position: [
    ['employee', 40],
    ['expert', 38],
    ['supervisor', 12],
    ['manager', 8],
    ['executive', 2],
  ],
  contractType: [
    ['permanent', 90],
    ['fixed-term', 10],
  ],
  workingHours: [
    ['full-time', 86],
    ['part-time', 9],
    ['shift', 5],
  ],
} as const;
export type BackgroundQuestion = BackgroundKey;
export const BACKGROUND_QUESTIONS: readonly BackgroundQuestion[] = BACKGROUND_KEYS;
export { BACKGROUND_SETTING };

export interface DemoPerson {
  /** Stable key of the person; the same person answers several surveys of a company alike. */
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  language: CommentLanguage;
  /** One unit per level, level 1 first. */
  unitIds: string[];
}

export interface SurveyPlan {
  seed: string;
  surveyId: string;
  companyId: string;
  /** A trend survey: comment types read better / worse / important, plus trend_answers. */
  trend: boolean;
  people: readonly DemoPerson[];
  /** The first `invited` people are invited, and `finished` of those (chosen by seed) finished. */
  invited: number;
  finished: number;
  invitedAt: Date | null;
  /** Finish times fall between invitedAt and this. */
  lastFinish: Date;
  /** Background questions asked in this survey. */
  asked: readonly BackgroundQuestion[];
  unitShifts: Readonly<Record<string, CriterionShift>>;
  surveyShift: CriterionShift;
  /** The first `finished` people finish instead of a seeded choice among the invited. */
  finishInOrder?: boolean;
  /** Share of finished participants who leave comments (default 0.3). */
  commentRate?: number;
}

export interface ParticipantRow {
  id: string;
  survey_id: string;
  email: string;
  first_name: string;
  last_name: string;
  language_code: string;
  /** Five digits, as every participant gets when added. */
  pin_code: string;
  unit_ids: string[];
  invited_at: string | null;
  finished_at: string | null;
}

export interface ResponseRow {
  participant_id: string;
  survey_id: string;
  company_id: string;
  finished_at: string;
  unit_ids: string[];
  age: string | null;
  gender: string | null;
  employment_duration: string | null;
  education: string | null;
  position: string | null;
  contract_type: string | null;
  working_hours: string | null;
  important: number[];
  realizations: number[];
  satisfaction: number;
  enps: number;
  change_job: boolean;
  lindex: number;
  /** The release batch it is counted in (reports/release.ts); unset: waiting for one. */
  release?: number;
}

export interface CommentRow {
  id: string;
  survey_id: string;
  participant_id: string;
  criterion_id: number;
  type: CommentType;
  text: string;
  language_code: string;
  hidden: boolean;
  created_at: string;
}

export interface TrendAnswerRow {
  participant_id: string;
  criterion_id: number;
  change: 'better' | 'worse' | 'same';
}

export interface GeneratedSurvey {
  participants: ParticipantRow[];
  responses: ResponseRow[];
  comments: CommentRow[];
  trendAnswers: TrendAnswerRow[];
}

/** A person's lasting engagement (standard normal), the same in every survey of the seed. */
function personEngagement(seed: string, person: DemoPerson): number {
  return createRandom(`${seed}:person:${person.key}`).normal();
}

/** The 10 most important criteria: popularity with noise (Gumbel top-k), engagement-neutral. */
function pickImportant(random: Random): number[] {
  const keyed = CRITERIA.map((id) => ({
    id,
    key: Math.log(at(POPULARITY, id - 2)) - Math.log(-Math.log(Math.max(random.next(), 1e-12))),
  }));
  return keyed
    .sort((x, y) => y.key - x.key)
    .slice(0, 10)
    .map((entry) => entry.id);
}

function commentText(
  random: Random,
  language: CommentLanguage,
  criterionId: number,
  type: CommentType,
  trend: boolean,
): string {
  const bank = COMMENT_BANK[language];
  const own: CommentSentences | undefined = bank.criteria[criterionId];
  let sentences: readonly string[];
  if (trend && (!own || random.chance(0.55))) sentences = bank.trend[type];
  else if (own && random.chance(0.85)) sentences = own[type];
  else sentences = bank.generic[type];
  let text = random.pick(sentences);
  // Some people write a second thought; now and then someone forgets the full stop.
  if (random.chance(0.12)) text = `${text} ${random.pick(bank.tails)}`;
  else if (own && !trend && random.chance(0.1)) {
    const more = random.pick(own[type]);
    if (more !== text) text = `${text} ${more}`;
  }
  if (random.chance(0.08)) text = text.replace(/[.!]$/, '');
  return text;
}

/** All rows of one survey's participants, their answers, comments and trend answers. */
export function generateSurvey(plan: SurveyPlan): GeneratedSurvey {
  const random = createRandom(`${plan.seed}:survey:${plan.surveyId}`);
  const invited = Math.min(plan.invited, plan.people.length);
  const indexes = Array.from({ length: invited }, (_, i) => i);
  const finishedSet = new Set(
    (plan.finishInOrder ? indexes : random.shuffle(indexes)).slice(0, plan.finished),
  );
  const start = plan.invitedAt ?? plan.lastFinish;
  const span = Math.max(0, plan.lastFinish.getTime() - start.getTime());
  const out: GeneratedSurvey = { participants: [], responses: [], comments: [], trendAnswers: [] };

  for (const [index, person] of plan.people.entries()) {
    const participantId = demoUuid(`${plan.seed}:participant:${plan.surveyId}:${person.key}`);
    const isInvited = index < invited && plan.invitedAt !== null;
    // Most answer in the first days after the invitation, the rest after the reminders.
    const finishedAt = finishedSet.has(index)
      ? new Date(start.getTime() + Math.floor(span * random.next() ** 2.2))
      : null;
    out.participants.push({
      id: participantId,
      survey_id: plan.surveyId,
      email: person.email,
      first_name: person.firstName,
      last_name: person.lastName,
      language_code: person.language,
      pin_code: String(random.int(100_000)).padStart(5, '0'),
      unit_ids: person.unitIds,
      invited_at: isInvited ? start.toISOString() : null,
      finished_at: finishedAt ? finishedAt.toISOString() : null,
    });
    if (!finishedAt) continue;

    const engagement = 0.8 * personEngagement(plan.seed, person) + 0.6 * random.normal();
    const shifts = person.unitIds.map((id) => plan.unitShifts[id] ?? {});
    const realizations = CRITERIA.map((id) => {
      const shift =
        (plan.surveyShift[id] ?? 0) + shifts.reduce((sum, unit) => sum + (unit[id] ?? 0), 0);
      const value =
        at(BASE, id - 2) + shift + 13 * at(LOADING, id - 2) * engagement + 12 * random.normal();
      return Math.round(clamp(value, 0, 100));
    });
    const important = pickImportant(random);
    const lindex =
      Math.round(
        (important.reduce((sum, id) => sum + at(realizations, id - 2), 0) / important.length) * 10,
      ) / 10;
    const mean = realizations.reduce((sum, value) => sum + value, 0) / realizations.length;
    const satisfaction = Math.round(
      clamp(70 + 12 * engagement + 0.35 * (mean - 66) + 9 * random.normal(), 0, 100),
    );
    const enps = Math.round(clamp(7.7 + 1.5 * engagement + 1.1 * random.normal(), 0, 10));
    const changeJob = random.chance(1 / (1 + Math.exp(1.5 + 1.6 * engagement)));
    const background = Object.fromEntries(
      BACKGROUND_QUESTIONS.map((question) => [
        question,
        plan.asked.includes(question) ? random.weighted(BACKGROUND[question]) : null,
      ]),
    ) as Record<BackgroundQuestion, string | null>;

    out.responses.push({
      participant_id: participantId,
      survey_id: plan.surveyId,
      company_id: plan.companyId,
      finished_at: finishedAt.toISOString(),
      unit_ids: person.unitIds,
      age: background.age,
      gender: background.gender,
      employment_duration: background.employmentDuration,
      education: background.education,
      position: background.position,
      contract_type: background.contractType,
      working_hours: background.workingHours,
      important,
      realizations,
      satisfaction,
      enps,
      change_job: changeJob,
      lindex,
    });

    const changes = new Map<number, TrendAnswerRow['change']>();
    if (plan.trend) {
      for (const id of important) {
        const score = (plan.surveyShift[id] ?? 0) / 4 + 0.4 * engagement + random.normal();
        const change = score > 0.8 ? 'better' : score < -0.8 ? 'worse' : 'same';
        changes.set(id, change);
        out.trendAnswers.push({ participant_id: participantId, criterion_id: id, change });
      }
    }

    if (!random.chance(plan.commentRate ?? 0.3)) continue;
    const count = random.weighted([
      [1, 55],
      [2, 30],
      [3, 15],
    ] as const);
    const chosen = new Set<number>();
    for (let n = 0; n < count; n++) {
      const roll = random.next();
      const criterionId =
        roll < 0.75 ? random.pick(important) : roll < 0.87 ? random.pick(CRITERIA) : SOMETHING_ELSE;
      if (chosen.has(criterionId)) continue;
      chosen.add(criterionId);
      const rating =
        criterionId === SOMETHING_ELSE ? satisfaction : at(realizations, criterionId - 2);
      const change = changes.get(criterionId);
      const felt = rating + 12 * random.normal();
      const type: CommentType = change
        ? change === 'better'
          ? 'positive'
          : change === 'worse'
            ? 'negative'
            : 'neutral'
        : felt < 55
          ? 'negative'
          : felt > 76
            ? 'positive'
            : 'neutral';
      out.comments.push({
        id: demoUuid(`${participantId}:comment:${criterionId}`),
        survey_id: plan.surveyId,
        participant_id: participantId,
        criterion_id: criterionId,
        type,
        text: commentText(random, person.language, criterionId, type, plan.trend),
        language_code: person.language,
        // A few comments arrive already moderated, so the moderation screen has both kinds.
        hidden: random.chance(0.02),
        created_at: finishedAt.toISOString(),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// People

// prettier-ignore
const FIRST_NAMES: Record<CommentLanguage, readonly string[]> = {
  'fi-FI': [
    'Aino', 'Eino', 'Elias', 'Emma', 'Onni', 'Olivia', 'Väinö', 'Sofia', 'Leevi', 'Aada', 'Juho',
    'Venla', 'Mikko', 'Johanna', 'Jari', 'Tiina', 'Antti', 'Kaisa', 'Ville', 'Laura', 'Matti',
    'Riikka', 'Timo', 'Satu', 'Petri', 'Hanna', 'Janne', 'Minna', 'Sami', 'Heidi', 'Tuomas',
    'Noora', 'Pekka', 'Elina', 'Henri', 'Anu', 'Markku', 'Päivi', 'Ilkka', 'Sanna',
  ],
  sv: [
    'Anna', 'Erik', 'Maja', 'Lucas', 'Elsa', 'Oskar', 'Ebba', 'Axel', 'Linnea', 'Viktor',
    'Ida', 'Henrik', 'Sara', 'Johan', 'Frida', 'Mats', 'Karin', 'Niklas', 'Stina', 'Filip',
  ],
  'en-US': [
    'James', 'Olivia', 'Daniel', 'Grace', 'Michael', 'Chloe', 'David', 'Hannah', 'Ryan', 'Emily',
    'Thomas', 'Sophie', 'Priya', 'Arjun', 'Maria', 'Lucas', 'Mei', 'Ahmed', 'Laura', 'Kevin',
  ],
};
// prettier-ignore
const LAST_NAMES: Record<CommentLanguage, readonly string[]> = {
  'fi-FI': [
    'Virtanen', 'Laine', 'Koskinen', 'Järvinen', 'Lehtonen', 'Lehtinen', 'Saarinen', 'Salminen',
    'Hämäläinen', 'Hiltunen', 'Kinnunen', 'Salonen', 'Turunen', 'Jokinen', 'Rantanen', 'Karjalainen',
    'Laitinen', 'Tuominen', 'Savolainen', 'Manninen', 'Räsänen', 'Peltonen', 'Lindholm', 'Kettunen',
    'Ojala', 'Heino', 'Hirvonen', 'Leinonen', 'Kallio', 'Harju', 'Mattila', 'Väisänen', 'Pesonen',
    'Nurmi', 'Eskola', 'Seppälä', 'Honkanen', 'Aaltonen', 'Vainio', 'Rautio',
  ],
  sv: [
    'Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Holmström', 'Nyberg',
    'Wikström', 'Sundqvist', 'Björklund', 'Forsman', 'Ekholm', 'Lundberg', 'Strand', 'Granqvist',
  ],
  'en-US': [
    'Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Evans', 'Walker', 'Patel', 'Garcia', 'Chen',
    'Murphy', 'Clarke', 'Hughes', 'Kumar', 'Novak', 'Schmidt',
  ],
};

const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * `count` people of a company: names, unique emails at `domain`, language from `languages`
 * and one unit path from `unitPaths` (weighted).
 */
export function demoPeople(options: {
  seed: string;
  company: string;
  count: number;
  domain: string;
  languages: readonly (readonly [CommentLanguage, number])[];
  unitPaths: readonly (readonly [readonly string[], number])[];
}): DemoPerson[] {
  const random = createRandom(`${options.seed}:people:${options.company}`);
  const taken = new Set<string>();
  const people: DemoPerson[] = [];
  for (let i = 0; i < options.count; i++) {
    const language = random.weighted(options.languages);
    const firstName = random.pick(FIRST_NAMES[language]);
    const lastName = random.pick(LAST_NAMES[language]);
    const local = `${plain(firstName)}.${plain(lastName)}`;
    let email = `${local}@${options.domain}`;
    for (let n = 2; taken.has(email); n++) email = `${local}${n}@${options.domain}`;
    taken.add(email);
    people.push({
      key: `${options.company}:${i}`,
      firstName,
      lastName,
      email,
      language,
      unitIds: [...random.weighted(options.unitPaths)],
    });
  }
  return people;
}

// ---------------------------------------------------------------------------------------------
// Writing

const BATCH = 2000;

async function insertBatches<T>(
  db: Db,
  rows: readonly T[],
  sql: string,
  batch = BATCH,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    await db.query(sql, [JSON.stringify(rows.slice(i, i + batch))]);
  }
}

/**
 * Writes generated rows in a few multi-row statements (one JSON parameter per batch); rows that
 * exist already are left as they are. Call inside a transaction.
 */
export async function insertGenerated(db: Db, data: GeneratedSurvey): Promise<void> {
  await insertBatches(
    db,
    data.participants,
    // Added two days before the invitation (or the first finish): the dates read in their order.
    `INSERT INTO participants (id, survey_id, email, first_name, last_name, language_code,
       pin_code, unit_ids, invited_at, finished_at, created_at)
     SELECT id, survey_id, email, first_name, last_name, language_code, pin_code, unit_ids,
       invited_at, finished_at,
       coalesce(least(invited_at, finished_at), now()) - interval '2 days'
     FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, survey_id uuid, email text,
       first_name text, last_name text, language_code text, pin_code text, unit_ids uuid[],
       invited_at timestamptz, finished_at timestamptz)
     ON CONFLICT DO NOTHING`,
  );
  // Joined to participants: an answer is only written for a participant row of this seed.
  await insertBatches(
    db,
    data.responses,
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, unit_ids, age,
       gender, employment_duration, education, position, contract_type, working_hours,
       important, realizations, satisfaction, enps, change_job, lindex, release)
     SELECT t.participant_id, t.survey_id, t.company_id, t.finished_at, t.unit_ids, t.age,
       t.gender, t.employment_duration, t.education, t.position, t.contract_type,
       t.working_hours, t.important, t.realizations, t.satisfaction, t.enps, t.change_job,
       t.lindex, t.release
     FROM jsonb_to_recordset($1::jsonb) AS t(participant_id uuid, survey_id uuid,
       company_id uuid, finished_at timestamptz, unit_ids uuid[], age text, gender text,
       employment_duration text, education text, position text, contract_type text,
       working_hours text, important smallint[], realizations smallint[], satisfaction smallint,
       enps smallint, change_job boolean, lindex real, release int)
     JOIN participants p ON p.id = t.participant_id AND p.survey_id = t.survey_id
     ON CONFLICT DO NOTHING`,
  );
  await insertBatches(
    db,
    data.comments,
    `INSERT INTO comments (id, survey_id, participant_id, criterion_id, type, text,
       language_code, hidden, created_at)
     SELECT t.id, t.survey_id, t.participant_id, t.criterion_id, t.type, t.text,
       t.language_code, t.hidden, t.created_at
     FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, survey_id uuid, participant_id uuid,
       criterion_id smallint, type text, text text, language_code text, hidden boolean,
       created_at timestamptz)
     JOIN responses r ON r.participant_id = t.participant_id
     ON CONFLICT DO NOTHING`,
  );
  await insertBatches(
    db,
    data.trendAnswers,
    `INSERT INTO trend_answers (participant_id, criterion_id, change)
     SELECT t.participant_id, t.criterion_id, t.change
     FROM jsonb_to_recordset($1::jsonb) AS t(participant_id uuid, criterion_id smallint,
       change text)
     JOIN responses r ON r.participant_id = t.participant_id
     ON CONFLICT DO NOTHING`,
    BATCH * 5,
  );
}
