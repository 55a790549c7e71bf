-- The AI feature (docs/ai.md): search indexes with their build progress, the indexed terms and
-- vectors of each comment, the audit of provider calls, and the cache of summaries/translations.

-- One search index per survey (a trend survey's index also covers its base survey). Progress lives
-- here, beside the pg-boss job that builds it, so it survives an API restart.
CREATE TABLE ai_search_indexes (
  survey_id uuid PRIMARY KEY REFERENCES surveys (id) ON DELETE CASCADE,
  base_survey_id uuid REFERENCES surveys (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('queued', 'building', 'ready', 'failed')),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  -- What made the vectors: `hashed-char-ngrams` (embedded) or the provider's embedding model.
  vector_model text NOT NULL,
  job_id text,
  error text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Stemmed terms (for BM25, space-separated) and the vector of each indexed comment (float32,
-- little-endian, as bytea: a search reads 23,000 of them, and parsing real[] text took seconds).
-- Hidden and gated comments are removed at query time by intersecting with the anonymity gate's
-- answer (gated-comments.ts).
CREATE TABLE ai_index_entries (
  index_survey_id uuid NOT NULL REFERENCES ai_search_indexes (survey_id) ON DELETE CASCADE,
  comment_id uuid NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  terms text NOT NULL,
  vector bytea NOT NULL,
  PRIMARY KEY (index_survey_id, comment_id)
);

-- Every call to an outside provider: who, when, which survey and comments, model and tokens.
CREATE TABLE ai_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  survey_id uuid REFERENCES surveys (id) ON DELETE SET NULL,
  operation text NOT NULL,
  comment_ids uuid[] NOT NULL DEFAULT '{}',
  model text NOT NULL,
  input_tokens integer NOT NULL DEFAULT 0,
  output_tokens integer NOT NULL DEFAULT 0
);
CREATE INDEX ai_audit_at_idx ON ai_audit (at);
CREATE INDEX ai_audit_survey_idx ON ai_audit (survey_id, at);

-- Summaries and translations by operation, comment set, language and model: the same request
-- costs once. The key is a hash of those; the comment ids are kept to drop entries with a comment.
CREATE TABLE ai_cache (
  key text PRIMARY KEY,
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
