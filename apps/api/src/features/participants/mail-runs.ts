// Invitation and reminder runs: a send claims its participants and queues their mails in one
// transaction (lib/mail-queue.ts) and answers at once with the run; the run's progress is counted
// from the delivery log, which the mail worker writes once per mail.
import type { Db } from '../../lib/db.js';
import type { MailOutbox, QueuedMail } from '../../lib/mail-queue.js';
import { participantEmail } from './emails.js';
import * as q from './queries.js';

export type MailRunKind = 'invitation' | 'reminder';

/** A run as the REST API answers it (docs/rest-api.md, Participants). */
export interface MailRun {
  id: string;
  surveyId: string;
  kind: MailRunKind;
  /** Mails queued by the send. */
  total: number;
  /** Delivered to the mail server. */
  sent: number;
  /** Failed after their last retry (with the reason in failures and the delivery log). */
  failed: number;
  /** Neither yet: queued or being retried. */
  pending: number;
  finished: boolean;
  created: string;
  /** The first failures, by recipient. */
  failures: { email: string; reason: string }[];
}

const FAILURES_SHOWN = 20;

interface RunRow {
  id: string;
  surveyId: string;
  kind: MailRunKind;
  total: number;
  created: Date;
  sent: number;
  failed: number;
}

const RUN = `SELECT r.id, r.survey_id AS "surveyId", r.kind, r.total, r.created_at AS created,
    count(*) FILTER (WHERE l.event = 'delivered')::int AS sent,
    count(*) FILTER (WHERE l.event = 'error')::int AS failed
  FROM mail_runs r LEFT JOIN email_log l ON l.run_id = r.id`;

async function toRun(db: Db, row: RunRow): Promise<MailRun> {
  const failures =
    row.failed === 0
      ? []
      : await db.query<{ email: string; reason: string }>(
          `SELECT email, coalesce(reason, '') AS reason FROM email_log
           WHERE run_id = $1 AND event = 'error' ORDER BY email LIMIT $2`,
          [row.id, FAILURES_SHOWN],
        );
  const pending = Math.max(0, row.total - row.sent - row.failed);
  return {
    id: row.id,
    surveyId: row.surveyId,
    kind: row.kind,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    pending,
    finished: pending === 0,
    created: new Date(row.created).toISOString(),
    failures,
  };
}

export async function findRun(db: Db, id: string): Promise<MailRun | undefined> {
  const [row] = await db.query<RunRow>(`${RUN} WHERE r.id = $1 GROUP BY r.id`, [id]);
  return row ? toRun(db, row) : undefined;
}

/** The survey's newest run (the participants page shows its progress). */
export async function latestRun(db: Db, surveyId: string): Promise<MailRun | undefined> {
  const [row] = await db.query<RunRow>(
    `${RUN} WHERE r.id = (SELECT id FROM mail_runs WHERE survey_id = $1
       ORDER BY created_at DESC LIMIT 1) GROUP BY r.id`,
    [surveyId],
  );
  return row ? toRun(db, row) : undefined;
}

/** The idempotency key of a participant's mail in one send round (its claim time). */
const mailKey = (kind: MailRunKind, participantId: string, at: Date) =>
  `${kind}:${participantId}:${at.toISOString()}`;

/**
 * Inside the claim's transaction: records the run and queues one mail per claimed participant,
 * with what the worker needs to give the claim back when the mail finally fails.
 */
export async function queueRun(
  tx: Db,
  outbox: MailOutbox,
  run: {
    surveyId: string;
    survey: { name: string };
    kind: MailRunKind;
    claim: q.ClaimKind;
    rows: q.Claimed[];
    at: Date;
    link(row: q.Claimed): string;
    /** The survey's page where email and PIN open the questionnaire, in the row's language. */
    pinPage(row: q.Claimed): string;
  },
): Promise<string> {
  const [inserted] = await tx.query<{ id: string }>(
    'INSERT INTO mail_runs (survey_id, kind, total) VALUES ($1, $2, $3) RETURNING id',
    [run.surveyId, run.kind, run.rows.length],
  );
  if (!inserted) throw new Error('mail run not recorded');
  const mails: QueuedMail[] = run.rows.map((row) => ({
    key: mailKey(run.kind, row.id, run.at),
    mail: participantEmail(
      run.kind,
      row,
      run.survey,
      { survey: run.link(row), pinPage: run.pinPage(row) },
      row.pinCode ?? '',
    ),
    runId: inserted.id,
    context: { claim: run.claim, participantId: row.id, at: run.at.toISOString() },
  }));
  // One participant: the account mails' queue, so it is not behind a large run.
  await outbox.enqueue(tx, mails, run.claim === 'single' ? 'now' : 'bulk');
  return inserted.id;
}

const CLAIMS: readonly string[] = ['invite', 'remind', 'single'] satisfies q.ClaimKind[];

/** The worker's hook: a participant mail that finally failed gives its claim back for a retry. */
export async function releaseFailedClaim(db: Db, context: Record<string, string> | undefined) {
  const { claim, participantId, at } = context ?? {};
  if (!claim || !participantId || !at || !CLAIMS.includes(claim)) return;
  await q.release(db, claim as q.ClaimKind, participantId, new Date(at));
}
