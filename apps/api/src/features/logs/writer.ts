import type { Db } from '../../lib/db.js';
import type { DeliveryLog } from '../../lib/mail.js';

/**
 * Writes the mailer's delivery events to email_log, which the logs screen lists. An event already
 * logged for its Message-ID (a retry after a worker died) is not written again.
 */
export function deliveryLogWriter(db: Db): DeliveryLog {
  return {
    async record(events) {
      if (events.length === 0) return;
      // One statement for the batch; WITH ORDINALITY keeps the events' order in ids and times.
      await db.query(
        `INSERT INTO email_log (event, email, subject, reason, message_id, run_id)
         SELECT x.event, x.email, x.subject, x.reason, x.message_id, x.run_id
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
           AS (event text, email text, subject text, reason text, message_id text, run_id uuid))
           WITH ORDINALITY AS x(event, email, subject, reason, message_id, run_id, n)
         ORDER BY x.n
         ON CONFLICT (message_id, event) DO NOTHING`,
        [
          JSON.stringify(
            events.map((entry) => ({
              event: entry.event,
              email: entry.email,
              subject: entry.subject,
              reason: entry.reason ?? null,
              message_id: entry.messageId,
              run_id: entry.runId ?? null,
            })),
          ),
        ],
      );
    },
    async delivered(messageId) {
      const rows = await db.query<{ found: number }>(
        `SELECT 1 AS found FROM email_log WHERE message_id = $1 AND event = 'delivered'`,
        [messageId],
      );
      return rows.length > 0;
    },
  };
}

export type DeliveryOutcome = { ok: true } | { ok: false; reason: string };

/**
 * How a queued mail fared, polling its log rows for up to `timeoutMs`: delivered, failed after its
 * last retry, or still queued (the worker is behind or the server is being retried).
 */
export async function waitForDelivery(
  db: Db,
  messageId: string,
  timeoutMs = 8000,
): Promise<DeliveryOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.query<{ event: string; reason: string | null }>(
      `SELECT event, reason FROM email_log
       WHERE message_id = $1 AND event IN ('delivered', 'error')`,
      [messageId],
    );
    const delivered = rows.some((row) => row.event === 'delivered');
    const failed = rows.find((row) => row.event === 'error');
    if (delivered) return { ok: true };
    if (failed) return { ok: false, reason: failed.reason ?? 'error' };
    if (Date.now() > deadline)
      return { ok: false, reason: 'queued: not delivered yet, the mail server is retried' };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
