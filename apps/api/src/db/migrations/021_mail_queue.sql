-- Mail goes through the job queue (lib/mail-queue.ts). Each mail has a Message-ID derived from its
-- idempotency key; the delivery log shows each of its events once, whichever worker (or retry)
-- writes it, so a mail retried after a worker died is still one request and one delivery.
CREATE UNIQUE INDEX email_log_message_event_key ON email_log (message_id, event);

-- An invitation or reminder run to many participants: the job reference a send answers with, and
-- the participants page's progress (its log rows carry run_id).
CREATE TABLE mail_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('invitation', 'reminder')),
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX mail_runs_survey_idx ON mail_runs (survey_id, created_at DESC);

ALTER TABLE email_log ADD COLUMN run_id uuid;
CREATE INDEX email_log_run_idx ON email_log (run_id, event) WHERE run_id IS NOT NULL;
