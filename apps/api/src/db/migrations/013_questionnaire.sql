-- The participant's questionnaire (issue 16, docs/rest-api.md "Questionnaire").
--
-- access_token: an unguessable secret per participation (two random UUIDs, 244 random bits), carried
-- by the invitation and reminder links. The 5-digit PIN stays as the short code typed on another
-- device; it is exchanged for this token under a per-survey attempt limit. The token is stored as
-- is because every reminder must carry it again.
ALTER TABLE participants
  ADD COLUMN access_token text NOT NULL
    DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX participants_access_token_key ON participants (access_token);

-- What a participant has answered so far. A draft is not a response: no report reads this table.
-- submitted_at is set when a participation that had a response before (reopened by an
-- administrator) is finished again: the validated new answers wait here, with the units the
-- participant had at that moment, until applyPendingAnswers (questionnaire/pending.ts) moves them
-- into `responses` at a release; until then the earlier response stays as it was.
CREATE TABLE questionnaire_drafts (
  participant_id uuid PRIMARY KEY REFERENCES participants (id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  unit_ids uuid[]
);
CREATE INDEX questionnaire_drafts_pending_idx ON questionnaire_drafts (participant_id)
  WHERE submitted_at IS NOT NULL;
