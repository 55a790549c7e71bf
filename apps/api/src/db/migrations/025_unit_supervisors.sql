-- Who supervises which unit (issue 32): zero or more accounts of the unit's company (User or
-- SuperUser with access to the unit) per unit. The feature checks the role and access; a deleted
-- unit or account takes its rows along.
CREATE TABLE unit_supervisors (
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (unit_id, user_id)
);
CREATE INDEX unit_supervisors_user_idx ON unit_supervisors (user_id);

-- A "send each supervisor their unit's results" run of one survey: how many units it covers (the
-- page's "n of N"), who started it, and when its job finished.
CREATE TABLE supervisor_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  total integer NOT NULL,
  started_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz
);
CREATE INDEX supervisor_runs_survey_idx ON supervisor_runs (survey_id, created_at DESC);

-- One row per unit of a run, written in the same transaction as the unit's mails (the outbox): a
-- job resumed after a crash skips the units it already has, so each unit is sent once. A unit
-- below the threshold (or hidden against differencing) gets a row with its reason and no mail.
CREATE TABLE supervisor_packages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  run_id uuid NOT NULL REFERENCES supervisor_runs (id) ON DELETE CASCADE,
  survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('sent', 'belowThreshold', 'differencing', 'noSupervisor')),
  responses integer NOT NULL,
  supervisors integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (run_id, unit_id)
);
CREATE INDEX supervisor_packages_unit_idx ON supervisor_packages (survey_id, unit_id, created_at DESC);
