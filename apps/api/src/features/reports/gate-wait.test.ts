import { seedScale } from '../../demo/scale.js';
import { describeEachDb } from '../../test/harness.js';
import { anonymityGate, GATE_RETRY_SECONDS } from './gate.js';
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

      const started = Date.now();
      const refused = await read();
      const waited = Date.now() - started;
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(GATE_RETRY_SECONDS));
      expect(refused.body).toMatchObject({
        status: 503,
        detail: 'gate-preparing',
        retryAfter: GATE_RETRY_SECONDS,
      });
      // The refusal comes after the wait, well before the gateway's 5 s wait for headers.
      expect(waited).toBeGreaterThanOrEqual(GATE_WAIT_MS - 50);
      expect(waited).toBeLessThan(4_500);

      // The build went on meanwhile (the read that was refused started it). Once it is done, the
      // read is answered after the release's cell statistics, which the read's wait covers too: a
      // client that tries again after each Retry-After gets the figures in full.
      await anonymityGate(ctx().db, T).survey(survey.surveyId, survey.companyId);
      let answered = await read();
      for (let tries = 1; answered.status === 503 && tries < 20; tries += 1) {
        expect(answered.headers['retry-after']).toBe(String(GATE_RETRY_SECONDS));
        await new Promise((resolve) => setTimeout(resolve, GATE_RETRY_SECONDS * 1000));
        answered = await read();
      }
      expect(answered.status).toBe(200);
      expect(answered.headers['retry-after']).toBeUndefined();
      expect(answered.body.data[0].participants).toBe(1_000);
    }, 300_000);
    // The production wait (REPORT_GATE_WAIT_MS's default); the harness lets other suites wait.
  },
  { REPORT_GATE_WAIT_MS: GATE_WAIT_MS },
);
