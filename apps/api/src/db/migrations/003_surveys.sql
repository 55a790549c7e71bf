-- Surveys of a company and their participants (administration.md sections 3 and 4).
-- settings is NULL for old surveys: their settings cannot be edited any more.

CREATE TABLE surveys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- A tracking (trend) survey builds on the latest ended survey of the same company.
  base_survey_id uuid REFERENCES surveys (id) ON DELETE SET NULL,
  name text NOT NULL,
  short_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  invites_sent_at timestamptz,
  -- The survey has ended once its end date has passed.
  end_date timestamptz,
  show_open_comments_from timestamptz,
  end_message text NOT NULL DEFAULT '',
  settings jsonb
);
CREATE INDEX surveys_company_id_idx ON surveys (company_id, created_at DESC);
CREATE INDEX surveys_base_survey_id_idx ON surveys (base_survey_id);

-- A minimal participant row: enough for counts and completion; the participants feature extends it.
CREATE TABLE participants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  language_code text NOT NULL DEFAULT 'fi-FI',
  pin_code text,
  unit_ids uuid[] NOT NULL DEFAULT '{}',
  invited_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX participants_survey_email_key ON participants (survey_id, lower(email));
