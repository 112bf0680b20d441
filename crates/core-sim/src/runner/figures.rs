//! Where a run stands, as `horde runner` and the scene's summary print it.

use crate::runner::game::{RunState, Runner};
use serde::Serialize;

/// Where a run stands, as `horde runner` prints it (keys in contract order). Times and
/// distances are rounded to micro-units: enough for any use, and no 119.99999999999447 from
/// summing 1/60.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RunFigures {
    /// Simulated seconds of the current run.
    pub seconds: f64,
    /// Score.
    pub score: f64,
    /// Distance run.
    pub distance: f64,
    /// Whether the run ended on an obstacle.
    pub game_over: bool,
    /// Track sections moved ahead so far.
    pub sections_recycled: u64,
    /// Sections in the pool.
    pub pool: usize,
}

impl RunFigures {
    /// The figures of `runner` now.
    pub fn of(runner: &Runner) -> RunFigures {
        let round = |v: f64| (v * 1e6).round() / 1e6;
        RunFigures {
            seconds: round(runner.seconds()),
            score: round(runner.score()),
            distance: round(runner.distance()),
            game_over: runner.state() == RunState::GameOver,
            sections_recycled: runner.sections_recycled(),
            pool: runner.sections().len(),
        }
    }
}
