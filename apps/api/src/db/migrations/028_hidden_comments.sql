-- The hidden comments, each with its writer's response as the report conditions read it
-- (docs/report-performance.md, "Hidden comments kept with their cells"). The open comment counts
-- sum the cells, which count hidden comments too, and subtract these: one indexed aggregate over
-- this table with the set's own condition (the table stands in for `responses r`), instead of
-- reading each hidden comment and looking up its response. Kept by the triggers below in the
-- transaction that hides, shows, writes or deletes a comment, so a hide counts at once in every
-- process, whoever writes the flag (the moderation call, a seed, a test).
--
-- A released response never changes (docs/anonymity.md, "Open surveys"), so the copy of a released
-- one stays right. One not yet released when its comment was hidden has `release` null here: reads
-- take those few through responses, and a release copies the response again (release.ts).
CREATE TABLE hidden_comments (
  comment_id uuid PRIMARY KEY,
  survey_id uuid NOT NULL,
  participant_id uuid NOT NULL,
  type text NOT NULL,
  criterion_id smallint NOT NULL,
  -- The writer's response: every column a report condition reads (filters.ts), as in responses.
  company_id uuid NOT NULL,
  finished_at timestamptz,
  release integer,
  unit_ids uuid[] NOT NULL,
  age text,
  gender text,
  employment_duration text,
  education text,
  position text,
  contract_type text,
  working_hours text,
  lindex real NOT NULL
);
CREATE INDEX hidden_comments_survey_idx ON hidden_comments (survey_id, release);

CREATE FUNCTION hidden_comments_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM hidden_comments WHERE comment_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.hidden THEN
    INSERT INTO hidden_comments
    SELECT NEW.id, NEW.survey_id, NEW.participant_id, NEW.type, NEW.criterion_id, r.company_id,
      r.finished_at, r.release, r.unit_ids, r.age, r.gender, r.employment_duration, r.education,
      r.position, r.contract_type, r.working_hours, r.lindex
    FROM responses r WHERE r.participant_id = NEW.participant_id;
  END IF;
  RETURN NULL;
END $$;

-- Per row, and only for hidden comments: the WHEN is checked without calling the function, so the
-- questionnaire's writes of visible comments pay nothing.
CREATE TRIGGER hidden_comments_inserted AFTER INSERT ON comments FOR EACH ROW
  WHEN (NEW.hidden) EXECUTE FUNCTION hidden_comments_kept();
CREATE TRIGGER hidden_comments_updated AFTER UPDATE ON comments FOR EACH ROW
  WHEN (OLD.hidden OR NEW.hidden) EXECUTE FUNCTION hidden_comments_kept();
CREATE TRIGGER hidden_comments_deleted AFTER DELETE ON comments FOR EACH ROW
  WHEN (OLD.hidden) EXECUTE FUNCTION hidden_comments_kept();

-- The comments hidden before this migration.
INSERT INTO hidden_comments
SELECT c.id, c.survey_id, c.participant_id, c.type, c.criterion_id, r.company_id, r.finished_at,
  r.release, r.unit_ids, r.age, r.gender, r.employment_duration, r.education, r.position,
  r.contract_type, r.working_hours, r.lindex
FROM comments c JOIN responses r ON r.participant_id = c.participant_id
WHERE c.hidden;
