// Demo surveys: Demo Oy has an old ended survey (settings null), an ended trend survey built on
// it and an open one; Esimerkki Rakennus Oy has one not yet started; Exempel Vård Ab has none,
// so a new survey can be created for it. A few participants each, no responses yet.
import type { Db } from '../lib/db.js';
import { DEMO_COMPANY } from './accounts.js';

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
  /** How many of the participants have finished. */
  participants: { invited: number; finished: number };
}

export function demoSurveys(now = new Date()): DemoSurvey[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
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
    },
    {
      id: 'de300000-0000-4000-8000-000000000303',
      companyId: DEMO_COMPANY.id,
      baseSurveyId: null,
      name: 'Pulssikysely',
      shortName: 'PULSSI',
      created: ago(10),
      invitesSent: ago(7),
      endDate: null,
      settings: { ...background, ...ai },
      participants: { invited: 5, finished: 2 },
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

/** Inside the demo seed's transaction; rows that exist already are left as they are. */
export async function seedDemoSurveys(db: Db): Promise<void> {
  for (const survey of demoSurveys()) {
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
    const count = Math.max(survey.participants.invited, 3);
    for (const [index, [first, last]] of PEOPLE.slice(0, count).entries()) {
      const invited = index < survey.participants.invited ? survey.invitesSent : null;
      const finished = index < survey.participants.finished ? survey.invitesSent : null;
      await db.query(
        `INSERT INTO participants (survey_id, email, first_name, last_name, language_code,
           invited_at, finished_at)
         VALUES ($1, $2, $3, $4, 'fi-FI', $5, $6) ON CONFLICT DO NOTHING`,
        [
          survey.id,
          `${first}.${last}@demo.test`.toLowerCase().replace(/ä/g, 'a'),
          first,
          last,
          invited,
          finished,
        ],
      );
    }
  }
}
