import { seedScale } from '../../../demo/scale.js';
import { seedDemo } from '../../../demo/seed.js';
import { describeEachDb } from '../../../test/harness.js';
import { anonymityGate } from '../gate.js';
import { usefulness } from './usefulness.js';

describeEachDb('tmp', (ctx) => {
  it('prints', async () => {
    await seedDemo(ctx().db, 'DemoPass2026');
    const demo = await ctx().db.query<{ id: string; name: string }>(
      `SELECT id, name FROM surveys s WHERE EXISTS (SELECT 1 FROM responses r WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL) ORDER BY name`,
    );
    for (const s of demo) console.log('DEMO', s.name, JSON.stringify(await usefulness(ctx().db, s.id, 5)));
    const scale = await seedScale(ctx().db, { count: 50_000 });
    const [s] = await ctx().db.query<{ companyId: string }>('SELECT company_id AS "companyId" FROM surveys WHERE id = $1', [scale.surveyId]);
    const t0 = performance.now();
    await anonymityGate(ctx().db, 5).survey(scale.surveyId, s!.companyId);
    console.log('BUILD', Math.round(performance.now() - t0));
    console.log('USE', JSON.stringify(await usefulness(ctx().db, scale.surveyId, 5)));
  }, 1_200_000);
});
