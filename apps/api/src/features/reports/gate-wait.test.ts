import { seedScale } from '../../demo/scale.js';
import { describeEachDb } from '../../test/harness.js';
import { refusedWhileGateBuilds } from '../../test/gate-wait.js';
import { anonymityGate } from './gate.js';
import { GATE_WAIT_MS } from './routes.js';

const T = 5;

describeEachDb(
  'a report read while its survey’s anonymity gate is built',
  (ctx) => {
    it('answers 503 gate-preparing with Retry-After within the wait, then 200 once the gate is built', async () => {
      // A fresh database's first read of a survey of 1,000: its gate's first build checks answer
      // partitions for many seconds of CPU (partition-thread.test.ts), far over the read's wait.
      const survey = await seedScale(ctx().db, { count: 1_000, seed: 'gate-wait' });
      const admin = await ctx().createUser({ role: 'Admin' });
      const token = (await ctx().http().post('/account/login').send(admin)).body.token as string;
      const read = () =>
        ctx()
          .http()
          .get('/report/lindexcompare')
          .query({ reportLanguage: 'en-US', sets: JSON.stringify([{ surveyId: survey.surveyId }]) })
          .set('authorization', `Bearer ${token}`);

      const answered = await refusedWhileGateBuilds(read, () =>
        anonymityGate(ctx().db, T).survey(survey.surveyId, survey.companyId),
      );
      expect(answered.body.data[0].participants).toBe(1_000);
    }, 300_000);
    // The production wait (REPORT_GATE_WAIT_MS's default); the harness lets other suites wait.
  },
  { REPORT_GATE_WAIT_MS: GATE_WAIT_MS },
);
