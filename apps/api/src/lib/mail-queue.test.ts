// The mail queue against real parts: the job queue in PGlite or PostgreSQL, SMTP to the catcher on
// loopback. A run whose worker stops halfway and a worker that died inside the SMTP crash window
// both end with exactly one mail per participant in the catcher.
import nodemailer from 'nodemailer';
import { messageIdFor, type QueuedMail } from './mail-queue.js';
import { createCompany, createSurvey, tokenFor } from '../test/fixtures.js';
import { describeEachDb, type TestContext } from '../test/harness.js';

const PARTICIPANTS = 200;

async function surveyWithParticipants(ctx: TestContext, count: number): Promise<string> {
  const company = await createCompany(ctx);
  const survey = await createSurvey(ctx, company);
  await ctx.db.query(
    `INSERT INTO participants (survey_id, first_name, last_name, email, language_code, pin_code)
     SELECT $1, 'P', n::text, 'p' || n || '@queue.test', 'en-US', '12345'
     FROM generate_series(1, $2::int) n`,
    [survey, count],
  );
  return survey;
}

const queueMails = async (ctx: TestContext) =>
  (await ctx.mail.messages()).filter((m) => m.to.some((to) => to.endsWith('@queue.test')));

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDb(
  'mail queue: a worker stopped halfway',
  (ctx) => {
    it('an invitation run whose worker stops halfway ends with one mail per participant', async () => {
      const survey = await surveyWithParticipants(ctx(), PARTICIPANTS);
      const token = await tokenFor(ctx(), 'Admin');
      const res = await ctx()
        .http()
        .post(`/surveys/invite/${survey}`)
        .set('Authorization', `Bearer ${token}`);
      // The send answers at once; the mails go out behind it.
      expect(res.body).toMatchObject({ total: PARTICIPANTS });
      await waitUntil(async () => (await queueMails(ctx())).length >= PARTICIPANTS / 3, 'a third');
      await ctx().stopWorkers();
      const sentBeforeStop = (await queueMails(ctx())).length;
      expect(sentBeforeStop).toBeLessThan(PARTICIPANTS);
      // Restarted: the rest, and any job a stopping worker had claimed (expired by the supervisor).
      await ctx().startWorkers();
      await waitUntil(
        async () => (await queueMails(ctx())).length >= PARTICIPANTS,
        'every invitation',
      );
      await ctx().mailsSettled(30_000);
      const recipients = (await queueMails(ctx())).flatMap((m) => m.to);
      expect(recipients).toHaveLength(PARTICIPANTS);
      expect(new Set(recipients).size).toBe(PARTICIPANTS);
      const [log] = await ctx().db.query<{ delivered: number }>(
        `SELECT count(*)::int AS delivered FROM email_log WHERE run_id = $1 AND event = 'delivered'`,
        [res.body.id],
      );
      expect(log?.delivered).toBe(PARTICIPANTS);
      process.stdout.write(
        `mail queue restart: ${sentBeforeStop} of ${PARTICIPANTS} sent before the stop, ` +
          `${ctx().mail.repeats()} repeated Message-IDs at the catcher\n`,
      );
    });
  },
  { MAIL_EXPIRE_SECONDS: 2, JOBS_SUPERVISE_INTERVAL_SECONDS: 1 },
);

describeEachDb(
  'mail queue: the SMTP crash window',
  (ctx) => {
    it('a mail accepted by the server but not logged is sent again with the same Message-ID and kept once', async () => {
      await ctx().stopWorkers();
      const survey = await surveyWithParticipants(ctx(), 1);
      const token = await tokenFor(ctx(), 'Admin');
      const res = await ctx()
        .http()
        .post(`/surveys/invite/${survey}`)
        .set('Authorization', `Bearer ${token}`);
      expect(res.body.total).toBe(1);
      // A worker claims the job and hands the mail to the server, then dies before logging it.
      const { boss } = ctx().jobs;
      const [job] = await boss.fetch<QueuedMail>('mail-bulk');
      if (!job) throw new Error('no queued mail');
      const dying = nodemailer.createTransport({ url: ctx().mail.smtpUrl });
      const messageId = messageIdFor(job.data.key, ctx().config.MAIL_FROM);
      await dying.sendMail({ ...job.data.mail, from: ctx().config.MAIL_FROM, messageId });
      dying.close();
      // The supervisor expires the claim (MAIL_EXPIRE_SECONDS) and a live worker retries it.
      await ctx().startWorkers();
      await waitUntil(async () => ctx().mail.repeats() === 1, 'the repeat', 30_000);
      await ctx().mailsSettled(30_000);
      const mails = await queueMails(ctx());
      expect(mails).toHaveLength(1);
      expect(mails[0]?.messageId).toBe(messageId);
      const log = await ctx().db.query<{ event: string }>(
        `SELECT event FROM email_log WHERE message_id = $1 ORDER BY id`,
        [messageId],
      );
      expect(log.map((row) => row.event)).toEqual(['request', 'delivered']);
    });
  },
  { MAIL_EXPIRE_SECONDS: 2, JOBS_SUPERVISE_INTERVAL_SECONDS: 1 },
);
