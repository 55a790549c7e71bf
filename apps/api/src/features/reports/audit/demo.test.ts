import { seedDemo } from '../../../demo/seed.js';
import { describeEachDb } from '../../../test/harness.js';
import { auditStoredSurvey } from './stored-survey.js';
import { usefulness } from './usefulness.js';

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

  it('keeps showing units and most background groups, the whole survey and within units', async () => {
    await seedDemo(ctx().db, 'DemoPass2026');
    const surveys = await ctx().db.query<{ id: string; name: string }>(
      `SELECT s.id, s.name FROM surveys s
       WHERE (SELECT count(*) FROM responses r
              WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL) >= 400`,
    );
    expect(surveys.length).toBeGreaterThanOrEqual(2);
    for (const survey of surveys) {
      const kinds = await usefulness(ctx().db, survey.id, T);
      const share = (kind: keyof typeof kinds) => kinds[kind].shown / kinds[kind].large;
      // A unit's own report and "women across the company" are what readers open most; a unit
      // by gender comes next (docs/anonymity.md, "What it costs": a single partition showed 15 %).
      expect({ survey: survey.name, units: share('units') >= 0.85 }).toEqual({
        survey: survey.name,
        units: true,
      });
      expect(share('wholeSurveyBackground')).toBeGreaterThanOrEqual(0.8);
      expect(share('backgroundWithinUnits')).toBeGreaterThanOrEqual(0.45);
    }
  }, 120_000);
});
