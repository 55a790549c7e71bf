import type { Db } from '../../lib/db.js';
import type { DeliveryLog } from '../../lib/mail.js';

/** Writes the mailer's delivery events to email_log, which the logs screen lists. */
export function deliveryLogWriter(db: Db): DeliveryLog {
  return {
    async record(events) {
      if (events.length === 0) return;
      // One statement for the batch; WITH ORDINALITY keeps the events' order in ids and times.
      await db.query(
        `INSERT INTO email_log (event, email, subject, reason, message_id)
         SELECT x.event, x.email, x.subject, x.reason, x.message_id
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
           AS (event text, email text, subject text, reason text, message_id text))
           WITH ORDINALITY AS x(event, email, subject, reason, message_id, n)
         ORDER BY x.n`,
        [
          JSON.stringify(
            events.map((entry) => ({
              event: entry.event,
              email: entry.email,
              subject: entry.subject,
              reason: entry.reason ?? null,
              message_id: entry.messageId,
            })),
          ),
        ],
      );
    },
  };
}
