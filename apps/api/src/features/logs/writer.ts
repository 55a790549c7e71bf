import type { Db } from '../../lib/db.js';
import type { DeliveryLog } from '../../lib/mail.js';

/** Writes the mailer's delivery events to email_log, which the logs screen lists. */
export function deliveryLogWriter(db: Db): DeliveryLog {
  return {
    async record(entry) {
      await db.query(
        `INSERT INTO email_log (event, email, subject, reason, message_id)
         VALUES ($1, $2, $3, $4, $5)`,
        [entry.event, entry.email, entry.subject, entry.reason ?? null, entry.messageId],
      );
    },
  };
}
