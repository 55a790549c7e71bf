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
  -- read keeps counts only of a survey ended REPORT_COUNTS_SETTLE ago (features/surveys/queries.ts).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO survey_participant_counts AS c (survey_id, stamp)
    SELECT DISTINCT x.survey_id, 1 FROM new_rows x JOIN surveys s ON s.id = x.survey_id
    WHERE s.end_date <= now()
    ON CONFLICT (survey_id) DO UPDATE SET stamp = c.stamp + 1, counts = NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO survey_participant_counts AS c (survey_id, stamp)
    SELECT DISTINCT x.survey_id, 1 FROM old_rows x JOIN surveys s ON s.id = x.survey_id
    WHERE s.end_date <= now()
    ON CONFLICT (survey_id) DO UPDATE SET stamp = c.stamp + 1, counts = NULL;
  ELSE
    INSERT INTO survey_participant_counts AS c (survey_id, stamp)
    SELECT DISTINCT x.survey_id, 1
    FROM (SELECT survey_id FROM new_rows UNION SELECT survey_id FROM old_rows) x
    JOIN surveys s ON s.id = x.survey_id
    WHERE s.end_date <= now()
    ON CONFLICT (survey_id) DO UPDATE SET stamp = c.stamp + 1, counts = NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER participant_counts_inserted AFTER INSERT ON participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_changed();
CREATE TRIGGER participant_counts_deleted AFTER DELETE ON participants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_changed();
-- Once per statement (a column list would allow no transition tables, and a row trigger would run
-- once per participant of a bulk invitation): one look-up of the statement's surveys.
CREATE TRIGGER participant_counts_updated AFTER UPDATE
  ON participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_changed();

-- A survey reopened (or its end moved) is counted again when it next ends.
CREATE FUNCTION survey_end_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM survey_participant_counts WHERE survey_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER survey_end_changed AFTER UPDATE OF end_date ON surveys
  FOR EACH ROW WHEN (OLD.end_date IS DISTINCT FROM NEW.end_date)
  EXECUTE FUNCTION survey_end_changed();
