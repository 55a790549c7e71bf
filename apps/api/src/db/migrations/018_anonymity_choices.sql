-- The anonymity gate's choice of answer partitions per survey (features/reports/gate-choices.ts):
-- its exact checks take seconds for a survey of a few thousand answers, and a release never
-- changes, so the choice is kept for the next start instead of being checked again. `fingerprint`
-- names the atoms, unit levels, threshold and check it was made on; any difference checks anew.
CREATE TABLE anonymity_choices (
  survey_id uuid PRIMARY KEY REFERENCES surveys (id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  choice jsonb NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now()
);
