-- What a finished participation answered (survey-model.md "The questionnaire"). One row per
-- participation in `responses`; the 30 realizations and the 10 picked criteria are arrays because
-- every report reads them together, and a 50,000-row survey then scans one narrow table.
--
-- A response counts in reports only while finished_at is set: reopening a participation clears it
-- (the answers stay for the participant to continue from) and finishing again sets it.
-- unit_ids is the participant's units when they finished: an answer belongs to the unit it was
-- given in, even if an administrator moves the person later.

CREATE TABLE responses (
  participant_id uuid PRIMARY KEY REFERENCES participants (id) ON DELETE CASCADE,
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  finished_at timestamptz,
  unit_ids uuid[] NOT NULL DEFAULT '{}',
  -- Background answers; null when the company did not ask (showBackground* off) or nobody said.
  age text CHECK (age IN ('<25', '25-34', '35-44', '45-54', '55+')),
  gender text CHECK (gender IN ('female', 'male', 'other', 'undisclosed')),
  employment_duration text CHECK (employment_duration IN ('<1', '1-3', '3-5', '5-10', '10+')),
  education text CHECK (education IN ('basic', 'vocational', 'bachelor', 'master', 'doctorate')),
  position text CHECK (position IN ('employee', 'expert', 'supervisor', 'manager', 'executive')),
  contract_type text CHECK (contract_type IN ('permanent', 'fixed-term')),
  working_hours text CHECK (working_hours IN ('full-time', 'part-time', 'shift')),
  -- The 10 criterion ids (2..31) the participant picked as most important.
  important smallint[] NOT NULL CHECK (cardinality(important) = 10),
  -- Realization 0..100 of criteria 2..31: realizations[1] is criterion 2, realizations[30] criterion 31.
  realizations smallint[] NOT NULL CHECK (cardinality(realizations) = 30),
  satisfaction smallint NOT NULL CHECK (satisfaction BETWEEN 0 AND 100),
  enps smallint NOT NULL CHECK (enps BETWEEN 0 AND 10),
  change_job boolean NOT NULL,
  -- The participant's L-index: mean realization of their 10 picked criteria, stored when they finish
  -- so distributions and group means need no unnest.
  lindex real NOT NULL CHECK (lindex BETWEEN 0 AND 100)
);
CREATE INDEX responses_survey_finished_idx ON responses (survey_id) WHERE finished_at IS NOT NULL;
CREATE INDEX responses_company_finished_idx ON responses (company_id, finished_at)
  WHERE finished_at IS NOT NULL;
CREATE INDEX responses_unit_ids_idx ON responses USING gin (unit_ids);

-- Open comments, optional, per criterion (2..31, or 99 "Something else"). In a trend survey the
-- types read better / worse / important; the stored values stay positive / negative / neutral.
-- hidden is set by comment moderation: a hidden comment never reaches a report or an AI feature.
CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  participant_id uuid NOT NULL REFERENCES responses (participant_id) ON DELETE CASCADE,
  criterion_id smallint NOT NULL CHECK (criterion_id BETWEEN 2 AND 31 OR criterion_id = 99),
  type text NOT NULL CHECK (type IN ('positive', 'negative', 'neutral')),
  text text NOT NULL CHECK (length(btrim(text)) > 0),
  language_code text NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_survey_idx ON comments (survey_id, criterion_id);
CREATE INDEX comments_participant_idx ON comments (participant_id);

-- Trend surveys: for each important criterion, whether it got better, worse or stayed the same
-- since the base survey.
CREATE TABLE trend_answers (
  participant_id uuid NOT NULL REFERENCES responses (participant_id) ON DELETE CASCADE,
  criterion_id smallint NOT NULL CHECK (criterion_id BETWEEN 2 AND 31),
  change text NOT NULL CHECK (change IN ('better', 'worse', 'same')),
  PRIMARY KEY (participant_id, criterion_id)
);
