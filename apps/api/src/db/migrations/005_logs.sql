-- The logs screen pages newest first (created_at DESC, id DESC as the tie-break), optionally only
-- one event or only entries with a reason; each of these walks one index in order and stops early.
DROP INDEX email_log_created_at_idx;
CREATE INDEX email_log_created_at_idx ON email_log (created_at DESC, id DESC);
CREATE INDEX email_log_event_created_at_idx ON email_log (event, created_at DESC, id DESC);
CREATE INDEX email_log_with_reason_idx ON email_log (created_at DESC, id DESC)
  WHERE reason IS NOT NULL AND reason <> '';
