import { createServer } from 'node:net';
import { createContext, describeEachDb } from '../../test/harness.js';

interface LogRow {
  event: string;
  email: string;
  subject: string;
  reason: string | null;
  messageId: string;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describeEachDb('logs: email delivery log', (ctx) => {
  const rowsFor = (email: string) =>
    ctx().db.query<LogRow>(
      `SELECT event, email, subject, reason, message_id AS "messageId" FROM email_log
       WHERE email = $1 ORDER BY id`,
      [email],
    );

  it('records the request and then the delivery of every mail, under one message id', async () => {
    const user = await ctx().createUser();
    await ctx().http().post('/account/reset').send({ email: user.email }).expect(204);
    await ctx().mailsSettled();
    const rows = await rowsFor(user.email);
    expect(rows.map((row) => row.event)).toEqual(['request', 'delivered']);
    expect(rows[0]).toMatchObject({ subject: 'Reset your Survey Console password', reason: null });
    expect(rows[1]?.messageId).toBe(rows[0]?.messageId);
    expect(rows[0]?.messageId).toMatch(/^<.+@survey-console\.local>$/);
  });

  it('logs mails sent at the same time each as request then delivery, none lost', async () => {
    const recipients = Array.from({ length: 40 }, (_, i) => `batch${i}.${Date.now()}@example.test`);
    // Started together (the mailer batches their log rows), awaited in turn.
    const sending = recipients.map((to) =>
      ctx().mailer.send({ to, subject: 'Batch', text: 'hi', html: '<p>hi</p>' }),
    );
    const outcomes = [];
    for (const outcome of sending) outcomes.push(await outcome);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    for (const to of recipients) {
      const rows = await rowsFor(to);
      expect(rows.map((row) => row.event)).toEqual(['request', 'delivered']);
      expect(rows[1]?.messageId).toBe(rows[0]?.messageId);
    }
  });

  it('records an error with the reason when the mail server cannot be reached, and still answers', async () => {
    const port = await closedPort();
    const broken = await createContext(ctx().backend, ctx(), {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
    try {
      const user = await broken.createUser({ twoFactor: true });
      const res = await broken.http().post('/account/login').send(user);
      expect(res.status).toBe(200);
      expect(res.body.require2FA).toBe(true);
      await broken.mailsSettled();
      const rows = await rowsFor(user.email);
      expect(rows.map((row) => row.event)).toEqual(['request', 'error']);
      expect(rows[1]?.reason).toMatch(/ECONNREFUSED/);
    } finally {
      await broken.close();
    }
  });
});
