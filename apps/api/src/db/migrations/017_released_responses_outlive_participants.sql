-- A released response stays counted when its participant is deleted (docs/anonymity.md, "Open
-- surveys"): taking it out of released figures would show that person's answers as the difference
-- of a read before and after. Without its participant the response holds no personal data (an id
-- that no longer names anyone, units and background answers that every figure already aggregates).
-- Deleting a participant now deletes only a response not yet released (participants/queries.ts).
ALTER TABLE responses DROP CONSTRAINT responses_participant_id_fkey;
