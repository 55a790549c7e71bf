-- Report speed (docs/report-performance.md, change 16). Since the open comments carry each
-- comment's id (issue 14's citations), the report appended `,"commentId":"<id>"` to every comment
-- at query time: a uuid written out and two more concatenations per comment, 23,369 of them on
-- the 50,000 profile. The id never changes, so it joins the fixed start of the object, with the
-- key of the description that follows: `{"comment":…,"id":…,"languageCode":…,"commentId":"…",
-- "description":` (no closing brace). The report appends the description in the report language
-- and the L-index. PostgreSQL cannot change a generated column's expression before version 17,
-- so the column is made anew (the table is rewritten once).
ALTER TABLE comments DROP COLUMN json_head;

ALTER TABLE comments
  ADD COLUMN json_head text GENERATED ALWAYS AS (
    '{"comment":' || json_string(text) || ',"id":' || criterion_id::text
      || ',"languageCode":' || json_string(language_code)
      || ',"commentId":"' || id::text || '","description":'
  ) STORED;
