-- Released snapshots (docs/anonymity.md): a report counts a finished response only once it is
-- released, and responses are released in batches of at least the anonymity threshold, so the
-- figures of an open survey change in steps no single new answer can be isolated from. `release`
-- numbers the batch (1, 2, ...) per survey; a report reads one release and everything before it.
ALTER TABLE responses ADD COLUMN release integer;
-- What a deployment showed before this migration stays shown.
UPDATE responses SET release = 1 WHERE finished_at IS NOT NULL;
CREATE INDEX responses_survey_release_idx ON responses (survey_id, release)
  WHERE finished_at IS NOT NULL;
