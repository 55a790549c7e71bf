import { seedDemo } from '../../../demo/seed.js';
import { describeEachDb } from '../../../test/harness.js';
import { auditStoredSurvey } from './stored-survey.js';

const T = 5;

describeEachDb('anonymity auditor on the demo data', (ctx) => {
  it('finds no derivable group under the threshold in any demo survey with answers', async () => {
    await seedDemo(ctx().db, 'DemoPass2026');
    const surveys = await ctx().db.query<{ id: string; name: string }>(
      `SELECT id, name FROM surveys s
       WHERE EXISTS (SELECT 1 FROM responses r WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL)`,
    );
    expect(surveys.length).toBeGreaterThanOrEqual(3);
    for (const survey of surveys) {
      const result = await auditStoredSurvey(ctx().db, survey.id, T);
      expect({
        survey: survey.name,
        leaks: result.leaks.length,
        miscounts: result.miscounts,
        complete: result.complete,
      }).toEqual({ survey: survey.name, leaks: 0, miscounts: [], complete: true });
      // The survey, its units and their breakdowns were shown: the audit looked at real figures.
      expect(result.distinct).toBeGreaterThan(20);
    }
  }, 120_000);
});
