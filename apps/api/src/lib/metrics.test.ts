// /metrics of the API: requests by route pattern and status (ids never), the PostgreSQL pool, and
// the job queue, with the counts of what happened.
import { randomBytes, randomUUID } from 'node:crypto';
import { sample } from '@survey/runtime/testing';
import supertest from 'supertest';
import { createApp } from '../app.js';
import { startAiFeature } from '../features/ai/index.js';
import { anonymityGate } from '../features/reports/index.js';
import { syntheticSurvey } from '../features/reports/audit/synthetic.js';
import { tokenFor } from '../test/fixtures.js';
import { describeEachDb } from '../test/harness.js';
import { startJobs } from './jobs.js';
import { createLogger } from './logger.js';

const COUNT = 'api_http_request_duration_seconds_count';

describeEachDb('metrics', (ctx) => {
  it('counts requests by route pattern and status, never by the ids in the path', async () => {
    const token = await tokenFor(ctx(), 'Admin');
    const id = randomUUID();
    for (let i = 0; i < 3; i++)
      await ctx()
        .http()
        .get(`/companies/${id}`)
        .set('authorization', `Bearer ${token}`)
        .expect(404);
    await ctx().http().get('/no/such/route').expect(404);

    const res = await ctx().http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const companies = { method: 'GET', route: '/companies/:id', status: '404' };
    expect(sample(res.text, COUNT, companies)).toBe(3);
    expect(sample(res.text, COUNT, { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(res.text, COUNT, { route: '/account/login', status: '200' })).toBe(1);
    expect(res.text).not.toContain(id);
    expect(res.text).toContain('process_resident_memory_bytes');
  });

  it("times the anonymity gate's builds: reading the atoms and computing the partitions", async () => {
    const survey = await syntheticSurvey(ctx().db, 7);
    const build = (phase: string, text: string) =>
      sample(text, 'api_anonymity_gate_build_seconds_count', { phase, choice: 'checked' }) ?? 0;
    const before = (await ctx().http().get('/metrics').expect(200)).text;
    // A threshold no other test's gate uses: this survey's first build under it.
    await anonymityGate(ctx().db, 6).survey(survey.surveyId, survey.companyId);
    const after = (await ctx().http().get('/metrics').expect(200)).text;
    expect(build('read', after)).toBe(build('read', before) + 1);
    expect(build('partition', after)).toBe(build('partition', before) + 1);
    const spent = sample(after, 'api_anonymity_gate_build_seconds_sum', {
      phase: 'partition',
      choice: 'checked',
    });
    expect(spent).toBeGreaterThan(0);
  });

  it('shows the PostgreSQL pool: connections open, idle and waiting', async () => {
    await ctx().http().get('/readyz').expect(200);
    const res = await ctx().http().get('/metrics').expect(200);
    const pool = (state: string) => sample(res.text, 'api_db_pool_connections', { state });
    if (ctx().backend === 'pglite') {
      expect(pool('total')).toBeUndefined(); // one in-process connection, no pool
      return;
    }
    expect(pool('total')).toBeGreaterThanOrEqual(1);
    expect(pool('idle')).toBeGreaterThanOrEqual(1);
    expect(pool('waiting')).toBe(0);
  });

  it('shows the job queue: builds waiting, running and failed', async () => {
    const schema = `jobs_${randomBytes(4).toString('hex')}`;
    const config = { ...ctx().config, JOBS_SCHEMA: schema };
    const logger = createLogger('silent');
    // No worker: a queued build stays queued.
    const queue = await startJobs(ctx().jobsConnection, {
      schema,
      logger,
      supervise: false,
      superviseIntervalSeconds: 60,
    });
    const ai = await startAiFeature(ctx().db, queue, config, logger, { work: false });
    try {
      await ai.jobs.enqueueBuild({ surveyId: randomUUID() });
      await ai.jobs.enqueueBuild({ surveyId: randomUUID() });
      const app = createApp({
        db: ctx().db,
        mailer: ctx().mailer,
        outbox: ctx().outbox,
        config,
        logger,
        ai,
      });
      const res = await supertest(app).get('/metrics').expect(200);
      const jobs = (state: string) =>
        sample(res.text, 'api_job_queue_jobs', { queue: 'ai-search-index-build', state });
      expect([jobs('queued'), jobs('active'), jobs('failed')]).toEqual([2, 0, 0]);
    } finally {
      await queue.stop();
      await ctx().db.exec(`DROP SCHEMA ${schema} CASCADE`);
    }
  });
});
