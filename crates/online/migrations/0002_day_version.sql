-- A day's version (its listed runs and the last submission) read from an index alone: every
-- `GET /api/days/D` asks it.
CREATE INDEX runs_by_day_submitted ON runs (day, state, submitted_ms);
