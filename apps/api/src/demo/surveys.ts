// Demo surveys: Demo Oy has an old ended survey (settings null), an ended trend survey built on
// it and an open one ending in three weeks; Esimerkki Rakennus Oy has one not yet started; Exempel Vård Ab has none,
// so a new survey can be created for it. Each survey has a few named participants and a crowd
// of generated ones (about 1,500 in all) whose answers come from ./responses.ts.
import type { Db } from '../lib/db.js';
import { DEMO_COMPANY } from './accounts.js';
import { DEMO_OTHER_COMPANIES, DEMO_RAKENNUS_UNITS, DEMO_UNITS } from './companies.js';
import {
  BACKGROUND_QUESTIONS,
  BACKGROUND_SETTING,
  demoPeople,
  generateSurvey,
  insertGenerated,
  type CriterionShift,
  type DemoPerson,
} from './responses.js';

const DAY = 24 * 60 * 60_000;
const RAKENNUS = 'de300000-0000-4000-8000-000000000002';

const background = {
  showBackgroundAge: true,
  showBackgroundGender: true,
  showBackgroundEmploymentDuration: true,
  showBackgroundEducation: true,
  showBackgroundPosition: true,
  showBackgroundContractType: true,
  showBackgroundWorkingHours: false,
};
const ai = {
  showAskKiddyManager: true,
  showAskKiddyUser: false,
  showAgenticAskKiddy: false,
  shouldUseVectorSearchAskKiddy: false,
  showAiSummarizationManager: true,
  showAiSummarizationUser: false,
  showAiTranslationManager: false,
  showAiTranslationUser: false,
};

interface DemoSurvey {
  id: string;
  companyId: string;
  baseSurveyId: string | null;
  name: string;
  shortName: string;
  created: Date;
  invitesSent: Date | null;
  endDate: Date | null;
  settings: object | null;
  /** How many of the named participants were invited and have finished. */
  participants: { invited: number; finished: number };
  /** The generated crowd: which of the company's people (from, to) take part, how many finished. */
  crowd: { from: number; to: number; finished: number };
  /** Realization points this survey gives some criteria (the trend survey's changes). */
  shift: CriterionShift;
}

/** The seed of the default demo; the same seed always gives the same rows. */
export const DEMO_SEED = 'survey-console-demo-1';

export function demoSurveys(now = new Date()): DemoSurvey[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const ahead = (days: number) => ago(-days);
  return [
    {
      id: 'de300000-0000-4000-8000-000000000301',
      companyId: DEMO_COMPANY.id,
      baseSurveyId: null,
      name: 'Henkilöstökysely 2024',
      shortName: 'HK24',
      created: new Date('2024-09-02T08:00:00Z'),
      invitesSent: new Date('2024-09-09T07:00:00Z'),
      endDate: new Date('2024-10-31T00:00:00Z'),
      settings: null,
      participants: { invited: 6, finished: 5 },
      crowd: { from: 0, to: 514, finished: 455 },
      shift: {},
    },
    {
      id: 'de300000-0000-4000-8000-000000000302',
      companyId: DEMO_COMPANY.id,
      baseSurveyId: 'de300000-0000-4000-8000-000000000301',
      name: 'Henkilöstökysely 2025',
      shortName: 'HK25',
      created: new Date('2025-09-01T08:00:00Z'),
      invitesSent: new Date('2025-09-08T07:00:00Z'),
      endDate: new Date('2025-10-31T00:00:00Z'),
      settings: { ...background, ...ai },
      participants: { invited: 6, finished: 4 },
      crowd: { from: 20, to: 554, finished: 470 },
      // The year after: information flow and team spirit got better, workload and pay worse.
      shift: { 12: 7, 5: 4, 11: 3, 14: -5, 3: -3 },
    },
    {
      id: 'de300000-0000-4000-8000-000000000303',
      companyId: DEMO_COMPANY.id,
      baseSurveyId: null,
      name: 'Pulssikysely',
      shortName: 'PULSSI',
      created: ago(10),
      invitesSent: ago(7),
      // Three weeks left: the admin dashboard's ending-surveys table has a row on a fresh demo.
      endDate: ahead(21),
      settings: { ...background, ...ai },
      participants: { invited: 5, finished: 2 },
      crowd: { from: 100, to: 295, finished: 90 },
      shift: { 12: 8, 14: -6 },
    },
    {
      id: 'de300000-0000-4000-8000-000000000304',
      companyId: RAKENNUS,
      baseSurveyId: null,
      name: 'Työhyvinvointikysely',
      shortName: 'THK',
      created: ago(2),
      invitesSent: null,
      endDate: null,
      settings: { ...background, ...ai },
      participants: { invited: 0, finished: 0 },
      crowd: { from: 0, to: 200, finished: 0 },
      shift: {},
    },
  ];
}

const PEOPLE = [
  ['Aada', 'Aalto'],
  ['Eino', 'Heikkinen'],
  ['Helmi', 'Korhonen'],
  ['Oliver', 'Lindqvist'],
  ['Sofia', 'Mäkinen'],
  ['Leo', 'Nieminen'],
] as const;

const [D, S, PLATFORM, MOBILE, KEY_ACCOUNTS, AURORA, BOREALIS, CIRRUS] = DEMO_UNITS.map(
  (unit) => unit.id,
) as [string, string, string, string, string, string, string, string];
const [TALO, INFRA, PKS, PIRKANMAA, KALASATAMA, HERVANTA] = DEMO_RAKENNUS_UNITS.map(
  (unit) => unit.id,
) as [string, string, string, string, string, string];

/** Where people work (level 1, 2, 3) and how the units differ on some criteria. */
const COMPANY_PEOPLE = {
  [DEMO_COMPANY.id]: {
    count: 560,
    domain: 'demo.test',
    languages: [
      ['fi-FI', 70],
      ['sv', 15],
      ['en-US', 15],
    ],
    unitPaths: [
      [[D, PLATFORM, AURORA], 24],
      [[D, PLATFORM, BOREALIS], 20],
      [[D, MOBILE, CIRRUS], 20],
      [[D, MOBILE], 9],
      [[S, KEY_ACCOUNTS], 17],
      [[S], 10],
    ],
    unitShifts: {
      [S]: { 3: 6, 24: 8, 6: -6, 13: -4 },
      [PLATFORM]: { 13: 6, 15: 5 },
      [MOBILE]: { 14: -9, 12: -6, 6: -4 },
      [AURORA]: { 5: 8, 29: 7, 4: 5 },
      [BOREALIS]: { 4: -10, 18: -8, 10: -5 },
      [CIRRUS]: { 7: 5, 20: 5 },
      [KEY_ACCOUNTS]: { 10: 5, 8: 4 },
    },
  },
  [DEMO_OTHER_COMPANIES[0].id]: {
    count: 200,
    domain: 'rakennus.demo.test',
    languages: [
      ['fi-FI', 85],
      ['sv', 5],
      ['en-US', 10],
    ],
    unitPaths: [
      [[TALO, PKS, KALASATAMA], 40],
      [[TALO, PIRKANMAA, HERVANTA], 30],
      [[INFRA, PKS], 15],
      [[INFRA, PIRKANMAA], 15],
    ],
    unitShifts: {},
  },
} as const satisfies Record<string, unknown>;

type PeopleOptions = Parameters<typeof demoPeople>[0];

function companyPeople(companyId: string): {
  people: DemoPerson[];
  unitShifts: Record<string, CriterionShift>;
} {
  const setup = COMPANY_PEOPLE[companyId];
  if (!setup) return { people: [], unitShifts: {} };
  return {
    people: demoPeople({
      seed: DEMO_SEED,
      company: companyId,
      count: setup.count,
      domain: setup.domain,
      languages: setup.languages as PeopleOptions['languages'],
      unitPaths: setup.unitPaths as PeopleOptions['unitPaths'],
    }),
    unitShifts: setup.unitShifts,
  };
}

/** The named participants of the first demo version, kept so links and searches still work. */
function namedPeople(survey: DemoSurvey): DemoPerson[] {
  const count = Math.max(survey.participants.invited, 3);
  return PEOPLE.slice(0, count).map(([first, last]) => ({
    key: `named:${first}.${last}`,
    firstName: first,
    lastName: last,
    email: `${first}.${last}@demo.test`.toLowerCase().replace(/ä/g, 'a'),
    language: 'fi-FI',
    unitIds: [],
  }));
}

/** A background question is asked when neither the company nor the survey turned it off. */
function askedQuestions(survey: DemoSurvey, companySettings: Record<string, unknown>) {
  const settings = (survey.settings ?? {}) as Record<string, unknown>;
  return BACKGROUND_QUESTIONS.filter(
    (question) =>
      companySettings[BACKGROUND_SETTING[question]] !== false &&
      settings[BACKGROUND_SETTING[question]] !== false,
  );
}

/** Inside the demo seed's transaction; rows that exist already are left as they are. */
export async function seedDemoSurveys(db: Db, now = new Date()): Promise<void> {
  for (const survey of demoSurveys(now)) {
    await db.query(
      `INSERT INTO surveys (id, company_id, base_survey_id, name, short_name, created_at,
         invites_sent_at, end_date, settings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [
        survey.id,
        survey.companyId,
        survey.baseSurveyId,
        survey.name,
        survey.shortName,
        survey.created,
        survey.invitesSent,
        survey.endDate,
        survey.settings,
      ],
    );
    const [company] = await db.query<{ settings: Record<string, unknown> | null }>(
      'SELECT settings FROM companies WHERE id = $1',
      [survey.companyId],
    );
    const { people, unitShifts } = companyPeople(survey.companyId);
    const crowd = people.slice(survey.crowd.from, survey.crowd.to);
    const named = namedPeople(survey);
    const lastFinish = survey.endDate && survey.endDate < now ? survey.endDate : now;
    const common = {
      seed: DEMO_SEED,
      surveyId: survey.id,
      companyId: survey.companyId,
      trend: survey.baseSurveyId !== null,
      invitedAt: survey.invitesSent,
      lastFinish,
      asked: askedQuestions(survey, company?.settings ?? {}),
      unitShifts,
      surveyShift: survey.shift,
    };
    // The named ones first (their finished states are fixed), then the crowd.
    const first = generateSurvey({
      ...common,
      people: named,
      invited: survey.participants.invited,
      finished: survey.participants.finished,
      finishInOrder: true,
    });
    const rest = generateSurvey({
      ...common,
      people: crowd,
      invited: survey.invitesSent ? crowd.length : 0,
      finished: survey.crowd.finished,
    });
    await insertGenerated(db, {
      participants: [...first.participants, ...rest.participants],
      responses: [...first.responses, ...rest.responses],
      comments: [...first.comments, ...rest.comments],
      trendAnswers: [...first.trendAnswers, ...rest.trendAnswers],
    });
  }
}
