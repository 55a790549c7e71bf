-- The participant table of a survey pages in name order (administration.md: 20 rows a page, surveys of
-- 10,000 participants): this index serves ORDER BY ... LIMIT without sorting the whole survey.
CREATE INDEX participants_survey_name_idx
  ON participants (survey_id, lower(last_name), lower(first_name), created_at, id);
