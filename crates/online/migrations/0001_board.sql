-- The board's tables, in SQL that SQLite and Postgres both read: text keys the server makes
-- (no autoincrement), 64-bit integers, text.

-- What the server keeps of itself: the secret the days' seeds are derived from.
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Players: a name (unique ignoring case) and the SHA-256 of the token, never the token.
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL UNIQUE,
    created_ms BIGINT NOT NULL
);

-- Runs: `claimed` while a server verifies it (never listed), `listed` once verified. The id is
-- derived from the player and the recording, so one recording of one player is one run.
CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (id),
    day BIGINT NOT NULL,
    state TEXT NOT NULL,
    claimed_ms BIGINT NOT NULL,
    score BIGINT NOT NULL,
    ticks BIGINT NOT NULL,
    outcome TEXT NOT NULL,
    submitted_ms BIGINT NOT NULL,
    verify_ms BIGINT NOT NULL,
    recording TEXT NOT NULL
);

CREATE INDEX runs_by_day ON runs (day, state, score, ticks);
CREATE INDEX runs_by_player ON runs (player_id, day);
