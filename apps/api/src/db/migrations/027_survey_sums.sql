-- What the dashboard reads beside the report widgets, kept instead of counted from the rows each time
-- (docs/report-performance.md, "The dashboard's other reads").
--
-- The released responses of a survey summed for the company trend and the top-20 rollup: count,
-- promoters (eNPS 9..10), detractors (0..6), the sums of the S-index and of the L-index, over the
-- batches 1..`release`. A released batch never changes (docs/anonymity.md, "Open surveys"), so a
-- later batch only adds to the row; a read whose survey has a newer release adds the new batches.
CREATE TABLE report_survey_sums (
  survey_id uuid PRIMARY KEY REFERENCES surveys (id) ON DELETE CASCADE,
  release int NOT NULL,
  n bigint NOT NULL,
  promoters bigint NOT NULL,
  detractors bigint NOT NULL,
  satisfaction_sum bigint NOT NULL,
  -- Each L-index is a float4; their float8 sum is exact (whole multiples of 2^-27 below 2^53).
  lindex_sum float8 NOT NULL
);

-- The participant counts of an ended survey (response activity, the survey's status): written by
-- the first read after the survey ended, `counts` set to null (and `stamp` raised) by any later
-- change of its participants, so the next read counts again. Open surveys are never kept: their
-- participants' writes skip this table (no row lock shared by everyone finishing at once).
CREATE TABLE survey_participant_counts (
  survey_id uuid PRIMARY KEY REFERENCES surveys (id) ON DELETE CASCADE,
  stamp bigint NOT NULL DEFAULT 0,
  counts jsonb
);

CREATE FUNCTION participant_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- now() is the writer's transaction start: a write begun before the end is not seen here, so a
  -- read keeps counts only of a survey ended COUNTS_SETTLE ago (features/surveys/queries.ts).
  IF TG_LEVEL = 'ROW' THEN
    INSERT INTO survey_participant_counts AS c (survey_id, stamp)
    SELECT s.id, 1 FROM surveys s
    WHERE s.id IN (OLD.survey_id, NEW.survey_id) AND s.end_date <= now()
    ON CONFLICT (survey_id) DO UPDATE SET stamp = c.stamp + 1, counts = NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO survey_participant_counts AS c (survey_id, stamp)
    SELECT DISTINCT x.survey_id, 1 FROM new_rows x JOIN surveys s ON s.id = x.survey_id
    WHERE s.end_date <= now()
    ON CONFLICT (survey_id) DO UPDATE SET stamp = c.stamp + 1, counts = NULL;
  ELSE
    INSERT INTO survey_participant_counts AS c (survey_id, stamp)
    SELECT DISTINCT x.survey_id, 1 FROM old_rows x JOIN surveys s ON s.id = x.survey_id
    WHERE s.end_date <= now()
    ON CONFLICT (survey_id) DO UPDATE SET stamp = c.stamp + 1, counts = NULL;
  END IF;
  RETURN NULL;
END $$;

-- Inserts and deletes once per statement (an import or a survey's deletion is one statement).
CREATE TRIGGER participant_counts_inserted AFTER INSERT ON participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_changed();
CREATE TRIGGER participant_counts_deleted AFTER DELETE ON participants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_changed();
-- Updates per row, and only of what the counts read: a PIN try, a reminder or an edit of a name
-- fires nothing (the WHEN is checked without calling the function); a finish costs one look-up of
-- its survey, about 65 µs (a statement trigger with transition tables cost 70 to 100 µs on every
-- update, measured on PostgreSQL 15: docs/report-performance.md).
CREATE TRIGGER participant_counts_updated AFTER UPDATE ON participants FOR EACH ROW
  WHEN (OLD.finished_at IS DISTINCT FROM NEW.finished_at
    OR OLD.invited_at IS DISTINCT FROM NEW.invited_at
    OR OLD.unit_ids IS DISTINCT FROM NEW.unit_ids
    OR OLD.survey_id IS DISTINCT FROM NEW.survey_id)
  EXECUTE FUNCTION participant_counts_changed();

-- A survey reopened (or its end moved) is counted again when it next ends.
CREATE FUNCTION survey_end_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM survey_participant_counts WHERE survey_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER survey_end_changed AFTER UPDATE OF end_date ON surveys
  FOR EACH ROW WHEN (OLD.end_date IS DISTINCT FROM NEW.end_date)
  EXECUTE FUNCTION survey_end_changed();
