import type { AuthUser } from '../../../lib/auth.js';
import { describeEachDb } from '../../../test/harness.js';
import { syntheticSurvey } from '../audit/synthetic.js';
import type { ReportQuery } from '../schemas.js';
import { reportsService } from '../service.js';
import { cellStatsStore } from './index.js';
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
});
