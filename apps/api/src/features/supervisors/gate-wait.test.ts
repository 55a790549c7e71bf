// The Supervisors page's read while its survey's anonymity gate is built: its gated indexes wait at
// most REPORT_GATE_WAIT_MS, as every report read does, then the read is refused with
// `503 gate-preparing` and a Retry-After (the gateway's RESULTS_PREPARING, the page's notice).
import { seedScale } from '../../demo/scale.js';
import { describeEachDb } from '../../test/harness.js';
import { refusedWhileGateBuilds } from '../../test/gate-wait.js';
import { anonymityGate } from '../reports/gate.js';
import { GATE_WAIT_MS } from '../reports/routes.js';

const T = 5;

describeEachDb(
  'the Supervisors page read while its survey’s anonymity gate is built',
  (ctx) => {
    it('answers 503 gate-preparing with Retry-After within the wait, then 200 once the gate is built', async () => {
      // A fresh database's first read of a survey of 1,000: its gate's first build takes seconds of
      // CPU (partition-thread.test.ts), far over the read's wait.
      const survey = await seedScale(ctx().db, { count: 1_000, seed: 'supervisors-gate-wait' });
      const admin = await ctx().createUser({ role: 'Admin' });
      const token = (await ctx().http().post('/account/login').send(admin)).body.token as string;
      const read = () =>
        ctx()
          .http()
          .get(`/supervisors/survey/${survey.surveyId}`)
          .set('authorization', `Bearer ${token}`);

      const answered = await refusedWhileGateBuilds(read, () =>
        anonymityGate(ctx().db, T).survey(survey.surveyId, survey.companyId),
      );
      expect(answered.body.companyIndex.lIndex).toEqual(expect.any(Number));
      expect(answered.body.units.length).toBeGreaterThan(0);
    }, 300_000);
  },
  // The production wait (REPORT_GATE_WAIT_MS's default); the harness lets other suites wait.
  { REPORT_GATE_WAIT_MS: GATE_WAIT_MS },
);
