-- A unit's parent: a unit of the same company one level up (the units screen builds the tree level
-- by level). Optional, as imports name units per level without one; a deleted parent leaves its
-- children without a parent rather than taking them along.
ALTER TABLE units ADD COLUMN parent_id uuid REFERENCES units (id) ON DELETE SET NULL;
CREATE INDEX units_parent_id_idx ON units (parent_id);
