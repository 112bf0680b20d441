-- Who holds a run's claim (a random id of the server's request), so that only the holder lists
-- or drops it; and when the run was received, which ties rank by.
ALTER TABLE runs ADD COLUMN claim_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN received_ms BIGINT NOT NULL DEFAULT 0;
UPDATE runs SET received_ms = submitted_ms;
