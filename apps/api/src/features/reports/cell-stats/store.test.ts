import type { AuthUser } from '../../../lib/auth.js';
import { describeEachDb } from '../../../test/harness.js';
import { syntheticSurvey } from '../audit/synthetic.js';
import type { ReportQuery } from '../schemas.js';
import { reportsService } from '../service.js';
import { boundedCellStatsStore, cellStatsStore } from './index.js';
import { batchStats } from './build.js';
import { releaseBatches } from './store.js';

const admin: AuthUser = {
  id: '00000000-0000-0000-0000-000000000000',
  role: 'Admin',
  companyId: null,
  tokenVersion: 0,
};

describeEachDb('kept cell statistics', (ctx) => {
  it('reads back the statistics it kept, block for block and bit for bit', async () => {
    const { db } = ctx();
    const survey = await syntheticSurvey(db, 7);
    // A report read releases the finished answers as batch 1.
    await reportsService(db, 5).enps(admin, {
      sets: [{ surveyId: survey.surveyId, filters: {} }],
    } as ReportQuery);
    const made = await batchStats(db, survey.surveyId, 1);
    const [read] = await releaseBatches(db, survey.surveyId, 1);
    const [row] = await db.query<{ kept: number }>(
      'SELECT count(*)::int AS kept FROM report_cell_stats WHERE survey_id = $1',
      [survey.surveyId],
    );
    expect(row?.kept).toBe(1);
    expect(made.sums.length).toBeGreaterThan(0);
    expect(read?.blocks).toEqual(made.blocks);
    expect(read?.sums).toEqual(made.sums);
  });

  it("is one store per database, whichever service asks (a large survey's are tens of MB)", () => {
    const { db } = ctx();
    expect(cellStatsStore(db)).toBe(cellStatsStore(db));
  });

  it('keeps releases in memory up to its byte bound, the oldest let go first', async () => {
    const { db } = ctx();
    const surveys = [await syntheticSurvey(db, 8), await syntheticSurvey(db, 9)];
    const service = reportsService(db, 5);
    for (const { surveyId } of surveys)
      await service.enps(admin, { sets: [{ surveyId, filters: {} }] } as ReportQuery);
    const [first, second] = surveys.map((survey) => survey.surveyId) as [string, string];
    const roomy = boundedCellStatsStore(db, 1024 * 1024 * 1024);
    const tight = boundedCellStatsStore(db, 1);
    const roomyFirst = roomy.survey(first, 1);
    await roomyFirst;
    await roomy.survey(second, 1);
    // Kept: the same statistics answer again. Let go: read anew.
    expect(roomy.survey(first, 1)).toBe(roomyFirst);
    // Over the bound alone: the newest release stays; the next one lets it go.
    const tightFirst = tight.survey(first, 1);
    await tightFirst;
    expect(tight.survey(first, 1)).toBe(tightFirst);
    const tightSecond = tight.survey(second, 1);
    await tightSecond;
    expect(tight.survey(second, 1)).toBe(tightSecond);
    expect(tight.survey(first, 1)).not.toBe(tightFirst);
  });
});
