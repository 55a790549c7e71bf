-- Organisational units of a company on levels 1 to 10 (administration.md sections 3 and 9).
-- A name is unique within its company and level regardless of letter case.

CREATE TABLE units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  index integer NOT NULL CHECK (index BETWEEN 1 AND 10),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX units_company_index_name_key ON units (company_id, index, lower(name));

-- A user's unit limits go with the unit.
DELETE FROM user_units WHERE unit_id NOT IN (SELECT id FROM units);
ALTER TABLE user_units
  ADD CONSTRAINT user_units_unit_id_fkey FOREIGN KEY (unit_id) REFERENCES units (id) ON DELETE CASCADE;
CREATE INDEX user_units_unit_id_idx ON user_units (unit_id);
