-- The sufficient statistics of each released batch of a survey's responses, in blocks
-- (features/reports/cell-stats/, docs/report-performance.md "Cell statistics"): written once when
-- the batch is first gated, then read instead of the batch's rows. A released batch never changes
-- (docs/anonymity.md, "Open surveys"), so neither do its statistics; `version` names the layout,
-- and a row of another version is computed anew. `sums` is the blocks' Float64Array (little-endian).
CREATE TABLE report_cell_stats (
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  release int NOT NULL,
  version int NOT NULL,
  participants int NOT NULL,
  blocks jsonb NOT NULL,
  sums bytea NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (survey_id, release)
);

-- The open comments a page at a time (features/reports/families/comment-pages.ts): one type and
-- criterion of a survey's visible comments in the list's order, from a cursor, found by the index
-- instead of sorting the survey's comments. Hidden comments are subtracted from the cells' counts.
CREATE INDEX comments_page_idx ON comments (survey_id, type, criterion_id, created_at, id)
  WHERE NOT hidden;
CREATE INDEX comments_hidden_idx ON comments (survey_id) WHERE hidden;
