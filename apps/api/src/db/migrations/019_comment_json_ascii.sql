-- Report speed (docs/report-performance.md, change 18). The open comments pass the database's JSON
-- text through the API (migration 010). Written with every character beyond ASCII escaped
-- (`ä` as `\u00e4`, as JSON allows), that text reaches the API as one-byte strings: Node decodes
-- and encodes them about five times as fast as the UTF-8 of Finnish comments, and they take half
-- the memory. The bytes grow by about a tenth. json_head is rebuilt with the escaping function.

-- to_json, then each non-ASCII character as \uXXXX (beyond the Basic Multilingual Plane, as a
-- surrogate pair, as JSON writes it). Pure ASCII text, the common case, returns at the first test.
CREATE FUNCTION json_ascii_string(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE WHEN json !~ '[^\x01-\x7f]' THEN json ELSE (
      SELECT string_agg(
        CASE
          WHEN code < 128 THEN ch
          WHEN code < 65536 THEN '\u' || lpad(to_hex(code), 4, '0')
          ELSE '\u' || to_hex(55296 + ((code - 65536) >> 10))
            || '\u' || to_hex(56320 + ((code - 65536) & 1023))
        END, '' ORDER BY i)
      FROM unnest(regexp_split_to_array(json, '')) WITH ORDINALITY AS chars (ch, i),
        LATERAL (SELECT ascii(ch) AS code) AS codes
    ) END
    FROM (SELECT to_json(value)::text AS json) AS j
  $$;

ALTER TABLE comments DROP COLUMN json_head;
ALTER TABLE comments
  ADD COLUMN json_head text GENERATED ALWAYS AS (
    '{"comment":' || json_ascii_string(text) || ',"id":' || criterion_id::text
      || ',"languageCode":' || json_ascii_string(language_code)
  ) STORED;
