//! The board's JSON, as the server writes it and the client reads it (the board's contract, in the manual):
//! every body of every endpoint, one type each.

use serde::{Deserialize, Serialize};

/// `POST /api/players`: the name asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    /// The name: 1–24 letters, digits, spaces, `-`, `_` or `.`, trimmed.
    pub name: String,
}

/// `POST /api/players` → 201: the player made, and its token (shown this once).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerCreated {
    /// The player's id.
    pub player: String,
    /// The name as stored (trimmed).
    pub name: String,
    /// The token that submits for this player (`Authorization: Bearer TOKEN`).
    pub token: String,
}

/// `POST /api/runs` → 201 (or 200 for a recording already submitted): the run as verified.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunAccepted {
    /// The run's id.
    pub run: String,
    /// The day it plays, `YYYYMMDD`.
    pub day: u64,
    /// Its score: the waves cleared.
    pub score: u64,
    /// The ticks it survived.
    pub ticks: u64,
    /// How it ended (`defeat`).
    pub outcome: String,
    /// Its rank on the day, 1 the best.
    pub rank: u64,
    /// Whether it is the player's best run of the day.
    pub best: bool,
}

/// `GET /api/days/D`: a day's board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayBoard {
    /// The day, `YYYYMMDD`.
    pub day: u64,
    /// Its challenge's seed (`horde run --challenge SEED` plays it).
    pub seed: u64,
    /// Its board's name, as a recording names it (`generated v2 seed .. spec ..`).
    pub board: String,
    /// Runs listed on the day.
    pub runs: u64,
    /// The best runs, in rank order (at most `limit`).
    pub top: Vec<TopRun>,
    /// How many runs scored each score, every run of the day, lowest score first.
    pub histogram: Vec<ScoreCount>,
}

/// One line of a day's top runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TopRun {
    /// Its rank, 1 the best.
    pub rank: u64,
    /// The player's name.
    pub player: String,
    /// The waves cleared.
    pub score: u64,
    /// The ticks survived.
    pub ticks: u64,
    /// The run's id (its recording is `/runs/ID.rec`).
    pub run: String,
}

/// One bar of a day's histogram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreCount {
    /// A score.
    pub score: u64,
    /// The runs that scored it.
    pub count: u64,
}

/// `GET /api/runs/ID`: one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The run's id.
    pub run: String,
    /// The player's name.
    pub player: String,
    /// The day, `YYYYMMDD`.
    pub day: u64,
    /// The waves cleared.
    pub score: u64,
    /// The ticks survived.
    pub ticks: u64,
    /// How it ended.
    pub outcome: String,
    /// When it was submitted, UTC, RFC 3339 (`2026-12-04T18:00:00Z`).
    pub submitted: String,
    /// Milliseconds its verification took.
    pub verify_ms: u64,
}

/// Every 4xx and 5xx: what was refused, and the recording's line where one is at fault.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// Why.
    pub error: String,
    /// The recording's line at fault, if one is.
    pub line: Option<usize>,
}
