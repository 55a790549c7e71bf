import { backends, openTestDb, type TestDb } from '../test/harness.js';
import { COMMENT_BANK, type CommentLanguage } from './comment-bank.js';
import { DEMO_UNITS } from './companies.js';
import { demoPeople, generateSurvey, type SurveyPlan } from './responses.js';
import { seedDemo } from './seed.js';
import { demoSurveys } from './surveys.js';

const plan = (seed: string): SurveyPlan => ({
  seed,
  surveyId: '00000000-0000-4000-8000-0000000000aa',
  companyId: '00000000-0000-4000-8000-0000000000bb',
  trend: false,
  people: demoPeople({
    seed,
    company: 'c',
    count: 200,
    domain: 'x.test',
    languages: [
      ['fi-FI', 1],
      ['sv', 1],
      ['en-US', 1],
    ],
    unitPaths: [[['u1'], 1]],
  }),
  invited: 200,
  finished: 150,
  invitedAt: new Date('2025-01-01T00:00:00Z'),
  lastFinish: new Date('2025-02-01T00:00:00Z'),
  asked: ['age'],
  unitShifts: {},
  surveyShift: {},
});

describe('demo response generator', () => {
  it('gives the same rows for the same seed and other rows for another seed', () => {
    const once = generateSurvey(plan('a'));
    expect(generateSurvey(plan('a'))).toEqual(once);
    expect(once.responses).toHaveLength(150);
    expect(once.participants).toHaveLength(200);
    const other = generateSurvey(plan('b'));
    expect(other.responses.map((row) => row.realizations)).not.toEqual(
      once.responses.map((row) => row.realizations),
    );
  });

  it('answers only the background questions that were asked', () => {
    const { responses } = generateSurvey(plan('a'));
    expect(responses.every((row) => row.age !== null && row.gender === null)).toBe(true);
    expect(responses.every((row) => row.working_hours === null)).toBe(true);
  });
});

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function correlation(xs: number[], ys: number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i] ?? 0;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

for (const backend of backends()) {
  describe(`demo responses [${backend}]`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await openTestDb(backend);
      await seedDemo(test.db, 'DemoPass2026');
    });
    afterAll(() => test.close());

    interface Response {
      surveyId: string;
      unitIds: string[];
      important: number[];
      realizations: number[];
      satisfaction: number;
      enps: number;
      lindex: number;
      workingHours: string | null;
      age: string | null;
    }
    const responses = () =>
      test.db.query<Response>(
        `SELECT survey_id AS "surveyId", unit_ids::text[] AS "unitIds", important, realizations,
           satisfaction, enps, lindex, working_hours AS "workingHours", age
         FROM responses`,
      );

    it('gives about 1,500 participants; every finished one has answers, nobody else', async () => {
      const [counts] = await test.db.query<{
        participants: number;
        finished: number;
        responses: number;
        orphans: number;
      }>(
        `SELECT (SELECT count(*) FROM participants)::int AS participants,
           (SELECT count(*) FROM participants WHERE finished_at IS NOT NULL)::int AS finished,
           (SELECT count(*) FROM responses)::int AS responses,
           (SELECT count(*) FROM responses r JOIN participants p ON p.id = r.participant_id
             WHERE p.finished_at IS NULL OR r.finished_at IS NULL)::int AS orphans`,
      );
      expect(counts?.participants).toBeGreaterThan(1400);
      expect(counts?.participants).toBeLessThan(1600);
      expect(counts?.responses).toBe(counts?.finished);
      expect(counts?.orphans).toBe(0);
      const perSurvey = await test.db.query<{ id: string; finished: number; all: number }>(
        `SELECT s.id, count(p.finished_at)::int AS finished, count(p.id)::int AS all
         FROM surveys s LEFT JOIN participants p ON p.survey_id = s.id GROUP BY s.id`,
      );
      const [hk24, hk25, pulse, notStarted] = demoSurveys().map((survey) =>
        perSurvey.find((row) => row.id === survey.id),
      );
      for (const ended of [hk24, hk25]) {
        expect((ended?.finished ?? 0) / (ended?.all ?? 1)).toBeGreaterThan(0.8);
      }
      expect(pulse?.finished).toBeGreaterThan(50);
      expect(pulse?.finished).toBeLessThan((pulse?.all ?? 0) / 2);
      expect(notStarted?.all).toBeGreaterThan(100);
      expect(notStarted?.finished).toBe(0);
    });

    it('keeps every answer in range with 10 distinct picks and the L-index of the picks', async () => {
      const rows = await responses();
      for (const row of rows) {
        expect(row.realizations).toHaveLength(30);
        expect(row.realizations.every((value) => value >= 0 && value <= 100)).toBe(true);
        expect(new Set(row.important).size).toBe(10);
        expect(row.important.every((id) => id >= 2 && id <= 31)).toBe(true);
        expect(row.enps).toBeGreaterThanOrEqual(0);
        expect(row.enps).toBeLessThanOrEqual(10);
        const picked = mean(row.important.map((id) => row.realizations[id - 2] ?? NaN));
        expect(row.lindex).toBeCloseTo(picked, 0);
      }
      const lindex = mean(rows.map((row) => row.lindex));
      expect(lindex).toBeGreaterThan(40);
      expect(lindex).toBeLessThan(85);
    });

    it('has structure: engagement ties satisfaction, eNPS and L-index; units differ', async () => {
      const rows = await responses();
      const lindex = rows.map((row) => row.lindex);
      expect(
        correlation(
          lindex,
          rows.map((row) => row.satisfaction),
        ),
      ).toBeGreaterThan(0.4);
      expect(
        correlation(
          lindex,
          rows.map((row) => row.enps),
        ),
      ).toBeGreaterThan(0.4);
      // Pay and benefits (3) is picked far more often than cooperation between units (25).
      const picks = (id: number) => rows.filter((row) => row.important.includes(id)).length;
      expect(picks(3)).toBeGreaterThan(3 * picks(27));
      // Team Borealis rates its supervisors (criterion 4) well below Team Aurora.
      const supervisor = (unit: string) =>
        mean(
          rows.filter((row) => row.unitIds.includes(unit)).map((row) => row.realizations[2] ?? 0),
        );
      const aurora = DEMO_UNITS.find((unit) => unit.name === 'Team Aurora')?.id ?? '';
      const borealis = DEMO_UNITS.find((unit) => unit.name === 'Team Borealis')?.id ?? '';
      expect(supervisor(aurora) - supervisor(borealis)).toBeGreaterThan(8);
    });

    it('asks background questions only when the survey asks them', async () => {
      const rows = await responses();
      const [, hk25] = demoSurveys();
      const trend = rows.filter((row) => row.surveyId === hk25?.id);
      expect(trend.length).toBeGreaterThan(0);
      expect(trend.every((row) => row.workingHours === null && row.age !== null)).toBe(true);
    });

    it('leaves comments from about 30% in the participant’s own language', async () => {
      const comments = await test.db.query<{
        text: string;
        language: string;
        participantLanguage: string;
        participantId: string;
      }>(
        `SELECT c.text, c.language_code AS language, p.language_code AS "participantLanguage",
           c.participant_id AS "participantId"
         FROM comments c JOIN participants p ON p.id = c.participant_id`,
      );
      const [finished] = await test.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM responses',
      );
      const commenters = new Set(comments.map((row) => row.participantId)).size;
      expect(commenters / (finished?.count ?? 1)).toBeGreaterThan(0.22);
      expect(commenters / (finished?.count ?? 1)).toBeLessThan(0.38);
      const sentences = (language: CommentLanguage) => {
        const bank = COMMENT_BANK[language];
        return [
          ...Object.values(bank.criteria).flatMap((types) => Object.values(types ?? {}).flat()),
          ...Object.values(bank.generic).flat(),
          ...Object.values(bank.trend).flat(),
        ].map((text) => text.replace(/[.!]$/, ''));
      };
      for (const row of comments) {
        expect(row.language).toBe(row.participantLanguage);
        const own = sentences(row.language as CommentLanguage);
        expect(own.some((sentence) => row.text.startsWith(sentence))).toBe(true);
      }
      expect(new Set(comments.map((row) => row.language))).toEqual(
        new Set(['fi-FI', 'sv', 'en-US']),
      );
    });

    it('gives the trend survey trend answers for each pick and the others none', async () => {
      const rows = await test.db.query<{ trend: boolean; answers: number; responses: number }>(
        `SELECT s.base_survey_id IS NOT NULL AS trend, count(t.*)::int AS answers,
           count(DISTINCT r.participant_id)::int AS responses
         FROM responses r JOIN surveys s ON s.id = r.survey_id
         LEFT JOIN trend_answers t ON t.participant_id = r.participant_id
         GROUP BY 1 ORDER BY 1`,
      );
      expect(rows).toHaveLength(2);
      const [plain, trend] = rows;
      expect(plain?.answers).toBe(0);
      expect(trend?.answers).toBe((trend?.responses ?? 0) * 10);
    });
  });
}
