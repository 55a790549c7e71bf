// Durable mail: a feature writes its mails as pg-boss jobs in the same transaction as the rows they
// belong to (an outbox), and a worker sends them with retries and backoff. Each mail has an
// idempotency key; its job id and its Message-ID are derived from it, so one key is queued once,
// logged once (email_log's unique message_id + event), and a repeat after a crash between the SMTP
// server's acceptance and the log write carries the same Message-ID (docs/scaling.md).
import { createHash } from 'node:crypto';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { Db } from './db.js';
import type { Jobs } from './jobs.js';
import type { Logger } from './logger.js';
import type { QueueStats } from './metrics.js';
import { reasonOf, type DeliveryLog, type Mailer, type OutgoingMail } from './mail.js';

/** Account mails (2FA codes, links) and bulk mails (invitations) never wait behind each other. */
export const MAIL_QUEUES = { now: 'mail-now', bulk: 'mail-bulk' } as const;
export type MailQueue = keyof typeof MAIL_QUEUES;

export interface QueuedMail {
  /** Unique per mail and send round, e.g. `invitation:<participant>:<claim time>`. */
  key: string;
  mail: OutgoingMail;
  runId?: string;
  /** What the feature needs back when the mail finally fails (e.g. the claim to give back). */
  context?: Record<string, string>;
}

export interface MailOutbox {
  /** Queues mails in the caller's transaction `tx`; they are sent after it commits. */
  enqueue(tx: Db, mails: readonly QueuedMail[], queue: MailQueue): Promise<void>;
  /** The mail queues' jobs by state, by queue name (/metrics). */
  stats?: Record<string, () => Promise<QueueStats>>;
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** The Message-ID of the mail with this key: the same on every attempt, by any worker. */
export const messageIdFor = (key: string, from: string): string =>
  `<${digest(key).slice(0, 40)}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'survey-console.local'}>`;

/** A UUID from the key: inserting the same key again is a no-op (pg-boss skips a known id). */
export function jobIdFor(key: string): string {
  const hex = digest(`job:${key}`);
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface MailQueueOptions {
  retryLimit: number;
  retryDelaySeconds: number;
  expireSeconds: number;
}

/** Creates (or updates) the two mail queues with their retry and retention policy. */
export async function createMailQueues(jobs: Jobs, options: MailQueueOptions): Promise<void> {
  const policy = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: options.expireSeconds,
    // Finished mail jobs go after a day; email_log keeps the history.
    deleteAfterSeconds: 24 * 60 * 60,
    notify: true,
  };
  for (const name of Object.values(MAIL_QUEUES)) {
    if (await jobs.boss.getQueue(name)) await jobs.boss.updateQueue(name, policy);
    else await jobs.boss.createQueue(name, policy);
  }
}

/** The most jobs written in one insert (an invitation run to 10,000 takes ten). */
const INSERT_BATCH = 1000;

export function mailOutbox(jobs: Jobs): MailOutbox {
  return {
    stats: Object.fromEntries(
      Object.values(MAIL_QUEUES).map((name) => [name, () => jobs.stats(name)]),
    ),
    async enqueue(tx, mails, queue) {
      for (let start = 0; start < mails.length; start += INSERT_BATCH) {
        const chunk = mails.slice(start, start + INSERT_BATCH);
        await jobs.boss.insert(
          MAIL_QUEUES[queue],
          chunk.map((mail) => ({ id: jobIdFor(mail.key), data: mail })),
          jobs.inTransaction(tx),
        );
      }
    },
  };
}

export interface MailWorkerOptions {
  mailer: Mailer;
  log: DeliveryLog;
  logger: Logger;
  from: string;
  /** Parallel sends per queue (SMTP connections). */
  concurrency: number;
  /** Called once when a mail failed its last attempt (after it is logged). */
  onFailed?(mail: QueuedMail, reason: string): Promise<void>;
}

/** Sends one queued mail; throws to let pg-boss retry it. */
async function sendQueued(job: JobWithMetadata<QueuedMail>, options: MailWorkerOptions) {
  const { key, mail, runId } = job.data;
  const messageId = messageIdFor(key, options.from);
  const base = { email: mail.to, subject: mail.subject, messageId, runId };
  // A worker that died after logging the delivery, before pg-boss recorded the job done.
  if (await options.log.delivered(messageId)) return;
  await options.log.record([{ ...base, event: 'request' }]);
  try {
    await options.mailer.deliver(mail, messageId);
  } catch (error) {
    const reason = reasonOf(error);
    const last = job.retryCount >= job.retryLimit;
    options.logger.warn({ err: error, to: mail.to, attempt: job.retryCount + 1, last }, 'mail');
    if (last) {
      await options.log.record([{ ...base, event: 'error', reason }]);
      await options.onFailed?.(job.data, reason);
    }
    throw error;
  }
  await options.log.record([{ ...base, event: 'delivered' }]);
}

/** Sends a batch one mail after another; each mail is settled on its own. */
async function sendBatch(
  batch: JobWithMetadata<QueuedMail>[],
  options: MailWorkerOptions,
): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of batch) {
    try {
      await sendQueued(job, options);
      results.push({ id: job.id, status: 'completed' });
    } catch (error) {
      // pg-boss retries it with backoff while retries remain.
      results.push({ id: job.id, status: 'failed', output: { reason: reasonOf(error) } });
    }
  }
  return results;
}

/** The most mails one worker claims at a time; a full batch makes it fetch again at once. */
const BATCH = 10;

/** Starts the workers of both mail queues in this process. */
export async function startMailWorker(jobs: Jobs, options: MailWorkerOptions): Promise<void> {
  for (const name of Object.values(MAIL_QUEUES)) {
    // A notification wakes the workers when a mail is committed; polling stays as fast, for a
    // notification missed (the account mails' queue: at most half a second).
    const poll = name === MAIL_QUEUES.now ? 0.5 : 2;
    await jobs.boss.work(
      name,
      {
        includeMetadata: true,
        perJobResults: true,
        batchSize: BATCH,
        burstWhenBatchFull: true,
        localConcurrency: options.concurrency,
        pollingIntervalSeconds: poll,
        notifyPollingIntervalSeconds: poll,
      },
      (batch: JobWithMetadata<QueuedMail>[]) => sendBatch(batch, options),
    );
  }
}
