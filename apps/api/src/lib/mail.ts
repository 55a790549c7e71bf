import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.js';

export type DeliveryEventName = 'request' | 'delivered' | 'error';

export interface DeliveryEvent {
  event: DeliveryEventName;
  email: string;
  subject: string;
  reason?: string;
  messageId: string;
  /** The invitation or reminder run the mail belongs to (mail_runs). */
  runId?: string | undefined;
}

/** Where every send is recorded (the email_log table); lib stays free of feature code. */
export interface DeliveryLog {
  /** Writes the events in their order, in one statement where the store allows. */
  record(events: readonly DeliveryEvent[]): Promise<void>;
  /** Whether the mail with this Message-ID is logged as delivered already. */
  delivered(messageId: string): Promise<boolean>;
}

/** The most events written in one statement. */
const LOG_BATCH = 1000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendOutcome =
  { ok: true; messageId: string } | { ok: false; messageId: string; reason: string };

export interface Mailer {
  /** Never rejects: a failed delivery is logged and reported in the outcome. */
  send(mail: OutgoingMail): Promise<SendOutcome>;
  /**
   * Hands one mail to the SMTP server under the given Message-ID; rejects when the server refuses
   * it or cannot be reached. Logs nothing: the mail queue's worker (mail-queue.ts) does.
   */
  deliver(mail: OutgoingMail, messageId: string): Promise<void>;
  /** Resolves when every send started so far has finished (and its log rows are written). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  maxConnections: number;
  log: DeliveryLog;
  logger: Logger;
}

export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`.slice(0, 1000);
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections,
    // Bounded waits, so a stuck mail server cannot hold sends (and shutdown) for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'survey-console.local';
  const pending = new Set<Promise<SendOutcome>>();

  // Events of sends running at the same time (an invitation to a whole survey) are written together,
  // a batch per turn of the event loop, instead of two single-row inserts per mail.
  let queued: { event: DeliveryEvent; written: () => void }[] = [];
  const flush = async () => {
    const batch = queued;
    queued = [];
    for (let start = 0; start < batch.length; start += LOG_BATCH) {
      const chunk = batch.slice(start, start + LOG_BATCH);
      try {
        await options.log.record(chunk.map((entry) => entry.event));
      } catch (error) {
        options.logger.error({ err: error, events: chunk.length }, 'delivery log write failed');
      }
      for (const entry of chunk) entry.written();
    }
  };
  const record = (event: DeliveryEvent) =>
    new Promise<void>((written) => {
      if (queued.length === 0) setImmediate(() => void flush());
      queued.push({ event, written });
    });

  const deliver = async (mail: OutgoingMail): Promise<SendOutcome> => {
    // Our own Message-ID ties the request row to its delivered or error row.
    const messageId = `<${randomUUID()}@${domain}>`;
    const base = { email: mail.to, subject: mail.subject, messageId };
    await record({ ...base, event: 'request' });
    try {
      await transport.sendMail({ ...mail, from: options.from, messageId });
      await record({ ...base, event: 'delivered' });
      return { ok: true, messageId };
    } catch (error) {
      const reason = reasonOf(error);
      options.logger.warn({ err: error, to: mail.to }, 'mail delivery failed');
      await record({ ...base, event: 'error', reason });
      return { ok: false, messageId, reason };
    }
  };

  return {
    send(mail) {
      const sending = deliver(mail);
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
      return sending;
    },
    async deliver(mail, messageId) {
      await transport.sendMail({ ...mail, from: options.from, messageId });
    },
    async idle() {
      while (pending.size > 0) for (const sending of [...pending]) await sending;
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}
