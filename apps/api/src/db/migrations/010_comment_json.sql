-- Report speed (docs/report-performance.md, change 15). The open comments report writes tens of
-- thousands of comments as JSON; building each object at query time (json_build_object, to_json)
-- was most of the report's time on PostgreSQL. So each comment keeps the start of its JSON object,
-- the fields that never change with the report: `{"comment":…,"id":…,"languageCode":…` (no closing
-- brace). The report appends the description in the report language and the L-index. A generated
-- column: no writer has to know about it.

-- to_json of a text depends on no setting, so the wrapper may be immutable (a generated column
-- needs that); it escapes a string as JSON does.
CREATE FUNCTION json_string(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT to_json(value)::text $$;

ALTER TABLE comments
  ADD COLUMN json_head text GENERATED ALWAYS AS (
    '{"comment":' || json_string(text) || ',"id":' || criterion_id::text
      || ',"languageCode":' || json_string(language_code)
  ) STORED;
