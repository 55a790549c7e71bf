// Unit supervisors end to end in the API: setting them, the Supervisors page's rows (gated like
// every report), a send run with its mails and progress, a run resumed after a crash sending each
// unit once, and who may open a package.
import type { Role } from '../../lib/auth.js';
import { createLogger } from '../../lib/logger.js';
import { company, respond, survey, unit } from '../../test/ai-fixtures.js';
import { describeEachDb, linkIn, type TestContext } from '../../test/harness.js';
import { reportsService } from '../reports/index.js';
import { surveysService } from '../surveys/index.js';
import { startSendRuns, type SendRunsDeps } from './send.js';

interface Signed {
  id: string;
  email: string;
  token: string;
}

async function account(
  ctx: TestContext,
  role: Role,
  companyId?: string,
  unitIds: string[] = [],
): Promise<Signed> {
  const member = role === 'SuperUser' || role === 'User';
  const user = await ctx.createUser({ role, ...(member && companyId ? { companyId } : {}) });
  if (role === 'PartnerAdmin' && companyId)
    await ctx.db.query('INSERT INTO user_companies (user_id, company_id) VALUES ($1, $2)', [
      user.id,
      companyId,
    ]);
  for (const unitId of unitIds)
    await ctx.db.query('INSERT INTO user_units (user_id, unit_id) VALUES ($1, $2)', [
      user.id,
      unitId,
    ]);
  const res = await ctx.http().post('/account/login').send(user);
  return { id: user.id, email: user.email, token: res.body.token as string };
}

/**
 * A company with units Big (6 answers), Small (2) and Other (5), and a survey (ended unless told).
 * Other is hidden against differencing: the whole survey less Big and Other is Small.
 */
async function surveyWithUnits(
  ctx: TestContext,
  ended = true,
  counts: Record<string, number> = { Big: 6, Small: 2, Other: 5 },
) {
  const companyId = await company(ctx);
  const surveyId = await survey(ctx, companyId);
  if (!ended)
    await ctx.db.query(`UPDATE surveys SET end_date = now() + interval '7 days' WHERE id = $1`, [
      surveyId,
    ]);
  const ids: Record<string, string> = {};
  for (const [name, count] of Object.entries(counts)) {
    const id = await unit(ctx, companyId, name);
    ids[name] = id;
    for (let i = 0; i < count; i += 1)
      await respond(ctx, surveyId, companyId, { units: [id], comments: [] });
  }
  const id = (name: string) => ids[name] ?? '';
  return { companyId, surveyId, big: id('Big'), small: id('Small'), other: id('Other') };
}

const bearer = (who: Signed) => `Bearer ${who.token}`;

async function setSupervisors(ctx: TestContext, by: Signed, unitId: string, userIds: string[]) {
  return ctx
    .http()
    .put(`/supervisors/units/${unitId}`)
    .set('authorization', bearer(by))
    .send({ userIds });
}

async function runFinished(ctx: TestContext, runId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await ctx.db.query<{ finished: boolean }>(
      'SELECT finished_at IS NOT NULL AS finished FROM supervisor_runs WHERE id = $1',
      [runId],
    );
    if (row?.finished) return;
    if (Date.now() > deadline) throw new Error('run did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The send runs of the test's database, processed by hand (`work: false`), T = 5. */
const sendRunsOf = (ctx: TestContext, pdfs?: SendRunsDeps['pdfs']) =>
  startSendRuns({
    db: ctx.db,
    jobs: ctx.jobs,
    outbox: ctx.outbox,
    surveys: surveysService(ctx.db),
    reports: reportsService(ctx.db, 5),
    webUrl: 'http://web.test',
    logger: createLogger('silent'),
    work: false,
    ...(pdfs ? { pdfs } : {}),
  });

describeEachDb('supervisors', (ctx) => {
  it("sets a unit's supervisors from the company's Users and SuperUsers with access to it", async () => {
    const s = await surveyWithUnits(ctx());
    const admin = await account(ctx(), 'Admin');
    const user = await account(ctx(), 'User', s.companyId);
    const limited = await account(ctx(), 'User', s.companyId, [s.other]);
    const stranger = await account(ctx(), 'User', await company(ctx()));
    const ok = await setSupervisors(ctx(), admin, s.big, [user.id]);
    expect(ok.status).toBe(200);
    expect(ok.body.supervisors.map((x: { id: string }) => x.id)).toEqual([user.id]);
    for (const refused of [limited, stranger, admin]) {
      const res = await setSupervisors(ctx(), admin, s.big, [refused.id]);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'userIds.0', message: 'supervisors.errors.notEligible' },
      ]);
    }
    const candidates = await ctx()
      .http()
      .get(`/supervisors/units/${s.big}/candidates`)
      .set('authorization', bearer(admin));
    const ids = candidates.body.map((x: { id: string }) => x.id);
    expect(ids).toContain(user.id);
    expect(ids).not.toContain(limited.id);
  });

  it('lists each unit with its responses and its index, hidden with the reason where the report hides it', async () => {
    const s = await surveyWithUnits(ctx());
    const admin = await account(ctx(), 'Admin');
    const user = await account(ctx(), 'User', s.companyId);
    await setSupervisors(ctx(), admin, s.big, [user.id]);
    const res = await ctx()
      .http()
      .get(`/supervisors/survey/${s.surveyId}`)
      .set('authorization', bearer(admin));
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(
      res.body.units.map((u: { name: string }) => [u.name, u]),
    ) as Record<
      string,
      {
        lIndex: number | null;
        suppressedBecause: string | null;
        finished: number;
        supervisors: unknown[];
      }
    >;
    expect(byName.Big).toMatchObject({ lIndex: 70, suppressedBecause: null, finished: 6 });
    expect(byName.Big?.supervisors).toHaveLength(1);
    expect(byName.Small).toMatchObject({
      lIndex: null,
      suppressedBecause: 'belowThreshold',
      finished: 2,
    });
    expect(res.body.companyIndex).toEqual({ lIndex: 70, suppressedBecause: null });
    expect(byName.Other).toMatchObject({ lIndex: null, suppressedBecause: 'differencing' });
    const without = await ctx()
      .http()
      .get(`/supervisors/survey/${s.surveyId}?withoutSupervisor=true`)
      .set('authorization', bearer(admin));
    expect(without.body.units.map((u: { name: string }) => u.name).sort()).toEqual([
      'Other',
      'Small',
    ]);
  });

  it('shows a User only their own units', async () => {
    const s = await surveyWithUnits(ctx());
    const admin = await account(ctx(), 'Admin');
    const user = await account(ctx(), 'User', s.companyId);
    await setSupervisors(ctx(), admin, s.other, [user.id]);
    const res = await ctx()
      .http()
      .get(`/supervisors/survey/${s.surveyId}`)
      .set('authorization', bearer(user));
    expect(res.status).toBe(200);
    expect(res.body.units.map((u: { name: string }) => u.name)).toEqual(['Other']);
  });

  it('refuses to send for a survey that has not ended, and to a User', async () => {
    const s = await surveyWithUnits(ctx(), false);
    const admin = await account(ctx(), 'Admin');
    const user = await account(ctx(), 'User', s.companyId);
    const early = await ctx()
      .http()
      .post(`/supervisors/survey/${s.surveyId}/send`)
      .set('authorization', bearer(admin));
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual([
      { field: 'surveyId', message: 'supervisors.errors.notEnded' },
    ]);
    const byUser = await ctx()
      .http()
      .post(`/supervisors/survey/${s.surveyId}/send`)
      .set('authorization', bearer(user));
    expect(byUser.status).toBe(403);
  });

  it("sends each supervisor a link to their unit's package, and none for a unit below the threshold", async () => {
    const s = await surveyWithUnits(ctx());
    const admin = await account(ctx(), 'Admin');
    const superUser = await account(ctx(), 'SuperUser', s.companyId);
    const bigBoss = await account(ctx(), 'User', s.companyId);
    const smallBoss = await account(ctx(), 'User', s.companyId);
    await setSupervisors(ctx(), admin, s.big, [bigBoss.id]);
    await setSupervisors(ctx(), admin, s.small, [smallBoss.id]);
    const res = await ctx()
      .http()
      .post(`/supervisors/survey/${s.surveyId}/send`)
      .set('authorization', bearer(superUser));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ total: 3, finishedAt: null });
    await runFinished(ctx(), res.body.id as string);
    const mail = await ctx().mailTo(bigBoss.email);
    const link = linkIn(mail, '/supervisors/packages/');
    expect(link.origin).toBe('http://web.test');
    // No result travels by mail (the unit's index is 70); the link's random id may hold "70".
    expect(mail.text.replace(link.href, '')).not.toMatch(/70/);
    await ctx().mailsSettled();
    expect(
      (await ctx().mail.messages()).filter((m) => m.to.includes(smallBoss.email)),
    ).toHaveLength(0);
    const overview = await ctx()
      .http()
      .get(`/supervisors/survey/${s.surveyId}`)
      .set('authorization', bearer(admin));
    expect(overview.body.run).toMatchObject({ total: 3, done: 3, sent: 1 });
    const status = Object.fromEntries(
      overview.body.units.map((u: { name: string; lastStatus: string }) => [u.name, u.lastStatus]),
    );
    expect(status).toEqual({ Big: 'sent', Small: 'belowThreshold', Other: 'differencing' });
    const packageId = link.pathname.split('/').pop() ?? '';
    const own = await ctx()
      .http()
      .get(`/supervisors/packages/${packageId}`)
      .set('authorization', bearer(bigBoss));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ unitName: 'Big', status: 'sent', responses: 6 });
    const foreign = await ctx()
      .http()
      .get(`/supervisors/packages/${packageId}`)
      .set('authorization', bearer(smallBoss));
    expect(foreign.status).toBe(403);
  });

  it('builds no package for a unit whose group is below T or hidden, and the page says why', async () => {
    const s = await surveyWithUnits(ctx());
    const admin = await account(ctx(), 'Admin');
    const bosses = {
      big: await account(ctx(), 'User', s.companyId),
      small: await account(ctx(), 'User', s.companyId),
      other: await account(ctx(), 'User', s.companyId),
    };
    for (const [name, boss] of Object.entries(bosses))
      await setSupervisors(ctx(), admin, s[name as keyof typeof bosses], [boss.id]);
    const [run] = await ctx().db.query<{ id: string }>(
      `INSERT INTO supervisor_runs (survey_id, total, started_by) VALUES ($1, 3, $2) RETURNING id`,
      [s.surveyId, admin.id],
    );
    const runId = (run as { id: string }).id;
    // The gateway's builder, asked only for a unit the gate shows; it finds Big's 6 responders
    // too few for a package of its own (its minimum can be above T): no package, as below T.
    const asked: string[] = [];
    const runs = await sendRunsOf(ctx(), {
      build: async (_reader, _surveyId, unitId) => {
        asked.push(unitId);
        return null;
      },
    });
    await runs.process(runId);
    expect(asked).toEqual([s.big]);
    const [pdfs] = await ctx().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM supervisor_package_pdfs f
       JOIN supervisor_packages p ON p.id = f.package_id WHERE p.run_id = $1`,
      [runId],
    );
    expect(pdfs?.n).toBe(0);
    await ctx().mailsSettled();
    const to = (await ctx().mail.messages()).flatMap((m) => m.to);
    for (const boss of Object.values(bosses)) expect(to).not.toContain(boss.email);

    // The page: each unit's outcome, and where the gate hides the unit, why.
    const overview = await ctx()
      .http()
      .get(`/supervisors/survey/${s.surveyId}`)
      .set('authorization', bearer(admin));
    expect(overview.body.run).toMatchObject({ total: 3, done: 3, sent: 0 });
    const byName = Object.fromEntries(
      overview.body.units.map((u: { name: string }) => [u.name, u]),
    ) as Record<string, Record<string, unknown>>;
    expect(byName.Small).toMatchObject({
      lastStatus: 'belowThreshold',
      suppressedBecause: 'belowThreshold',
      lastSentAt: null,
      lastSentPackageId: null,
    });
    expect(byName.Other).toMatchObject({
      lastStatus: 'differencing',
      suppressedBecause: 'differencing',
      lastSentPackageId: null,
    });
    expect(byName.Big).toMatchObject({
      lastStatus: 'belowThreshold',
      suppressedBecause: null,
      lastSentPackageId: null,
    });
  });

  it('resumes a run interrupted by a crash and sends each unit once', async () => {
    const s = await surveyWithUnits(ctx(), true, { Big: 6, Other: 5, Small: 0 });
    const admin = await account(ctx(), 'Admin');
    const bigBoss = await account(ctx(), 'User', s.companyId);
    const otherBoss = await account(ctx(), 'User', s.companyId);
    await setSupervisors(ctx(), admin, s.big, [bigBoss.id]);
    await setSupervisors(ctx(), admin, s.other, [otherBoss.id]);
    // The state a crash leaves: the run and Big's package (with its mail) committed, the rest not.
    const [run] = await ctx().db.query<{ id: string }>(
      `INSERT INTO supervisor_runs (survey_id, total, started_by) VALUES ($1, 2, $2) RETURNING id`,
      [s.surveyId, admin.id],
    );
    const runId = (run as { id: string }).id;
    await ctx().db.query(
      `INSERT INTO supervisor_packages (run_id, survey_id, unit_id, status, responses, supervisors)
       VALUES ($1, $2, $3, 'sent', 6, 1)`,
      [runId, s.surveyId, s.big],
    );
    const runs = await sendRunsOf(ctx());
    await runs.process(runId);
    await runs.process(runId);
    await ctx().mailTo(otherBoss.email);
    await ctx().mailsSettled();
    const messages = await ctx().mail.messages();
    expect(messages.filter((m) => m.to.includes(otherBoss.email))).toHaveLength(1);
    expect(messages.filter((m) => m.to.includes(bigBoss.email))).toHaveLength(0);
    const [count] = await ctx().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM supervisor_packages WHERE run_id = $1',
      [runId],
    );
    expect(count?.n).toBe(2);
  });
});
